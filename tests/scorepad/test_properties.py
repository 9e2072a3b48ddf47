"""Properties of the pad: its totals are the sum of its deals, and the engine's."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manille.engine import Trump
from manille.variants import AuctionDeal, AuctionRules, score_auction_game
from scorepad.services import Seat, pad_deal_add, pad_game_create

pytestmark = pytest.mark.django_db

# Each example writes a pad to the database: 15 examples in CI (the profile's count
# / 13: see tests/conftest.py), a few locally.
SLOW = settings(
    max_examples=max(3, settings.default.max_examples // 13),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

trick_deal = st.fixed_dictionaries(
    {
        "trump": st.sampled_from([t.value for t in Trump]),
        "points": st.integers(0, 60),
        "knocks": st.integers(0, 2),
        "blind": st.booleans(),
    }
)


@SLOW
@given(deals=st.lists(trick_deal, min_size=1, max_size=8))
def test_three_player_totals_are_the_sum_of_the_deals(manager, club, deals):
    game = pad_game_create(
        club=club,
        variant="three",
        seats=[Seat("A"), Seat("B"), Seat("C")],
        house={"target": 9999},
        by=manager,
    )
    for deal in deals:
        pad_deal_add(game=game, deal=deal, by=manager)
    game.refresh_from_db()
    rows = [d.scores for d in game.deals.order_by("number")]
    assert game.totals == [sum(column) for column in zip(*rows, strict=True)]


auction_one_deal = st.fixed_dictionaries(
    {
        "declarer": st.integers(0, 3),
        "points": st.integers(0, 60 + 7),
        "exchanged": st.integers(0, 4),
    }
)


@SLOW
@given(deals=st.lists(auction_one_deal, min_size=4, max_size=4))
def test_auction_one_is_zero_sum_and_the_engines(manager, club, deals):
    game = pad_game_create(
        club=club,
        variant="auction_1",
        seats=[Seat(name) for name in "ABCD"],
        house={"deals": 4, "stakes": [1, 2, 3, 4, 5]},
        by=manager,
    )
    for deal in deals:
        pad_deal_add(game=game, deal=deal, by=manager)
    game.refresh_from_db()
    engine = score_auction_game(
        [AuctionDeal(**deal) for deal in deals],
        AuctionRules(variant=1, players=4, deals=4, stakes=(1, 2, 3, 4, 5)),
    )
    assert game.totals == list(engine.totals)
    assert sum(game.totals) == 0
    assert game.finished
    assert game.winners == ([engine.winner] if engine.winner is not None else [])
