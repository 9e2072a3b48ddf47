"""Test the other Manille games sentence by sentence of issue 16 and docs/rules.md.

Each test's docstring quotes the sentence it checks.
"""

import pickle
import re
import subprocess
import sys
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from manille.engine import InvalidDeal, Rules, Trump
from manille.variants import (
    ALL_TRICKS,
    AuctionDeal,
    AuctionRules,
    ThreePlayerDeal,
    VariantInvalidDeal,
    auction_bidding,
    auction_dealer,
    auction_layout,
    score_auction_deal,
    score_auction_game,
    score_three_player_deal,
    score_three_player_game,
)
from manille.variants import base as variants_base

REPO_ROOT = Path(__file__).resolve().parents[2]


def refused(code, call, *args, **kwargs):
    with pytest.raises(InvalidDeal) as info:
        call(*args, **kwargs)
    assert info.value.code == code, info.value
    return info.value


def three(dealer, points, trump="hearts", **kwargs):
    return ThreePlayerDeal(dealer, points, trump, **kwargs)


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


# ------------------------------------------------------------------------ layouts


@pytest.mark.parametrize(
    ("players", "layout"),
    [
        (3, (9, 2, 3, 0)),
        (4, (7, 2, 2, 0)),
        (5, (6, 1, 1, 0)),
        (6, (5, 1, 1, 0)),
        (7, (4, 2, 2, 0)),
    ],
)
def test_auction_three_lays_out_the_cards_by_the_number_of_players(players, layout):
    """Auction (3): "3: nine each, five on the table, two up and three down; 4: seven
    each, two up and two down; 5: six each, one up one down; 6: five each, one up one
    down; 7: four each, two up and two down"."""
    assert auction_layout(players, 3) == layout


@pytest.mark.parametrize(
    ("players", "layout"),
    [
        (3, (10, 0, 0, 2)),
        (4, (8, 0, 0, 0)),
        (5, (6, 0, 0, 2)),
        (6, (5, 0, 0, 2)),
        (7, (4, 0, 0, 4)),
    ],
)
def test_auction_two_removes_sevens_for_equal_hands(players, layout):
    """Auction (2): "Remove as many sevens as needed for everyone to get the same
    number of cards"."""
    assert auction_layout(players, 2) == layout


@pytest.mark.parametrize(
    ("players", "layout"),
    [
        (3, (10, 0, 2, 0)),
        (4, (7, 0, 4, 0)),
        (5, (6, 0, 2, 0)),
        (6, (5, 0, 2, 0)),
        (7, (4, 0, 4, 0)),
    ],
)
def test_auction_one_deals_all_but_a_widow_of_two_or_four(players, layout):
    """Auction (1): "all cards dealt but two or four (the widow)"."""
    assert auction_layout(players, 1) == layout


def test_auction_games_take_three_to_seven_players():
    """Auction: "3–7 players, each for himself"."""
    for players in (2, 8, "4", None):
        refused("players_out_of_range", auction_layout, players, 2)
        refused("players_out_of_range", AuctionRules, 2, players)
    for variant in (0, 4, "3", True):
        refused("variant_unknown", auction_layout, 4, variant)


# ------------------------------------------------------------------ auction (1)

STAKES_2 = (4, 3, 2)  # 0, 1, 2 cards exchanged
STAKES_4 = (6, 5, 4, 3, 2)


def test_auction_one_needs_twenty_one_points_for_tricks_and_cards():
    """Auction (1): "He must take at least 21 points for tricks and cards"."""
    rules = AuctionRules(1, 3, stakes=STAKES_2)
    assert rules.total == 70  # 60 card points and 10 tricks
    made = score_auction_deal(AuctionDeal(0, points=21), rules)
    assert made.made is True
    failed = score_auction_deal(AuctionDeal(0, points=20), rules)
    assert failed.made is False


def test_auction_one_needs_fifteen_when_more_than_four_play():
    """Auction (1): "(15 when more than four play)"."""
    five = AuctionRules(1, 5, stakes=STAKES_2)
    assert score_auction_deal(AuctionDeal(4, points=15), five).made is True
    assert score_auction_deal(AuctionDeal(4, points=14), five).made is False
    four = AuctionRules(1, 4, stakes=STAKES_4)
    assert score_auction_deal(AuctionDeal(3, points=20), four).made is False


