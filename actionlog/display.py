"""Say an entry of the action log as a director reads it: labels, not column names.

A changed field is named by its model field's label (found from the entry's
target type in the app registry, so this app imports none of the apps it
serves), a choice by its label, a yes/no in words and a date in the reader's
format; a key that is no model field is named by ``LABELS``. A value the pages
know better (a tiebreak's name) is said by the ``value_text`` the page passes.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import formats
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from actionlog.models import ActionEntry

# The keys services record that are no field of the target's model.
LABELS = {
    "director": gettext_lazy("director"),
    "manager": gettext_lazy("manager"),
    "event": gettext_lazy("event"),
    "entrants": gettext_lazy("entrants"),
    "created_players": gettext_lazy("new players"),
    "joined": gettext_lazy("players who joined"),
    "numbered": gettext_lazy("member numbers added"),
    "created_clubs": gettext_lazy("new clubs"),
    "created_teams": gettext_lazy("new teams"),
    "created_entries": gettext_lazy("new entrants"),
}
EMPTY = "–"


@dataclass(frozen=True)
class Change:
    label: str
    before: str | None  # None: the field had no value before (a creation)
    after: str | None  # None: the field has no value after (a removal)


def _model(entry: ActionEntry) -> type[models.Model] | None:
    if not entry.target_type:
        return None
    try:
        return apps.get_model(entry.target_type)
    except (LookupError, ValueError):  # an app or model since removed
        return None


def _field(model, name: str):
    if model is None:
        return None
    try:
        return model._meta.get_field(name)
    except FieldDoesNotExist:
        return None


def _text(value, field) -> str:
    """Say one stored value."""
    if value is None or value == "" or value == []:
        return EMPTY
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    choices = dict(field.flatchoices) if field is not None and field.choices else {}
    if isinstance(value, list):
        return ", ".join(str(choices.get(v, v)) for v in value)
    if value in choices:
        return str(choices[value])
    if isinstance(field, models.DateField) and isinstance(value, str):
        try:
            kind = (
                datetime.datetime if isinstance(field, models.DateTimeField) else None
            )
            parsed = (kind or datetime.date).fromisoformat(value)
        except ValueError:
            return value
        return formats.date_format(
            parsed, "SHORT_DATETIME_FORMAT" if kind else "DATE_FORMAT"
        )
    return str(value)


def target_text(entry: ActionEntry) -> str:
    """Say what the entry names: "Player Anna Peeters", "Round 3"."""
    if not entry.target_text:
        return ""
    model = _model(entry)
    if model is None:
        return entry.target_text
    return f"{capfirst(model._meta.verbose_name)} {entry.target_text}"


def changes(
    entry: ActionEntry, *, value_text: dict[str, Callable] | None = None
) -> list[Change]:
    """Return the entry's changed fields, labelled, before and after."""
    model = _model(entry)
    value_text = value_text or {}
    out = []
    for name in list(dict.fromkeys([*entry.before, *entry.after])):
        field = _field(model, name)
        if field is not None:
            label = str(field.verbose_name)
        else:
            label = str(LABELS.get(name, name.replace("_", " ")))
        say = value_text.get(name) or (lambda v, f=field: _text(v, f))
        out.append(
            Change(
                label=label,
                before=say(entry.before[name]) if name in entry.before else None,
                after=say(entry.after[name]) if name in entry.after else None,
            )
        )
    return out
