"""Read a round's games stopped by time, for the results desk."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.models import ScoreSheet
from tournaments.models import Game, Round, Seat
from tournaments.names import entry_name


@dataclass(frozen=True)
class TimeGame:
    """A game the time rule settled (or, under the director's rule, waits on)."""

    game_id: int
    table_number: int
    number: int
    side_a: str
    side_b: str
    score_a: int
    score_b: int
    finished: bool
    winner: int | None
    decision: str
    sheet_version: int
    sheet_confirmed: bool


@dataclass(frozen=True)
class RoundTime:
    games: list[TimeGame]
    unfinished: int  # unfinished games on entered sheets, not stopped yet


def round_time_games(*, round: Round) -> RoundTime:  # noqa: A002
    """The round's games decided by time, by table, with their sides' names."""
    games = list(
        Game.objects.filter(table__round=round, decided_by_time=True)
        .select_related("table__sheet")
        .order_by("table__number", "number")
    )
    names: dict[tuple[int, int], str] = {}
    if games:
        seats = Seat.objects.filter(
            table_id__in={g.table_id for g in games}
        ).select_related("entry__player", "entry__team")
        names = {(s.table_id, s.position): entry_name(s.entry) for s in seats}
    out = []
    for g in games:
        sheet = g.table.sheet

        def side(positions, g=g):
            return " & ".join(names.get((g.table_id, p), "?") for p in positions)

        out.append(
            TimeGame(
                game_id=g.pk,
                table_number=g.table.number,
                number=g.number,
                side_a=side(g.side_a_positions),
                side_b=side(g.side_b_positions),
                score_a=g.score_a,
                score_b=g.score_b,
                finished=g.finished,
                winner=g.winner,
                decision=g.time_decision,
                sheet_version=sheet.version,
                sheet_confirmed=sheet.status == ScoreSheet.Status.CONFIRMED,
            )
        )
    unfinished = Game.objects.filter(
        table__round=round,
        table__sheet__status=ScoreSheet.Status.ENTERED,
        finished=False,
        decided_by_time=False,
    ).count()
    return RoundTime(games=out, unfinished=unfinished)