def test_auction_one_declarer_wins_or_pays_each_opponent_by_cards_exchanged():
    """Auction (1): "He wins from, or pays, each opponent a stake that depends on the
    number of cards exchanged (a stake table set by the club)"."""
    rules = AuctionRules(1, 4, stakes=STAKES_4)
    won = score_auction_deal(AuctionDeal(1, points=30, exchanged=0), rules)
    assert won.scores == (-6, 18, -6, -6) and won.value == 6
    lost = score_auction_deal(AuctionDeal(1, points=10, exchanged=3), rules)
    assert lost.scores == (3, -9, 3, 3)
    assert sum(won.scores) == sum(lost.scores) == 0
    by_word = score_auction_deal(AuctionDeal(2, made=True, exchanged=4), rules)
    assert by_word.scores == (-2, -2, 6, -2)


def test_auction_one_stakes_may_be_a_mapping():
    """Auction (1): "a stake table set by the club" (by cards exchanged)."""
    rules = AuctionRules(1, 3, stakes={0: 5, 1: 3, 2: 1})
    assert rules.stakes == (5, 3, 1)
    assert hash(rules) == hash(AuctionRules(1, 3, stakes=[5, 3, 1]))


def test_auction_one_needs_its_stake_table():
    """Issue: "a stake table missing for variant 1" is refused."""
    error = refused("stakes_missing", AuctionRules, 1, 4)
    assert error.field == "stakes" and error.params == {"widow": 4}
    for stakes in ((1, 2), (1, 2, 3, 4), (1, -1, 0), (1, 2, "3"), "123", {0: 1, 1: 1}):
        refused("stakes_invalid", AuctionRules, 1, 3, stakes=stakes)
    refused("stakes_not_used", AuctionRules, 2, 3, stakes=STAKES_2)


def test_auction_one_exchanges_at_most_the_widow():
    """Auction (1): "The declarer draws from the widow, discarding one card per card
    drawn"."""
    rules = AuctionRules(1, 3, stakes=STAKES_2)
    refused(
        "exchanged_out_of_range",
        score_auction_deal,
        AuctionDeal(0, points=30, exchanged=3),
        rules,
    )
    refused(
        "exchanged_out_of_range",
        score_auction_deal,
        AuctionDeal(0, points=30, exchanged=-1),
        rules,
    )


def test_auction_one_has_no_bids_and_needs_a_result():
    """Auction (1): "The eldest hand may become declarer, else the right passes to the
    right" — no bidding."""
    rules = AuctionRules(1, 3, stakes=STAKES_2)
    refused(
        "bid_not_used", score_auction_deal, AuctionDeal(0, bid=21, points=30), rules
    )
    refused(
        "all_tricks_not_used",
        score_auction_deal,
        AuctionDeal(0, points=30, all_tricks=True),
        rules,
    )
    refused("result_missing", score_auction_deal, AuctionDeal(0), rules)
    refused(
        "made_but_short",
        score_auction_deal,
        AuctionDeal(0, points=20, made=True),
        rules,
    )
    refused(
        "failed_but_reached",
        score_auction_deal,
        AuctionDeal(0, points=21, made=False),
        rules,
    )


# ---------------------------------------------------------------- auction (2), (3)


def test_auction_two_declarer_scores_his_bid_or_loses_it():
    """Auction (2): "Success: the declarer scores his bid; failure: he loses it"."""
    rules = AuctionRules(2, 4)
    won = score_auction_deal(AuctionDeal(2, bid=35, points=38), rules)
    assert won.scores == (0, 0, 35, 0) and won.made is True
    lost = score_auction_deal(AuctionDeal(2, bid=35, points=34), rules)
    assert lost.scores == (0, 0, -35, 0) and lost.made is False
    said = score_auction_deal(AuctionDeal(0, bid=40, made=False), rules)
    assert said.scores == (-40, 0, 0, 0)


def test_auction_two_bids_are_points_of_the_deal():
    """Auction (2): "bid a number of points" — of the 60 card points."""
    rules = AuctionRules(2, 4)
    assert rules.total == 60
    refused(
        "bid_out_of_range", score_auction_deal, AuctionDeal(0, bid=61, points=60), rules
    )
    refused(
        "bid_out_of_range", score_auction_deal, AuctionDeal(0, bid=0, points=60), rules
    )
    refused("bid_missing", score_auction_deal, AuctionDeal(0, points=60), rules)
    refused("bid_type", score_auction_deal, AuctionDeal(0, bid="30", points=60), rules)
    refused(
        "points_out_of_range",
        score_auction_deal,
        AuctionDeal(0, bid=30, points=61),
        rules,
    )
    refused(
        "points_type", score_auction_deal, AuctionDeal(0, bid=30, points="31"), rules
    )
    high = AuctionRules(2, 4, min_bid=30)
    refused(
        "bid_out_of_range", score_auction_deal, AuctionDeal(0, bid=29, points=60), high
    )


