"""Describe a sheet's writes from its table's phones, for the sheet's history.

A table submission is a write from the table's phone (a deal, a change, an
acceptance); scoring's ``sheet_history`` lists them with the corrections, asking
for them through :mod:`scoring.table_entry`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from phones.models import TableSubmission
from scoring.models import ScoreSheet
from scoring.selectors.corrections import HistoryItem, describe_change
from tournaments.models import Seat
from tournaments.names import entry_name

__all__ = ["describe_submission", "submissions_history"]


def describe_submission(submission: TableSubmission) -> list[str]:
    """List what a write from the table did: deals changed, or the result accepted."""
    if submission.action in (
        TableSubmission.Action.ACCEPT,
        TableSubmission.Action.REJECT,
    ):
        lines = [] if submission.game is not None else [_("The whole table")]
        for game in (submission.after or {}).get("games", []):
            score = game.get("score") or []
            lines.append(
                _("Game %(number)s: %(score)s")
                % {"number": game.get("number"), "score": "–".join(map(str, score))}
            )
        return lines
    return describe_change(
        {"games": [submission.before] if submission.before else []},
        {"games": [submission.after] if submission.after else []},
    )


def _who(submission: TableSubmission, names: dict[int, str]) -> str:
    if submission.action in (
        TableSubmission.Action.ACCEPT,
        TableSubmission.Action.REJECT,
    ):
        return _accepted_by(submission, names)
    name = names.get(submission.seat)
    if name:
        return _("table code %(code)s, seat %(seat)s (%(name)s)") % {
            "code": submission.code,
            "seat": submission.seat,
            "name": name,
        }
    return _("table code %(code)s, seat %(seat)s") % {
        "code": submission.code,
        "seat": submission.seat,
    }


def _accepted_by(submission: TableSubmission, names: dict[int, str]) -> str:
    """Who accepted (the player tapped) and on whose phone, both by seat.

    "table code ABC234, accepted by Jan Peeters (seat 2), on the phone of seat 1";
    an acceptance recorded before the phone's seat was (``phone_seat`` empty)
    names the player only.
    """
    values = {
        "code": submission.code,
        "name": names.get(submission.seat)
        or _("seat %(seat)s") % {"seat": submission.seat},
        "seat": submission.seat,
        "phone": submission.phone_seat,
    }
    accepted = submission.action == TableSubmission.Action.ACCEPT
    if submission.phone_seat is None:
        if accepted:
            return _("table code %(code)s, accepted by %(name)s (seat %(seat)s)") % (
                values
            )
        return _("table code %(code)s, rejected by %(name)s (seat %(seat)s)") % values
    if accepted:
        return (
            _(
                "table code %(code)s, accepted by %(name)s (seat %(seat)s), "
                "on the phone of seat %(phone)s"
            )
            % values
        )
    return (
        _(
            "table code %(code)s, rejected by %(name)s (seat %(seat)s), "
            "on the phone of seat %(phone)s"
        )
        % values
    )


def submissions_history(
    *, sheet: ScoreSheet, names: dict[int, str] | None = None
) -> list[HistoryItem]:
    """Return the sheet's writes from its table as history items (unsorted).

    ``names`` (seat position → name) spares a query when the caller has them.
    """
    items = []
    submissions = list(TableSubmission.objects.filter(sheet=sheet))
    if submissions and names is None:
        names = {
            seat.position: entry_name(seat.entry)
            for seat in Seat.objects.filter(table_id=sheet.table_id).select_related(
                "entry__player", "entry__team"
            )
        }
    for s in submissions:
        items.append(
            HistoryItem(
                at=s.at,
                who=_who(s, names or {}),
                action=str(s.get_action_display()),
                reason=s.reason,
                changes=describe_submission(s),
                submission=s,
            )
        )
    return items
