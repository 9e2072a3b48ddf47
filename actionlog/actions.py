"""List every kind of action the log records: its code, label and kind.

The one registry of the log (a validated list, never free text): an entry stores
the code, and the pages show the label in the reader's language. A new kind of
write is one line here; the codes are ``<thing>.<what happened>``, and a kind
groups them for the pages' filter.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


@dataclass(frozen=True)
class Kind:
    code: str
    label: str


@dataclass(frozen=True)
class Action:
    code: str
    label: str
    kind: str


KINDS = (
    Kind("settings", _("Settings and rules")),
    Kind("phases", _("Phases")),
    Kind("entries", _("Entrants")),
    Kind("draws", _("Draws and repairs")),
    Kind("results", _("Results")),
    Kind("people", _("Clubs and people")),
    Kind("series", pgettext_lazy("the action log's kind", "Series")),
    Kind("money", _("Fees and payments")),
    Kind("prizes", _("Prizes")),
)

ACTIONS = (
    # tournaments
    Action("tournament.created", _("Tournament created"), "settings"),
    Action("tournament.changed", _("Settings changed"), "settings"),
    Action("tournament.director_added", _("Director added"), "settings"),
    # the hall and the web (transfer.services.tokens, .publishing)
    Action("event.token_issued", _("Hall token issued"), "settings"),
    Action("event.token_revoked", _("Hall token revoked"), "settings"),
    Action("event.pulled", _("Pulled by the hall"), "settings"),
    Action("event.published", _("Published by the hall"), "settings"),
    Action("tournament.preset_applied", _("Started from a preset"), "settings"),
    Action("phase.added", _("Phase added"), "phases"),
    Action("phase.changed", _("Phase changed"), "phases"),
    Action("phase.removed", _("Phase removed"), "phases"),
    Action("phase.tie_chosen", _("Tie at a pool's cut settled"), "draws"),
    Action("entry.registered", _("Entrant registered"), "entries"),
    Action("entry.present", _("Checked in"), "entries"),
    Action("entry.absent", _("Check-in taken back"), "entries"),
    Action("entry.withdrawn", _("Withdrawn"), "entries"),
    Action("entries.present", _("Entrants checked in"), "entries"),
    Action("entries.absent", _("Check-in undone"), "entries"),
    Action("entries.imported", _("Entrants imported"), "entries"),
    # online registration (registrations)
    Action("registration.confirmed", _("Registered online"), "entries"),
    Action("registration.waiting", _("Put on the waiting list"), "entries"),
    Action("registration.promoted", _("Promoted from the waiting list"), "entries"),
    Action("registration.cancelled", _("Registration cancelled"), "entries"),
    Action("registration.deleted", _("Registration deleted (privacy)"), "entries"),
    Action("registration.resent", _("Confirmation sent again"), "entries"),
    Action("registration.paired", _("Single paired with a partner"), "entries"),
    Action("registration.moved", _("Waiting list reordered"), "entries"),
    Action("registration.changed", _("Registration changed"), "entries"),
    # a round's history (tournaments.round_log): "round." + RoundLog.Action
    Action("round.drawn", _("Round drawn"), "draws"),
    Action("round.redrawn", _("Round drawn again"), "draws"),
    Action("round.swapped", _("Seats swapped"), "draws"),
    Action("round.published", _("Round published"), "draws"),
    Action("round.unpublished", _("Round unpublished"), "draws"),
    Action("round.repaired", _("Round repaired"), "draws"),
    Action("round.advanced", _("Qualifiers advanced"), "draws"),
    Action("round.closed", _("Round closed"), "results"),
    Action("round.reopened", _("Round reopened"), "results"),
    # the round's clock (tournaments.clock), its rule at time (scoring.services.timing)
    Action("round.clock_start", _("Clock started"), "results"),
    Action("round.clock_pause", _("Clock paused"), "results"),
    Action("round.clock_resume", _("Clock resumed"), "results"),
    Action("round.clock_extend", _("Clock extended"), "results"),
    Action("round.clock_reset", _("Clock reset"), "results"),
    Action("round.time_rule", _("Time rule applied"), "results"),
    Action("game.time_decided", _("Game stopped by time decided"), "results"),
    # results (scoring and table entry)
    Action("sheet.saved", _("Results entered"), "results"),
    Action("sheet.confirmed", _("Sheet confirmed"), "results"),
    Action("sheet.corrected", _("Sheet corrected"), "results"),
    Action("sheet.taken_over", _("Sheet taken over by the desk"), "results"),
    Action("sheet.given_back", _("Sheet given back to the table"), "results"),
    Action("table_event.added", _("Forfeit or award recorded"), "results"),
    Action("table_event.removed", _("Forfeit or award removed"), "results"),
    Action("table.written", _("Written at the table"), "results"),
    Action("table.accepted", _("Accepted at the table"), "results"),
    Action("table.rejected", _("Rejected at the table"), "results"),
    # clubs
    Action("club.created", _("Club created"), "people"),
    Action("club.changed", _("Club changed"), "people"),
    Action("club.manager_added", _("Manager added"), "people"),
    Action("club.manager_removed", _("Manager removed"), "people"),
    Action("club.members_imported", _("Members imported"), "people"),
    Action("player.created", _("Player created"), "people"),
    Action("player.changed", _("Player changed"), "people"),
    Action("team.created", _("Team created"), "people"),
    Action("team.changed", _("Team changed"), "people"),
    Action("login.unlocked", _("Login pause lifted"), "people"),
    # series
    Action("series.created", _("Series created"), "series"),
    Action("series.changed", _("Series changed"), "series"),
    Action("series.event_added", _("Event added to the series"), "series"),
    Action("series.event_removed", _("Event taken out of the series"), "series"),
    Action("series.evening_opened", _("Evening opened"), "series"),
    # fees and the cash desk (cashdesk)
    Action("fee.changed", _("Fees changed"), "money"),
    Action("payment.taken", _("Payment taken"), "money"),
    Action("payment.undone", _("Payment undone"), "money"),
    Action("payment.refunded", _("Payment refunded"), "money"),
    # prizes (prizes)
    Action("prize.table_changed", _("Prize table changed"), "prizes"),
    Action("prize.awarded", _("Prizes awarded"), "prizes"),
    Action("prize.given", _("Prize given"), "prizes"),
    Action("prize.picked", _("Prize picked"), "prizes"),
    Action("prize.given_undone", _("Prize given, taken back"), "prizes"),
)

_BY_CODE = {a.code: a for a in ACTIONS}
_KIND = {k.code: k for k in KINDS}
assert len(_BY_CODE) == len(ACTIONS), "an action code is listed twice"
assert all(a.kind in _KIND for a in ACTIONS), "an action of no known kind"

MAX_CODE = 40
assert all(len(a.code) <= MAX_CODE for a in ACTIONS)


def action_of(code: str) -> Action | None:
    """Return the action of ``code``, or None for a code no longer listed."""
    return _BY_CODE.get(code)


def label_of(code: str) -> str:
    """Return the label of ``code`` (the code itself if no longer listed)."""
    action = _BY_CODE.get(code)
    return str(action.label) if action else code


def codes_of_kind(kind: str) -> list[str]:
    """Return the action codes of one kind (empty for an unknown kind)."""
    return [a.code for a in ACTIONS if a.kind == kind]


def kind_choices() -> list[tuple[str, str]]:
    """Return (code, label) of every kind, for the pages' filter."""
    return [(k.code, k.label) for k in KINDS]
