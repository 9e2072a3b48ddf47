"""The score pad as a newcomer meets it (issue 21): the games say what they are,
an auction game starts without an agreed number of deals, the four-player game
shows its two partnerships, and a phone types the numbers on the pad's keypad."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorepad.models import PadGame
from scorepad.services import Seat, pad_deal_add, pad_game_create
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


def test_each_game_says_what_it_is(manager_client):
    html = manager_client.get(reverse("scorepad:new")).content.decode()
    for name in (
        "Four players (partners)",
        "Three players",
        "Auction (1): the widow, for stakes",
        "Auction (2): bidding for points",
        "Auction (3): bidding, cards on the table",
    ):
        assert f"<span>{name}</span>" in html


def test_an_auction_game_starts_with_no_number_of_deals_typed(manager_client, club):
    response = manager_client.post(
        reverse("scorepad:new"),
        {
            "variant": "auction_2",
            "club": club.pk,
            "name_1": "Anna",
            "name_2": "Bert",
            "name_3": "Chris",
            "name_4": "Dirk",
            "deals": "",
        },
    )
    assert response.status_code == 302
    game = PadGame.objects.get()
    assert game.house["deals"] == 12  # every player deals three times
    html = manager_client.get(response["Location"]).content.decode()
    assert "Deal 1 of 12" in html
    assert "Auction (2): bidding for points" in html


def test_the_four_player_pad_shows_the_two_partnerships(manager_client, manager, club):
    game = pad_game_create(
        club=club,
        variant="four",
        seats=[Seat(n) for n in ("Anna", "Bert", "Chris", "Dirk")],
        house={"target": 101},
        by=manager,
    )
    pad_deal_add(game=game, deal={"trump": "hearts", "points": 42}, by=manager)
    html = manager_client.get(reverse("scorepad:game", args=[game.pk])).content.decode()
    totals = html.split('id="pad-totals"', 1)[1].split("</section>", 1)[0]
    assert totals.count('class="pad-total') == 2
    assert '<span class="pad-name">Anna &amp; Chris</span>' in totals
    assert '<span class="pad-name">Bert &amp; Dirk</span>' in totals
    assert '<strong class="pad-score">12</strong>' in totals
    head = html.split('id="pad-deals"', 1)[1].split("</thead>", 1)[0]
    assert head.count('<th class="num">') == 3  # the number, then two sides
    assert "Anna &amp; Chris" in head and "Bert &amp; Dirk" in head
    row = html.split('data-deal="1"', 1)[1].split("</tr>", 1)[0]
    assert row.count('<td class="num">') == 3


# ----------------------------------------------------------------- in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_types_the_points_on_the_keypad(browser, live_server):
    club = factories.ClubFactory(name="De Zwarte Kat")
    user = get_user_model().objects.create_user("kaarter", password="kaarten-123")
    club.managers.add(user)
    game = pad_game_create(
        club=club,
        variant="four",
        seats=[Seat(n) for n in ("Anna", "Bert", "Chris", "Dirk")],
        house={"target": 101},
        by=user,
    )
    url = f"{live_server.url}{reverse('scorepad:game', args=[game.pk])}"
    for width, keypad in ((390, True), (1366, False)):
        page = browser.new_page(viewport={"width": width, "height": 844})
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "kaarter")
        page.fill("#id_password", "kaarten-123")
        page.click("main button[type=submit]")
        page.wait_for_load_state("networkidle")
        page.goto(url)
        assert page.locator("#pad-keypad").is_visible() is keypad
        points = page.locator("#deal_points")
        if not keypad:  # a laptop types on its keyboard, as before
            assert points.get_attribute("inputmode") == "numeric"
            page.close()
            continue
        # No phone keyboard: the boxes ask for none; the keypad types into them.
        assert points.get_attribute("inputmode") == "none"
        assert page.locator("#deal_knocks").get_attribute("inputmode") == "none"
        page.click('[data-field="trump"] label:has-text("♥")')
        for key in ("4", "2"):
            page.click(f'#pad-keypad [data-digit="{key}"]')
        assert points.input_value() == "42"
        page.click('#pad-keypad [data-digit="back"]')
        page.click('#pad-keypad [data-digit="0"]')
        assert points.input_value() == "40"
        # Tapping the knocks box sends the digits there.
        page.click("#deal_knocks")
        page.click('#pad-keypad [data-digit="1"]')
        assert page.locator("#deal_knocks").input_value() == "1"
        page.click("#pad-save")
        page.wait_for_selector('#pad-deals tr[data-deal="1"]')
        scores = page.locator("#pad-totals .pad-score").all_inner_texts()
        assert scores == ["20", "0"]  # 40 − 30 = 10, one knock doubles it
        page.close()
