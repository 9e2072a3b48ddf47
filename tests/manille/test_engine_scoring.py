"""Test the scoring engine rule by rule on plain objects: deals, rules, games."""

import pytest

from manille.engine import (
    KNOCKS_CEILING,
    Deal,
    DealScore,
    InvalidDeal,
    Rules,
    Trump,
    score_deal,
    score_game,
)
from tests.manille.helpers import STANDARD, raises, scores

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
