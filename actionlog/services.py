"""Record a write in the action log, inside the writing service's transaction.

Every service that changes what a director or manager set up calls
:func:`action_record` once per write, after its checks and inside its
``transaction.atomic``: a refused write raises before it, and a write rolled back
takes its entry with it, so the log never shows what did not happen.
:func:`field_values` reads the fields to compare; the entry keeps only those that
changed. Values are stored as the pages show them: a relation by its name then
(the row may be renamed or gone later), a choice by its code, a date as ISO text.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal

from django.db import models, transaction

from actionlog.actions import action_of
from actionlog.models import ActionEntry

_ACTING: ContextVar = ContextVar("actionlog_acting", default=None)


def _plain(value):
    """Return ``value`` as JSON can hold it."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, datetime.date | datetime.time):  # a datetime is a date
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, models.Model):
        return str(value)
    return str(value)


def field_values(instance: models.Model, names: Iterable[str]) -> dict:
    """Return ``{name: value}`` of ``instance``'s fields, as the log stores them.

    A foreign key gives the related row's name (None when empty).
    """
    out = {}
    for name in names:
        field = instance._meta.get_field(name)
        if field.many_to_one or field.one_to_one:
            related = getattr(instance, name)
            out[name] = None if related is None else str(related)
        else:
            out[name] = _plain(getattr(instance, field.attname))
    return out


def field_changes(before: dict, after: dict) -> tuple[dict, dict]:
    """Return the parts of ``before`` and ``after`` whose values differ."""
    keys = [k for k in {**before, **after} if before.get(k) != after.get(k)]
    return (
        {k: before[k] for k in keys if k in before},
        {k: after[k] for k in keys if k in after},
    )


@contextmanager
def acting(by) -> Iterator[None]:
    """Record the writes made inside as ``by``'s where a service got ``by=None``.

    For a service that checked ``by``'s rights once and then calls others with
    ``by=None`` (an import writing players it may not change one by one): its
    entries still say who.
    """
    token = _ACTING.set(by)
    try:
        yield
    finally:
        _ACTING.reset(token)


def _id(value) -> int | None:
    if value is None:
        return None
    return value if isinstance(value, int) else value.pk


def action_record(
    *,
    by,
    action: str,
    tournament=None,
    club=None,
    target: models.Model | None = None,
    target_text: str | None = None,
    before: dict | None = None,
    after: dict | None = None,
    note: str = "",
) -> ActionEntry | None:
    """Record that ``by`` did ``action`` (a code of ``actionlog.actions``).

    ``tournament`` and ``club`` (a row or an id) file the entry on their History
    pages; ``target`` is what was written (its name kept as ``target_text``,
    ``str(target)`` unless given). ``before`` and ``after`` are field values
    (:func:`field_values`): only those that differ are kept, and a change that
    changed nothing (both given, all equal) is not recorded (None is returned).
    Call it inside the writing service's transaction.
    """
    if action_of(action) is None:
        raise ValueError(f"unknown action: {action!r} (see actionlog.actions)")
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("action_record runs inside the writing transaction")
    changed = before is not None and after is not None
    before, after = _plain(before or {}), _plain(after or {})
    if changed:
        before, after = field_changes(before, after)
        if not before and not after:
            return None
    if by is None:
        by = _ACTING.get()
    user = by if getattr(by, "is_authenticated", False) else None
    if target is not None and target_text is None:
        target_text = str(target)
    return ActionEntry.objects.create(
        user=user,
        user_name=user.get_username()[:150] if user is not None else "",
        action=action,
        tournament_id=_id(tournament),
        club_id=_id(club),
        target_type=target._meta.label_lower if target is not None else "",
        target_id=target.pk if target is not None else None,
        target_text=(target_text or "")[:200],
        before=before,
        after=after,
        note=note or "",
    )
