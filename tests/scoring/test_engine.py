"""Test the scoring engine rule by rule on plain objects."""

import pickle
from dataclasses import FrozenInstanceError

import pytest

from manille.engine import (
    KNOCKS_CEILING,
    CardCount,
    Deal,
    DealScore,
    InvalidDeal,
    Rules,
    Trump,
    card_points,
    points_from_cards,
    score_deal,
    score_game,
    validate_deal,
)

STANDARD = Rules()


def scores(deal, rules=STANDARD, carry=0):
    return score_deal(deal, rules, carry).scores


def raises(code, deal, rules=STANDARD):
    with pytest.raises(InvalidDeal) as info:
        score_deal(deal, rules)
    assert info.value.code == code
    return info.value


# --------------------------------------------------------------- article examples


def test_only_the_side_above_half_scores_its_points_over_thirty():
    """36–24 gives the winners 6 and the others 0."""
    assert scores(Deal((36, 24), Trump.HEARTS)) == (6, 0)
    assert scores(Deal((24, 36), Trump.HEARTS)) == (0, 6)


def test_a_plain_deal_has_factor_one_and_no_steps():
    result = score_deal(Deal((40, 20), "clubs"))
    assert result == DealScore(scores=(10, 0), factor=1, steps=0, carry=0)


def test_no_trump_doubles():
    result = score_deal(Deal((36, 24), Trump.NO_TRUMP))
    assert (result.scores, result.factor, result.steps) == ((12, 0), 2, 1)


def test_one_knock_doubles_and_two_knocks_quadruple():
    assert scores(Deal((36, 24), "spades", knocks=1)) == (12, 0)
    assert scores(Deal((36, 24), "spades", knocks=2)) == (24, 0)


def test_blind_trump_doubles_and_blind_no_trump_quadruples():
    assert scores(Deal((36, 24), "diamonds", blind=True)) == (12, 0)
    assert scores(Deal((36, 24), "no_trump", blind=True)) == (24, 0)


def test_all_multipliers_combine():
    """Blind no trump with two knocks is four doublings: ×16."""
    result = score_deal(Deal((31, 29), "no_trump", knocks=2, blind=True))
    assert (result.scores, result.factor, result.steps) == ((16, 0), 16, 4)


def test_revoke_gives_other_side_the_deals_maximum():
    """The side that did not revoke gets 30, the revoking side nothing."""
    assert scores(Deal((0, 0), "hearts", revoke=0)) == (0, 30)
    assert scores(Deal((0, 0), "hearts", revoke=1)) == (30, 0)


def test_revoke_maximum_follows_the_factor():
    assert scores(Deal((0, 0), "no_trump", knocks=1, revoke=1)) == (120, 0)


def test_revoke_ignores_counted_points():
    """A revoke deal may carry a valid split; it does not change the score."""
    assert scores(Deal((50, 10), "hearts", revoke=0)) == (0, 30)


def test_revoke_deal_points_must_be_not_counted_or_a_valid_split():
    raises("points_sum", Deal((10, 10), "hearts", revoke=0))


def test_thirty_thirty_scores_nothing():
    assert score_deal(Deal((30, 30), "clubs")) == DealScore((0, 0), 1, 0, 0)


def test_first_side_to_101_ends_the_game():
    deals = [
        Deal((60, 0), "no_trump"),
        Deal((50, 10), "clubs"),
        Deal((40, 20), "clubs"),
    ]
    game = score_game(deals)
    assert [d.scores for d in game.deals] == [(60, 0), (20, 0), (10, 0)]
    assert game.totals == (90, 0) and not game.finished
    game = score_game(deals + [Deal((41, 19), "clubs")])
    assert game.totals == (101, 0)
    assert game.finished and game.winner == 0


# --------------------------------------------------------------- rules, one by one


def test_add_multiplier_adds_steps_instead_of_doubling():
    rules = Rules(multiplier="add")
    assert score_deal(Deal((36, 24), "no_trump"), rules).factor == 2
    assert score_deal(Deal((36, 24), "no_trump", knocks=1), rules).factor == 3
    assert scores(Deal((36, 24), "no_trump", knocks=2, blind=True), rules) == (30, 0)


def test_no_trump_doubles_can_be_switched_off():
    rules = Rules(no_trump_doubles=False)
    assert score_deal(Deal((36, 24), "no_trump"), rules).factor == 1


