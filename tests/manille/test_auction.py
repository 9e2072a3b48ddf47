"""Test the auction games sentence by sentence of issue 16 and docs/rules.md.

Each test's docstring quotes the sentence it checks.
"""

import pytest

from manille.engine import Rules
from manille.variants import (
    AuctionDeal,
    AuctionRules,
    auction_dealer,
    auction_layout,
    score_auction_deal,
    score_auction_game,
)
from tests.manille.helpers import STAKES_2, STAKES_4, refused

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
