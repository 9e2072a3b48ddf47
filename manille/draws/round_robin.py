"""Pair teams by the Berger tables, so everyone meets everyone once."""

from collections.abc import Iterable, Sequence

from manille.draws.base import (
    Draw,
    Entrant,
    history_set,
    pair_draw,
    prepare_teams,
)


def draw_round_robin(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    round_number: int,
    history: Iterable[frozenset[int]] = (),
) -> Draw:
    """Pair the teams (in order of id) as round ``round_number`` of the schedule.

    Past the last round the schedule starts again. The seed and the standings play
    no part; ``history`` only counts the repeats shown on each table.
    """
    teams = prepare_teams(entrants, round_number=round_number)
    hist = history_set(history)
    pairs, byes = round_robin_pairs(teams, round_number)
    return pair_draw(
        teams,
        pairs,
        ["round_robin"] * len(pairs),
        byes=byes,
        history=hist,
        avoided=False,
        proven=False,
        seed=seed,
        method="round_robin",
    )


def round_robin_schedule(n: int) -> list[list[tuple[int, int]]]:
    """Return the Berger tables for ``n`` entrants as rounds of index pairs.

    For even ``n`` there are n-1 rounds; for odd ``n`` a dummy makes it n+1 and
    there are n rounds, in each of which the dummy's opponent (left out of that
    round's pairs) has a bye. The first index of a pair is side A.
    """
    if n < 2:
        return []
    m = n if n % 2 == 0 else n + 1  # players 1..m, m is the fixed one
    k = m - 1
    rounds = []
    for r in range(1, m):
        fixed_partner = (r + 1) // 2 if r % 2 else (r + m) // 2
        games = [(fixed_partner, m) if r % 2 else (m, fixed_partner)]
        for board in range(1, m // 2):
            a = (fixed_partner + board - 1) % k + 1
            b = (fixed_partner - board - 1) % k + 1
            games.append((a, b))
        rounds.append([(a - 1, b - 1) for a, b in games if a <= n and b <= n])
    return rounds


def round_robin_pairs(
    teams: Sequence[Entrant], round_number: int
) -> tuple[list[tuple[int, int]], list[int]]:
    """Return (pairs, byes) of round ``round_number`` for teams in schedule order."""
    schedule = round_robin_schedule(len(teams))
    games = schedule[(round_number - 1) % len(schedule)]
    pairs = [(teams[a].id, teams[b].id) for a, b in games]
    seated = {i for game in games for i in game}
    byes = [e.id for i, e in enumerate(teams) if i not in seated]
    return pairs, byes
