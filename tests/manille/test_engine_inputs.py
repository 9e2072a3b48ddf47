"""Test that the scoring engine refuses every impossible deal, rules and cards."""

import pickle
from dataclasses import FrozenInstanceError

import pytest

from manille.engine import (
    CardCount,
    Deal,
    InvalidDeal,
    Rules,
    Trump,
    card_points,
    points_from_cards,
    score_deal,
    validate_deal,
)
from tests.manille.helpers import STANDARD, raises, scores

# --------------------------------------------------------------- trump


def test_trump_accepts_enum_members_and_plain_strings():
    for trump in Trump:
        assert score_deal(Deal((36, 24), trump)) == score_deal(
            Deal((36, 24), trump.value)
        )
    assert isinstance(Trump.CLUBS, str) and Trump("no_trump") is Trump.NO_TRUMP
    assert str(Trump.HEARTS) == "hearts"


@pytest.mark.parametrize("trump", ["CLUBS", "NO_TRUMP", "Clubs", "", "joker", None, 3])
def test_unknown_trump_is_invalid(trump):
    exc = raises("trump_unknown", Deal((36, 24), trump))
    assert exc.field == "trump"


# --------------------------------------------------------------- every error code


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        (Deal((36,), "clubs"), "points_type", "points"),
        (Deal((36, 24, 0), "clubs"), "points_type", "points"),
        (Deal("36-24", "clubs"), "points_type", "points"),
        (Deal(None, "clubs"), "points_type", "points"),
        (Deal((36.0, 24.0), "clubs"), "points_type", "points"),
        (Deal((True, 59), "clubs"), "points_type", "points"),
        (Deal(("36", "24"), "clubs"), "points_type", "points"),
        (Deal((61, -1), "clubs"), "points_out_of_range", "points"),
        (Deal((-1, 61), "clubs"), "points_out_of_range", "points"),
        (Deal((36, 25), "clubs"), "points_sum", "points"),
        (Deal((36, 24), "trefle"), "trump_unknown", "trump"),
        (Deal((36, 24), "clubs", knocks=1.0), "knocks_type", "knocks"),
        (Deal((36, 24), "clubs", knocks=True), "knocks_type", "knocks"),
        (Deal((36, 24), "clubs", knocks=None), "knocks_type", "knocks"),
        (Deal((36, 24), "clubs", knocks=-1), "knocks_negative", "knocks"),
        (Deal((36, 24), "clubs", knocks=3), "knocks_too_many", "knocks"),
        (Deal((36, 24), "clubs", blind=1), "blind_type", "blind"),
        (Deal((36, 24), "clubs", blind=None), "blind_type", "blind"),
        (Deal((36, 24), "clubs", revoke=2), "revoke_invalid", "revoke"),
        (Deal((36, 24), "clubs", revoke=-1), "revoke_invalid", "revoke"),
        (Deal((36, 24), "clubs", revoke=True), "revoke_invalid", "revoke"),
        (Deal((36, 24), "clubs", revoke="0"), "revoke_invalid", "revoke"),
        (Deal((36, 24), "clubs", declarer=2), "declarer_invalid", "declarer"),
        (Deal((36, 24), "clubs", declarer=None), "declarer_invalid", "declarer"),
        (Deal((36, 24), "clubs", declarer=False), "declarer_invalid", "declarer"),
        (Deal((36, 24), "clubs", tricks=(4,)), "tricks_type", "tricks"),
        (Deal((36, 24), "clubs", tricks=(-1, 9)), "tricks_type", "tricks"),
        (Deal((36, 24), "clubs", tricks=(4.0, 4.0)), "tricks_type", "tricks"),
        (Deal((36, 24), "clubs", tricks="44"), "tricks_type", "tricks"),
        (Deal((36, 24), "clubs", tricks=(4, 5)), "tricks_sum", "tricks"),
        (Deal((36, 24), "clubs", tricks=(1, 7)), "tricks_points_impossible", "tricks"),
        (Deal((5, 55), "clubs", tricks=(8, 0)), "tricks_points_impossible", "tricks"),
        (Deal((1, 59), "clubs", tricks=(0, 8)), "tricks_points_impossible", "tricks"),
        (Deal((0, 60), "clubs", tricks=(4, 4)), "tricks_points_impossible", "tricks"),
        ("not a deal", "deal_type", None),
        (None, "deal_type", None),
    ],
)
def test_every_impossible_input_raises_invalid_deal(deal, code, field):
    with pytest.raises(InvalidDeal) as info:
        score_deal(deal)
    exc = info.value
    assert (exc.code, exc.field, exc.index) == (code, field, None)
    assert exc.message == exc.template % exc.params
    assert exc.message and str(exc) == exc.message
    with pytest.raises(InvalidDeal):
        validate_deal(deal)


def test_validate_deal_accepts_a_valid_deal():
    assert validate_deal(Deal((36, 24), "clubs", tricks=(5, 3))) is None


def test_tricks_bound_the_points_a_side_can_hold():
    """1 trick holds at most 20 points, 0 tricks exactly 0, 4 tricks at least 4."""
    assert scores(Deal((20, 40), "clubs", tricks=(1, 7))) == (0, 10)
    raises("tricks_points_impossible", Deal((21, 39), "clubs", tricks=(1, 7)))
    assert scores(Deal((0, 60), "clubs", tricks=(0, 8))) == (0, 30)
    assert scores(Deal((4, 56), "clubs", tricks=(4, 4))) == (0, 26)
    raises("tricks_points_impossible", Deal((3, 57), "clubs", tricks=(4, 4)))


