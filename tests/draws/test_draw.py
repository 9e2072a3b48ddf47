"""Test the draw generators on plain entrants, without a database."""

import ast
import inspect
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manille.draws import base, registry, swiss
from manille.draws.base import (
    INDIVIDUAL_GAMES,
    REASON_TEXT,
    Draw,
    DrawError,
    DrawTable,
    Entrant,
    table_conflicts,
)
from manille.draws.individual import draw_individual
from manille.draws.ladder import draw_ladder
from manille.draws.random_pairs import draw_random
from manille.draws.round_robin import draw_round_robin, round_robin_schedule
from manille.draws.seeded import draw_seeded
from manille.draws.swiss import draw_swiss
from tests.draw_checker import check_draw

PAIR_METHODS = sorted(registry.codes_for(registry.PAIRS) - {"seeded"})
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


# -------------------------------------------------------------------------- byes


@given(
    n=st.integers(min_value=4, max_value=23),
    seed=st.integers(min_value=0, max_value=10**6),
    method=st.sampled_from(["individual", *PAIR_METHODS]),
)
@SLOW
def test_nobody_gets_a_second_bye_before_everyone_had_one(n, seed, method):
    if method != "individual" and n % 2 == 0:
        n += 1
    if method == "individual" and n % 4 == 0:
        n += 1
    rng = random.Random(seed)
    byes = Counter()
    wins = Counter()
    history: set[frozenset[int]] = set()
    round_number = 0
    while min(byes[i] for i in range(1, n + 1)) == 0:
        round_number += 1
        players = [
            Entrant(id=i, club=i % 3, wins=wins[i], points=wins[i] * 7, byes=byes[i])
            for i in range(1, n + 1)
        ]
        if method == "individual":
            draw = draw_individual(players, seed=rng.randrange(10**6), history=history)
        else:
            draw = draw_pairs(
                players,
                method=method,
                seed=rng.randrange(10**6),
                history=history,
                round_number=round_number,
            )
        assert check_draw(draw, players, history=history) == []
        for table in draw.tables:
            wins[rng.choice(table.seats)] += 1
        history |= met_pairs(draw)
        assert len(set(draw.byes)) == len(draw.byes)
        byes.update(draw.byes)
        counts = [byes[i] for i in range(1, n + 1)]
        assert max(counts) - min(counts) <= 1, f"a second bye in round {round_number}"


def test_swiss_and_ladder_byes_go_to_the_lowest_standing_team_without_a_bye():
    teams = [Entrant(id=i, wins=10 - i, byes=1 if i == 7 else 0) for i in range(1, 8)]
    for generate in (draw_swiss, draw_ladder):
        assert generate(teams, seed=1).byes == (6,)


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


# ------------------------------------------------------------------ checks, text


def test_table_conflicts_counts_a_hand_edited_table():
    by_id = {i: Entrant(id=i, club=1 if i < 3 else i) for i in range(1, 5)}
    history = [frozenset((1, 3)), frozenset((2, 4)), frozenset((7, 8))]
    assert table_conflicts((1, 2, 3, 4), by_id, history) == (2, 1)


def test_check_draw_reports_missing_doubled_and_strange_entrants():
    players = [Entrant(id=i) for i in range(1, 6)]
    bad = Draw(
        tables=(DrawTable(2, (1, 2, 2, 9), 0, 0, ("no_repeat", "no_same_club")),),
        byes=(3,),
        seed=0,
        method="manual",
    )
    problems = check_draw(bad, players)
    assert "entrant 2 is placed 2 times" in problems
    assert "entrant 9 is not present" in problems
    assert "entrant 4 is neither seated nor given a bye" in problems
    assert any("numbered" in p for p in problems)


def test_every_reason_text_is_marked_for_translation():
    """makemessages only extracts strings wrapped in gettext_noop."""
    tree = ast.parse(inspect.getsource(base))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and node.target.id in (
            "REASON_TEXT",
            "ERROR_TEXT",
        ):
            for value in node.value.values:
                assert isinstance(value, ast.Call)
                assert value.func.id == "gettext_noop"


def test_swiss_past_its_search_budget_still_pairs_everyone_and_repairs_rematches(
    monkeypatch,
):
    monkeypatch.setattr(swiss, "_SWISS_NODES", 1)
    teams = [Entrant(id=i, wins=4 - i // 2) for i in range(1, 9)]
    history = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    draw = draw_swiss(teams, seed=1, history=history)
    assert check_draw(draw, teams, history=history) == []
    assert totals(draw)[0] == 0
