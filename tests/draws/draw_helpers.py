"""Draw, measure and brute-force plain entrants' draws, for the generators' tests."""

from itertools import combinations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from manille.draws import registry
from manille.draws.base import (
    Draw,
    table_conflicts,
)

# The methods that draw a round afresh (pools and knockouts are seated from the
# phase's own plan: tests/draws/test_pools_knockout.py).
PAIR_METHODS = sorted(
    m.code
    for m in registry.METHODS
    if m.serves(registry.PAIRS) and not m.staged and m.code != "seeded"
)
# A draw costs some thirty times a plain example: 3/10 of the profile's count (60
# in CI: see tests/conftest.py).
SLOW = settings(
    max_examples=max(5, settings.default.max_examples * 3 // 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# ----------------------------------------------------------------------- helpers


def draw_pairs(teams, *, method, seed, history=(), round_number=1):
    """Draw pairs by ``method`` through the registry, as the workflow does."""
    return registry.method(method).draw(
        teams,
        format=registry.PAIRS,
        seed=seed,
        history=history,
        round_in_phase=round_number,
    )


def met_pairs(draw: Draw) -> set[frozenset[int]]:
    return {
        frozenset(pair)
        for table in draw.tables
        for pair in combinations(table.seats, 2)
    }


def totals(draw: Draw) -> tuple[int, int]:
    return (
        sum(t.repeats for t in draw.tables),
        sum(t.same_club for t in draw.tables),
    )


def partitions(items: list[int], size: int):
    """Yield every split of ``items`` into unordered groups of ``size``."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for combo in combinations(rest, size - 1):
        remaining = [x for x in rest if x not in combo]
        for tail in partitions(remaining, size):
            yield [(first, *combo), *tail]


def best_possible(entrants, history, size) -> tuple[int, int]:
    """Brute force: the least (repeats, same_club) any draw can reach.

    Every entrant has had no bye yet, so any of them may sit out.
    """
    by_id = {e.id: e for e in entrants}
    ids = sorted(by_id)
    best = None
    for byes in combinations(ids, len(ids) % size):
        seated = [i for i in ids if i not in byes]
        for split in partitions(seated, size):
            cost = [0, 0]
            for group in split:
                repeats, same = table_conflicts(group, by_id, history)
                cost[0] += repeats
                cost[1] += same
            if best is None or tuple(cost) < best:
                best = tuple(cost)
    return best


field_entrants = st.integers(min_value=4, max_value=11).flatmap(
    lambda n: st.lists(
        st.one_of(st.none(), st.integers(min_value=1, max_value=3)),
        min_size=n,
        max_size=n,
    )
)


def random_history(ids, rng, density):
    return {frozenset(p) for p in combinations(ids, 2) if rng.random() < density}
