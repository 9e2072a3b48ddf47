"""Describe a sheet's history: corrections after confirmation and table writes.

A correction is a director's change to a confirmed sheet; a table submission is a
write from the table's phone (a deal, a change, an acceptance). Both show who,
when, what before and what after, line by line.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import Correction, ScoreSheet, TableEvent
from scoring.selectors.labels import side_label, trump_symbol
from scoring.table_entry import table_entry

__all__ = [
    "CorrectionView",
    "HistoryItem",
    "describe_change",
    "describe_correction",
    "describe_deal",
    "sheet_history",
]


@dataclass
class CorrectionView:
    correction: Correction
    changes: list[str]


@dataclass
class HistoryItem:
    """One line of a sheet's history: a correction or a write from the table."""

    at: datetime.datetime
    who: str
    action: str
    reason: str
    changes: list[str]
    correction: Correction | None = None
    submission: models.Model | None = None  # a table entry's TableSubmission

    @property
    def from_table(self) -> bool:
        return self.submission is not None


def describe_deal(deal: dict) -> str:
    """Describe a logged deal in a few characters: '♥ 42–18 ×1 knock'."""
    parts = [trump_symbol(deal.get("trump", ""))]
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
    if deal.get("revoke") is not None:
        parts.append(_("revoke %(side)s") % {"side": side_label(deal["revoke"])})
    if deal.get("tricks_a") is not None:
        parts.append(_("%(count)s tricks") % {"count": deal["tricks_a"]})
    return " ".join(parts)


def describe_correction(correction: Correction) -> list[str]:
    """List what a correction changed, one line per deal, total or event."""
    return describe_change(correction.before, correction.after)


def describe_change(before_log: dict | None, after_log: dict | None) -> list[str]:
    """List what changed between two logs of games (``{"games": [...]}``)."""
    changes = []
    before = {g["number"]: g for g in (before_log or {}).get("games", [])}
    for after in (after_log or {}).get("games", []):
        number = after["number"]
        old = before.get(number, {"deals": [], "totals": None, "events": []})
        prefix = _("Game %(number)s") % {"number": number}
        old_deals, new_deals = old.get("deals", []), after.get("deals", [])
        for index in range(max(len(old_deals), len(new_deals))):
            a = old_deals[index] if index < len(old_deals) else None
            b = new_deals[index] if index < len(new_deals) else None
            if a == b:
                continue
            changes.append(
                _("%(game)s, deal %(deal)s: %(before)s → %(after)s")
                % {
                    "game": prefix,
                    "deal": index + 1,
                    "before": describe_deal(a) if a else "—",
                    "after": describe_deal(b) if b else "—",
                }
            )
        if old.get("totals") != after.get("totals"):
            changes.append(
                _("%(game)s, score: %(before)s → %(after)s")
                % {
                    "game": prefix,
                    "before": "–".join(map(str, old.get("totals") or [])) or "—",
                    "after": "–".join(map(str, after.get("totals") or [])) or "—",
                }
            )
        old_events, new_events = old.get("events") or [], after.get("events") or []
        for event, sign in [(e, "+") for e in new_events if e not in old_events] + [
            (e, "−") for e in old_events if e not in new_events
        ]:
            kind = TableEvent.Kind(event["kind"]).label
            changes.append(
                _("%(game)s: %(sign)s %(kind)s, side %(side)s %(points)s")
                % {
                    "game": prefix,
                    "sign": sign,
                    "kind": kind,
                    "side": side_label(event["side"]),
                    "points": f"(+{event['points']})" if event.get("points") else "",
                }
            )
    return changes


def sheet_history(
    *, sheet: ScoreSheet, names: dict[int, str] | None = None
) -> list[HistoryItem]:
    """Return the sheet's corrections and table writes, newest first.

    ``names`` (seat position → name) spares a query when the caller has them.
    Reads only what can exist: corrections of a confirmed sheet, the writes of a
    sheet entered at its table.
    """
    items = []
    if sheet.status == ScoreSheet.Status.CONFIRMED:
        for c in Correction.objects.filter(sheet=sheet).select_related("by"):
            items.append(
                HistoryItem(
                    at=c.at,
                    who=c.by.get_username() if c.by else "?",
                    action=_("Correction"),
                    reason=c.reason,
                    changes=describe_correction(c),
                    correction=c,
                )
            )
    if sheet.table_state != ScoreSheet.TableState.NONE:
        items += table_entry().history(sheet=sheet, names=names)
    items.sort(
        key=lambda item: (
            item.at,
            item.from_table,
            (item.submission or item.correction).pk,
        ),
        reverse=True,
    )
    return items
