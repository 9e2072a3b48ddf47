"""Test the split into pools and the schedule inside a pool, on plain entrants."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.draws.base import Entrant
from manille.knockout.errors import KnockoutError
from manille.knockout.pools import (
    INDIVIDUAL,
    LARGER,
    RANDOM,
    SMALLER,
    pool_count,
    pool_letter,
    pool_rounds,
    split_pools,
)
from tests.manille.knockout_helpers import FIELD, entrants

fields = st.integers(min_value=5, max_value=130)
sizes = st.integers(min_value=2, max_value=8)


def bands_of(split):
    """Each entrant's seed band (seeds 1..P are band 0, P+1..2P band 1, ...)."""
    n_pools = len(split.pools)
    return {
        m: (seed - 1) // n_pools
        for pool in split.pools
        for m, seed in zip(pool.members, pool.seeds, strict=True)
    }


def same_club_pairs(groups, club):
    return sum(
        1
        for g in groups
        for a, b in combinations(g, 2)
        if club[a] is not None and club[a] == club[b]
    )


# -------------------------------------------------------------------------- split


@FIELD
@given(
    n=fields,
    size=sizes,
    uneven=st.sampled_from([SMALLER, LARGER]),
    seeding=st.sampled_from(["snake", RANDOM]),
    clubs=st.integers(min_value=0, max_value=12),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_every_entrant_is_in_exactly_one_pool_of_even_sizes(
    n, size, uneven, seeding, clubs, seed
):
    field = entrants(n, clubs=clubs, rng=random.Random(seed))
    split = split_pools(field, size=size, seeding=seeding, seed=seed, uneven=uneven)
    placed = Counter(m for pool in split.pools for m in pool.members)
    assert placed == {e.id: 1 for e in field}
    lengths = [len(pool.members) for pool in split.pools]
    assert max(lengths) - min(lengths) <= 1
    assert min(lengths) >= 2, "nobody alone in a pool"
    assert len(split.pools) == pool_count(n, size=size, uneven=uneven)
    if uneven == SMALLER and not (size == 2 and n % 2):
        assert max(lengths) <= size
    elif n >= size:
        assert min(lengths) >= size
    assert [p.letter for p in split.pools] == [
        pool_letter(i) for i in range(1, len(lengths) + 1)
    ]


@FIELD
@given(
    n=fields,
    size=sizes,
    clubs=st.integers(min_value=0, max_value=12),
    seed=st.integers(0, 999),
)
def test_snake_seeding_puts_the_top_seeds_in_different_pools(n, size, clubs, seed):
    """Seeds 1..P open pools A..P; swaps for clubs stay within a seed band."""
    split = split_pools(entrants(n, clubs=clubs, rng=random.Random(seed)), size=size)
    n_pools = len(split.pools)
    top = [
        next(p.number for p in split.pools if s in p.seeds)
        for s in range(1, n_pools + 1)
    ]
    assert sorted(top) == list(range(1, n_pools + 1))
    band = bands_of(split)
    for pool in split.pools:
        assert len({band[m] for m in pool.members}) == len(pool.members)
    if not clubs:
        assert top == list(range(1, n_pools + 1)), "without clubs, the plain snake"


def test_the_snake_turns_back_at_the_last_pool_and_stops_where_the_field_does():
    split = split_pools(entrants(10), size=4)  # 3 pools: 4, 3, 3
    assert [p.seeds for p in split.pools] == [(1, 6, 7), (2, 5, 8), (3, 4, 9, 10)]
    assert split.pools[0].reasons == ("snake", "no_same_club")


def test_pools_of_two_for_an_odd_field_make_one_pool_of_three():
    split = split_pools(entrants(7), size=2)
    assert sorted(len(p.members) for p in split.pools) == [2, 2, 3]


@FIELD
@given(n=fields, size=sizes, uneven=st.sampled_from([SMALLER, LARGER]))
def test_every_pool_of_a_split_has_a_schedule_meeting_everyone_once(n, size, uneven):
    for pool in split_pools(entrants(n), size=size, uneven=uneven).pools:
        rounds = pool_rounds(pool)
        met = Counter(frozenset(t) for r in rounds for t in r.tables)
        assert met == {frozenset(p): 1 for p in combinations(pool.members, 2)}


def test_larger_pools_make_fewer_pools_some_one_larger():
    split = split_pools(entrants(9), size=4, uneven=LARGER)
    assert sorted(len(p.members) for p in split.pools) == [4, 5]


@FIELD
@given(
    n=fields,
    size=sizes,
    clubs=st.integers(min_value=1, max_value=12),
    seed=st.integers(0, 999),
)
def test_no_swap_within_a_band_would_remove_a_same_club_pair(n, size, clubs, seed):
    """What clashes remain, no single swap in a seed band could take away."""
    field = entrants(n, clubs=clubs, rng=random.Random(seed))
    club = {e.id: e.club for e in field}
    split = split_pools(field, size=size)
    groups = [list(p.members) for p in split.pools]
    total = same_club_pairs(groups, club)
    assert total == sum(p.same_club for p in split.pools)
    assert total == sum(c.pairs for c in split.clashes)
    band = bands_of(split)
    for (i, g), (j, h) in combinations(enumerate(groups), 2):
        for x in g:
            for y in h:
                if band[x] != band[y]:
                    continue
                swapped = [list(k) for k in groups]
                swapped[i][swapped[i].index(x)] = y
                swapped[j][swapped[j].index(y)] = x
                assert same_club_pairs(swapped, club) >= total


def test_clubs_are_kept_apart_where_they_can_be():
    """60 pairs of 10 clubs of six in 15 pools: no pool holds two of a club."""
    field = [Entrant(id=i, club=i % 10) for i in range(1, 61)]
    plain = split_pools(field, size=4, avoid_clubs=False)
    assert sum(p.same_club for p in plain.pools) > 0
    assert {p.reasons[1] for p in plain.pools} >= {"same_club"}
    split = split_pools(field, size=4)
    assert sum(p.same_club for p in split.pools) == 0
    assert split.clashes == ()


def test_a_club_larger_than_the_pools_count_is_reported_unavoidable():
    """18 of one club in 16 pools: two pools must hold two of them, and say so."""
    field = [Entrant(id=i, club=1 if i <= 18 else None) for i in range(1, 62)]
    split = split_pools(field, size=4)
    (clash,) = split.clashes
    assert (clash.club, clash.entrants, clash.pairs, clash.unavoidable) == (
        1,
        18,
        2,
        True,
    )
    assert len(clash.pools) == 2
    for number in clash.pools:
        assert split.pools[number - 1].reasons[1] == "same_club_unavoidable"


def test_random_seeding_is_reproducible_by_its_seed():
    field = entrants(40, clubs=5)
    one = split_pools(field, size=4, seeding=RANDOM, seed=7)
    assert one == split_pools(field, size=4, seeding=RANDOM, seed=7)
    others = {
        split_pools(field, size=4, seeding=RANDOM, seed=s).pools for s in range(5)
    }
    assert len(others) > 1
    assert one.pools[0].reasons[0] == "random"


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: split_pools(entrants(8), size=1), "bad_pool_size"),
        (lambda: split_pools(entrants(8), size=4, seeding="lot"), "unknown_seeding"),
        (lambda: split_pools(entrants(8), size=4, uneven="odd"), "unknown_uneven"),
        (lambda: split_pools(entrants(1), size=4), "too_few_entrants"),
        (lambda: split_pools([Entrant(1), Entrant(1)], size=2), "duplicate_entrant"),
    ],
)
def test_a_split_that_cannot_be_made_is_refused_with_a_code(call, code):
    with pytest.raises(KnockoutError) as info:
        call()
    assert info.value.code == code
    assert info.value.template % info.value.params == str(info.value)


