"""Score stored deals again with the engine: what a sheet's rows should hold.

For rows that did not come through ``sheet_commit`` (an imported event file):
the same checks and the same result as the desk's own entry, so a file's stated
scores can be compared with what its deals make.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.models import DealRecord, TableEvent
from scoring.services.commit import entry_mode_check
from scoring.services.inputs import (
    DealInput,
    _check_totals,
    _game_result,
    score_inputs,
)
from tournaments.models import Tournament

__all__ = ["GameRescore", "game_rescore"]


@dataclass(frozen=True)
class GameRescore:
    """A game's deals as the engine scores them, and the game's result fields."""

    points: list[tuple[int, int]]  # each deal's card points as stored
    scores: list[tuple[int, int, int]]  # each deal's (score A, score B, factor)
    result: dict  # tournaments.Game's result fields (first copy only)


def game_rescore(
    *,
    tournament: Tournament,
    game_number: int,
    deals: list[DealRecord],
    totals: tuple[int, int] | None,
    events: list[TableEvent],
    first_copy: bool = True,
    rules=None,
    stopped: tuple[bool, str] = (False, ""),
) -> GameRescore:
    """Check one copy of a game's stored deals (or totals) with the engine.

    Raise ``ResultError`` (with ``game`` and ``index``) for a deal or total the
    desk could not have typed; otherwise return what the rows should hold.
    ``stopped``: the game's ``(decided_by_time, time_decision)``, as stored.
    """
    entry_mode_check(
        tournament=tournament,
        deals=bool(deals),
        totals=totals is not None,
        game=game_number,
    )
    inputs = [DealInput.from_record(record) for record in deals]
    game_score = None
    points: list[tuple[int, int]] = []
    scores: list[tuple[int, int, int]] = []
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        if totals is not None:
            _check_totals(totals, tournament, game_number)
    else:
        points, game_score = score_inputs(
            tournament=tournament,
            game_number=game_number,
            deals=inputs,
            rules=rules or tournament.rules(),
        )
        scores = [(*d.scores, d.factor) for d in game_score.deals]
    result = {}
    if first_copy:
        result = _game_result(
            tournament=tournament,
            game_score=game_score,
            deals=inputs,
            totals=totals,
            events=events,
            stopped=stopped,
        )
    return GameRescore(points=points, scores=scores, result=result)
