"""Rank entrants and clubs from plain game rows, explaining every figure.

Pure Python: no Django import (``tests/tournaments/test_standings_pure.py`` checks
it). Frozen dataclasses go in and come out.

Decisions made here once:

- Every game row handed in counts (the selector passes only confirmed results of
  published rounds). A game without a winner is a draw: nobody wins it.
- A player's points are his side's game totals, whatever his partner; the point
  difference is his side's total minus the other side's.
- A bye stands for ``ByeRow.games`` games. By default (``ByeRule()``) they are not
  games at all and score the entrant's own average per real game (rounded), so a
  bye never lifts anyone above an entrant with more real wins. Only when the
  director chooses ``ByeRule.wins`` do they count as played and won. Points for a
  bye: ``none`` 0, ``fixed`` ``points`` per game, ``average`` the own average (0
  before any real game). A bye never changes the point difference, deals, revokes
  or the opponents' strength. Every row says which rounds were byes
  (``StandingRow.bye_rounds``) whatever the rule, so the pages can show them.
- Tiebreaks apply in the tournament's order; their values and directions come
  from the registry in :mod:`manille.tiebreaks`. ``head_to_head`` applies only to a
  group of exactly two entrants still tied on every earlier tiebreak: the one who
  won more games against the other goes first. Entrants equal on every tiebreak
  share a rank (1, 2, 2, 4) and are listed by name.
- Clubs rank on the average win percentage over all their members' real games
  (the Belgian championship's rule), then games won; a bye is not a game of the
  club whatever the bye rule (its games, wins and points are left out), so a bye
  never moves a club. Entrants without a club are left out.
"""

from manille.standings.calculation import compute_places, compute_standings
from manille.standings.clubs import compute_club_standings, explain_order
from manille.standings.rows import (
    RECORD_FIELDS,
    ByeRow,
    ByeRule,
    ClubRow,
    EntrantInfo,
    GameLine,
    GameRow,
    GameScore,
    PlaceRow,
    StandingRow,
    StandingsError,
    game_score,
    without_gc,
)
from manille.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS

__all__ = [
    "DEFAULT_TIEBREAKS",
    "RECORD_FIELDS",
    "TIEBREAKS",
    "ByeRow",
    "ByeRule",
    "ClubRow",
    "EntrantInfo",
    "GameLine",
    "GameRow",
    "GameScore",
    "PlaceRow",
    "StandingRow",
    "StandingsError",
    "compute_club_standings",
    "compute_places",
    "compute_standings",
    "explain_order",
    "game_score",
    "without_gc",
]
