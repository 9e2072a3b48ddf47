"""Play the score pad in a real browser at a phone's width (390 px), to the winner."""

import os

import pytest
from django.contrib.auth import get_user_model

from scorepad.models import PadGame
from tests import factories

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(browser, live_server):
    club = factories.ClubFactory(name="De Zwarte Kat")
    user = get_user_model().objects.create_user("kaarter", password="kaarten-123")
    club.managers.add(user)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda msg: errors.append(msg.text) if msg.type == "error" else None,
    )
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "kaarter")
    page.fill("#id_password", "kaarten-123")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(f"{live_server.url}/pad/new/")
    yield page, club
    # No script error, no refused inline code (CSP); the refused deal's 422 is meant.
    assert [e for e in errors if "status of 422" not in e] == []


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def start(page, variant_label, names, **fields):
    page.click(f'.pad-variants label:has-text("{variant_label}")')
    for n, name in enumerate(names, start=1):
        page.fill(f"#id_name_{n}", name)
    for name, value in fields.items():
        page.fill(f"#id_{name}", value)
    page.click("button.pad-start")
    page.wait_for_selector("#pad-totals")


def totals(page):
    return [
        int(text) for text in page.locator("#pad-totals .pad-score").all_inner_texts()
    ]


def save(page, deal_number):
    page.click("#pad-save")
    page.wait_for_selector(f'#pad-deals tr[data-deal="{deal_number}"]')


def test_a_three_player_game_is_played_to_its_winner(phone):
    page, club = phone
    shot(page, "pad-new-390")
    start(page, "Three players", ["Anna", "Bert", "Chris"])
    # The house settings shown were the three-player game's.
    game = PadGame.objects.get()
    assert game.club == club and game.variant == "three"
    assert game.house["target"] == 101

    # Deal 1 by the keyboard: the trump letter jumps to the points, Enter saves.
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.name === 'trump'"
    )
    page.keyboard.press("h")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.name === 'points'"
    )
    page.keyboard.type("42")
    page.keyboard.press("Enter")
    page.wait_for_selector('#pad-deals tr[data-deal="1"]')
    assert totals(page) == [12, 0, 0]

    # A mistake is refused next to the field, with the engine's message.
    page.click('[data-field="trump"] label:has-text("♠")')
    page.fill("#deal_points", "61")
    page.click("#pad-save")
    error = page.locator('[data-field="points"] .errorlist')
    error.wait_for()
    assert "between 0 and 60, not 61" in error.inner_text()

    # Deal 2 by the buttons: Bert deals no trump and takes nothing.
    page.click('[data-field="trump"] input[value="no_trump"] + span')
    page.fill("#deal_points", "0")
    save(page, 2)
    assert totals(page) == [72, 0, 60]

    # Deal 3: Chris deals hearts and takes 20: Anna and Bert add 10 each.
    page.click('[data-field="trump"] input[value="hearts"] + span')
    page.fill("#deal_points", "20")
    save(page, 3)
    assert totals(page) == [82, 10, 60]
    shot(page, "pad-three-390")

    # Deal 4: Anna deals no trump, all 60: she passes the target of 101.
    page.click('[data-field="trump"] input[value="no_trump"] + span')
    page.fill("#deal_points", "60")
    save(page, 4)
    winner = page.locator("#pad-winner")
    assert "Winner: Anna" in winner.inner_text()
    assert totals(page) == [142, 10, 60]
    assert page.locator("#pad-deal").count() == 0
    shot(page, "pad-three-won-390")
    game.refresh_from_db()
    assert game.finished and game.winners == [0]

    # Undo reopens it; the history lists it.
    page.click("#pad-undo")
    page.wait_for_selector("#pad-deal")
    assert totals(page) == [82, 10, 60]
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, "pad-three-1366")
    page.goto(page.url.split("/pad/")[0] + "/pad/")
    assert "Anna, Bert, Chris" in page.locator("table").inner_text()
    shot(page, "pad-list-1366")
    page.goto(page.url + "new/")
    shot(page, "pad-new-1366")


def test_an_auction_three_game_is_played_through_all_its_deals(phone):
    page, _club = phone
    start(
        page,
        "Auction (3)",
        ["Anna", "Bert", "Chris"],
        deals="3",
    )
    assert (
        page.locator("#pad-layout").inner_text()
        == "9 each, 5 on the table: 2 up, 3 down"
    )
    shot(page, "pad-auction-390")

    # Deal 1: Anna bids 35, exchanges 2, makes it.
    page.click('[data-field="declarer"] label:has-text("Anna")')
    page.fill("#deal_bid", "35")
    page.fill("#deal_exchanged", "2")
    page.click('[data-field="made"] label:has-text("Made")')
    save(page, 1)
    assert totals(page) == [35, 0, 0]

    # Deal 2: Bert undertakes every trick without exchanging and wins them.
    page.click('[data-field="declarer"] label:has-text("Bert")')
    page.click('[data-field="all_tricks"] label')
    page.click('[data-field="made"] label:has-text("Made")')
    save(page, 2)
    assert totals(page) == [35, 60, 0]

    # Deal 3: Chris bids 40 and fails.
    page.click('[data-field="declarer"] label:has-text("Chris")')
    page.fill("#deal_bid", "40")
    page.fill("#deal_exchanged", "1")
    page.click('[data-field="made"] label:has-text("Failed")')
    save(page, 3)
    assert totals(page) == [35, 60, -40]
    assert "Winner: Bert" in page.locator("#pad-winner").inner_text()
    shot(page, "pad-auction-won-390")
