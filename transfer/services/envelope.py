"""Read an event file: refuse what is not JSON, or another format or version."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from core.errors import InvalidInput
from transfer.services.sections import FORMAT, SECTIONS, VERSION

# The largest event file read. A real event's file is far smaller: about 330
# bytes a deal, so a 200-player day of 12 rounds with double entry is some 13 MB;
# past the cap a file is refused before it is parsed (a 46 MB file of repeated
# deals took 106 s to be refused, issue 23).
MAX_FILE_BYTES = 32 * 1024 * 1024


def _refuse(message: str, **params) -> InvalidInput:
    return InvalidInput(message % params if params else message, code="event_file")


class _NameTwice(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _no_name_twice(pairs: list[tuple[str, object]]) -> dict:
    """Build a JSON object, refusing a name given twice (``json`` keeps the last
    silently: the file would say two things and the site would read one)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for name, _value in pairs:
            if name in seen:
                raise _NameTwice(name)
            seen.add(name)
    return data


def file_size_check(size: int, *, max_bytes: int | None = MAX_FILE_BYTES) -> None:
    """Refuse a file larger than ``max_bytes`` (None: no cap)."""
    if max_bytes is not None and size > max_bytes:
        raise _refuse(
            _(
                "The file is larger than %(max)s MB (%(size)s MB): it is not an "
                "event file this site wrote."
            ),
            max=max_bytes // (1024 * 1024),
            size=round(size / (1024 * 1024), 1),
        )


def event_from_json(
    text: str | bytes, *, max_bytes: int | None = MAX_FILE_BYTES
) -> dict:
    """Parse an event file; refuse anything that is not JSON with a message, a
    file over ``max_bytes`` before reading it, and a name twice in an object."""
    file_size_check(len(text), max_bytes=max_bytes)
    try:
        data = json.loads(text, object_pairs_hook=_no_name_twice)
    except _NameTwice as exc:
        raise _refuse(
            _("The file gives “%(name)s” twice in one object: it is damaged."),
            name=exc.name[:80],
        ) from None
    except UnicodeDecodeError:
        raise _refuse(
            _("The file is not UTF-8 text: it is not an event file.")
        ) from None
    except RecursionError:
        raise _refuse(
            _("The file is not an event file: it nests too deeply.")
        ) from None
    except json.JSONDecodeError as exc:
        raise _refuse(
            _(
                "The file is not an event file: it breaks off or is damaged at line "
                "%(line)s, column %(column)s (%(error)s)."
            ),
            line=exc.lineno,
            column=exc.colno,
            error=exc.msg,
        ) from None
    check_envelope(data)
    return data


def check_envelope(data) -> None:
    """Refuse data that is not this format, or another version of it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(
            _('This is not a Manille event file (no "format": "%(format)s").'),
            format=FORMAT,
        )
    if data.get("version") != VERSION:
        raise _refuse(
            _(
                "This event file is version %(version)s of the format; this site "
                "reads version %(expected)s."
            ),
            version=data.get("version"),
            expected=VERSION,
        )
    if not isinstance(data.get("tournament"), dict):
        raise _refuse(_("The event file has no tournament."))
    directors = data["tournament"].get("directors", [])
    if not isinstance(directors, list) or not all(
        isinstance(d, str) for d in directors
    ):
        raise _refuse(_("The tournament's directors are not a list of usernames."))
    for section in SECTIONS:
        rows = data.get(section.name, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise _refuse(
                _("The event file's section “%(section)s” is not a list of rows."),
                section=section.name,
            )