def test_blind_doubles_can_be_switched_off():
    rules = Rules(blind_doubles=False)
    assert score_deal(Deal((36, 24), "clubs", blind=True), rules).factor == 1


def test_max_knocks_limits_knocks():
    raises("knocks_too_many", Deal((36, 24), "clubs", knocks=3))
    assert scores(Deal((36, 24), "clubs", knocks=3), Rules(max_knocks=3)) == (48, 0)
    raises("knocks_too_many", Deal((36, 24), "clubs", knocks=1), Rules(max_knocks=0))


def test_unlimited_knocks_double_each_time_up_to_the_ceiling():
    rules = Rules(max_knocks=None)
    assert scores(Deal((31, 29), "clubs", knocks=10), rules) == (1024, 0)
    exc = raises("knocks_too_many", Deal((31, 29), "clubs", knocks=65), rules)
    assert exc.params["max_knocks"] == KNOCKS_CEILING


def test_capot_is_one_more_step_when_capot_doubles():
    rules = Rules(capot_doubles=True)
    result = score_deal(Deal((60, 0), "clubs"), rules)
    assert (result.scores, result.steps) == ((60, 0), 1)
    assert scores(Deal((0, 60), "no_trump"), rules) == (0, 120)
    assert scores(Deal((60, 0), "clubs")) == (30, 0)


def test_capot_step_does_not_apply_to_a_revoke():
    rules = Rules(capot_doubles=True)
    assert scores(Deal((60, 0), "clubs", revoke=0), rules) == (0, 30)


def test_max_factor_caps_the_factor_not_the_steps():
    rules = Rules(max_factor=4)
    result = score_deal(Deal((36, 24), "no_trump", knocks=2, blind=True), rules)
    assert (result.scores, result.factor, result.steps) == ((24, 0), 4, 4)


def test_max_factor_caps_an_added_factor():
    rules = Rules(multiplier="add", max_factor=3)
    assert (
        score_deal(Deal((36, 24), "no_trump", knocks=2, blind=True), rules).factor == 3
    )


def test_max_factor_caps_a_huge_doubling_without_computing_it():
    rules = Rules(max_knocks=None, max_factor=5)
    assert (
        score_deal(Deal((36, 24), "clubs", knocks=64), rules, carry=10**6).factor == 5
    )


def test_max_factor_caps_the_revoke_maximum():
    rules = Rules(max_factor=2)
    assert scores(Deal((0, 0), "no_trump", knocks=2, revoke=0), rules) == (0, 60)


def test_draw_scores_nothing_and_carries_its_steps_plus_one():
    rules = Rules(draw_carry=True)
    result = score_deal(Deal((30, 30), "clubs"), rules)
    assert result == DealScore((0, 0), 1, 0, carry=1)
    result = score_deal(Deal((30, 30), "no_trump", knocks=1), rules)
    assert result.carry == 3


def test_carry_raises_the_next_deals_steps():
    rules = Rules(draw_carry=True)
    result = score_deal(Deal((36, 24), "clubs"), rules, carry=1)
    assert (result.scores, result.steps, result.carry) == ((12, 0), 1, 0)


def test_without_draw_carry_a_draw_hands_nothing_on():
    assert score_deal(Deal((30, 30), "no_trump")).carry == 0


def test_draw_carries_chain_across_deals():
    rules = Rules(draw_carry=True)
    deals = [Deal((30, 30), "clubs"), Deal((30, 30), "clubs"), Deal((36, 24), "clubs")]
    game = score_game(deals, rules)
    assert [d.steps for d in game.deals] == [0, 1, 2]
    assert [d.carry for d in game.deals] == [1, 2, 0]
    assert game.totals == (24, 0)
    assert game.carry == 0


def test_game_reports_the_carry_owed_to_the_next_deal():
    game = score_game([Deal((30, 30), "no_trump")], Rules(draw_carry=True))
    assert game.carry == 2 and not game.finished


def test_revoke_uses_the_incoming_carry_and_hands_none_on():
    rules = Rules(draw_carry=True)
    result = score_deal(Deal((0, 0), "clubs", revoke=1), rules, carry=2)
    assert result == DealScore((120, 0), 4, 2, 0)


