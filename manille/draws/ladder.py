"""Pair teams as a ladder: first against second, third against fourth, and so on."""

import random
from collections.abc import Iterable, Sequence

from manille.draws.base import (
    Draw,
    Entrant,
    byes_from_the_bottom,
    history_set,
    pair_draw,
    prepare_teams,
    standing_key,
)
from manille.draws.random_pairs import pair_by_lot


def draw_ladder(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    history: Iterable[frozenset[int]] = (),
) -> Draw:
    """Pair neighbours in the standings (rank if given, else wins then points).

    Before anyone has a standing, the round is drawn by lot instead. Teams level in
    the standings are ordered by lot; among the teams with the fewest byes, the
    lowest standing sits out. Rematches and same-club matches are not avoided.
    """
    teams = prepare_teams(entrants)
    rng = random.Random(seed)
    hist = history_set(history)
    if _all_unplayed(teams):
        pairs, byes, proven = pair_by_lot(teams, hist, rng)
        labels, avoided = ["random"] * len(pairs), True
    else:
        order = list(teams)
        rng.shuffle(order)  # equal standings are ordered by lot
        order.sort(key=standing_key)
        out = set(byes_from_the_bottom(order, len(order) % 2))
        byes = [e.id for i, e in enumerate(order) if i in out]
        order = [e for i, e in enumerate(order) if i not in out]
        pairs = [(order[k].id, order[k + 1].id) for k in range(0, len(order), 2)]
        labels, avoided, proven = ["ladder"] * len(pairs), False, False
    return pair_draw(
        teams,
        pairs,
        labels,
        byes=byes,
        history=hist,
        avoided=avoided,
        proven=proven,
        seed=seed,
        method="ladder",
    )


def _all_unplayed(teams: Sequence[Entrant]) -> bool:
    return all(e.rank is None and not e.wins and not e.points for e in teams)
