"""Pair teams by lot, avoiding rematches first, then same-club matches.

Named ``random_pairs`` rather than ``random`` so it never hides the standard library.
"""

import random
from collections.abc import Iterable, Sequence

from manille.draws.base import (
    Draw,
    Entrant,
    adjacency,
    bye_tiers,
    club_keys,
    history_set,
    pair_draw,
    prepare_teams,
)
from manille.draws.partition import Partition


def draw_random(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    history: Iterable[frozenset[int]] = (),
    method: str = "random",
) -> Draw:
    """Pair teams two to a table by lot; byes go to those with the fewest so far.

    Fields of up to ``partition.EXHAUSTIVE_MAX`` teams are proven to have the fewest
    rematches, then same-club matches. ``method`` names the draw (the ladder draws
    its first round this way).
    """
    teams = prepare_teams(entrants)
    rng = random.Random(seed)
    hist = history_set(history)
    pairs, byes, proven = pair_by_lot(teams, hist, rng)
    return pair_draw(
        teams,
        pairs,
        ["random"] * len(pairs),
        byes=byes,
        history=hist,
        avoided=True,
        proven=proven,
        seed=seed,
        method=method,
    )


def pair_by_lot(
    teams: Sequence[Entrant], hist: set[frozenset[int]], rng: random.Random
) -> tuple[list[tuple[int, int]], list[int], bool]:
    """Return (pairs, byes, proven) drawn by lot with ``rng``."""
    order = list(teams)
    rng.shuffle(order)
    ids = [e.id for e in order]
    forced, pool, r = bye_tiers([e.byes for e in order], len(order) % 2)
    search = Partition(adjacency(ids, hist), club_keys(order), 2, forced, pool, r, rng)
    groups, byes, proven = search.solve()
    pairs = []
    for a, b in groups:
        pair = [ids[a], ids[b]]
        rng.shuffle(pair)
        pairs.append(tuple(pair))
    return pairs, [ids[i] for i in byes], proven
