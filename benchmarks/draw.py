"""Time the draw generator on championship-sized fields (run as a module)."""

import random
import time

from manille.draws.base import Draw, Entrant
from manille.draws.individual import draw_individual
from manille.draws.swiss import draw_swiss

PLAYERS = 2_000
CLUBS = 30
TEAMS = 500


def _history_of(draw: Draw) -> set[frozenset[int]]:
    """Return the pairs of entrants who shared a table in ``draw``."""
    return {
        frozenset((a, b))
        for table in draw.tables
        for i, a in enumerate(table.seats)
        for b in table.seats[i + 1 :]
    }


def _clubs(rng: random.Random, count: int) -> list[int]:
    """Return a club per entrant, clubs of uneven size like a real championship."""
    weights = [rng.uniform(0.3, 2.0) for _ in range(CLUBS)]
    return rng.choices(range(1, CLUBS + 1), weights=weights, k=count)


def bench_individual() -> str:
    rng = random.Random(2017)
    clubs = _clubs(rng, PLAYERS)
    players = [Entrant(id=i + 1, club=clubs[i]) for i in range(PLAYERS)]
    history: set[frozenset[int]] = set()
    for round_seed in (1, 2, 3):
        draw = draw_individual(players, seed=round_seed, history=history)
        history |= _history_of(draw)
    start = time.perf_counter()
    draw = draw_individual(players, seed=4, history=history)
    elapsed = time.perf_counter() - start
    repeats = sum(t.repeats for t in draw.tables)
    same_club = sum(t.same_club for t in draw.tables)
    return (
        f"individual {PLAYERS} players: {elapsed:.2f} s "
        f"(repeats {repeats}, same-club {same_club})"
    )


def bench_swiss() -> str:
    rng = random.Random(2020)
    clubs = _clubs(rng, TEAMS)
    wins = dict.fromkeys(range(1, TEAMS + 1), 0)
    points = dict.fromkeys(range(1, TEAMS + 1), 0)
    byes = dict.fromkeys(range(1, TEAMS + 1), 0)
    history: set[frozenset[int]] = set()

    def teams() -> list[Entrant]:
        return [
            Entrant(
                id=t, club=clubs[t - 1], wins=wins[t], points=points[t], byes=byes[t]
            )
            for t in range(1, TEAMS + 1)
        ]

    for round_number in range(1, 5):
        draw = draw_swiss(teams(), seed=round_number, history=history)
        history |= _history_of(draw)
        for table in draw.tables:
            winner = rng.choice(table.seats)
            wins[winner] += 1
            for team in table.seats:
                points[team] += rng.randint(0, 101)
        for team in draw.byes:
            byes[team] += 1
    start = time.perf_counter()
    draw = draw_swiss(teams(), seed=5, history=history)
    elapsed = time.perf_counter() - start
    repeats = sum(t.repeats for t in draw.tables)
    same_club = sum(t.same_club for t in draw.tables)
    floated = sum("swiss_floated" in t.reasons for t in draw.tables)
    return (
        f"swiss {TEAMS} pairs, round 5: {elapsed:.2f} s "
        f"(repeats {repeats}, same-club {same_club}, floated {floated})"
    )


if __name__ == "__main__":
    print(bench_individual())
    print(bench_swiss())