def test_a_declarer_out_of_range_is_refused():
    """Issue: "a declarer index out of range" is refused."""
    rules = AuctionRules(2, 4)
    for declarer in (-1, 4, "1", True):
        error = refused(
            "declarer_out_of_range",
            score_auction_deal,
            AuctionDeal(declarer, bid=30, points=40),
            rules,
        )
        assert error.field == "declarer"


def test_auction_two_exchanges_nothing():
    """Auction (2) has no cards on the table: nothing to exchange."""
    refused(
        "exchanged_out_of_range",
        score_auction_deal,
        AuctionDeal(0, bid=30, points=40, exchanged=1),
        AuctionRules(2, 3),
    )


def test_a_bid_to_win_every_trick_is_worth_every_point():
    """Auction (2): "the bid was to win every trick" — made or not is said."""
    rules = AuctionRules(2, 3)
    won = score_auction_deal(AuctionDeal(1, all_tricks=True, made=True), rules)
    assert won.scores == (0, 60, 0) and won.value == 60
    lost = score_auction_deal(
        AuctionDeal(1, all_tricks=True, made=False, points=58), rules
    )
    assert lost.scores == (0, -60, 0)
    refused(
        "all_tricks_made_missing",
        score_auction_deal,
        AuctionDeal(1, all_tricks=True, points=60),
        rules,
    )
    refused(
        "all_tricks_bid",
        score_auction_deal,
        AuctionDeal(1, bid=40, all_tricks=True, made=True),
        rules,
    )


def test_auction_three_exchanges_with_the_cards_on_the_table():
    """Auction (3): "the highest bidder may exchange with them before naming trump"."""
    rules = AuctionRules(3, 3)  # nine each, five on the table
    assert score_auction_deal(
        AuctionDeal(0, bid=30, points=31, exchanged=5), rules
    ).scores == (30, 0, 0)
    refused(
        "exchanged_out_of_range",
        score_auction_deal,
        AuctionDeal(0, bid=30, points=31, exchanged=6),
        rules,
    )


def test_auction_three_doubles_and_quadruples_under_the_house_settings():
    """Auction (3): "In some circles the score is doubled when the declarer undertakes
    to win every trick or plays without exchanging, quadrupled when both"."""
    plain = AuctionRules(3, 4)
    both = AuctionRules(3, 4, double_for_all_tricks=True, double_for_no_exchange=True)
    all_tricks = AuctionDeal(1, all_tricks=True, made=True, exchanged=0)
    assert score_auction_deal(all_tricks, plain).scores == (0, 60, 0, 0)
    result = score_auction_deal(all_tricks, both)
    assert result.scores == (0, 240, 0, 0) and result.factor == 4
    no_exchange = AuctionDeal(2, bid=30, points=20)
    assert score_auction_deal(no_exchange, both).scores == (0, 0, -60, 0)
    exchanged = AuctionDeal(2, bid=30, points=40, exchanged=1)
    assert score_auction_deal(exchanged, both).scores == (0, 0, 30, 0)
    only_tricks = AuctionRules(3, 4, double_for_all_tricks=True)
    assert score_auction_deal(all_tricks, only_tricks).factor == 2


def test_the_doublings_are_auction_three_settings():
    """Auction (3)'s house setting does not apply to (1) or (2)."""
    refused("doubling_not_used", AuctionRules, 2, 4, double_for_all_tricks=True)
    refused(
        "doubling_not_used",
        AuctionRules,
        1,
        4,
        stakes=STAKES_4,
        double_for_no_exchange=True,
    )
    refused("setting_type", AuctionRules, 3, 4, double_for_no_exchange=1)
    refused("setting_type", AuctionRules, 3, 4, trick_points="yes")


