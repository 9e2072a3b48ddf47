"""Test the individual draw (rotating partners) on plain entrants."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.draws.base import (
    INDIVIDUAL_GAMES,
    REASON_TEXT,
    DrawError,
    Entrant,
)
from manille.draws.individual import draw_individual
from manille.draws.random_pairs import draw_random
from tests.draw_checker import check_draw
from tests.draws.draw_helpers import (
    SLOW,
    best_possible,
    field_entrants,
    met_pairs,
    random_history,
    totals,
)

# -------------------------------------------------------------------- individual


@given(
    n=st.integers(min_value=4, max_value=80),
    seed=st.integers(min_value=0, max_value=10**6),
    byes=st.lists(st.integers(min_value=0, max_value=2), min_size=80, max_size=80),
)
@SLOW
def test_every_present_player_is_seated_exactly_once_or_has_a_bye(n, seed, byes):
    rng = random.Random(seed)
    players = [
        Entrant(id=100 + i, club=rng.choice([None, 1, 2, 3, 4]), byes=byes[i])
        for i in range(n)
    ]
    history = random_history([p.id for p in players], rng, 0.05)
    draw = draw_individual(players, seed=seed, history=history)
    assert check_draw(draw, players, history=history) == []
    assert all(len(t.seats) == 4 for t in draw.tables)
    assert len(draw.byes) == n % 4
    assert [t.number for t in draw.tables] == list(range(1, n // 4 + 1))


def test_the_rotation_gives_each_player_each_partner_exactly_once():
    partnerships = Counter()
    for side_a, side_b in INDIVIDUAL_GAMES:
        assert sorted(side_a + side_b) == [1, 2, 3, 4]
        assert 1 in side_a, "the scorer in seat 1 stays on side A"
        partnerships[frozenset(side_a)] += 1
        partnerships[frozenset(side_b)] += 1
    assert partnerships == {frozenset(p): 1 for p in combinations((1, 2, 3, 4), 2)}


@given(clubs=field_entrants, seed=st.integers(min_value=0, max_value=10**6))
@SLOW
def test_a_small_field_gets_the_fewest_repeats_then_the_fewest_same_club_pairs(
    clubs, seed
):
    """Brute force over every draw: repeats are minimised first, then clubs."""
    rng = random.Random(seed)
    players = [Entrant(id=i + 1, club=c) for i, c in enumerate(clubs)]
    history = random_history([p.id for p in players], rng, rng.choice([0.1, 0.3]))
    draw = draw_individual(players, seed=seed, history=history)
    assert totals(draw) == best_possible(players, history, 4)
    assert check_draw(draw, players, history=history) == []


def test_no_repeat_when_a_repeat_free_draw_exists():
    """After a round of four tables, each new table takes one from each old one."""
    players = [Entrant(id=i) for i in range(1, 17)]
    history = met_pairs(draw_individual(players, seed=1))
    for seed in range(20):
        draw = draw_individual(players, seed=seed, history=history)
        assert totals(draw) == (0, 0)
        assert all(t.reasons == ("no_repeat", "no_same_club") for t in draw.tables)


def test_no_same_club_pair_when_a_club_free_draw_exists():
    players = [Entrant(id=i, club=i % 4) for i in range(1, 9)]  # 4 clubs of 2
    for seed in range(20):
        assert totals(draw_individual(players, seed=seed)) == (0, 0)


def test_an_unavoidable_same_club_pair_is_explained():
    """Three of eight players share a club: one pair of them must share a table."""
    players = [Entrant(id=i, club=1 if i <= 3 else None) for i in range(1, 9)]
    draw = draw_individual(players, seed=7)
    assert totals(draw) == (0, 1)
    table = next(t for t in draw.tables if t.same_club)
    assert table.reasons == ("no_repeat", "same_club_unavoidable")
    text = "; ".join(REASON_TEXT[code] for code in table.reasons)
    assert text == "no repeat; same-club pair unavoidable"


def test_a_big_field_with_clubs_and_history_is_drawn_without_conflicts():
    rng = random.Random(5)
    players = [Entrant(id=i, club=rng.randint(1, 20)) for i in range(1, 403)]
    history: set[frozenset[int]] = set()
    for round_seed in range(3):
        draw = draw_individual(players, seed=round_seed, history=history)
        assert check_draw(draw, players, history=history) == []
        assert totals(draw) == (0, 0)
        history |= met_pairs(draw)


def test_the_same_seed_and_inputs_give_the_same_draw_in_any_input_order():
    rng = random.Random(3)
    players = [Entrant(id=i, club=rng.randint(1, 5)) for i in range(1, 31)]
    history = random_history([p.id for p in players], rng, 0.1)
    first = draw_individual(players, seed=42, history=history)
    shuffled = list(players)
    rng.shuffle(shuffled)
    assert draw_individual(shuffled, seed=42, history=list(history)) == first
    pairs_first = draw_random(players, seed=42, history=history)
    assert draw_random(shuffled, seed=42, history=history) == (pairs_first)


def test_different_seeds_usually_give_different_draws():
    players = [Entrant(id=i) for i in range(1, 41)]
    individual = {draw_individual(players, seed=s).tables for s in range(10)}
    pairs = {draw_random(players, seed=s).tables for s in range(10)}
    assert len(individual) == 10
    assert len(pairs) == 10


def test_fewer_than_four_players_cannot_be_drawn():
    with pytest.raises(DrawError) as caught:
        draw_individual([Entrant(id=1), Entrant(id=2), Entrant(id=3)], seed=1)
    assert caught.value.code == "too_few_players"
    assert "3 present" in caught.value.message
    assert isinstance(caught.value, ValueError)


def test_a_duplicate_entrant_is_refused():
    with pytest.raises(DrawError) as caught:
        draw_individual([Entrant(id=i % 4) for i in range(5)], seed=1)
    assert caught.value.code == "duplicate_entrant"
