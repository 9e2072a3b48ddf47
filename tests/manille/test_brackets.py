"""Test single elimination: seeds, byes, feeding, results, consolation, third place."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.knockout.bracket import (
    CONSOLATION,
    MAIN,
    THIRD_PLACE,
    Source,
    knockout_build,
    knockout_clear,
    knockout_forfeit,
    knockout_phases,
    knockout_places,
    knockout_record,
    standard_order,
)
from manille.knockout.errors import KnockoutError
from tests.manille.knockout_helpers import FIELD, at_random, favourites, play_through

fields = st.integers(min_value=5, max_value=130)


def seeded(n):
    """Entry ids 101.. in seed order: seed s is entry 100 + s."""
    return [100 + s for s in range(1, n + 1)]


def seed_of(entry):
    return entry - 100


# ----------------------------------------------------------------------- building


def test_standard_order_keeps_the_top_seeds_apart():
    assert standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@FIELD
@given(n=fields)
def test_the_first_round_holds_everyone_once_with_byes_to_the_top_seeds(n):
    ko = knockout_build(seeded(n))
    first = ko.bracket(MAIN).rounds[0].matches
    seated = Counter(e for m in first for e in (m.a, m.b) if e is not None)
    assert seated == {e: 1 for e in seeded(n)}
    lines = 1 << (n - 1).bit_length()
    byes = [m for m in first if m.bye]
    assert len(byes) == lines - n
    assert all(m.b is None and m.winner == "a" for m in byes)
    bye_seeds = {seed_of(m.a) for m in byes}
    playing = {seed_of(e) for m in first if not m.bye for e in (m.a, m.b)}
    assert bye_seeds == set(range(1, lines - n + 1))
    assert not playing or max(bye_seeds, default=0) < min(playing)


@FIELD
@given(n=fields)
def test_each_later_match_is_fed_by_exactly_the_two_before_it(n):
    ko = knockout_build(seeded(n), third_place=True, consolation=True)
    for bracket in ko.brackets:
        start = 1 if bracket.code == MAIN else 0
        for r in range(start, len(bracket.rounds)):
            for i, m in enumerate(bracket.rounds[r].matches):
                if bracket.code == MAIN:
                    assert m.source_a == Source(MAIN, r - 1, 2 * i)
                    assert m.source_b == Source(MAIN, r - 1, 2 * i + 1)
                elif r > 0:
                    assert m.source_a == Source(bracket.code, r - 1, 2 * i)
                    assert m.source_b == Source(bracket.code, r - 1, 2 * i + 1)
        fed = Counter(
            (s.bracket, s.round, s.match, s.outcome)
            for rnd in bracket.rounds
            for m in rnd.matches
            for s in (m.source_a, m.source_b)
            if s is not None
        )
        assert all(count == 1 for count in fed.values()), "a match feeds one slot"
        sizes = [len(rnd.matches) for rnd in bracket.rounds]
        assert sizes == [sizes[0] >> k for k in range(len(sizes))]
        assert sizes[-1] == 1


@FIELD
@given(n=fields, seed=st.integers(0, 2**31), consolation=st.booleans())
def test_playing_any_results_through_gives_exactly_one_champion(n, seed, consolation):
    ko = knockout_build(seeded(n), consolation=consolation)
    done = play_through(ko, at_random(random.Random(seed)))
    main = done.bracket(MAIN)
    assert all(m.winner is not None for rnd in main.rounds for m in rnd.matches)
    champion = done.champion
    assert champion in seeded(n)
    losers = Counter(
        m.loser_id for rnd in main.rounds for m in rnd.matches if not m.bye
    )
    assert set(losers) == set(seeded(n)) - {champion}
    assert all(count == 1 for count in losers.values()), "out at the first loss"
    places = knockout_places(done)
    assert places[0] == champion
    assert len({p for p in places if p is not None}) == 4


@FIELD
@given(n=fields)
def test_the_favourites_winning_brings_seeds_1_and_2_to_the_final_only(n):
    done = play_through(knockout_build(seeded(n)), favourites)
    main = done.bracket(MAIN)
    final = main.rounds[-1].matches[0]
    assert {seed_of(final.a), seed_of(final.b)} == {1, 2}
    semis = {seed_of(e) for m in main.rounds[-2].matches for e in (m.a, m.b)}
    assert semis == {1, 2, 3, 4}
    for rnd in main.rounds[:-1]:
        for m in rnd.matches:
            assert {m.a, m.b} != {101, 102}
    assert knockout_places(done) == (101, 102, 103, 104)


@FIELD
@given(n=fields, seed=st.integers(0, 2**31))
def test_the_consolation_bracket_holds_exactly_the_first_rounds_losers(n, seed):
    ko = knockout_build(seeded(n), consolation=True)
    first = ko.bracket(MAIN).rounds[0].matches
    real = [m for m in first if not m.bye]
    consolation = ko.bracket(CONSOLATION)
    if len(real) < 2:
        assert consolation is None
        return
    rng = random.Random(seed)
    for i, m in enumerate(first):
        if not m.bye:
            ko = knockout_record(ko, round=0, match=i, winner=rng.choice("ab"))
    losers = {m.loser_id for m in ko.bracket(MAIN).rounds[0].matches if not m.bye}
    holders = {m.a for m in first if m.bye}
    c_first = ko.bracket(CONSOLATION).rounds[0].matches
    seated = Counter(e for m in c_first for e in (m.a, m.b) if e is not None)
    assert seated == {e: 1 for e in losers}
    assert not holders & set(seated)
    lines = 1 << (len(real) - 1).bit_length()
    assert sum(m.bye for m in c_first) == lines - len(real)


def test_the_consolation_seeds_the_loser_of_the_better_seeds_match_higher():
    """Ten: six byes; the first round is 7 v 10 and 8 v 9; the loser of 7 v 10 first."""
    ko = knockout_build(seeded(10), consolation=True)
    (final,) = ko.bracket(CONSOLATION).rounds[0].matches
    first = ko.bracket(MAIN).rounds[0].matches
    source = {seed_of(first[s.match].a) for s in (final.source_a, final.source_b)}
    assert source == {7, 8}
    assert seed_of(first[final.source_a.match].a) == 7


def test_third_place_is_the_semi_finals_losers_and_needs_two_real_semi_finals():
    ko = knockout_build(seeded(8))
    third = ko.bracket(THIRD_PLACE).rounds[0].matches[0]
    assert (third.source_a.outcome, third.source_b.outcome) == ("loser", "loser")
    done = play_through(ko, favourites)
    third = done.bracket(THIRD_PLACE).rounds[0].matches[0]
    assert {third.a, third.b} == {103, 104}
    assert knockout_build(seeded(3)).bracket(THIRD_PLACE) is None
    assert knockout_build(seeded(4)).bracket(THIRD_PLACE) is not None
    assert knockout_build(seeded(8), third_place=False).bracket(THIRD_PLACE) is None


@pytest.mark.parametrize(
    ("n", "names"),
    [
        (2, ["Final"]),
        (3, ["Semi-finals", "Final"]),
        (16, ["Last 16", "Quarter-finals", "Semi-finals", "Final"]),
        (
            130,
            [
                "Last 256",
                "Last 128",
                "Last 64",
                "Last 32",
                "Last 16",
                "Quarter-finals",
                "Semi-finals",
                "Final",
            ],
        ),
    ],
)
def test_rounds_are_named_by_the_entrants_they_seat(n, names):
    ko = knockout_build(seeded(n))
    assert [r.name for r in ko.bracket(MAIN).rounds] == names


def test_the_match_format_is_carried_in_the_data():
    ko = knockout_build(seeded(8), best_of=1, final_best_of=3, consolation=True)
    main = ko.bracket(MAIN)
    assert [m.best_of for r in main.rounds for m in r.matches] == [1] * 6 + [3]
    assert ko.bracket(THIRD_PLACE).rounds[0].matches[0].best_of == 1
    assert (
        knockout_build(seeded(2), final_best_of=3)
        .brackets[0]
        .rounds[0]
        .matches[0]
        .best_of
        == 3
    )
    with pytest.raises(KnockoutError) as info:
        knockout_build(seeded(8), best_of=2)
    assert info.value.code == "bad_best_of"


def first_round_clashes(ko, group):
    return sum(
        1
        for m in ko.bracket(MAIN).rounds[0].matches
        if m.b is not None and group[m.a] == group[m.b]
    )


@FIELD
@given(n=fields, groups=st.integers(2, 40), seed=st.integers(0, 2**31))
def test_keeping_pools_apart_moves_only_lower_seeds_and_never_adds_a_clash(
    n, groups, seed
):
    rng = random.Random(seed)
    group = {e: rng.randrange(groups) for e in seeded(n)}
    plain = knockout_build(seeded(n))
    apart = knockout_build(seeded(n), apart=group)
    before = plain.bracket(MAIN).rounds[0].matches
    after = apart.bracket(MAIN).rounds[0].matches
    assert [(m.a, m.bye) for m in after] == [(m.a, m.bye) for m in before]
    assert sorted(m.b for m in after if m.b) == sorted(m.b for m in before if m.b)
    assert first_round_clashes(apart, group) <= first_round_clashes(plain, group)
    assert all(m.seed_b == seed_of(m.b) for m in after if m.b)


def test_a_runner_up_does_not_meet_his_own_pools_winner_in_the_first_round():
    """The last 16 of Roeselare: the best runner-up comes from seed 1's pool."""
    pool = {100 + s: chr(64 + s) for s in range(1, 16)}  # seeds 1..15 win A..O
    pool[116] = "A"
    plain = knockout_build(seeded(16))
    assert (plain.bracket(MAIN).rounds[0].matches[0].b) == 116
    ko = knockout_build(seeded(16), apart=pool)
    assert first_round_clashes(ko, pool) == 0
    first = {seed_of(m.a): seed_of(m.b) for m in ko.bracket(MAIN).rounds[0].matches}
    assert (first[1], first[2]) == (15, 16), "the nearest seed swapped"
    done = play_through(ko, favourites)
    final = done.bracket(MAIN).rounds[-1].matches[0]
    assert {final.a, final.b} == {101, 102}


