"""Hold what the standings calculation reads and returns: plain, frozen rows."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

BYE_SCORES = ("none", "fixed", "average")


@contextmanager
def without_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while many small acyclic objects are made.

    A 5,000-player event makes some 300,000 tuples; the collector's repeated passes
    over them cost more than the calculation itself.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# The record every standings row carries, an entrant's or a club's: one list for the
# API, the tables and the PDFs.
RECORD_FIELDS = ("games_played", "games_won", "points", "point_difference")


class StandingsError(ValueError):
    """An impossible input (a bug in the caller), e.g. an unknown tiebreak code."""


# --------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class EntrantInfo:
    id: int
    name: str
    club_id: int | None = None
    club_name: str = ""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game's result; sides hold entry ids (two players, or one team)."""

    id: int
    round_number: int
    phase_id: int | None
    table_number: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    score_a: int
    score_b: int
    winner: int | None
    finished: bool = True
    deals_won_a: int = 0
    deals_won_b: int = 0
    revokes_a: int = 0
    revokes_b: int = 0
    number: int = 1


class GameScore(NamedTuple):
    """Only what a game adds to the totals and the order (for :func:`compute_places`).

    A plain tuple in this order will do: a series reads some 36,000 of them at once.
    """

    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    score_a: int
    score_b: int
    winner: int | None
    deals_won_a: int = 0
    deals_won_b: int = 0
    revokes_a: int = 0
    revokes_b: int = 0


def game_score(game: GameRow) -> GameScore:
    """The part of a :class:`GameRow` that :func:`compute_places` reads."""
    return GameScore(
        game.side_a,
        game.side_b,
        game.score_a,
        game.score_b,
        game.winner,
        game.deals_won_a,
        game.deals_won_b,
        game.revokes_a,
        game.revokes_b,
    )


@dataclass(frozen=True, slots=True)
class ByeRow:
    """An entrant sitting out a round that stands for ``games`` games."""

    entry_id: int
    round_number: int
    phase_id: int | None = None
    games: int = 1


@dataclass(frozen=True, slots=True)
class ByeRule:
    """What a bye is worth; the default never ranks a bye above real wins."""

    score: str = "average"
    points: int = 0
    wins: bool = False

    def __post_init__(self) -> None:
        if self.score not in BYE_SCORES:
            raise StandingsError(f"unknown bye score {self.score!r}")


# -------------------------------------------------------------------------- output


class GameLine(NamedTuple):
    """One game as one entrant saw it: with whom, against whom, and the score.

    A named tuple rather than a dataclass: thousands are made per calculation.
    """

    game_id: int
    round_number: int
    table_number: int
    number: int
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    score: int
    opponent_score: int
    won: bool
    lost: bool
    deals_won: int
    revokes: int

    @property
    def result(self) -> str:
        return "won" if self.won else "lost" if self.lost else "drawn"


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    entry_id: int
    name: str
    club: str
    club_id: int | None
    games_played: int
    games_won: int
    points: int
    point_difference: int
    tiebreaks: dict[str, int | float | None]
    shared: bool
    deals_won: int = 0
    revokes: int = 0
    opponents_strength: int = 0
    # Games credited as played and won for byes (0 unless the rule counts them).
    bye_games: int = 0
    bye_points: int = 0
    # The rounds the entrant had a bye in, whatever the bye rule.
    bye_rounds: tuple[int, ...] = ()
    head_to_head_with: int | None = None
    games: tuple[GameLine, ...] = ()
    # (opponent entry id, his games won) for every opponent in every game.
    opponents: tuple[tuple[int, int], ...] = ()

    @property
    def games_lost(self) -> int:
        return sum(1 for g in self.games if g.lost)

    @property
    def win_percentage(self) -> float:
        if not self.games_played:
            return 0.0
        return round(100 * self.games_won / self.games_played, 2)

    @property
    def real_games_played(self) -> int:
        """Games played at a table, byes left out."""
        return self.games_played - self.bye_games

    @property
    def real_games_won(self) -> int:
        """Games won at a table, byes left out."""
        return self.games_won - self.bye_games


class PlaceRow(NamedTuple):
    """An entrant's place and totals, as :func:`compute_standings` ranks them, but
    without the game lines, opponents and tiebreak values (what a series reads)."""

    rank: int
    entry_id: int
    shared: bool
    games_played: int
    games_won: int
    points: int
    point_difference: int
    deals_won: int
    revokes: int
    opponents_strength: int
    bye_games: int
    bye_points: int
    bye_rounds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ClubRow:
    rank: int
    club_id: int
    name: str
    members: int
    games_played: int
    games_won: int
    win_percentage: float
    points: int
    point_difference: int
    tiebreaks: dict[str, int | float | None]
    shared: bool
    entry_ids: tuple[int, ...] = field(default=())