def test_a_deal_everyone_passed_scores_nothing():
    """House decision: a deal nobody declares scores nothing and counts as dealt."""
    rules = AuctionRules(2, 3, deals=3)
    assert score_auction_deal(AuctionDeal(None), rules).scores == (0, 0, 0)
    refused("passed_deal", score_auction_deal, AuctionDeal(None, bid=30), rules)
    game = score_auction_game([AuctionDeal(None)] * 3, rules)
    assert game.finished and game.winner is None and game.totals == (0, 0, 0)


def test_bad_inputs_are_refused_not_crashed():
    rules = AuctionRules(2, 3)
    refused("auction_deal_type", score_auction_deal, (0, 30), rules)
    refused(
        "auction_rules_type",
        score_auction_deal,
        AuctionDeal(0, bid=30, made=True),
        Rules(),
    )
    refused("made_type", score_auction_deal, AuctionDeal(0, bid=30, made="yes"), rules)
    refused(
        "all_tricks_type",
        score_auction_deal,
        AuctionDeal(0, all_tricks=1, made=True),
        rules,
    )
    refused("min_bid_invalid", AuctionRules, 2, 3, min_bid=0)
    refused("min_bid_invalid", AuctionRules, 2, 3, min_bid=61)


# ------------------------------------------------------------------------- games


def test_the_game_is_a_number_of_deals_agreed_beforehand_most_points_wins():
    """Auction (2): "The game is a number of deals agreed beforehand, every player
    dealing equally often; most points wins"."""
    rules = AuctionRules(2, 3, deals=3)
    deals = [
        AuctionDeal(0, bid=30, points=35),
        AuctionDeal(1, bid=40, points=30),
        AuctionDeal(2, bid=25, made=True),
    ]
    partial = score_auction_game(deals[:2], rules)
    assert not partial.finished and partial.winner is None
    assert partial.next_dealer == 2
    game = score_auction_game(deals, rules)
    assert game.totals == (30, -40, 25)
    assert game.finished and game.winner == 0 and game.next_dealer == 0
    error = refused("auction_game_over", score_auction_game, [*deals, deals[0]], rules)
    assert error.index == 3


def test_a_game_not_dealt_equally_is_refused():
    """Auction (2): "every player dealing equally often" — issue: "a game not dealt
    equally" is refused."""
    error = refused("deals_not_equal", AuctionRules, 2, 4, deals=6)
    assert error.field == "deals"
    assert error.params == {"players": 4, "deals": 6}
    refused("deals_not_equal", AuctionRules, 3, 5, deals=0)
    assert AuctionRules(3, 5, deals=10).deals == 10


def test_every_player_deals_in_turn():
    """Auction: player 0 deals first, then each in turn."""
    assert [auction_dealer(i, 4) for i in range(6)] == [0, 1, 2, 3, 0, 1]


def test_a_game_without_agreed_deals_stays_open():
    """House decision: without ``deals`` the engine never ends the game."""
    rules = AuctionRules(1, 3, stakes=STAKES_2)
    game = score_auction_game([AuctionDeal(0, points=40)] * 7, rules)
    assert not game.finished and game.winner is None
    assert game.totals == (56, -28, -28)


def test_a_level_finish_has_no_auction_winner():
    """A shared highest total at the end names no winner."""
    rules = AuctionRules(2, 3, deals=3)
    deals = [
        AuctionDeal(0, bid=30, made=True),
        AuctionDeal(1, bid=30, made=True),
        AuctionDeal(None),
    ]
    game = score_auction_game(deals, rules)
    assert game.finished and game.winner is None


def test_an_auction_error_names_its_deal():
    rules = AuctionRules(2, 3, deals=3)
    error = refused(
        "bid_missing",
        score_auction_game,
        [AuctionDeal(0, bid=30, made=True), AuctionDeal(1, made=True)],
        rules,
    )
    assert error.index == 1 and str(error).startswith("deal 2: ")


# ------------------------------------------------------------------------ bidding


def test_each_bid_higher_than_the_last():
    """Auction (2): "Bidding from the eldest: pass or bid a number of points; each bid
    higher than the last" — issue: "a bid below the last" is refused."""
    rules = AuctionRules(2, 4)
    state = auction_bidding([(1, 25), (2, 30)], rules, dealer=0)
    assert (state.declarer, state.bid, state.next_player) == (2, 30, 3)
    assert not state.finished
    error = refused(
        "bid_not_higher", auction_bidding, [(1, 25), (2, 30), (3, 28)], rules
    )
    assert error.index == 2 and error.params == {"bid": 28, "last": 30}
    refused("bid_not_higher", auction_bidding, [(1, 25), (2, 25)], rules)


