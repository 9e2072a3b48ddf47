"""The score pad's pages: who may open them, what they show, garbage never a 500."""

import pytest
from django.urls import reverse

from scorepad.models import PadDeal, PadGame
from scorepad.services import Seat, pad_deal_add, pad_game_create

pytestmark = pytest.mark.django_db


def make_game(
    by, *, club=None, variant="three", names=("Anna", "Bert", "Chris"), **house
):
    return pad_game_create(
        club=club,
        variant=variant,
        seats=[Seat(n) for n in names],
        house=house,
        by=by,
    )


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


@pytest.fixture
def club_game(manager, club):
    return make_game(manager, club=club, target=101)


def test_anonymous_visitors_are_sent_to_the_login(client, club_game):
    for url in (
        reverse("scorepad:list"),
        reverse("scorepad:new"),
        reverse("scorepad:game", args=[club_game.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]


def test_a_stranger_gets_the_403_page(client, stranger, club_game):
    client.force_login(stranger)
    for url in (
        reverse("scorepad:list"),
        reverse("scorepad:new"),
        reverse("scorepad:game", args=[club_game.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 403
        assert "Not allowed" in response.content.decode()
    response = client.post(reverse("scorepad:undo", args=[club_game.pk]))
    assert response.status_code == 403


def test_another_clubs_manager_cannot_open_or_play_the_game(
    client, other_manager, club_game
):
    client.force_login(other_manager)
    url = reverse("scorepad:game", args=[club_game.pk])
    assert client.get(url).status_code == 403
    response = client.post(url, {"trump": "hearts", "points": "40"})
    assert response.status_code == 403
    assert client.post(reverse("scorepad:undo", args=[club_game.pk])).status_code == 403
    assert not club_game.deals.exists()
    # Nor see it in the list, nor ask for its club's list.
    response = client.get(reverse("scorepad:list"))
    assert response.status_code == 200
    assert f'data-game="{club_game.pk}"' not in response.content.decode()
    response = client.get(reverse("scorepad:list"), {"club": club_game.club_id})
    assert response.status_code == 404


def test_the_list_shows_the_clubs_history(
    manager_client, manager, club, other_manager, django_assert_max_num_queries
):
    for n in range(5):
        game = make_game(
            manager, club=club, target=50, names=(f"A{n}", "Bert", "Chris")
        )
    pad_deal_add(game=game, deal={"trump": "no_trump", "points": 60}, by=manager)
    theirs = make_game(other_manager, club=other_manager.managed_clubs.get())
    with django_assert_max_num_queries(12):
        response = manager_client.get(reverse("scorepad:list"), {"club": club.pk})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("data-game=") == 5
    assert f'data-game="{theirs.pk}"' not in html
    assert "A4, Bert, Chris" in html
    assert "Three players" in html and "in play" in html


def test_a_manager_starts_a_game_and_plays_a_deal(manager_client, club, members):
    page = manager_client.get(reverse("scorepad:new")).content.decode()
    assert 'name="member_1"' in page and "Chris Peeters" in page
    response = manager_client.post(
        reverse("scorepad:new"),
        {
            "variant": "three",
            "club": club.pk,
            "name_1": "Anna",
            "name_2": "Bert",
            "member_3": members[2].pk,
            "target": "101",
            "no_trump_doubles": "on",
            "blind_doubles": "on",
            "max_knocks": "2",
        },
    )
    assert response.status_code == 302
    game = PadGame.objects.get()
    assert response["Location"] == reverse("scorepad:game", args=[game.pk])
    assert game.club == club and game.house["target"] == 101
    assert [p.name for p in game.players.all()] == ["Anna", "Bert", "Chris Peeters"]

    url = reverse("scorepad:game", args=[game.pk])
    response = manager_client.post(url, {"trump": "hearts", "points": "42"})
    assert response.status_code == 302
    page = manager_client.get(url).content.decode()
    assert 'data-deal="1"' in page
    assert "Deal 2 · Bert deals" in page
    game.refresh_from_db()
    assert game.totals == [12, 0, 0]


def test_a_bad_deal_shows_the_engines_message_next_to_the_field(
    manager_client, club_game
):
    url = reverse("scorepad:game", args=[club_game.pk])
    response = manager_client.post(url, {"trump": "hearts", "points": "75"})
    assert response.status_code == 422
    html = response.content.decode()
    field = html.split('data-field="points"', 1)[1].split("</div>", 2)
    assert "Points must lie between 0 and 60, not 75." in "".join(field[:2])
    assert not club_game.deals.exists()


def test_the_auction_three_page_shows_the_layout(manager_client, manager, club):
    game = make_game(manager, club=club, variant="auction_3", deals=3)
    html = manager_client.get(reverse("scorepad:game", args=[game.pk])).content.decode()
    assert "9 each, 5 on the table: 2 up, 3 down" in html
    assert "Everyone passed" in html


def test_the_winner_is_shown_and_the_form_is_gone(manager_client, manager, club):
    game = make_game(manager, club=club, target=50)
    pad_deal_add(game=game, deal={"trump": "no_trump", "points": 60}, by=manager)
    url = reverse("scorepad:game", args=[game.pk])
    html = manager_client.get(url).content.decode()
    assert "Winner: Anna" in html
    assert 'id="pad-deal"' not in html
    response = manager_client.post(url, {"trump": "hearts", "points": "40"})
    assert response.status_code == 409
    assert "This game is over" in response.content.decode()


def test_undo_takes_back_the_last_deal(manager_client, manager, club_game):
    pad_deal_add(game=club_game, deal={"trump": "hearts", "points": 40}, by=manager)
    response = manager_client.post(reverse("scorepad:undo", args=[club_game.pk]))
    assert response.status_code == 302
    assert not PadDeal.objects.exists()
    response = manager_client.post(
        reverse("scorepad:undo", args=[club_game.pk]), follow=True
    )
    assert "There is no deal to undo." in response.content.decode()


def test_a_director_keeps_pads_without_a_club(client, tournament, director):
    client.force_login(director)
    response = client.post(
        reverse("scorepad:new"),
        {
            "variant": "auction_2",
            "name_1": "A",
            "name_2": "B",
            "name_3": "C",
            "name_4": "D",
            "deals": "8",
        },
    )
    assert response.status_code == 302
    game = PadGame.objects.get()
    assert game.club is None and game.house == {"deals": 8}
    # The club's manager is refused a club they do not manage in the form.
    response = client.post(
        reverse("scorepad:new"),
        {"variant": "three", "club": "1", "name_1": "A", "name_2": "B", "name_3": "C"},
    )
    assert response.status_code == 400


GARBAGE = ["", "-1", "0", "x", "9" * 40, "1e5", "\x00", "١٢", "[]", "None"]


@pytest.mark.parametrize("value", GARBAGE)
def test_garbage_on_the_new_game_page_is_a_form_error(manager_client, value):
    response = manager_client.post(
        reverse("scorepad:new"),
        {
            "variant": value,
            "club": value,
            "name_1": value,
            "member_2": value,
            "name_3": "C",
            "target": value,
            "deals": value,
            "stakes": value,
            "max_knocks": value,
        },
    )
    assert response.status_code in (400, 422)
    response = manager_client.get(reverse("scorepad:new"), {"club": value})
    assert response.status_code == 200


@pytest.mark.parametrize("value", GARBAGE)
@pytest.mark.parametrize("variant", ["three", "four", "auction_1", "auction_3"])
def test_garbage_deals_are_form_errors(manager_client, manager, club, variant, value):
    names = ("A", "B", "C", "D") if variant == "four" else ("A", "B", "C")
    house = {"deals": 3, "stakes": [1, 2, 3]} if variant == "auction_1" else {}
    if variant == "auction_3":
        house = {"deals": 3}
    game = make_game(manager, club=club, variant=variant, names=names, **house)
    response = manager_client.post(
        reverse("scorepad:game", args=[game.pk]),
        {
            name: value
            for name in (
                "trump",
                "points",
                "knocks",
                "revoke",
                "declarer",
                "bid",
                "made",
                "exchanged",
                "blind",
                "all_tricks",
            )
        },
    )
    assert response.status_code in (400, 409, 422)
    assert not game.deals.exists()


@pytest.mark.parametrize("pk", ["0", "9" * 40])
def test_unknown_games_are_404(manager_client, pk):
    assert manager_client.get(f"/pad/{pk}/").status_code == 404
    assert manager_client.post(f"/pad/{pk}/undo/").status_code == 404


@pytest.mark.parametrize("raw", ["x", "9" * 40, "-3", "\x00"])
def test_a_bad_club_filter_is_404(manager_client, raw):
    assert (
        manager_client.get(reverse("scorepad:list"), {"club": raw}).status_code == 404
    )


@pytest.mark.parametrize(
    ("variant", "names", "house", "shown"),
    [
        ("four", ("Anna", "Bert", "Chris", "Dirk"), {}, "Points of Anna &amp; Chris"),
        ("three", ("Anna", "Bert", "Chris"), {}, "Dealer&#x27;s points"),
        (
            "auction_1",
            ("A", "B", "C", "D"),
            {"deals": 4, "stakes": [1, 2, 3, 4, 5]},
            "7 each, a widow of 4 face down",
        ),
        ("auction_2", tuple("ABCDE"), {"deals": 5}, "6 each, 2 sevens removed"),
        ("auction_3", tuple("ABCDEFG"), {"deals": 7}, "4 each, 4 on the table"),
    ],
)
def test_every_variant_has_its_deal_form(
    manager_client, manager, club, variant, names, house, shown
):
    game = make_game(manager, club=club, variant=variant, names=names, **house)
    response = manager_client.get(reverse("scorepad:game", args=[game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert shown in html
    assert 'id="pad-deal"' in html and "data-autofocus" in html


def test_a_deal_sent_twice_is_kept_once(manager_client, club_game):
    url = reverse("scorepad:game", args=[club_game.pk])
    deal = {"trump": "hearts", "points": "42", "number": "1"}
    assert manager_client.post(url, deal).status_code == 302
    response = manager_client.post(url, deal)
    assert response.status_code == 409
    html = response.content.decode()
    assert "The game changed meanwhile" in html
    assert 'name="number" value="2"' in html
    assert club_game.deals.count() == 1


def test_an_undo_sent_twice_takes_back_one_deal(manager_client, manager, club_game):
    for points in (40, 35):
        pad_deal_add(
            game=club_game, deal={"trump": "hearts", "points": points}, by=manager
        )
    url = reverse("scorepad:undo", args=[club_game.pk])
    assert manager_client.post(url, {"number": "2"}).status_code == 302
    response = manager_client.post(url, {"number": "2"}, follow=True)
    assert "The game changed meanwhile" in response.content.decode()
    assert list(club_game.deals.values_list("number", flat=True)) == [1]
