"""Test the three-player game sentence by sentence of issue 16 and docs/rules.md.

Each test's docstring quotes the sentence it checks.
"""

from manille.engine import Rules, Trump
from manille.variants import (
    score_three_player_deal,
    score_three_player_game,
)
from tests.manille.helpers import refused, three

# ------------------------------------------------------------------ three players


def test_the_dealer_alone_takes_his_points_over_thirty():
    """Three players: "the deal scores as in the four-player game (points over 30)"."""
    result = score_three_player_deal(three(0, (40, 20)), Rules())
    assert result.scores == (10, 0, 0)
    assert (result.factor, result.steps, result.carry) == (1, 0, 0)


def test_both_players_of_the_winning_side_add_the_deal_score():
    """Three players: "both players of the winning side add the deal's score"."""
    assert score_three_player_deal(three(1, (24, 36)), Rules()).scores == (6, 0, 6)
    assert score_three_player_deal(three(2, (0, 60)), Rules()).scores == (30, 30, 0)


def test_the_doublings_multiply_as_in_the_four_player_game():
    """Three players: "points over 30, times the doublings"."""
    result = score_three_player_deal(
        three(2, (36, 24), Trump.NO_TRUMP, knocks=1), Rules()
    )
    assert (result.scores, result.factor, result.steps) == ((0, 0, 24), 4, 2)
    blind = score_three_player_deal(three(0, (36, 24), blind=True), Rules())
    assert blind.scores == (12, 0, 0)
    added = score_three_player_deal(
        three(0, (36, 24), "no_trump", knocks=1), Rules(multiplier="add")
    )
    assert added.scores == (18, 0, 0)


def test_card_points_still_total_sixty():
    """Three players: "Card points still total 60"."""
    error = refused("points_sum", score_three_player_deal, three(0, (36, 25)), Rules())
    assert error.field == "points"
    refused("points_out_of_range", score_three_player_deal, three(0, (61, -1)))


def test_a_level_deal_carries_under_the_house_rule():
    """Three players score "as in the four-player game": 30–30 and the draw carry."""
    level = score_three_player_deal(three(0, (30, 30)), Rules(draw_carry=True))
    assert level.scores == (0, 0, 0) and level.carry == 1
    after = score_three_player_deal(three(1, (40, 20)), Rules(draw_carry=True), 1)
    assert after.scores == (0, 20, 0)


def test_a_revoke_gives_the_other_side_the_maximum():
    """Three players: a revoke, as in the four-player game, pays the other side."""
    by_dealer = score_three_player_deal(three(1, (0, 0), revoke=1), Rules())
    assert by_dealer.scores == (30, 0, 30)
    by_opponent = score_three_player_deal(three(1, (40, 20), revoke=2), Rules())
    assert by_opponent.scores == (0, 30, 0)
    refused(
        "revoke_player_invalid", score_three_player_deal, three(1, (40, 20), revoke=3)
    )


def test_the_dealer_must_be_one_of_three():
    """Three players: "`dealer` 0–2"."""
    for dealer in (-1, 3, "0", True, None):
        refused("dealer_invalid", score_three_player_deal, three(dealer, (40, 20)))
    refused("three_player_deal_type", score_three_player_deal, (0, (40, 20), "hearts"))
    refused("trump_unknown", score_three_player_deal, three(0, (40, 20), "stars"))
    refused("knocks_too_many", score_three_player_deal, three(0, (40, 20), knocks=3))


def test_a_point_per_trick_is_refused_with_three_players():
    """House setting: the 68-point game has 8 tricks; three players play 10."""
    refused(
        "three_player_trick_points",
        score_three_player_deal,
        three(0, (40, 20)),
        Rules(trick_points=True),
    )


def test_the_first_to_reach_the_target_ends_the_game_and_the_highest_wins():
    """Three players: "the first to reach the target ends the game and the highest
    total wins"."""
    rules = Rules(target=20)
    deals = [three(0, (40, 20)), three(1, (25, 35)), three(2, (30, 30))]
    game = score_three_player_game(deals[:2], rules)
    assert game.totals == (15, 0, 5)
    assert not game.finished and game.winner is None and game.next_dealer == 2
    end = score_three_player_game([*deals[:2], three(2, (20, 40))], rules)
    assert end.totals == (25, 10, 5)
    assert end.finished and end.winner == 0
    refused(
        "game_over",
        score_three_player_game,
        [*deals[:2], three(2, (20, 40)), three(0, (40, 20))],
        rules,
    )


def test_totals_are_the_sum_of_the_deals():
    """Three players: "Each player keeps a total"."""
    deals = [three(0, (44, 16)), three(1, (10, 50), "no_trump"), three(2, (31, 29))]
    game = score_three_player_game(deals, Rules(target=None, deals=3))
    assert game.totals == (14 + 40, 0, 40 + 1)
    assert [deal.scores for deal in game.deals] == [(14, 0, 0), (40, 0, 40), (0, 0, 1)]
    assert game.finished and game.winner == 0


def test_partners_rotate_with_the_deal():
    """Three players: "The dealer always plays alone against the other two
    (partners rotate with the deal)"."""
    error = refused(
        "dealer_out_of_turn",
        score_three_player_game,
        [three(2, (40, 20)), three(2, (40, 20))],
    )
    assert error.index == 1 and error.params == {
        "number": 2,
        "expected": 1,
        "dealer": 3,
    }
    game = score_three_player_game([three(2, (40, 20)), three(0, (40, 20))])
    assert game.next_dealer == 1


def test_a_level_finish_has_no_winner_unless_the_house_plays_on():
    """House setting: two players level at the top when the game ends."""
    rules = Rules(target=10)
    deals = [three(0, (20, 40))]  # players 1 and 2 both reach 10
    game = score_three_player_game(deals, rules)
    assert game.finished and game.winner is None
    open_game = score_three_player_game(deals, rules, level_plays_on=True)
    assert not open_game.finished and open_game.winner is None
    won = score_three_player_game(
        [*deals, three(1, (31, 29))], rules, level_plays_on=True
    )
    assert won.finished and won.winner == 1


def test_an_error_inside_a_game_names_its_deal():
    """The engine's pattern: "index (the deal's 0-based index inside a game)"."""
    error = refused(
        "points_sum", score_three_player_game, [three(0, (40, 20)), three(1, (1, 2))]
    )
    assert error.index == 1 and str(error).startswith("deal 2: ")