def test_a_player_who_passed_cannot_come_back():
    """Auction (2): "a player who passed cannot come back"."""
    rules = AuctionRules(2, 3)
    calls = [(1, None), (2, 30), (0, 35)]
    state = auction_bidding(calls, rules, dealer=0)
    assert state.next_player == 2 and state.passed == frozenset({1})
    error = refused("bid_after_pass", auction_bidding, [*calls, (1, 40)], rules)
    assert error.params == {"player": 2}


def test_the_bidding_ends_when_one_bidder_is_left():
    """Auction (2): "The highest bidder names trump or no trump"."""
    rules = AuctionRules(2, 3)
    calls = [(1, 20), (2, None), (0, 25), (1, None)]
    state = auction_bidding(calls, rules, dealer=0)
    assert state.finished and state.next_player is None
    assert (state.declarer, state.bid, state.all_tricks) == (0, 25, False)
    refused("bidding_over", auction_bidding, [*calls, (0, 30)], rules)


def test_everyone_passing_leaves_no_declarer():
    rules = AuctionRules(3, 3)
    state = auction_bidding([(2, None), (0, None), (1, None)], rules, dealer=1)
    assert state.finished and state.declarer is None and state.bid is None


def test_the_dealer_bids_last_and_alone_may_still_bid():
    rules = AuctionRules(2, 3)
    state = auction_bidding([(1, None), (2, None)], rules, dealer=0)
    assert not state.finished and state.next_player == 0
    done = auction_bidding([(1, None), (2, None), (0, 20)], rules, dealer=0)
    assert done.finished and done.declarer == 0


def test_calls_out_of_turn_are_refused():
    rules = AuctionRules(2, 4)
    error = refused("call_out_of_turn", auction_bidding, [(2, 25)], rules, dealer=0)
    assert error.params == {"expected": 2, "player": 3}
    refused("player_out_of_range", auction_bidding, [(4, 25)], rules)
    refused("player_out_of_range", auction_bidding, [], rules, dealer=4)
    refused("bidding_type", auction_bidding, [(1, "forty")], rules)
    refused("bidding_type", auction_bidding, [1], rules)
    refused("bid_out_of_range", auction_bidding, [(1, 61)], rules)
    refused("bid_not_used", auction_bidding, [], AuctionRules(1, 3, stakes=STAKES_2))


def test_nothing_beats_a_bid_to_win_every_trick():
    """Auction (2): the bid "to win every trick" is the highest."""
    rules = AuctionRules(2, 3)
    state = auction_bidding([(1, 40), (2, ALL_TRICKS)], rules)
    assert (state.declarer, state.bid, state.all_tricks) == (2, 60, True)
    refused(
        "all_tricks_is_highest",
        auction_bidding,
        [(1, 40), (2, ALL_TRICKS), (0, 60)],
        rules,
    )
    refused(
        "all_tricks_is_highest",
        auction_bidding,
        [(1, ALL_TRICKS), (2, ALL_TRICKS)],
        rules,
    )


# ------------------------------------------------------------------------ errors


def test_variant_errors_are_invalid_deals_with_translatable_messages():
    """The engine's pattern: "code (stable), field, template, params and message"."""
    error = refused("deals_not_equal", AuctionRules, 2, 4, deals=5)
    assert isinstance(error, InvalidDeal) and isinstance(error, ValueError)
    assert error.template % error.params == error.message
    assert "%(players)s" in error.template
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.field, copy.params, copy.message) == (
        error.code,
        error.field,
        error.params,
        error.message,
    )
    assert type(copy) is VariantInvalidDeal


def test_every_message_formats_with_its_params():
    """Each template is a plain msgid whose placeholders a caller can fill."""
    for code, template in variants_base._MESSAGES.items():
        names = set(re.findall(r"%\((\w+)\)s", template))
        error = VariantInvalidDeal(code, params={name: 1 for name in names})
        assert error.message == template % {name: 1 for name in names}


def test_results_are_frozen():
    result = score_three_player_deal(three(0, (40, 20)))
    with pytest.raises(FrozenInstanceError):
        result.scores = (0, 0, 0)
    with pytest.raises(FrozenInstanceError):
        AuctionRules(2, 3).players = 4


def test_variants_import_without_django():
    """The variants are pure: "no Django import"."""
    code = (
        "import manille.variants, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
