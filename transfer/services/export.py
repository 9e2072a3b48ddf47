"""Write a tournament, its people and its whole history as the event file's data."""

from __future__ import annotations

import datetime
import json
import re
import uuid
from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from phones.models import TableCode
from tournaments.models import (
    Tournament,
)
from transfer.services.sections import (
    EVENT,
    FORMAT,
    PEOPLE,
    SECTIONS,
    TOURNAMENT,
    VERSION,
    WITHHELD_CODE,
    Section,
    _is_user,
)


def _dump_value(value):
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    return value


def _is_typed_text(field) -> bool:
    """A text someone typed (a name, a reason), or a JSON value that may hold one;
    not a choice or a short name in addresses."""
    if isinstance(field, models.JSONField):
        return True
    return (
        isinstance(field, models.CharField | models.TextField)
        and not isinstance(field, models.SlugField)
        and not field.choices
    )


def _code_hider(tournament: Tournament) -> Callable:
    """Return a function that replaces the event's table codes by WITHHELD_CODE in
    a value, its texts and those of a JSON value at any depth.

    A code can be typed into a text (a player's reason for a rejection: "the code
    on our sheet, ABC234, …"), in any case; the file must not carry it.
    """
    codes = TableCode.objects.filter(table__round__tournament=tournament)
    pattern = "|".join(re.escape(code) for code in codes.values_list("code", flat=True))
    if not pattern:
        return lambda value: value
    found = re.compile(pattern, re.IGNORECASE)

    def hide(value):
        if isinstance(value, str):
            return found.sub(WITHHELD_CODE, value)
        if isinstance(value, list):
            return [hide(item) for item in value]
        if isinstance(value, dict):
            return {hide(k): hide(v) for k, v in value.items()}
        return value

    return hide


def _dump_row(
    obj,
    key: int,
    keys: dict,
    section: Section | None = None,
    *,
    hide: Callable = lambda value: value,
) -> dict:
    """Return one row of the file: its key, its fields, foreign keys as file keys.

    A withheld field is left out; a loose link to a row outside the file is empty;
    ``hide`` takes the secrets out of the texts someone typed.
    """
    loose = section.loose if section else ()
    withheld = {name for name, _value in section.withheld} if section else set()
    file_names = dict(section.file_names) if section else {}
    row = {"key": key}
    for field in obj._meta.concrete_fields:
        if field.primary_key or field.name in withheld:
            continue
        value = getattr(obj, field.attname)
        if field.is_relation and value is not None:
            if _is_user(field):
                value = keys["users"][value]
            elif field.name in loose:
                value = keys[field.related_model].get(value)
            else:
                value = keys[field.related_model][value]
        elif _is_typed_text(field):
            value = hide(value)
        row[file_names.get(field.name, field.name)] = _dump_value(value)
    return row


def _users_of(tournament: Tournament, sections: dict) -> dict[int, str]:
    """Return the username of every user the event names (directors, history)."""
    ids = set(tournament.directors.values_list("pk", flat=True))
    for section in EVENT:
        for field in section.model._meta.concrete_fields:
            if _is_user(field):
                ids |= {
                    pk
                    for pk in sections[section.name]
                    .order_by()
                    .values_list(field.attname, flat=True)
                    .distinct()
                    if pk is not None
                }
    users = get_user_model().objects.filter(pk__in=ids)
    return {u.pk: u.get_username() for u in users}


def export_event(tournament: Tournament) -> dict:
    """Return the tournament, its people and its whole history as the file's data.

    Read in one transaction that sees one state of the database (repeatable read
    on PostgreSQL; SQLite's transactions always do), so a result confirmed while
    the export runs is either wholly in the file or not at all.
    """
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
                )
        tournament = Tournament.objects.get(pk=tournament.pk)
        querysets = {s.name: s.rows(tournament).order_by("pk") for s in SECTIONS}
        keys: dict = {"users": _users_of(tournament, querysets)}
        keys[Tournament] = {tournament.pk: 1}
        data: dict = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "tournament": None,
        }
        hide = _code_hider(tournament)

        def dump(section: Section) -> None:
            objects = list(querysets[section.name])
            # Every key of the section first: a loose link may point forward.
            keys[section.model] = {obj.pk: n for n, obj in enumerate(objects, 1)}
            data[section.name] = [
                _dump_row(obj, keys[section.model][obj.pk], keys, section, hide=hide)
                for obj in objects
            ]

        for section in PEOPLE:
            dump(section)
        # Written once its club has a key.
        data["tournament"] = _dump_row(tournament, 1, keys, TOURNAMENT, hide=hide)
        data["tournament"]["directors"] = sorted(
            keys["users"][pk]
            for pk in tournament.directors.values_list("pk", flat=True)
        )
        for section in EVENT:
            dump(section)
    return data


def event_to_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
