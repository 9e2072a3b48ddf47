"""Read an id from a query string or a form, bounded to what the database holds.

A row id is a whole number from 1 to 2**63 - 1 (a ``BigAutoField``); a longer
number typed into an address or a form would overflow SQLite's INTEGER (an
``OverflowError``) or PostgreSQL's bigint (a ``DataError``) instead of matching no
row. Every id read from ``request.GET`` or ``request.POST`` goes through
:func:`parse_id` or :class:`IdField`, so that it is either a number the database
can compare or nothing at all.
"""

from __future__ import annotations

from django import forms

__all__ = ["MAX_ID", "IdField", "parse_id"]

MAX_ID = 2**63 - 1
_DIGITS = len(str(MAX_ID))


def parse_id(raw: object) -> int | None:
    """Return ``raw`` as a whole number in 1..MAX_ID, or None for anything else.

    Accepts an int or a string of ASCII digits (spaces around are ignored); a sign,
    a decimal point, other scripts' digits, zero and numbers past MAX_ID give None.
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        value = raw
    else:
        text = str(raw if raw is not None else "").strip()
        if not text or len(text) > _DIGITS or not (text.isascii() and text.isdigit()):
            return None
        value = int(text)
    return value if 1 <= value <= MAX_ID else None


class IdField(forms.IntegerField):
    """A form field for a row id: a whole number from 1 to MAX_ID."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)
