"""Drive a real browser over the sheet: keyboard entry, a caught mistake, a conflict."""

import os

import pytest
from django.contrib.auth import get_user_model

from scoring.models import DealRecord, ScoreSheet
from tests import factories

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_and_directors(settings):
    users = [
        get_user_model().objects.create_user(f"wl{n}", password="wedstrijd-123")
        for n in (1, 2)
    ]
    tournament = factories.TournamentFactory()
    tournament.directors.add(*users)
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    return factories.individual_table(round=rnd, number=1), users


def open_sheet(browser, base, username, table):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/director/sheets/table/{table.pk}/")
    page.wait_for_selector("#sheet [data-trump]:focus")
    return page


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_common_deal_takes_four_keystrokes_and_a_mistake_is_caught(
    browser, live_server, table_and_directors
):
    table, users = table_and_directors
    page = open_sheet(browser, live_server.url, "wl1", table)

    # The common deal: trump letter, points of side A, Enter (4 keystrokes).
    keys = ["h", "4", "2", "Enter"]
    for key in keys:
        page.keyboard.press(key)
    row = page.locator('#game-1 tr.deal-row[data-deal="1"]')
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert "42" in cells and "18" in cells and "12" in cells
    assert len(keys) <= 6
    assert page.locator("#game-1 .game-result").inner_text().startswith("In play: 12")
    # Focus comes back to the trump field of the next row once htmx has settled
    # the swapped sheet (a few ms after the row appears); wait for it, then check.
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.trump === '1'",
        timeout=5000,
    )
    assert page.evaluate("document.activeElement.dataset.trump") == "1"

    # A deliberate mistake: 75 points. Knocks typed too must survive the refusal.
    page.keyboard.press("s")  # jumps to side A's points
    page.keyboard.type("75")
    page.keyboard.press("Shift+Tab")  # back to the knocks
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    error = page.locator("#entry-row td.field-error .errorlist")
    error.wait_for()
    assert "Points must lie between 0 and 60, not 75." in error.inner_text()
    assert page.input_value("#entry-row [name=trump]") == "s"
    assert page.input_value("#entry-row [name=points_a]") == "75"
    assert page.input_value("#entry-row [name=knocks]") == "1"
    shot(page, "sheet-mistake")
    assert DealRecord.objects.count() == 1

    # The wrong field has the focus, its value selected: type the right one.
    page.keyboard.type("45")
    page.keyboard.press("Enter")
    page.locator('#game-1 tr.deal-row[data-deal="2"]').wait_for()
    second = DealRecord.objects.get(number=2)
    assert (second.trump, second.points_a, second.knocks) == ("spades", 45, 1)
    assert second.score_a == 30  # (45 − 30) × 2
    assert "42" in page.locator("#game-1 .deal-row").first.inner_text()
    shot(page, "sheet-after")


def test_two_directors_on_one_sheet_lose_nothing(
    browser, live_server, table_and_directors
):
    table, users = table_and_directors
    first = open_sheet(browser, live_server.url, "wl1", table)
    second = open_sheet(browser, live_server.url, "wl2", table)

    first.keyboard.press("h")
    first.keyboard.type("40")
    first.keyboard.press("Enter")
    first.locator('#game-1 tr.deal-row[data-deal="1"]').wait_for()

    second.keyboard.press("n")
    second.keyboard.type("50")
    second.keyboard.press("Enter")
    conflict = second.locator("#conflict")
    conflict.wait_for()
    assert "Someone else saved this sheet" in conflict.inner_text()
    assert "wl1" in conflict.inner_text()
    # The other director's deal is shown, and what this one typed is still there.
    assert "40" in second.locator('#game-1 tr.deal-row[data-deal="1"]').inner_text()
    assert second.input_value("#entry-row [name=trump]") == "n"
    assert second.input_value("#entry-row [name=points_a]") == "50"
    shot(second, "sheet-conflict")
    assert DealRecord.objects.count() == 1

    # Having seen it, the second director saves again: both deals are kept.
    second.click("#entry-row button[type=submit]")
    second.locator('#game-1 tr.deal-row[data-deal="2"]').wait_for()
    assert list(
        DealRecord.objects.order_by("number").values_list("points_a", flat=True)
    ) == [40, 50]
    assert ScoreSheet.objects.get().version == 2


def test_a_whole_round_is_entered_confirmed_and_closed_with_the_keyboard(
    browser, live_server, table_and_directors
):
    from tournaments.models import Round

    table, users = table_and_directors
    other = factories.individual_table(round=table.round, number=2)
    page = open_sheet(browser, live_server.url, "wl1", table)
    strokes = 0
    for current in (table, other):
        page.wait_for_url(f"**/director/sheets/table/{current.pk}/")
        page.wait_for_selector("#sheet [data-trump]:focus")
        for game in (1, 2, 3):
            for deal in (1, 2):  # two no-trump deals of 60 end a game at 120
                page.wait_for_selector("#sheet [data-trump]:focus")
                for key in ("n", "6", "0", "Enter"):
                    page.keyboard.press(key)
                    strokes += 1
                page.locator(f'#game-{game} tr.deal-row[data-deal="{deal}"]').wait_for()
        # Every game has ended: the confirm button has the focus.
        page.wait_for_selector("#confirm-sheet:focus")
        page.keyboard.press("Enter")
        strokes += 1
    # The last confirmation leads to the results desk.
    page.wait_for_url(f"**/director/sheets/round/{table.round_id}/")
    assert "2 of 2 confirmed" in page.inner_text("#progress")
    for _ in range(40):
        if page.evaluate("document.activeElement.textContent.trim()") == (
            "Close the round"
        ):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".badge.closed")
    shot(page, "desk-closed")
    assert Round.objects.get().status == Round.Status.CLOSED
    assert strokes == 2 * (6 * 4 + 1)
    assert ScoreSheet.objects.filter(status="confirmed").count() == 2
