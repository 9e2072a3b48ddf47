"""Test an auction's bidding sentence by sentence of issue 16 and docs/rules.md.

Each test's docstring quotes the sentence it checks.
"""

from manille.variants import (
    ALL_TRICKS,
    AuctionRules,
    auction_bidding,
)
from tests.manille.helpers import STAKES_2, refused

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
