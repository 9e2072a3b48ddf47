"""Refuse text that cannot be stored, shown or exported safely: NUL, control characters.

Every text field of the apps' models carries one of these validators, so a model
form, ``full_clean`` and the CSV import all refuse the same characters: NUL (which
PostgreSQL cannot store), the other C0 and C1 control characters (which an XLSX file
cannot hold), lone surrogates, the Unicode non-characters, a byte-order mark left
inside a name, line and paragraph separators, and the bidirectional overrides that
make a name display as something else. A multi-line text (a reason) may also hold
tabs and line breaks; a name may not.
"""

import re

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

_ALWAYS = (
    "\x00-\x08\x0b\x0c\x0e-\x1f"  # C0 controls but tab, line feed, carriage return
    "\x7f-\x9f"  # DEL and the C1 controls
    "\ud800-\udfff"  # lone surrogates (no valid UTF-8 holds them)
    "\u2028\u2029"  # line and paragraph separators
    "\u202a-\u202e\u2066-\u2069"  # bidirectional embeddings, overrides, isolates
    "\ufeff\ufffe\uffff"  # byte-order mark, non-characters
)
_LINE = re.compile(f"[{_ALWAYS}\t\n\r]")
_TEXT = re.compile(f"[{_ALWAYS}]")

MESSAGE = _(
    "This text contains an invisible control character (%(code)s) at position "
    "%(position)d; remove it."
)


def forbidden_character(value: str, *, multiline: bool = False) -> tuple[int, str]:
    """Return the first character ``value`` may not hold, as (position from 1, code).

    Return ``(0, "")`` when the text is clean.
    """
    found = (_TEXT if multiline else _LINE).search(value or "")
    if found is None:
        return 0, ""
    return found.start() + 1, f"U+{ord(found.group()):04X}"


def _check(value, *, multiline: bool) -> None:
    if not isinstance(value, str):
        return
    position, code = forbidden_character(value, multiline=multiline)
    if position:
        raise ValidationError(
            MESSAGE,
            code="control_character",
            params={"code": code, "position": position},
        )


def validate_line(value: str) -> None:
    """Refuse a one-line text (a name) holding a control character, tabs included."""
    _check(value, multiline=False)


def validate_text(value: str) -> None:
    """Refuse a multi-line text (a reason) holding a control character.

    Tabs, line feeds and carriage returns are allowed.
    """
    _check(value, multiline=True)


def strip_control_characters(value: str) -> str:
    """Return ``value`` without the characters the validators refuse (for exports).

    Tabs and line breaks stay: they are legal in a spreadsheet cell.
    """
    return _TEXT.sub("", value)


def check_text_fields(instance) -> None:
    """Run the validators of ``instance``'s text fields, before a lookup uses them.

    PostgreSQL refuses a NUL in a query's parameters, so a service that looks a
    name up before ``full_clean`` calls this first: a bad name is then a
    ``ValidationError`` on its field, not a database error. Empty values are left
    to the service's own "needs a name" message.
    """
    errors = {}
    for f in instance._meta.concrete_fields:
        if isinstance(f, models.CharField | models.TextField):
            try:
                f.run_validators(getattr(instance, f.attname))
            except ValidationError as exc:
                errors[f.name] = exc.error_list
    if errors:
        raise ValidationError(errors)
