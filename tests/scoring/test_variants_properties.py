"""Check the variants' invariants on generated rules, deals and games."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from manille.engine import Deal as FourPlayerDeal
from manille.engine import InvalidDeal, Rules, Trump, score_deal
from manille.variants import (
    ALL_TRICKS,
    AUCTION_MAX_PLAYERS,
    AUCTION_MIN_PLAYERS,
    AuctionDeal,
    AuctionRules,
    ThreePlayerDeal,
    auction_bidding,
    auction_dealer,
    auction_layout,
    score_auction_deal,
    score_auction_game,
    score_three_player_deal,
    score_three_player_game,
)

PLAYERS = st.integers(AUCTION_MIN_PLAYERS, AUCTION_MAX_PLAYERS)
VARIANTS = st.sampled_from([1, 2, 3])
TRUMPS = st.sampled_from(list(Trump))


# ------------------------------------------------------------------ three players


@st.composite
def three_player_deals(draw, dealer=None):
    a = draw(st.integers(0, 60))
    return ThreePlayerDeal(
        dealer=draw(st.integers(0, 2)) if dealer is None else dealer,
        points=(a, 60 - a),
        trump=draw(TRUMPS),
        knocks=draw(st.integers(0, 2)),
        blind=draw(st.booleans()),
        revoke=draw(st.one_of(st.none(), st.integers(0, 2))),
    )


@st.composite
def three_player_rules(draw):
    return Rules(
        multiplier=draw(st.sampled_from(["multiply", "add"])),
        draw_carry=draw(st.booleans()),
        capot_doubles=draw(st.booleans()),
        max_factor=draw(st.one_of(st.none(), st.integers(1, 16))),
        target=draw(st.integers(20, 300)),
    )


@given(three_player_deals(), three_player_rules(), st.integers(0, 3))
def test_the_two_partners_score_alike_and_the_side_matches_the_engine(
    deal, rules, carry
):
    """Both players of the winning side add the deal's score; the rest is the
    four-player game's."""
    result = score_three_player_deal(deal, rules, carry)
    revoke = None if deal.revoke is None else int(deal.revoke != deal.dealer)
    side = score_deal(
        FourPlayerDeal(deal.points, deal.trump, deal.knocks, deal.blind, revoke),
        rules,
        carry,
    )
    others = [player for player in range(3) if player != deal.dealer]
    assert result.scores[deal.dealer] == side.scores[0]
    assert result.scores[others[0]] == result.scores[others[1]] == side.scores[1]
    assert (result.factor, result.steps, result.carry) == (
        side.factor,
        side.steps,
        side.carry,
    )
    assert min(result.scores) == 0  # the losing side never goes below zero


@st.composite
def three_player_games(draw):
    first = draw(st.integers(0, 2))
    count = draw(st.integers(0, 25))
    return [draw(three_player_deals(dealer=(first + i) % 3)) for i in range(count)]


@settings(max_examples=settings.default.max_examples)
@given(three_player_games(), three_player_rules())
def test_three_player_totals_are_the_sum_of_the_deals(deals, rules):
    """Each player's total is the sum of the deals; the first to the target ends it."""
    try:
        game = score_three_player_game(deals, rules)
    except InvalidDeal as exc:
        assert exc.code == "game_over"
        assert exc.index is not None and exc.index < len(deals)
        game = score_three_player_game(deals[: exc.index], rules)
        assert game.finished
    assert game.totals == tuple(
        sum(deal.scores[player] for deal in game.deals) for player in range(3)
    )
    assert game.finished == (max(game.totals) >= rules.target)
    if game.winner is not None:
        assert game.totals[game.winner] > max(
            total for player, total in enumerate(game.totals) if player != game.winner
        )


# ------------------------------------------------------------------------ layouts


@given(PLAYERS, VARIANTS)
def test_layouts_always_add_up_to_32(players, variant):
    """Every layout accounts for the 32 cards, and only sevens are removed."""
    each, up, down, sevens = auction_layout(players, variant)
    assert each * players + up + down + sevens == 32
    assert min(each, up, down, sevens) >= 0 and each >= 4
    assert sevens <= 4
    if variant == 1:
        assert up == 0 and down in (2, 4) and sevens == 0
    if variant == 2:
        assert up == down == 0
    if variant == 3:
        assert up >= 1 and down >= 1 and sevens == 0


# ------------------------------------------------------------------------ auction


@st.composite
def auction_rules(draw, variant=None, deals=True):
    variant = draw(VARIANTS) if variant is None else variant
    players = draw(PLAYERS)
    widow = sum(auction_layout(players, variant)[1:3])
    stakes = None
    if variant == 1:
        stakes = draw(
            st.lists(st.integers(0, 20), min_size=widow + 1, max_size=widow + 1)
        )
    return AuctionRules(
        variant,
        players,
        deals=players * draw(st.integers(1, 4)) if deals else None,
        stakes=stakes,
        double_for_all_tricks=variant == 3 and draw(st.booleans()),
        double_for_no_exchange=variant == 3 and draw(st.booleans()),
        trick_points=draw(st.sampled_from([None, True, False])),
    )


