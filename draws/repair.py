"""Repair a published round: replace, give a bye, forfeit a table, unpublish.

Swapping two seats (or a seat and a bye) is ``draws.services.round_swap_seats``
and ``round_swap_bye``, which repair a published round too. Every repair here
needs a reason, is logged in the round's history (``RoundLog``, "repaired" or
"unpublished") and bumps the tournament's public version, so "where do I sit?"
shows it at once. A table whose sheet has a result entered keeps its seats: its
sheet is corrected instead, or the table forfeited.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draws.selectors import tables_with_results
from draws.services import (
    _retag_tables,
    log_change,
    refuse_tables_with_results,
    round_lock_for_change,
)
from scoring.models import ScoreSheet, TableEvent
from scoring.services import (
    ResultError,
    sheet_confirm,
    sheet_ensure,
    table_event_add,
)
from tournaments.models import Bye, Entry, Game, Round, RoundLog, Seat, Tournament
from tournaments.round_log import round_log_add
from tournaments.selectors import hall_copy_refusal
from tournaments.services import entry_withdraw, tournament_touch

__all__ = ["round_unpublish", "seat_replace", "seat_to_bye", "table_forfeit"]


def _reason_required(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give a reason: it is kept in the round's history."))
    return reason


def _seat_of(rnd: Round, seat: Seat | int) -> Seat:
    pk = seat if isinstance(seat, int) else seat.pk
    found = (
        Seat.objects.select_related("table", "entry__player", "entry__team")
        .filter(round=rnd, pk=pk)
        .first()
    )
    if found is None:
        raise ValidationError(_("This seat is not in round %(n)d.") % {"n": rnd.number})
    return found


@transaction.atomic
def seat_replace(
    *,
    round: Round,  # noqa: A002
    seat: Seat | int,
    entry: Entry | int,
    by,
    reason: str = "",
    withdraw: bool = False,
) -> Seat:
    """Seat ``entry`` (a reserve on a bye, or a late entry) in place of an absentee.

    The entrant taken off the seat plays no more in this round (no bye: absent);
    ``withdraw`` also withdraws them from the tournament. A draft needs no reason.
    """
    Tournament.objects.select_for_update().filter(pk=round.tournament_id).first()
    rnd = round_lock_for_change(round=round, reason=reason)
    found = _seat_of(rnd, seat)
    refuse_tables_with_results(round=rnd, tables=[found.table], action=_("changed"))
    entry_id = entry if isinstance(entry, int) else entry.pk
    newcomer = (
        Entry.objects.select_related("player", "team")
        .filter(pk=entry_id, tournament_id=rnd.tournament_id)
        .first()
    )
    if newcomer is None:
        raise ValidationError(_("Choose an entrant of this tournament."))
    if newcomer.status != Entry.Status.PRESENT:
        raise ValidationError(
            _("%(name)s is not checked in: check them in first.") % {"name": newcomer}
        )
    if Seat.objects.filter(round=rnd, entry=newcomer).exists():
        raise ValidationError(
            _("%(name)s already has a seat in round %(number)d: swap them instead.")
            % {"name": newcomer, "number": rnd.number}
        )
    had_bye = Bye.objects.filter(round=rnd, entry=newcomer).delete()[0] > 0
    absent = found.entry
    Seat.objects.filter(pk=found.pk).update(entry=newcomer)
    found.entry = newcomer
    _retag_tables(rnd, [found.table])
    if withdraw:
        entry_withdraw(entry=absent, by=by)
    change = (
        _("%(new)s (bye) takes the seat of %(old)s at table %(table)d")
        if had_bye
        else _("%(new)s takes the seat of %(old)s at table %(table)d")
    ) % {"new": newcomer, "old": absent, "table": found.table.number}
    if withdraw:
        change += " " + _("(%(old)s withdrawn)") % {"old": absent}
    log_change(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        change=change,
        reason=reason,
        by=by,
    )
    return found


@transaction.atomic
def seat_to_bye(*, round: Round, seat: Seat | int, by, reason: str = "") -> Bye:  # noqa: A002
    """Take a seat's entrant off the table and give them a bye for the round.

    A table left with nobody seated is removed with its games and empty sheet.
    """
    rnd = round_lock_for_change(round=round, reason=reason)
    found = _seat_of(rnd, seat)
    table = found.table
    refuse_tables_with_results(round=rnd, tables=[table], action=_("changed"))
    found.delete()
    bye = Bye.objects.create(round=rnd, entry=found.entry)
    left = Seat.objects.filter(table=table).count()
    if left:
        _retag_tables(rnd, [table])
        change = _("%(name)s (table %(table)d) now has a bye; %(left)d left there") % {
            "name": found.entry,
            "table": table.number,
            "left": left,
        }
    else:
        table.delete()
        change = _(
            "%(name)s (table %(table)d) now has a bye; table %(table)d removed"
        ) % {
            "name": found.entry,
            "table": table.number,
        }
    log_change(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        change=change,
        reason=reason,
        by=by,
    )
    return bye


@transaction.atomic
def table_forfeit(*, round: Round, seat: Seat | int, by, reason: str) -> ScoreSheet:  # noqa: A002
    """Forfeit every game of a table against the side of the absent ``seat``.

    Each game is recorded as a forfeit (``scoring.services.table_event_add``): the
    side the absentee plays on loses, the other gets the tournament's forfeit
    points. The sheet is confirmed when nothing else is needed (no double entry),
    so the players see the result at once.
    """
    reason = _reason_required(reason)
    rnd = Round.objects.select_related("tournament").get(pk=round.pk)
    if rnd.status != Round.Status.PUBLISHED:
        raise ValidationError(
            _("A forfeit is recorded in a published round, not a draft.")
            if rnd.status == Round.Status.DRAFT
            else _("Round %(number)d is closed: reopen it first.")
            % {"number": rnd.number}
        )
    found = _seat_of(rnd, seat)
    table = found.table
    games = list(Game.objects.filter(table=table).order_by("number"))
    if TableEvent.objects.filter(game__in=games, kind=TableEvent.Kind.FORFEIT).exists():
        raise ValidationError(
            _("Table %(table)d already has a forfeit: change it on its sheet.")
            % {"table": table.number}
        )
    sheet = sheet_ensure(table=table)
    try:
        for game in games:
            side = 0 if found.position in game.side_a_positions else 1
            sheet.refresh_from_db(fields=["version", "status"])
            table_event_add(
                sheet=sheet,
                game=game,
                kind=TableEvent.Kind.FORFEIT,
                side=side,
                reason=reason,
                by=by,
                version=sheet.version,
            )
        sheet.refresh_from_db()
        if (
            sheet.status == ScoreSheet.Status.ENTERED
            and not rnd.tournament.double_entry
        ):
            sheet = sheet_confirm(sheet=sheet, by=by, version=sheet.version)
    except ResultError as exc:
        raise ValidationError(exc.message) from exc
    round_log_add(
        round=rnd,
        action=RoundLog.Action.REPAIRED,
        reason=_("Table %(table)d forfeited: %(name)s absent — %(reason)s")
        % {"table": table.number, "name": found.entry, "reason": reason},
        by=by,
    )
    tournament_touch(tournament=rnd.tournament)
    return sheet


@transaction.atomic
def round_unpublish(*, round: Round, by, reason: str) -> Round:  # noqa: A002
    """Take a published round back to a draft, while no result is entered in it.

    The players no longer see it; it can then be swapped, drawn again and
    published anew.
    """
    reason = _reason_required(reason)
    Tournament.objects.select_for_update().filter(pk=round.tournament_id).first()
    rnd = (
        Round.objects.select_for_update()
        .select_related("tournament", "phase")
        .get(pk=round.pk)
    )
    refusal = hall_copy_refusal(tournament=rnd.tournament)
    if refusal is not None:
        raise ValidationError(refusal)
    if rnd.status != Round.Status.PUBLISHED:
        raise ValidationError(
            _("Round %(number)d is not published.") % {"number": rnd.number}
            if rnd.status == Round.Status.DRAFT
            else _("Round %(number)d is closed: it cannot be unpublished.")
            % {"number": rnd.number}
        )
    blocker = unpublish_blocker(round=rnd)
    if blocker:
        raise ValidationError(blocker)
    rnd.status = Round.Status.DRAFT
    rnd.published_at = None
    rnd.save(update_fields=["status", "published_at"])
    round_log_add(round=rnd, action=RoundLog.Action.UNPUBLISHED, reason=reason, by=by)
    tournament_touch(tournament=rnd.tournament)
    return rnd


def unpublish_blocker(*, round: Round) -> str | None:  # noqa: A002
    """Return why a published round cannot go back to a draft, or None if it can."""
    if round.status != Round.Status.PUBLISHED:
        return _("Round %(number)d is not published.") % {"number": round.number}
    if Round.objects.filter(
        tournament_id=round.tournament_id, number__gt=round.number
    ).exists():
        return _("A later round is drawn: round %(number)d stays published.") % {
            "number": round.number
        }
    entered = tables_with_results(round=round)
    if entered:
        return ngettext(
            "Results are entered at %(count)d table: a round with results "
            "cannot be unpublished.",
            "Results are entered at %(count)d tables: a round with results "
            "cannot be unpublished.",
            len(entered),
        ) % {"count": len(entered)}
    return None
