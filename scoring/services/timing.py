"""Settle the games still unfinished when a round's clock has run out.

At time the tables finish the deal in play; then the event's rule
(``Tournament.time_rule``, ``manille.clock.time_result``) settles each game its
deals have not ended: the side ahead wins it, or it counts only the deals
played, or the director decides it. :func:`round_time_rule_apply` marks those
games ``decided_by_time`` on every entered sheet of the round (one transaction,
each sheet through ``sheet_commit``, so its result is computed again as every
write computes it, and its table's acceptances follow); a sheet typed later is
settled by applying the rule again. :func:`game_time_decide` records the
director's decision on one game under the director's rule.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from manille.clock import DECISIONS
from scoring.models import ScoreSheet
from scoring.services.commit import _game_of, sheet_commit
from scoring.services.errors import ResultConflict, ResultError
from tournaments.clock import round_clock_state
from tournaments.models import Game, Round, RoundLog, Tournament
from tournaments.round_log import round_log_add

__all__ = ["game_time_decide", "round_time_rule_apply"]


@transaction.atomic
def round_time_rule_apply(*, round: Round, by) -> int:  # noqa: A002
    """Settle by the event's time rule every game left unfinished on the round's
    entered sheets, once its clock is over; return how many were settled."""
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=round.pk)
    )
    if rnd.status != Round.Status.PUBLISHED:
        raise ResultConflict(
            _("Round %(number)s is not open.") % {"number": rnd.number},
            code="round_not_open",
        )
    if not round_clock_state(round=rnd).is_over:
        raise ResultConflict(
            _("The round's clock has not run out: its games are still played."),
            code="clock_not_over",
        )
    sheets = list(
        ScoreSheet.objects.filter(
            table__round=rnd,
            status=ScoreSheet.Status.ENTERED,
            table__games__finished=False,
            table__games__decided_by_time=False,
        )
        .distinct()
        .order_by("table__number")
    )
    if not sheets:
        raise ResultConflict(
            _("No entered sheet has a game left unfinished."), code="nothing_to_settle"
        )
    settled: list[int] = []

    def stop(fresh, games, state):
        touched = {
            gid for gid, g in games.items() if not g.finished and not g.decided_by_time
        }
        for gid in touched:
            games[gid].decided_by_time = True
        settled.extend(touched)
        return touched

    for sheet in sheets:
        sheet_commit(
            sheet=sheet, by=by, version=sheet.version, copy=1, reason="", mutate=stop
        )
    round_log_add(
        round=rnd,
        action=RoundLog.Action.TIME_RULE,
        by=by,
        reason=_("%(rule)s (games: %(games)s, tables: %(tables)s)")
        % {
            "rule": Tournament.TimeRule(rnd.tournament.time_rule).label,
            "games": len(settled),
            "tables": len(sheets),
        },
    )
    return len(settled)


@transaction.atomic
def game_time_decide(*, game: Game, decision: str, by, version: int) -> ScoreSheet:
    """Record the director's decision on a game stopped by time (the director's
    rule): side A wins (``"a"``), side B (``"b"``) or nobody (``"level"``)."""
    if decision not in DECISIONS:
        raise ResultError(
            _("Choose who wins the game: side A, side B or nobody."),
            field="decision",
            code="decision",
        )
    game = Game.objects.select_related("table__sheet", "table__round__tournament").get(
        pk=game.pk
    )
    tournament = game.table.round.tournament
    if tournament.time_rule != Tournament.TimeRule.DIRECTOR:
        raise ResultConflict(
            _("In this event the time rule settles the games, not the director."),
            code="not_director_rule",
        )
    if not game.decided_by_time:
        raise ResultConflict(
            _("Game %(number)s was not stopped by time.") % {"number": game.number},
            code="not_stopped",
        )

    def decide(fresh, games, state):
        g = _game_of(games, game.pk)
        if g.time_decision == decision:
            return set()
        g.time_decision = decision
        return {g.pk}

    return sheet_commit(
        sheet=game.table.sheet,
        by=by,
        version=version,
        copy=1,
        reason="",
        mutate=decide,
        log="game.time_decided",
    )
