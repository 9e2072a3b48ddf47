"""The score pad's services: totals are the engine's, impossible input is refused."""

import pytest
from django.core.exceptions import PermissionDenied

from core.errors import InvalidInput, StateConflict
from manille.engine import Deal, Rules, score_game
from manille.variants import (
    AuctionDeal,
    AuctionRules,
    ThreePlayerDeal,
    score_auction_game,
    score_three_player_game,
)
from scorepad.models import PadGame
from scorepad.services import Seat, pad_deal_add, pad_deal_undo, pad_game_create

pytestmark = pytest.mark.django_db


def seats(*names):
    return [Seat(name=name) for name in names]


def new_game(
    by, *, club=None, variant="three", names=("Anna", "Bert", "Chris"), **house
):
    return pad_game_create(
        club=club, variant=variant, seats=seats(*names), house=house, by=by
    )


def test_three_player_totals_are_the_engines(manager, club):
    game = new_game(manager, club=club, target=200)
    typed = [
        {"trump": "hearts", "points": 42},
        {"trump": "no_trump", "points": 20, "knocks": 1},
        {"trump": "spades", "points": 30},
        {"trump": "clubs", "points": 35, "revoke": 1},
    ]
    for deal in typed:
        pad_deal_add(game=game, deal=deal, by=manager)
    engine = score_three_player_game(
        [
            ThreePlayerDeal(0, (42, 18), "hearts"),
            ThreePlayerDeal(1, (20, 40), "no_trump", knocks=1),
            ThreePlayerDeal(2, (30, 30), "spades"),
            ThreePlayerDeal(0, (35, 25), "clubs", revoke=1),
        ],
        Rules(target=200),
    )
    game.refresh_from_db()
    assert game.totals == list(engine.totals)
    assert [d.scores for d in game.deals.order_by("number")] == [
        list(d.scores) for d in engine.deals
    ]
    assert not game.finished


def test_three_player_game_ends_at_the_target_with_the_highest_total(manager, club):
    """'the first to reach the target ends the game and the highest total wins'."""
    game = new_game(manager, club=club, target=50)
    pad_deal_add(game=game, deal={"trump": "no_trump", "points": 60}, by=manager)
    game.refresh_from_db()
    assert game.finished and game.finished_at is not None
    assert game.totals == [60, 0, 0]
    assert game.winners == [0]
    with pytest.raises(StateConflict):
        pad_deal_add(game=game, deal={"trump": "hearts", "points": 30}, by=manager)


def test_four_player_totals_follow_the_partnerships(manager, club):
    game = new_game(
        manager, club=club, variant="four", names=("A", "B", "C", "D"), target=101
    )
    pad_deal_add(game=game, deal={"trump": "hearts", "points": 42}, by=manager)
    pad_deal_add(game=game, deal={"trump": "no_trump", "points": 10}, by=manager)
    engine = score_game(
        [Deal((42, 18), "hearts", declarer=0), Deal((10, 50), "no_trump", declarer=1)]
    )
    game.refresh_from_db()
    a, b = engine.totals
    assert game.totals == [a, b, a, b]


def test_auction_one_is_zero_sum_and_the_engines(manager, club):
    game = new_game(manager, club=club, variant="auction_1", deals=3, stakes=[1, 2, 3])
    pad_deal_add(
        game=game, deal={"declarer": 0, "points": 30, "exchanged": 2}, by=manager
    )
    pad_deal_add(
        game=game, deal={"declarer": 1, "points": 10, "exchanged": 0}, by=manager
    )
    game.refresh_from_db()
    engine = score_auction_game(
        [AuctionDeal(0, points=30, exchanged=2), AuctionDeal(1, points=10)],
        AuctionRules(variant=1, players=3, deals=3, stakes=(1, 2, 3)),
    )
    assert game.totals == list(engine.totals)
    assert sum(game.totals) == 0


def test_auction_three_doubles_and_ends_after_the_agreed_deals(manager, club):
    game = new_game(
        manager,
        club=club,
        variant="auction_3",
        deals=3,
        double_for_all_tricks=True,
        double_for_no_exchange=True,
    )
    deals = [
        {"declarer": 0, "bid": 35, "made": True, "exchanged": 2},
        {"declarer": 1, "all_tricks": True, "made": True, "exchanged": 0},
        {"declarer": 2, "bid": 40, "made": False, "exchanged": 1},
    ]
    for deal in deals:
        pad_deal_add(game=game, deal=deal, by=manager)
    game.refresh_from_db()
    engine = score_auction_game(
        [
            AuctionDeal(0, bid=35, made=True, exchanged=2),
            AuctionDeal(1, made=True, all_tricks=True),
            AuctionDeal(2, bid=40, made=False, exchanged=1),
        ],
        AuctionRules(
            variant=3,
            players=3,
            deals=3,
            double_for_all_tricks=True,
            double_for_no_exchange=True,
        ),
    )
    assert game.totals == list(engine.totals) == [35, 240, -40]
    assert game.finished and game.winners == [1]


