"""Test the draws of pairs (round robin, Swiss, random, ladder, seeded), plain data."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.draws.base import (
    DrawError,
    Entrant,
    table_conflicts,
)
from manille.draws.ladder import draw_ladder
from manille.draws.random_pairs import draw_random
from manille.draws.round_robin import draw_round_robin, round_robin_schedule
from manille.draws.seeded import draw_seeded
from manille.draws.swiss import draw_swiss
from tests.draw_checker import check_draw
from tests.draws.draw_helpers import (
    SLOW,
    best_possible,
    partitions,
    random_history,
    totals,
)

# ------------------------------------------------------------------------- pairs


@pytest.mark.parametrize("n", range(2, 13))
def test_round_robin_schedule_meets_every_pair_exactly_once(n):
    schedule = round_robin_schedule(n)
    assert len(schedule) == (n - 1 if n % 2 == 0 else n)
    games = Counter(frozenset(game) for rnd in schedule for game in rnd)
    assert games == {frozenset(p): 1 for p in combinations(range(n), 2)}
    sitting_out = Counter()
    for rnd in schedule:
        playing = [i for game in rnd for i in game]
        assert len(playing) == len(set(playing)) == n - n % 2
        sitting_out.update(set(range(n)) - set(playing))
    assert sitting_out == ({i: 1 for i in range(n)} if n % 2 else {})


def test_round_robin_follows_the_berger_table():
    assert round_robin_schedule(6)[:2] == [
        [(0, 5), (1, 4), (2, 3)],
        [(5, 3), (4, 2), (0, 1)],
    ]


@pytest.mark.parametrize("n", [6, 7])
def test_round_robin_rounds_pair_every_team_with_every_other(n):
    teams = [Entrant(id=10 * i) for i in range(n, 0, -1)]
    met: Counter[frozenset[int]] = Counter()
    byes = Counter()
    rounds = n - 1 if n % 2 == 0 else n
    for round_number in range(1, rounds + 1):
        draw = draw_round_robin(teams, seed=0, round_number=round_number)
        assert check_draw(draw, teams) == []
        assert all(t.reasons[0] == "round_robin" for t in draw.tables)
        met.update(frozenset(t.seats) for t in draw.tables)
        byes.update(draw.byes)
    assert met == {frozenset(p): 1 for p in combinations([t.id for t in teams], 2)}
    assert byes == ({t.id: 1 for t in teams} if n % 2 else {})


def test_swiss_pairs_teams_with_equal_records():
    wins = [3, 3, 2, 2, 2, 2, 1, 1, 0, 0]
    teams = [Entrant(id=i + 1, wins=w, points=50 - i) for i, w in enumerate(wins)]
    draw = draw_swiss(teams, seed=1)
    record = {t.id: t.wins for t in teams}
    for table in draw.tables:
        a, b = table.seats
        assert record[a] == record[b]
        assert table.reasons[0] == "swiss_score_group"
    assert draw.tables[0].seats == (1, 2), "top-down: the leaders meet at table 1"


def test_swiss_floats_down_when_the_score_group_already_met():
    teams = [Entrant(id=i, wins=w) for i, w in enumerate([2, 2, 1, 1], start=1)]
    draw = draw_swiss(teams, seed=1, history={frozenset((1, 2))})
    assert totals(draw)[0] == 0
    assert {t.reasons[0] for t in draw.tables} == {"swiss_floated"}


def test_swiss_prefers_another_club_within_a_score_group():
    teams = [
        Entrant(id=1, club=1, wins=1, points=9),
        Entrant(id=2, club=1, wins=1, points=8),
        Entrant(id=3, club=2, wins=1, points=7),
        Entrant(id=4, club=2, wins=1, points=6),
    ]
    draw = draw_swiss(teams, seed=1)
    assert totals(draw) == (0, 0)


@given(
    n=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=10**6),
    density=st.sampled_from([0.2, 0.4, 0.6]),
)
@SLOW
def test_swiss_never_rematches_when_a_pairing_without_rematch_exists(n, seed, density):
    rng = random.Random(seed)
    teams = [
        Entrant(id=i, club=rng.randint(1, 3), wins=rng.randint(0, 3), points=i)
        for i in range(1, n + 1)
    ]
    history = random_history([t.id for t in teams], rng, density)
    draw = draw_swiss(teams, seed=seed, history=history)
    assert check_draw(draw, teams, history=history) == []
    by_id = {t.id: t for t in teams}
    seated = [i for i in sorted(by_id) if i not in draw.byes]  # byes: own rule
    least = min(
        sum(table_conflicts(g, by_id, history)[0] for g in split)
        for split in partitions(seated, 2)
    )
    assert totals(draw)[0] == least


@given(
    n=st.integers(min_value=2, max_value=12),
    seed=st.integers(min_value=0, max_value=10**6),
)
@SLOW
def test_random_pairs_minimise_rematches_then_same_club_matches(n, seed):
    rng = random.Random(seed)
    teams = [Entrant(id=i, club=rng.choice([None, 1, 2])) for i in range(1, n + 1)]
    history = random_history([t.id for t in teams], rng, 0.3)
    draw = draw_random(teams, seed=seed, history=history)
    assert check_draw(draw, teams, history=history) == []
    assert totals(draw) == best_possible(teams, history, 2)


def test_ladder_plays_first_against_second_and_third_against_fourth():
    teams = [Entrant(id=i, rank=r) for i, r in [(11, 3), (12, 1), (13, 4), (14, 2)]]
    draw = draw_ladder(teams, seed=1)
    assert [t.seats for t in draw.tables] == [(12, 14), (11, 13)]
    assert all(t.reasons[0] == "ladder" for t in draw.tables)


def test_ladder_without_ranks_orders_by_wins_then_points():
    teams = [
        Entrant(id=1, wins=1, points=40),
        Entrant(id=2, wins=2, points=10),
        Entrant(id=3, wins=1, points=90),
        Entrant(id=4, wins=0, points=99),
    ]
    draw = draw_ladder(teams, seed=1)
    assert [t.seats for t in draw.tables] == [(2, 3), (1, 4)]


def test_ladder_round_one_with_no_standings_is_drawn_by_lot():
    teams = [Entrant(id=i) for i in range(1, 21)]
    draws = {draw_ladder(teams, seed=s).tables for s in range(5)}
    assert len(draws) == 5
    first = draw_ladder(teams, seed=0)
    assert first.method == "ladder"
    assert all(t.reasons[0] == "random" for t in first.tables)


@pytest.mark.parametrize("generate", [draw_random, draw_swiss, draw_ladder])
def test_fewer_than_two_teams_cannot_be_paired(generate):
    with pytest.raises(DrawError) as caught:
        generate([Entrant(id=1)], seed=1)
    assert caught.value.code == "too_few_teams"


def test_a_round_robin_round_before_the_first_cannot_be_drawn():
    with pytest.raises(DrawError) as caught:
        draw_round_robin([Entrant(id=1), Entrant(id=2)], seed=1, round_number=0)
    assert caught.value.code == "bad_round_number"


# ------------------------------------------------------------------------ seeded


def test_seeded_tables_of_four_follow_the_snake():
    ranked = [Entrant(id=100 + seed) for seed in range(1, 17)]
    draw = draw_seeded(ranked, table_size=4, seed=0)
    seats = [[eid - 100 for eid in t.seats] for t in draw.tables]
    assert seats == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]
    assert all(t.reasons[0] == "seeded" for t in draw.tables)
    assert check_draw(draw, ranked) == []


def test_seeded_pairs_put_the_top_seed_against_the_last():
    ranked = [Entrant(id=seed) for seed in range(1, 9)]
    draw = draw_seeded(ranked, table_size=2, seed=0)
    assert [t.seats for t in draw.tables] == [(1, 8), (2, 7), (3, 6), (4, 5)]


def test_seeded_leftovers_sit_out_from_the_bottom():
    ranked = [Entrant(id=seed) for seed in range(1, 11)]
    draw = draw_seeded(ranked, table_size=4, seed=0)
    assert draw.byes == (9, 10)
    assert draw.tables[0].seats == (1, 4, 5, 8)
