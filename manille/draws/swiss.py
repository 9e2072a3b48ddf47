"""Pair teams the Swiss way: top-down within score groups, floating down when needed."""

import random
from collections.abc import Iterable

from manille.draws.base import (
    Draw,
    Entrant,
    Exhausted,
    adjacency,
    byes_from_the_bottom,
    club_keys,
    history_set,
    pair_draw,
    prepare_teams,
)

_SWISS_NODES = 20_000


def draw_swiss(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    history: Iterable[frozenset[int]] = (),
) -> Draw:
    """Pair teams by wins then points, avoiding rematches, then same-club matches.

    Teams level on wins and points are ordered by lot. Among the teams with the
    fewest byes, the lowest standing sits out.
    """
    teams = prepare_teams(entrants)
    rng = random.Random(seed)
    hist = history_set(history)
    order = list(teams)
    rng.shuffle(order)  # equal standings are ordered by lot
    order.sort(key=lambda e: (-e.wins, -e.points))
    out = set(byes_from_the_bottom(order, len(order) % 2))
    byes = [e.id for i, e in enumerate(order) if i in out]
    order = [e for i, e in enumerate(order) if i not in out]
    pairs, proven = swiss_pairs(order, hist)
    wins = {e.id: e.wins for e in order}
    labels = [
        "swiss_score_group" if wins[a] == wins[b] else "swiss_floated" for a, b in pairs
    ]
    return pair_draw(
        teams,
        pairs,
        labels,
        byes=byes,
        history=hist,
        avoided=True,
        proven=proven,
        seed=seed,
        method="swiss",
    )


def swiss_pairs(
    order: list[Entrant], hist: set[frozenset[int]]
) -> tuple[list[tuple[int, int]], bool]:
    """Pair top-down within score groups, floating down only when needed.

    A depth-first search with backtracking finds a pairing without rematches when
    one exists, else with the fewest (within a node budget, past which it pairs
    greedily); same-club matches are avoided inside a score group. Returns the
    pairs (higher standing first) and whether the rematch count is proven minimal.
    """
    ids = [e.id for e in order]
    adj = adjacency(ids, hist)
    club = club_keys(order)
    levels = sorted({e.wins for e in order}, reverse=True)
    group = [levels.index(e.wins) for e in order]
    nodes = 0

    def rec(rest: list[int], spare: int) -> list[tuple[int, int]] | None:
        """Pair ``rest`` top-down with at most ``spare`` rematches, or return None."""
        nonlocal nodes
        if not rest:
            return []
        top, others = rest[0], rest[1:]
        met = adj[top]
        candidates = [j for j in others if spare or j not in met]
        candidates.sort(
            key=lambda j: (j in met, abs(group[j] - group[top]), club[j] == club[top])
        )
        for j in candidates:
            nodes += 1
            if nodes > _SWISS_NODES:
                raise Exhausted
            tail = rec([x for x in others if x != j], spare - (j in met))
            if tail is not None:
                return [(top, j), *tail]
        return None

    # Allow 0, 1, 2 ... rematches: the first pairing found has the fewest.
    everyone = list(range(len(ids)))
    found = None
    proven = True
    try:
        for spare in range(len(ids) // 2 + 1):
            found = rec(everyone, spare)
            if found is not None:
                break
    except Exhausted:
        found, proven = _greedy_swiss(everyone, adj, club, group), False
        _repair_rematches(found, adj, club)
    return [(ids[a], ids[b]) for a, b in found], proven


def _greedy_swiss(everyone, adj, club, group) -> list[tuple[int, int]]:
    """Pair top-down taking the best remaining opponent, never backtracking."""
    rest = list(everyone)
    pairs = []
    while rest:
        top = rest.pop(0)
        met = adj[top]
        j = min(
            rest,
            key=lambda j: (j in met, abs(group[j] - group[top]), club[j] == club[top]),
        )
        rest.remove(j)
        pairs.append((top, j))
    return pairs


def _repair_rematches(pairs: list[tuple[int, int]], adj, club) -> None:
    """Swap opponents between two tables, nearest first, while it removes rematches."""

    def cost(a: int, b: int) -> tuple[int, int]:
        return (b in adj[a], club[a] == club[b])

    def total(*games: tuple[int, int]) -> tuple[int, int]:
        costs = [cost(a, b) for a, b in games]
        return (sum(c[0] for c in costs), sum(c[1] for c in costs))

    improved = True
    while improved:
        improved = False
        for i, (a, b) in enumerate(pairs):
            if b not in adj[a]:
                continue
            others = sorted(range(len(pairs)), key=lambda j, i=i: abs(j - i))
            for j in others[1:]:
                c, d = pairs[j]
                now = total((a, b), (c, d))
                options = [((a, c), (b, d)), ((a, d), (b, c))]
                better = [o for o in options if total(*o) < now]
                if better:
                    first, second = min(better, key=lambda o: total(*o))
                    pairs[i], pairs[j] = tuple(sorted(first)), tuple(sorted(second))
                    improved = True
                    break
