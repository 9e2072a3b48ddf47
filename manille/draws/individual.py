"""Draw individual tables of four by lot, avoiding repeats, then same-club players."""

import random
from collections.abc import Iterable

from manille.draws.base import (
    Draw,
    DrawError,
    DrawTable,
    Entrant,
    adjacency,
    bye_tiers,
    club_keys,
    conflict_reasons,
    history_set,
    prepare,
    table_conflicts,
)
from manille.draws.partition import Partition


def draw_individual(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    history: Iterable[frozenset[int]] = (),
) -> Draw:
    """Draw tables of four by lot, avoiding repeats first, then same-club players.

    Fields of up to ``partition.EXHAUSTIVE_MAX`` players are searched exhaustively
    (within a node budget), so a repeat or same-club pair appears only when no draw
    avoids it. Larger fields use a random start and a bounded swap search. Byes go
    to players with the fewest byes so far. The same seed and inputs give the same
    draw.
    """
    players = prepare(entrants)
    if len(players) < 4:
        raise DrawError("too_few_players", count=len(players))
    rng = random.Random(seed)
    rng.shuffle(players)
    hist = history_set(history)
    ids = [e.id for e in players]
    forced, pool, r = bye_tiers([e.byes for e in players], len(players) % 4)
    search = Partition(
        adjacency(ids, hist), club_keys(players), 4, forced, pool, r, rng
    )
    groups, byes, proven = search.solve()
    by_id = {e.id: e for e in players}
    tables = []
    for number, group in enumerate(groups, start=1):
        seats = [ids[i] for i in group]
        rng.shuffle(seats)
        repeats, same = table_conflicts(seats, by_id, hist)
        tables.append(
            DrawTable(
                number=number,
                seats=tuple(seats),
                repeats=repeats,
                same_club=same,
                reasons=conflict_reasons(repeats, same, avoided=True, proven=proven),
            )
        )
    return Draw(
        tables=tuple(tables),
        byes=tuple(sorted(ids[i] for i in byes)),
        seed=seed,
        method="individual",
    )