@st.composite
def auction_deals(draw, rules):
    if draw(st.integers(0, 9)) == 0:
        return AuctionDeal(None)
    declarer = draw(st.integers(0, rules.players - 1))
    exchanged = draw(st.integers(0, rules.widow))
    points = draw(st.one_of(st.none(), st.integers(0, rules.total)))
    made = draw(st.booleans()) if points is None else None
    if rules.variant == 1:
        return AuctionDeal(declarer, points=points, made=made, exchanged=exchanged)
    if draw(st.booleans()) and draw(st.booleans()):
        return AuctionDeal(
            declarer, made=draw(st.booleans()), exchanged=exchanged, all_tricks=True
        )
    bid = draw(st.integers(rules.min_bid, rules.total))
    return AuctionDeal(declarer, bid=bid, points=points, made=made, exchanged=exchanged)


@settings(max_examples=settings.default.max_examples * 3 // 2)
@given(st.data())
def test_auction_one_is_zero_sum(data):
    """Auction (1): the declarer wins from, or pays, each opponent the same stake."""
    rules = data.draw(auction_rules(variant=1))
    deal = data.draw(auction_deals(rules))
    result = score_auction_deal(deal, rules)
    assert sum(result.scores) == 0
    if deal.declarer is not None:
        stake = rules.stakes[deal.exchanged]
        sign = 1 if result.made else -1
        for player, score in enumerate(result.scores):
            expected = (
                stake * (rules.players - 1) if player == deal.declarer else -stake
            )
            assert score == sign * expected


@settings(max_examples=settings.default.max_examples * 3 // 2)
@given(st.data())
def test_auction_two_and_three_score_only_the_declarer_his_bid(data):
    """Auction (2), (3): the declarer scores his bid or loses it, doubled at most
    twice."""
    rules = data.draw(auction_rules(variant=data.draw(st.sampled_from([2, 3]))))
    deal = data.draw(auction_deals(rules))
    result = score_auction_deal(deal, rules)
    if deal.declarer is None:
        assert result.scores == (0,) * rules.players
        return
    others = [s for p, s in enumerate(result.scores) if p != deal.declarer]
    assert others == [0] * (rules.players - 1)
    assert result.factor in (1, 2, 4)
    score = result.scores[deal.declarer]
    assert abs(score) == result.value * result.factor
    assert (score > 0) == result.made
    if deal.points is not None and not deal.all_tricks:
        assert result.made == (deal.points >= deal.bid)


@settings(max_examples=settings.default.max_examples)
@given(st.data())
def test_auction_totals_are_the_sum_of_the_deals_and_dealing_is_equal(data):
    """Totals = sum of deals; a finished game has every player dealing equally
    often; most points wins."""
    rules = data.draw(auction_rules())
    count = data.draw(st.integers(0, rules.deals))
    deals = [data.draw(auction_deals(rules)) for _ in range(count)]
    game = score_auction_game(deals, rules)
    assert game.totals == tuple(
        sum(deal.scores[player] for deal in game.deals)
        for player in range(rules.players)
    )
    assert game.finished == (count == rules.deals)
    dealt = Counter(auction_dealer(i, rules.players) for i in range(count))
    assert game.next_dealer == auction_dealer(count, rules.players)
    if game.finished:
        assert set(dealt.values()) == {rules.deals // rules.players}
        assert set(dealt) == set(range(rules.players))
        best = max(game.totals)
        if game.totals.count(best) == 1:
            assert game.winner == game.totals.index(best)
        else:
            assert game.winner is None
    else:
        assert game.winner is None
    if rules.variant == 1:
        assert sum(game.totals) == 0


@given(PLAYERS, VARIANTS, st.integers(-3, 40))
def test_only_whole_rounds_of_dealing_make_a_game(players, variant, deals):
    """A game not dealt equally is refused; every multiple of the players is
    accepted."""
    stakes = None
    if variant == 1:
        stakes = [1] * (sum(auction_layout(players, variant)[1:3]) + 1)
    try:
        rules = AuctionRules(variant, players, deals=deals, stakes=stakes)
    except InvalidDeal as exc:
        assert exc.code == "deals_not_equal"
        assert deals < 1 or deals % players
    else:
        assert deals >= 1 and deals % players == 0
        assert rules.deals == deals


@settings(max_examples=settings.default.max_examples * 3 // 2)
@given(st.data())
def test_a_valid_bidding_ends_on_the_highest_bid(data):
    """Bidding: each bid higher than the last; a player who passed never calls
    again; the highest bidder declares."""
    rules = data.draw(auction_rules(variant=data.draw(st.sampled_from([2, 3]))))
    dealer = data.draw(st.integers(0, rules.players - 1))
    calls = []
    state = auction_bidding(calls, rules, dealer)
    bids = []
    while not state.finished:
        player = state.next_player
        last = state.bid or rules.min_bid - 1
        options = [None]
        if not state.all_tricks:
            options.append(ALL_TRICKS)
            if last < rules.total:
                options.append(data.draw(st.integers(last + 1, rules.total)))
        call = data.draw(st.sampled_from(options))
        calls.append((player, call))
        state = auction_bidding(calls, rules, dealer)
        if call is not None:
            bids.append((player, call))
    assert len(calls) <= rules.players * (rules.total + 2)
    called = [player for player, _ in calls]
    assert called[0] == (dealer + 1) % rules.players
    for player in state.passed:
        first_pass = calls.index((player, None))
        assert player not in called[first_pass + 1 :]
    if bids:
        assert state.declarer == bids[-1][0]
        assert state.all_tricks == (bids[-1][1] == ALL_TRICKS)
        assert len(state.passed) == rules.players - 1
    else:
        assert state.declarer is None and len(state.passed) == rules.players