# ------------------------------------------------------------------------ results


def test_a_forfeit_advances_the_other_side_as_a_walkover():
    ko = knockout_build(seeded(4))
    ko = knockout_forfeit(ko, round=0, match=0, forfeiting="a")
    m = ko.bracket(MAIN).rounds[0].matches[0]
    assert (m.winner, m.walkover, m.winner_id) == ("b", True, 104)
    assert ko.bracket(MAIN).rounds[1].matches[0].a == 104
    third = ko.bracket(THIRD_PLACE).rounds[0].matches[0]
    assert third.a == 101, "who forfeits a semi-final still plays for third"


def test_a_result_feeding_a_played_match_cannot_change_until_that_is_cleared():
    ko = play_through(knockout_build(seeded(4)), favourites)
    with pytest.raises(KnockoutError) as info:
        knockout_record(ko, round=0, match=0, winner="b")
    assert info.value.code == "result_feeds_played"
    ko = knockout_clear(ko, round=1, match=0)
    ko = knockout_clear(ko, bracket=THIRD_PLACE, round=0, match=0)
    ko = knockout_record(ko, round=0, match=0, winner="b")
    final = ko.bracket(MAIN).rounds[1].matches[0]
    assert (final.a, final.b, final.winner) == (104, 102, None)
    assert ko.champion is None


