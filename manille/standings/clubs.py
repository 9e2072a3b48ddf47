"""Rank clubs on their members' rows; say which tiebreak set two rows apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from manille.standings.calculation import _check_tiebreaks
from manille.standings.rows import ClubRow, StandingRow
from manille.tiebreaks import (
    TIEBREAKS,
)


def compute_club_standings(standings: Iterable[StandingRow]) -> list[ClubRow]:
    """Rank clubs on their members' average win percentage, then games won.

    Only real games count: a bye's credited games, wins and points are left out.
    """
    clubs: dict[int, dict] = {}
    for row in standings:
        if row.club_id is None:
            continue
        c = clubs.setdefault(
            row.club_id,
            {
                "name": row.club,
                "played": 0,
                "won": 0,
                "points": 0,
                "diff": 0,
                "ids": [],
            },
        )
        c["played"] += row.games_played - row.bye_games
        c["won"] += row.games_won - row.bye_games
        c["points"] += row.points - row.bye_points
        c["diff"] += row.point_difference
        c["ids"].append(row.entry_id)

    def pct(c: dict) -> float:
        return round(100 * c["won"] / c["played"], 2) if c["played"] else 0.0

    def key(item: tuple[int, dict]) -> tuple:
        # Compare percentages exactly, not as rounded floats.
        _cid, c = item
        return (-Fraction(c["won"], c["played"] or 1), -c["won"])

    ordered = sorted(clubs.items(), key=lambda it: (key(it), it[1]["name"].casefold()))
    rows: list[ClubRow] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
            j += 1
        for cid, c in ordered[i : j + 1]:
            rows.append(
                ClubRow(
                    rank=i + 1,
                    club_id=cid,
                    name=c["name"],
                    members=len(c["ids"]),
                    games_played=c["played"],
                    games_won=c["won"],
                    win_percentage=pct(c),
                    points=c["points"],
                    point_difference=c["diff"],
                    tiebreaks={"win_percentage": pct(c), "games_won": c["won"]},
                    shared=j > i,
                    entry_ids=tuple(c["ids"]),
                )
            )
        i = j + 1
    return rows


def explain_order(
    upper: StandingRow, lower: StandingRow, tiebreaks: Sequence[str]
) -> tuple[str | None, int | float | None, int | float | None]:
    """Return the first tiebreak that puts ``upper`` above ``lower`` and both values.

    ``(None, None, None)`` when they share the rank. For head-to-head the values
    are the games each won against the other.
    """
    if upper.rank == lower.rank:
        return (None, None, None)
    for code in _check_tiebreaks(tiebreaks):
        if TIEBREAKS[code].pairwise:
            if upper.head_to_head_with == lower.entry_id:
                up = upper.tiebreaks.get(code)
                low = lower.tiebreaks.get(code)
                if up != low:
                    return (code, up, low)
            continue
        up, low = upper.tiebreaks[code], lower.tiebreaks[code]
        if up != low:
            return (code, up, low)
    return (None, None, None)  # pragma: no cover - ranks differ, so a key did