def test_a_bad_deal_gives_the_engines_message_on_its_field(manager, club):
    game = new_game(manager, club=club)
    with pytest.raises(InvalidInput) as caught:
        pad_deal_add(game=game, deal={"trump": "hearts", "points": 75}, by=manager)
    assert caught.value.field == "points"
    assert "between 0 and 60, not 75" in caught.value.messages[0]
    assert not game.deals.exists()


def test_a_declarer_out_of_range_is_refused(manager, club):
    game = new_game(manager, club=club, variant="auction_2", deals=3)
    with pytest.raises(InvalidInput) as caught:
        pad_deal_add(
            game=game, deal={"declarer": 5, "bid": 30, "made": True}, by=manager
        )
    assert caught.value.field == "declarer"
    assert caught.value.code == "declarer_out_of_range"


def test_a_wrongly_typed_deal_is_refused_before_the_engine(manager, club):
    game = new_game(manager, club=club)
    with pytest.raises(InvalidInput) as caught:
        pad_deal_add(game=game, deal={"trump": "hearts", "points": "42"}, by=manager)
    assert caught.value.field == "points"


@pytest.mark.parametrize(
    ("variant", "names", "house", "field"),
    [
        ("three", ("A", "B"), {}, "players"),
        ("four", ("A", "B", "C"), {}, "players"),
        ("auction_2", tuple("ABCDEFGH"), {"deals": 8}, "players"),
        ("three", ("Anna", "anna", "Bert"), {}, "players"),
        ("three", ("Anna", "B\u202eert", "Chris"), {}, "players"),
        ("auction_1", ("A", "B", "C"), {"deals": 3}, "stakes"),
        ("auction_1", ("A", "B", "C"), {"deals": 3, "stakes": [1, 2]}, "stakes"),
        ("auction_2", ("A", "B", "C"), {"deals": 4}, "deals"),
        ("nonsense", ("A", "B", "C"), {}, "variant"),
    ],
)
def test_impossible_games_are_refused(manager, club, variant, names, house, field):
    with pytest.raises(InvalidInput) as caught:
        new_game(manager, club=club, variant=variant, names=names, **house)
    assert caught.value.field == field
    assert not PadGame.objects.exists()


def test_stakes_missing_gives_the_engines_message(manager, club):
    with pytest.raises(InvalidInput) as caught:
        new_game(manager, club=club, variant="auction_1", deals=3)
    assert "stake table" in caught.value.messages[0]


def test_only_the_clubs_own_members_are_linked(manager, club, other_manager):
    from tests import factories

    outsider = factories.PlayerFactory(club=factories.ClubFactory(name="Elders"))
    with pytest.raises(InvalidInput):
        pad_game_create(
            club=club,
            variant="three",
            seats=[Seat("A"), Seat("B"), Seat("", player=outsider)],
            house={},
            by=manager,
        )


def test_a_member_without_a_typed_name_plays_under_their_own(manager, club, members):
    game = pad_game_create(
        club=club,
        variant="three",
        seats=[Seat("", player=m) for m in members],
        house={},
        by=manager,
    )
    assert [p.name for p in game.players.all()] == [m.full_name for m in members]
    assert [p.player for p in game.players.all()] == members


def test_only_the_clubs_managers_keep_its_pad(manager, club, stranger, other_manager):
    with pytest.raises(PermissionDenied):
        new_game(stranger, club=club)
    with pytest.raises(PermissionDenied):
        new_game(other_manager, club=club)
    with pytest.raises(PermissionDenied):
        new_game(stranger)  # no club: directors and staff only
    game = new_game(manager, club=club)
    with pytest.raises(PermissionDenied):
        pad_deal_add(
            game=game, deal={"trump": "hearts", "points": 40}, by=other_manager
        )
    with pytest.raises(PermissionDenied):
        pad_deal_undo(game=game, by=other_manager)


def test_a_tournament_director_keeps_a_pad_without_a_club(tournament, director):
    game = new_game(director)
    assert game.club is None and game.created_by == director


def test_undo_takes_back_the_last_deal_and_reopens_the_game(manager, club):
    game = new_game(manager, club=club, target=50)
    pad_deal_add(game=game, deal={"trump": "hearts", "points": 40}, by=manager)
    pad_deal_add(game=game, deal={"trump": "no_trump", "points": 60}, by=manager)
    game.refresh_from_db()
    assert game.finished
    assert pad_deal_undo(game=game, by=manager) == 2
    game.refresh_from_db()
    assert not game.finished and game.winners == []
    assert game.totals == [10, 0, 0]
    assert pad_deal_undo(game=game, by=manager) == 1
    assert pad_deal_undo(game=game, by=manager) is None
    game.refresh_from_db()
    assert game.totals == [0, 0, 0]
