"""Say how far the standings have got: after which round, and how much of the next.

The standings count the confirmed tables of every published or closed round
(``standings.selectors``), so while a round is played its results come in table by
table. "After round n" means every table of rounds 1..n counts: each of them is
closed, or has all its tables confirmed. The first round that is not yet complete
is the round under way, counted in part.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from scoring.models import ScoreSheet
from standings.selectors import PUBLIC_ROUND_STATUSES
from tournaments.models import Round, Tournament


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """A public round: its number, whether it is closed, its tables and results in."""

    number: int
    closed: bool
    tables: int
    confirmed: int

    @property
    def complete(self) -> bool:
        """Every result of the round counts: closed, or every table confirmed."""
        return self.closed or (self.tables > 0 and self.confirmed == self.tables)


@dataclass(frozen=True, slots=True)
class StandingsProgress:
    after_round: int | None  # rounds 1..after_round count in full; None: none yet
    current: RoundProgress | None  # the first round not complete, counted in part


def progress_from(rounds: list[RoundProgress]) -> StandingsProgress:
    """Find the last round of the complete run from round 1, and the one after it.

    ``rounds`` are the public rounds in order. A complete round after an
    incomplete one does not move "after round n": the standings then hold part of
    an earlier round, and saying "after round 4" would hide it.
    """
    after = None
    for progress in rounds:
        if not progress.complete:
            return StandingsProgress(after_round=after, current=progress)
        after = progress.number
    return StandingsProgress(after_round=after, current=None)


def standings_progress(*, tournament: Tournament) -> StandingsProgress:
    """Read how far the tournament's standings have got (one query)."""
    confirmed = Q(tables__sheet__status=ScoreSheet.Status.CONFIRMED)
    rows = (
        Round.objects.filter(tournament=tournament, status__in=PUBLIC_ROUND_STATUSES)
        .annotate(
            n_tables=Count("tables"), n_confirmed=Count("tables", filter=confirmed)
        )
        .order_by("number")
        .values_list("number", "status", "n_tables", "n_confirmed")
    )
    return progress_from(
        [
            RoundProgress(
                number=number,
                closed=status == Round.Status.CLOSED,
                tables=tables,
                confirmed=done,
            )
            for number, status, tables, done in rows
        ]
    )