def test_fixed_revoke_points_replace_the_maximum():
    rules = Rules(revoke_points=60)
    assert scores(Deal((0, 0), "no_trump", knocks=2, revoke=0), rules) == (0, 60)
    assert scores(Deal((0, 0), "clubs", revoke=1), Rules(revoke_points=0)) == (0, 0)


def test_trick_points_make_68_with_34_even():
    rules = Rules(trick_points=True)
    assert (rules.total, rules.half) == (68, 34)
    assert (STANDARD.total, STANDARD.half) == (60, 30)
    assert scores(Deal((40, 28), "clubs"), rules) == (6, 0)
    assert scores(Deal((34, 34), "clubs"), rules) == (0, 0)
    raises("points_sum", Deal((36, 24), "clubs"), rules)


def test_trick_points_revoke_maximum_is_34_times_factor():
    rules = Rules(trick_points=True)
    assert scores(Deal((0, 0), "no_trump", revoke=0), rules) == (0, 68)


def test_trick_points_capot_is_68_to_0():
    rules = Rules(trick_points=True, capot_doubles=True)
    assert scores(Deal((68, 0), "clubs", tricks=(8, 0)), rules) == (68, 0)


def test_combined_variants():
    """Add, cap, capot and carry together: 1 carry + no trump + 1 knock + capot."""
    rules = Rules(multiplier="add", capot_doubles=True, draw_carry=True, max_factor=4)
    result = score_deal(Deal((0, 60), "no_trump", knocks=1), rules, carry=1)
    assert (result.scores, result.factor, result.steps) == ((0, 120), 4, 4)


# --------------------------------------------------------------- games


def test_game_totals_are_the_sum_of_its_deals_and_unfinished_has_no_winner():
    game = score_game([Deal((36, 24), "clubs"), Deal((20, 40), "clubs")])
    assert game.totals == (6, 10)
    assert not game.finished and game.winner is None


def test_game_reaching_the_target_exactly_ends_it():
    game = score_game([Deal((55, 5), "clubs")] * 4 + [Deal((31, 29), "clubs")])
    assert game.totals == (101, 0) and game.finished and game.winner == 0


def test_custom_target():
    game = score_game([Deal((50, 10), "clubs")] * 3, Rules(target=50))
    assert game.finished and game.winner == 0 and len(game.deals) == 3


def test_deal_after_the_game_ended_raises_game_over_with_its_index():
    deals = [Deal((60, 0), "no_trump", knocks=2)] + [Deal((40, 20), "clubs")] * 2
    with pytest.raises(InvalidDeal) as info:
        score_game(deals)
    exc = info.value
    assert (exc.code, exc.index, exc.field) == ("game_over", 1, None)
    assert "Deal 2 " in exc.message
    assert str(exc) == exc.message
    assert exc.params == {"number": 2}


def test_deals_count_game_ends_after_that_many_deals():
    rules = Rules(target=None, deals=2)
    game = score_game([Deal((40, 20), "clubs"), Deal((20, 40), "no_trump")], rules)
    assert game.totals == (10, 20) and game.finished and game.winner == 1
    with pytest.raises(InvalidDeal) as info:
        score_game([Deal((40, 20), "clubs")] * 3, rules)
    assert (info.value.code, info.value.index) == ("game_over", 2)


def test_deals_count_game_with_equal_totals_has_no_winner():
    game = score_game(
        [Deal((40, 20), "clubs"), Deal((20, 40), "clubs")], Rules(target=None, deals=2)
    )
    assert game.finished and game.winner is None


def test_target_and_deals_count_end_the_game_at_whichever_comes_first():
    rules = Rules(target=101, deals=2)
    game = score_game([Deal((40, 20), "clubs")] * 2, rules)
    assert game.finished and game.winner == 0


def test_empty_game_is_unfinished():
    game = score_game([])
    assert game.deals == () and game.totals == (0, 0) and not game.finished


def test_invalid_deal_inside_a_game_carries_its_index():
    with pytest.raises(InvalidDeal) as info:
        score_game([Deal((36, 24), "clubs"), Deal((36, 25), "clubs")])
    assert (info.value.code, info.value.index) == ("points_sum", 1)
    assert str(info.value).startswith("deal 2: ")


def test_score_game_accepts_any_iterable():
    game = score_game(iter([Deal((36, 24), "clubs")]))
    assert game.totals == (6, 0)


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
