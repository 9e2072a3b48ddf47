"""Say an entry of the action log as a director reads it: labels, not column names.

A changed field is named by its model field's label (found from the entry's
target type in the app registry, so this app imports none of the apps it
serves), a choice by its label, a yes/no in words and a date in the reader's
format; a key that is no model field is named by ``LABELS``. A value the pages
know better (a tiebreak's name) is said by the ``value_text`` the page passes.
A result's keys (``g2.d5``, ``g2.totals``, ``g2.e1``, ``g2.score``, ``c2.`` for
the second copy: ``scoring.services.commit.result_changes``) are said as the
score sheet says them: "Game 2, deal 5: ♦ 30–30 → ♦ 40–20".
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import formats
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from actionlog.models import ActionEntry
from manille.engine import SUIT_SYMBOLS

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
    # A publish from the hall (transfer.services.kept), and a pull.
    "rounds": gettext_lazy("rounds"),
    "registrations_kept": gettext_lazy("registrations kept"),
    "payments_kept": gettext_lazy("payments kept"),
    "withdrawn_registrations": gettext_lazy(
        "registrations whose entrant the hall did not have (entrant withdrawn)"
    ),
    "replaced": gettext_lazy("an earlier pull replaced"),
    # The fees' and payments' (cashdesk.services), logged on the tournament or entry.
    "per": gettext_lazy("the fee is paid"),
    "only_paid_drawn": gettext_lazy("only paid entrants are drawn"),
    "beneficiary": gettext_lazy("beneficiary's name"),
    "iban": gettext_lazy("IBAN"),
    "bic": gettext_lazy("BIC"),
    "rates": gettext_lazy("fee rates"),
    "amount": gettext_lazy("amount"),
    "method": gettext_lazy("method"),
    "rate": gettext_lazy("rate"),
    "reference": gettext_lazy("reference"),
    "refund": gettext_lazy("refund"),
    "reason": gettext_lazy("reason"),
    # The prizes' (prizes.services), logged on the tournament.
    "calling_order": gettext_lazy("prizes are called"),
    "players_pick": gettext_lazy("players pick their prize from the table"),
    "cash_share_percent": gettext_lazy("share of the fees in the pot (%)"),
    "cash_fixed_cents": gettext_lazy("fixed amount in the pot (cents)"),
    "percentages": gettext_lazy("percentage table"),
    "rounding_cents": gettext_lazy("amounts rounded down"),
    "remainder_to": gettext_lazy("the rounding remainder goes"),
    "paid_out": gettext_lazy("cash paid out"),
    "awards": gettext_lazy("prizes awarded"),
    "pot": gettext_lazy("cash pot"),
    "cash": gettext_lazy("cash prizes"),
    "prize": gettext_lazy("prize"),
    "prizes": gettext_lazy("prizes"),
    "picked": gettext_lazy("picked prize"),
}
# The coded values of keys in LABELS, said by their choice's label.
VALUES = {
    "method": {
        "cash": gettext_lazy("Cash"),
        "transfer": gettext_lazy("Transfer"),
        "card": gettext_lazy("Card"),
        "free": gettext_lazy("Free"),
    },
    "per": {
        "entrant": gettext_lazy("Per entrant (a player, or a pair)"),
        "player": gettext_lazy("Per player (a pair pays for two)"),
    },
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
        found = model._meta.get_field(name)
    except FieldDoesNotExist:
        return None
    # A key named as a reverse relation (a publish's "rounds") is a count the
    # service logged, not a field: said by LABELS.
    return None if isinstance(found, models.ForeignObjectRel) else found


def _text(value, field) -> str:
    """Say one stored value."""
    choices = dict(field.flatchoices) if field is not None and field.choices else {}
    if value == "" and "" in choices:  # a choice named by the empty code
        return str(choices[""])
    if value is None or value == "" or value == []:
        return EMPTY
    if isinstance(value, bool):
        return _("yes") if value else _("no")
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


# --------------------------------------------------------------------- results

_RESULT_KEY = re.compile(
    r"^(?:c(?P<copy>\d)\.)?g(?P<game>\d+)\."
    r"(?:d(?P<deal>\d+)|e(?P<event>\d+)|(?P<what>totals|score))$"
)
# A game's lines in the sheet's order: its deals, its total, its events, its result.
_ORDER = {"deal": 0, "totals": 1, "event": 2, "score": 3}


def _side(side) -> str:
    return pgettext("side", "A") if side == 0 else pgettext("side", "B")


def deal_text(deal: dict) -> str:
    """Say a logged deal in a few characters, as the score sheet: "♥ 42–18"."""
    trump = deal.get("trump", "")
    parts = [SUIT_SYMBOLS.get(trump) or pgettext("no trump, short", "NT")]
    if deal.get("cards_a"):
        parts.append("[" + " ".join(str(c) for c in deal["cards_a"]) + "]")
    else:
        a, b = deal.get("points_a"), deal.get("points_b")
        parts.append(f"{'' if a is None else a}–{'' if b is None else b}")
    if deal.get("knocks"):
        parts.append(
            ngettext("%(count)s knock", "%(count)s knocks", deal["knocks"])
            % {"count": deal["knocks"]}
        )
    if deal.get("blind"):
        parts.append(_("blind"))
    if deal.get("passed"):
        parts.append(_("passed to partner"))
    if deal.get("revoke") is not None:
        parts.append(_("revoke %(side)s") % {"side": _side(deal["revoke"])})
    if deal.get("tricks_a") is not None:
        parts.append(_("%(count)s tricks") % {"count": deal["tricks_a"]})
    return " ".join(parts)


def _event_text(event: dict, *, note: str) -> str:
    """Say a table event: "Forfeit, side A", with its reason unless the note has it."""
    kind = event.get("kind", "")
    try:
        field = apps.get_model("scoring", "TableEvent")._meta.get_field("kind")
        kind = str(dict(field.flatchoices).get(kind, kind))
    except (LookupError, FieldDoesNotExist):  # the app since removed
        pass
    text = _("%(kind)s, side %(side)s") % {"kind": kind, "side": _side(event["side"])}
    if event.get("points"):
        text += f" (+{event['points']})"
    reason = event.get("reason") or ""
    if reason and reason != note:
        text += f" — {reason}"
    return text


def _score_text(value) -> str:
    if not isinstance(value, list):
        return EMPTY if value is None else str(value)
    return "–".join(str(v) for v in value)


def _result_key(name: str):
    """Sort a result's keys by copy, game, then the sheet's order; other keys last."""
    found = _RESULT_KEY.match(name)
    if found is None:
        return (1, 0, 0, 0, 0, name)
    what = "deal" if found["deal"] else "event" if found["event"] else found["what"]
    number = int(found["deal"] or found["event"] or 0)
    return (0, int(found["copy"] or 1), int(found["game"]), _ORDER[what], number, "")


def _result_change(entry: ActionEntry, name: str, found) -> Change:
    game = _("Game %(number)s") % {"number": found["game"]}
    if found["deal"]:
        label = _("%(game)s, deal %(deal)s") % {"game": game, "deal": found["deal"]}
        say = deal_text
    elif found["event"]:
        label = game
        say = lambda event: _event_text(event, note=entry.note)  # noqa: E731
    elif found["what"] == "totals":
        label, say = _("%(game)s, total") % {"game": game}, _score_text
    else:
        label, say = _("%(game)s, score") % {"game": game}, _score_text
    if found["copy"]:
        label = _("%(line)s (second entry)") % {"line": label}
    return Change(
        label=label,
        before=say(entry.before[name]) if name in entry.before else None,
        after=say(entry.after[name]) if name in entry.after else None,
    )


def changes(
    entry: ActionEntry, *, value_text: dict[str, Callable] | None = None
) -> list[Change]:
    """Return the entry's changed fields, labelled, before and after."""
    model = _model(entry)
    value_text = value_text or {}
    out = []
    names = list(dict.fromkeys([*entry.before, *entry.after]))
    if any(_RESULT_KEY.match(name) for name in names):
        names.sort(key=_result_key)
    for name in names:
        found = _RESULT_KEY.match(name)
        if found is not None and name not in value_text:
            out.append(_result_change(entry, name, found))
            continue
        field = _field(model, name)
        if field is not None:
            label = str(field.verbose_name)
        else:
            label = str(LABELS.get(name, name.replace("_", " ")))
        coded = VALUES.get(name, {}) if field is None else {}
        say = value_text.get(name) or (
            lambda v, f=field, c=coded: (
                str(c[v]) if isinstance(v, str) and v in c else _text(v, f)
            )
        )
        out.append(
            Change(
                label=label,
                before=say(entry.before[name]) if name in entry.before else None,
                after=say(entry.after[name]) if name in entry.after else None,
            )
        )
    return out
