"""Describe what a correction of a confirmed sheet changed, line by line."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import Correction, TableEvent
from scoring.selectors.labels import side_label, trump_symbol

__all__ = ["CorrectionView", "describe_correction", "describe_deal"]


@dataclass
class CorrectionView:
    correction: Correction
    changes: list[str]


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
    changes = []
    before = {g["number"]: g for g in correction.before.get("games", [])}
    for after in correction.after.get("games", []):
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
