"""The desk types ahead of a slow server in a real Chromium, and loses no deal.

The server is slowed as a busy hall laptop is, from the browser's side: Playwright
holds every deal save (``page.route``) for a second before letting it through, while
the director goes on typing a deal every 250 ms. Each deal must reach the
database, once, in the order typed; a refused one waits by its row for a choice; a
reload keeps the queue; an answer lost after the server saved does not save twice.
"""

import os
import time

import pytest
from django.contrib.auth import get_user_model

from scoring.models import DealRecord, DeskWrite
from tests import factories

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Six deals as a paper sheet lists them: trump key, side A's points.
DEALS = [("c", "35"), ("d", "40"), ("h", "31"), ("s", "45"), ("c", "50"), ("h", "41")]
TRUMPS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@pytest.fixture
def table(settings):
    user = get_user_model().objects.create_user("wl-q", password="wedstrijd-123")
    tournament = factories.TournamentFactory()
    tournament.directors.add(user)
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    return factories.individual_table(round=rnd, number=1)


class SlowServer:
    """Holds each deal save for ``delay`` seconds, then lets it through.

    Playwright's sync API runs route handlers on the test's thread, so the held
    requests are released from the test's own waits (``pause``), never by sleeping
    inside the handler, which would stop the typing too.
    """

    def __init__(self, page, delay=1.0):
        self.page = page
        self.delay = delay
        self.held = []
        self.seen = 0
        page.route("**/deal/", self._hold)

    def _hold(self, route):
        if route.request.method != "POST":
            route.continue_()
            return
        self.seen += 1
        self.held.append((time.monotonic(), route))

    def release(self):
        now = time.monotonic()
        for item in list(self.held):
            if now - item[0] >= self.delay:
                self.held.remove(item)
                item[1].continue_()

    def pause(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.release()
            self.page.wait_for_timeout(20)
        self.release()

    def until(self, condition, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return True
            self.pause(0.1)
        return condition()


def open_sheet(browser, base, table, viewport=None):
    page = browser.new_page(viewport=viewport or {"width": 1366, "height": 900})
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "wl-q")
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/director/sheets/table/{table.pk}/")
    page.wait_for_selector("#sheet [data-trump]:focus")
    return page


def type_deal(slow, trump, points):
    for key in (trump, *points, "Enter"):
        slow.page.keyboard.press(key)
        slow.pause(0.02)


def saved(table):
    return list(
        DealRecord.objects.filter(game__table=table, copy=1)
        .order_by("game__number", "number")
        .values_list("trump", "points_a")
    )


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_six_deals_typed_ahead_of_a_slow_server_are_all_saved_in_order(
    browser, live_server, table
):
    page = open_sheet(browser, live_server.url, table)
    slow = SlowServer(page, delay=1.0)
    counts = []
    for trump, points in DEALS:
        type_deal(slow, trump, points)
        counts.append(page.inner_text("#desk-queue"))
        slow.pause(0.25)
    shot(page, "desk-queue-typing")
    # While the saves were in flight the page said how many were waiting.
    assert any("Saving" in text and "deals" in text for text in counts), counts
    assert slow.until(lambda: len(saved(table)) == 6)
    assert saved(table) == [(TRUMPS[t], int(p)) for t, p in DEALS]
    # The queue empties, the page shows the six deals and says nothing more.
    assert slow.until(lambda: page.locator("#desk-queue").is_hidden())
    assert page.locator("#game-1 tr.deal-row").count() == 6
    assert page.locator("tr.pending-row").count() == 0
    assert slow.seen == 6  # one save per deal: none sent twice
    assert DeskWrite.objects.filter(sheet__table=table).count() == 6
    shot(page, "desk-queue-done")


def test_a_refused_deal_waits_by_its_row_and_the_ones_after_it_keep_their_order(
    browser, live_server, table
):
    page = open_sheet(browser, live_server.url, table)
    slow = SlowServer(page, delay=1.0)
    type_deal(slow, "c", "35")
    slow.pause(0.25)
    type_deal(slow, "d", "75")  # impossible: refused by the engine
    slow.pause(0.25)
    type_deal(slow, "h", "31")
    slow.pause(0.25)
    page.keyboard.press("s")  # the next deal is being typed when the refusal comes
    refused = page.locator("tr.pending-row.refused")
    assert slow.until(lambda: refused.count() == 1)
    assert "Points must lie between 0 and 60, not 75." in refused.inner_text()
    waiting = page.locator("tr.pending-row.queued")
    assert waiting.count() == 1 and "31" in waiting.inner_text()
    assert page.input_value("#entry-row [name=trump]") == "s"  # not wiped
    # The message is the refused deal's, on its row: not on what is typed now.
    assert page.locator("#entry-row .field-error").count() == 0
    assert "75–?" in refused.inner_text()
    shot(page, "desk-queue-refused")
    assert saved(table) == [("clubs", 35)]

    refused.get_by_role("button", name="Correct").click()
    assert page.input_value("#entry-row [name=trump]") == "d"
    assert page.input_value("#entry-row [name=points_a]") == "75"
    page.fill("#entry-row [name=points_a]", "25")
    page.press("#entry-row [name=points_a]", "Enter")
    assert slow.until(lambda: len(saved(table)) == 3)
    assert saved(table) == [("clubs", 35), ("diamonds", 25), ("hearts", 31)]
    # What was being typed when "Correct" was chosen is back in the entry row.
    assert page.input_value("#entry-row [name=trump]") == "s"


def test_a_reload_keeps_the_queue_and_a_lost_answer_saves_once(
    browser, live_server, table
):
    page = open_sheet(browser, live_server.url, table)
    held = []
    page.route(
        "**/deal/",
        lambda route: held.append(route)
        if route.request.method == "POST"
        else route.continue_(),
    )
    page.keyboard.press("c")
    page.keyboard.type("35")
    page.keyboard.press("Enter")
    page.keyboard.press("d")
    page.keyboard.type("40")
    page.keyboard.press("Enter")
    page.wait_for_timeout(200)
    assert len(held) == 1  # one save at a time
    # The server gets the first save and saves it; the answer never comes back.
    held[0].fetch()
    held[0].abort()
    assert saved(table) == [("clubs", 35)]
    page.wait_for_function(
        "() => document.getElementById('desk-queue').textContent.includes('again')"
    )
    # A reload before the queue was sent again: the queue is still there.
    page.unroute("**/deal/")
    page.reload()
    page.wait_for_function(
        "() => document.querySelectorAll('#game-1 tr.deal-row').length === 2"
    )
    assert saved(table) == [("clubs", 35), ("diamonds", 40)]  # the first, once
    assert page.locator("#desk-queue").is_hidden()


def test_going_to_the_next_table_waits_for_the_deals_typed_before(
    browser, live_server, table
):
    """Two deals, Esc, "]" at once: the next table opens once both are saved."""
    other = factories.individual_table(round=table.round, number=2)
    page = open_sheet(browser, live_server.url, table)
    slow = SlowServer(page, delay=1.0)
    type_deal(slow, "c", "35")
    type_deal(slow, "d", "40")
    page.keyboard.press("Escape")
    page.keyboard.press("]")
    slow.pause(0.3)
    assert f"/table/{table.pk}/" in page.url  # still here: the saves are in flight
    assert "Saving the deals typed first" in page.inner_text("#desk-queue")
    assert slow.until(lambda: f"/table/{other.pk}/" in page.url)
    assert saved(table) == [("clubs", 35), ("diamonds", 40)]


def test_the_queue_at_390_px_shows_its_count_without_sideways_scrolling(
    browser, live_server, table
):
    page = open_sheet(browser, live_server.url, table, {"width": 390, "height": 844})
    slow = SlowServer(page, delay=1.5)
    type_deal(slow, "c", "35")
    type_deal(slow, "d", "40")
    bar = page.locator("#desk-queue")
    assert bar.is_visible()
    assert "Saving 2 deals" in bar.inner_text() or "Saving 1 deal" in bar.inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    shot(page, "desk-queue-390")
    assert slow.until(lambda: len(saved(table)) == 2)