def test_tricks_with_trick_points_add_one_point_per_trick():
    rules = Rules(trick_points=True)
    assert scores(Deal((21, 47), "clubs", tricks=(1, 7)), rules) == (0, 13)
    raises("tricks_points_impossible", Deal((22, 46), "clubs", tricks=(1, 7)), rules)
    raises("tricks_points_impossible", Deal((0, 68), "clubs", tricks=(1, 7)), rules)
    raises("points_out_of_range", Deal((69, -1), "clubs"), rules)


def test_tricks_on_an_uncounted_revoke_deal_are_checked_for_shape_only():
    assert scores(Deal((0, 0), "clubs", revoke=0, tricks=(8, 0))) == (0, 30)
    raises("tricks_sum", Deal((0, 0), "clubs", revoke=0, tricks=(4, 3)))


def test_lists_and_int_subclasses_are_accepted_as_numbers():
    class Side(int):
        pass

    assert scores(Deal([36, 24], "clubs", tricks=[5, 3])) == (6, 0)
    assert scores(Deal((Side(36), Side(24)), "clubs", knocks=Side(1))) == (12, 0)


def test_invalid_deal_is_a_value_error_and_pickles():
    exc = raises("points_sum", Deal((36, 25), "clubs"))
    assert isinstance(exc, ValueError)
    assert exc.params == {"total": 60, "sum": 61}
    copy = pickle.loads(pickle.dumps(exc))
    assert (copy.code, copy.field, copy.params, copy.message) == (
        exc.code,
        exc.field,
        exc.params,
        exc.message,
    )


def test_constructing_a_deal_never_raises():
    deal = Deal(points="nonsense", trump=object(), knocks=-5, blind="yes")
    assert deal.knocks == -5


def test_negative_carry_is_a_programming_error_not_invalid_deal():
    with pytest.raises(ValueError) as info:
        score_deal(Deal((36, 24), "clubs"), STANDARD, carry=-1)
    assert not isinstance(info.value, InvalidDeal)


def test_rules_must_be_a_rules_object():
    with pytest.raises(TypeError):
        score_deal(Deal((36, 24), "clubs"), {"target": 101})


# --------------------------------------------------------------- rules objects


@pytest.mark.parametrize(
    "kwargs",
    [
        {"multiplier": "foo"},
        {"target": 0},
        {"target": -5},
        {"target": None, "deals": None},
        {"deals": 0},
        {"max_knocks": -1},
        {"max_factor": 0},
        {"revoke_points": -30},
        {"no_trump_doubles": "yes"},
        {"trick_points": 1},
        {"max_knocks": 2.5},
        {"target": True},
    ],
)
def test_nonsense_rules_raise_value_error(kwargs):
    with pytest.raises(ValueError) as info:
        Rules(**kwargs)
    assert not isinstance(info.value, InvalidDeal)


def test_rules_are_frozen_hashable_and_default_to_the_standard_rules():
    rules = Rules()
    assert rules == Rules(
        multiplier="multiply",
        no_trump_doubles=True,
        blind_doubles=True,
        max_knocks=2,
        capot_doubles=False,
        draw_carry=False,
        max_factor=None,
        revoke_points=None,
        trick_points=False,
        target=101,
        deals=None,
    )
    assert hash(rules) == hash(Rules())
    with pytest.raises(FrozenInstanceError):
        rules.target = 50


# --------------------------------------------------------------- cards


def test_card_points_count_five_four_three_two_one():
    assert card_points(CardCount(tens=1, aces=1, kings=1, queens=1, jacks=1)) == 15
    assert card_points(CardCount(4, 4, 4, 4, 4)) == 60
    assert card_points(CardCount()) == 0


def test_points_from_cards_derives_the_other_side_from_the_deck():
    assert points_from_cards(CardCount(tens=2, aces=1, jacks=3)) == (17, 43)
    assert points_from_cards(CardCount(), None) == (0, 60)


def test_points_from_cards_checks_both_sides_make_the_deck():
    assert points_from_cards(CardCount(2, 2, 2, 2, 2), CardCount(2, 2, 2, 2, 2)) == (
        30,
        30,
    )
    with pytest.raises(InvalidDeal) as info:
        points_from_cards(CardCount(2, 2, 2, 2, 2), CardCount(2, 2, 2, 2, 1))
    assert (info.value.code, info.value.field) == ("cards_not_deck", "cards")
    assert info.value.params == {"rank": "jacks", "count": 3}


@pytest.mark.parametrize(
    ("count", "code"),
    [
        (CardCount(tens=5), "cards_out_of_range"),
        (CardCount(jacks=-1), "cards_out_of_range"),
        (CardCount(tens=1.0), "cards_type"),
        (CardCount(aces=True), "cards_type"),
        ((1, 2, 3, 4, 0), "cards_type"),
        (None, "cards_type"),
    ],
)
def test_impossible_card_counts_raise_invalid_deal(count, code):
    with pytest.raises(InvalidDeal) as info:
        points_from_cards(count)
    assert (info.value.code, info.value.field) == (code, "cards")
    with pytest.raises(InvalidDeal):
        card_points(count)


def test_card_count_second_side_out_of_range_raises():
    with pytest.raises(InvalidDeal) as info:
        points_from_cards(CardCount(), CardCount(tens=5))
    assert info.value.code == "cards_out_of_range"


def test_points_from_cards_feed_a_deal():
    points = points_from_cards(CardCount(tens=3, aces=2, kings=2))
    assert points == (29, 31)
    assert scores(Deal(points, "clubs")) == (0, 1)