def test_a_consolation_bye_passes_its_loser_on_and_guards_the_result_feeding_it():
    """22: ten byes, six first-round losers, so two byes in the consolation."""
    ko = knockout_build(seeded(22), consolation=True)
    first = ko.bracket(MAIN).rounds[0].matches
    byes = [i for i, m in enumerate(ko.bracket(CONSOLATION).rounds[0].matches) if m.bye]
    assert byes
    bye = ko.bracket(CONSOLATION).rounds[0].matches[byes[0]]
    fed_by = bye.source_a.match
    ko = knockout_record(ko, round=0, match=fed_by, winner="a")
    loser = first[fed_by].b
    bye = ko.bracket(CONSOLATION).rounds[0].matches[byes[0]]
    assert (bye.a, bye.winner) == (loser, "a")
    nxt = ko.bracket(CONSOLATION).rounds[1].matches[byes[0] // 2]
    assert loser in (nxt.a, nxt.b)
    ko = play_through(ko, favourites)
    with pytest.raises(KnockoutError) as info:
        knockout_record(ko, round=0, match=fed_by, winner="b")
    assert info.value.code == "result_feeds_played"


def resolved(ko, source):
    m = ko.match(source.bracket, source.round, source.match)
    return m.winner_id if source.outcome == "winner" else m.loser_id


def assert_consistent(ko):
    """Every side is what its source says; only matches with both sides are won."""
    for bracket in ko.brackets:
        for rnd in bracket.rounds:
            for m in rnd.matches:
                for side, source in ((m.a, m.source_a), (m.b, m.source_b)):
                    if source is not None:
                        assert side == resolved(ko, source)
                if m.bye:
                    assert m.winner == ("a" if m.a is not None else None)
                elif m.a is None or m.b is None:
                    assert m.winner is None


@FIELD
@given(
    n=st.integers(min_value=2, max_value=40),
    seed=st.integers(0, 2**31),
    steps=st.integers(1, 60),
)
def test_any_sequence_of_results_forfeits_and_repairs_keeps_the_brackets_consistent(
    n, seed, steps
):
    rng = random.Random(seed)
    ko = knockout_build(seeded(n), consolation=True)
    keys = [
        (b.code, r, i)
        for b in ko.brackets
        for r, rnd in enumerate(b.rounds)
        for i in range(len(rnd.matches))
    ]
    for _ in range(steps):
        code, r, i = rng.choice(keys)
        action = rng.choice(["a", "b", "forfeit", "clear"])
        try:
            if action == "clear":
                ko = knockout_clear(ko, bracket=code, round=r, match=i)
            elif action == "forfeit":
                side = rng.choice("ab")
                ko = knockout_forfeit(
                    ko, bracket=code, round=r, match=i, forfeiting=side
                )
            else:
                ko = knockout_record(ko, bracket=code, round=r, match=i, winner=action)
        except KnockoutError as error:
            assert error.code in ("match_not_ready", "result_feeds_played")
        assert_consistent(ko)


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (
            lambda ko: knockout_record(ko, round=1, match=0, winner="a"),
            "match_not_ready",
        ),
        (
            lambda ko: knockout_record(ko, round=0, match=0, winner="a"),
            "match_not_ready",
        ),
        (lambda ko: knockout_record(ko, round=0, match=1, winner="c"), "bad_side"),
        (lambda ko: knockout_record(ko, round=5, match=0, winner="a"), "no_such_match"),
        (
            lambda ko: knockout_record(ko, round=0, match=-1, winner="a"),
            "no_such_match",
        ),
        (lambda ko: knockout_forfeit(ko, round=0, match=1, forfeiting="x"), "bad_side"),
    ],
)
def test_impossible_results_are_refused_with_a_code(call, code):
    ko = knockout_build(seeded(5))  # match 0: seed 1's bye; match 1: 4 v 5
    with pytest.raises(KnockoutError) as info:
        call(ko)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("entrants", "code"),
    [
        ([101], "too_few_entrants"),
        ([101, 101], "duplicate_entrant"),
        (list(range(1025)), "too_many_entrants"),
    ],
)
def test_a_bracket_that_cannot_be_built_is_refused(entrants, code):
    with pytest.raises(KnockoutError) as info:
        knockout_build(entrants)
    assert info.value.code == code


def test_the_phases_map_directly_onto_the_bracket_api():
    ko = knockout_build(seeded(3))
    ko = knockout_record(ko, round=0, match=1, winner="b")
    phases = knockout_phases(ko, names={101: "Anna", 102: "Bert", 103: "Cis"})
    assert phases == [
        {
            "name": "Main bracket",
            "rounds": [
                {
                    "name": "Semi-finals",
                    "matches": [
                        {"a": "Anna", "b": None, "winner": "a", "bye": True},
                        {"a": "Bert", "b": "Cis", "winner": "b", "bye": False},
                    ],
                },
                {
                    "name": "Final",
                    "matches": [
                        {"a": "Anna", "b": "Cis", "winner": None, "bye": False}
                    ],
                },
            ],
        }
    ]