def test_pools_are_lettered_past_z():
    assert [pool_letter(n) for n in (1, 26, 27, 52, 53, 702, 703)] == [
        "A",
        "Z",
        "AA",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


# ----------------------------------------------------------------------- schedule


@pytest.mark.parametrize("size", range(2, 9))
def test_a_pool_of_teams_meets_everyone_once_and_its_top_two_last(size):
    (pool,) = split_pools(entrants(size), size=size).pools
    rounds = pool_rounds(pool)
    met = Counter(frozenset(t) for r in rounds for t in r.tables)
    assert met == {frozenset(p): 1 for p in combinations(pool.members, 2)}
    assert frozenset(pool.members[:2]) in {frozenset(t) for t in rounds[-1].tables}
    sat_out = Counter(b for r in rounds for b in r.byes)
    assert sat_out == ({m: 1 for m in pool.members} if size % 2 else {})
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


def test_a_pool_of_three_plays_as_many_rounds_as_a_pool_of_four():
    split = split_pools(entrants(7), size=4)
    assert sorted(len(pool_rounds(p)) for p in split.pools) == [3, 3]


def test_a_pool_of_players_is_one_table_of_four():
    (pool,) = split_pools(entrants(4), size=4).pools
    (rnd,) = pool_rounds(pool, format=INDIVIDUAL)
    assert rnd.tables == (pool.members,)
    (five,) = split_pools(entrants(5), size=5).pools
    with pytest.raises(KnockoutError) as info:
        pool_rounds(five, format=INDIVIDUAL)
    assert info.value.code == "individual_pool_size"
