"""In a real Chromium, the pages ride out the results service restarting: while
the server answers 503 with Retry-After, the live page's poll and the phone's
tries come later and later (never before Retry-After, capped), the phone and the
results desk keep their deal, and all carry on by themselves once the server
answers again.

The 503s are the site's own answer (``config.unavailable``'s JSON), put in the
browser's way by Playwright (``page.route``) while the real server serves the
rest; Playwright's clock runs the pages' timers, so minutes pass in seconds.
"""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from config.unavailable import unavailable_response
from phones.models import TableSubmission
from phones.services import table_codes_ensure
from scoring.models import DealRecord, DeskWrite
from tests import factories
from tests.builders import build_drawn_round
from tournaments.models import Tournament
from tournaments.services import tournament_touch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RETRY_AFTER = 5
UNAVAILABLE = {
    "status": 503,
    "headers": {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"},
    "content_type": "application/json",
    "body": json.dumps(
        {"error": "The results service is restarting.", "retry_after": RETRY_AFTER}
    ),
}
# Every request of the page's own fetch() to an address holding ``part``, at the
# page's (fake) time.
RECORD = """
window.__asked = [];
const realFetch = window.fetch;
window.fetch = function (url, options) {
  window.__asked.push({url: String(url), at: Date.now(),
                       method: (options && options.method) || "GET"});
  return realFetch.apply(this, arguments);
};
"""


class Outage:
    """Answer the routed requests 503 while ``gone``; pass them on otherwise."""

    def __init__(self, answer: dict = UNAVAILABLE) -> None:
        self.answer = answer
        self.gone = False
        self.answered = 0

    def __call__(self, route) -> None:
        if self.gone:
            self.answered += 1
            route.fulfill(**self.answer)
        else:
            route.continue_()


# How late in the page's clock an answer may be taken in: three steps of advance().
LATE_STEPS_MS = 1_500


def advance(page, seconds: float, *, step: float = 0.5, until=None) -> None:
    """Run the page's clock ``seconds`` on, a step at a time, letting its
    requests be answered between the steps; stop early once ``until`` (a JS
    expression) is true."""
    for _ in range(int(seconds / step)):
        page.clock.run_for(int(step * 1000))
        page.wait_for_timeout(25)  # real time: the answers arrive
        if until and page.evaluate(until):
            return


def asked(page, part: str, method: str = "GET") -> list[int]:
    return [
        a["at"]
        for a in page.evaluate("window.__asked")
        if part in a["url"] and a["method"] == method
    ]


def gaps(times: list[int]) -> list[int]:
    return [b - a for a, b in zip(times, times[1:], strict=False)]


@pytest.fixture
def round_at_tables(db):
    rnd = build_drawn_round(players=16, slug="restart", confirmed=False)
    Tournament.objects.filter(pk=rnd.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS, language="en"
    )
    return rnd, table_codes_ensure(round=rnd)[1]


def test_the_live_page_polls_later_and_later_then_carries_on(
    live_server, browser, round_at_tables
):
    rnd, _code = round_at_tables
    tournament = rnd.tournament
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORD)
    page = context.new_page()
    page.clock.install()
    outage = Outage()
    page.route("**/version/", outage)
    page.goto(live_server.url + reverse("live:standings", args=[tournament.slug]))
    status = page.locator("[data-live-status]")
    live_text = status.inner_text()
    advance(page, 6)  # two polls answered: the page is live
    assert len(asked(page, "/version/")) == 2

    outage.gone = True
    gone_at = page.evaluate("Date.now()")
    advance(page, 120)
    during = [t for t in asked(page, "/version/") if t >= gone_at]
    waits = gaps(during)
    assert status.inner_text() == "…"  # the reader sees it is not live now
    # 2.5 s apart, 48 polls in two minutes; backing off: a handful.
    assert 5 <= len(during) <= 9, waits
    assert min(waits) >= RETRY_AFTER * 1000, waits  # never before Retry-After
    assert waits[-1] >= 25_000, waits  # later and later...
    # ...up to half a minute. A wait is timed from the answer, which arrives in the
    # first 500 ms step whose 25 ms of real time it makes: under load a step or two
    # later (30,610 ms seen with the suite's two workers and a second suite).
    assert max(waits) <= 30_000 + LATE_STEPS_MS, waits

    tournament_touch(tournament=tournament)  # a result came in meanwhile
    outage.gone = False
    back_at = page.evaluate("Date.now()")
    advance(
        page,
        40,
        until="document.querySelector('[data-live-status]').textContent !== '…'",
    )
    assert status.inner_text() != "…"  # refreshed: the new version's region
    first = [t for t in asked(page, "/version/") if t >= back_at]
    assert first and first[0] - back_at <= 30_000 + LATE_STEPS_MS
    assert page.evaluate("() => !!document.querySelector('#live-region tbody tr')")
    advance(page, 10)
    after = [t for t in asked(page, "/version/") if t >= back_at]
    # Back to the plain 2.5 s (a poll waits while the new region is fetched; 4 s
    # still tells it from the back-off, whose shortest wait is Retry-After, 5 s).
    assert all(2500 <= w <= 4000 for w in gaps(after[1:])), gaps(after)
    assert live_text  # the page said "live" before, and says it again
    assert outage.answered == len(during)


def test_the_phone_keeps_its_deal_through_the_restart_and_sends_it_once(
    live_server, browser, round_at_tables
):
    rnd, code = round_at_tables
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORD)
    page = context.new_page()
    page.clock.install()
    outage = Outage()
    page.route("**/state/", outage)
    page.route("**/deal/", outage)
    page.goto(live_server.url + reverse("phones:page", kwargs={"code": code}))
    page.wait_for_selector("#table-app[data-ready='1']")
    page.locator("#seat-buttons .seat-button").first.click()
    page.wait_for_selector("#deal-form:not([hidden])")

    outage.gone = True
    gone_at = page.evaluate("Date.now()")
    page.click("#deal-form [data-trump='hearts']")
    page.click("#deal-form [data-side='0']")
    for digit in "42":
        page.click(f"#deal-form .keypad [data-digit='{digit}']")
    page.click("#save-deal")
    advance(page, 90)
    app = page.locator("#table-app")
    assert app.get_attribute("data-queued") == "1"  # kept on the phone
    assert page.locator("#banner").get_attribute("data-kind") == "offline"
    assert page.locator(".deal-row.pending.refused").count() == 0  # not refused
    sends = [t for t in asked(page, "/deal/", "POST") if t >= gone_at]
    polls = [t for t in asked(page, "/state/") if t >= gone_at]
    # Every 3 s and 2.5 s without backing off: 30 sends, 36 polls in 90 s.
    assert 2 <= len(sends) <= 10, gaps(sends)
    assert 2 <= len(polls) <= 12, gaps(polls)
    assert min(gaps(polls)) >= RETRY_AFTER * 1000, gaps(polls)
    assert min(gaps(sends)) >= RETRY_AFTER * 1000, gaps(sends)
    assert not DealRecord.objects.filter(game__table__round=rnd).exists()

    outage.gone = False
    advance(
        page, 30, until="document.querySelector('#table-app').dataset.queued === '0'"
    )
    assert app.get_attribute("data-queued") == "0"
    assert page.locator("#banner").is_hidden()
    assert DealRecord.objects.filter(game__table__round=rnd).count() == 1
    assert TableSubmission.objects.filter(sheet__table__round=rnd).count() == 1


def test_the_desk_keeps_a_deal_through_the_restart_and_saves_it_once(
    live_server, browser, db
):
    """The desk's saves are htmx posts: the 503 they get is the page (not JSON),
    which the queue must read as "try again", not as a refusal."""
    director = get_user_model().objects.create_user("wl-503", password="pw-503-x1")
    tournament = factories.TournamentFactory()
    tournament.directors.add(director)
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    answer = unavailable_response(
        RequestFactory().post("/deal/", HTTP_HX_REQUEST="true")
    )
    assert answer["Content-Type"].startswith("text/html")
    outage = Outage(
        {
            "status": 503,
            "headers": {"Retry-After": answer["Retry-After"]},
            "content_type": answer["Content-Type"],
            "body": answer.content,
        }
    )
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.clock.install()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "wl-503")
    page.fill("#id_password", "pw-503-x1")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/**")
    page.route("**/deal/", outage)
    page.goto(f"{live_server.url}/director/sheets/table/{table.pk}/")
    page.wait_for_selector("#sheet [data-trump]:focus")

    outage.gone = True
    for key in ("c", "3", "5", "Enter"):
        page.keyboard.press(key)
    advance(page, 40)
    bar = page.locator("#desk-queue")
    assert bar.is_visible()
    assert page.locator("#desk-queue [data-queue-action='retry']").count() == 1
    assert outage.answered >= 3  # tried again, later each time
    assert not DealRecord.objects.filter(game__table=table).exists()

    outage.gone = False
    advance(page, 30, until="document.querySelector('#desk-queue').hidden")
    assert bar.is_hidden()
    assert list(
        DealRecord.objects.filter(game__table=table, copy=1).values_list(
            "trump", "points_a"
        )
    ) == [("clubs", 35)]
    assert DeskWrite.objects.filter(sheet__table=table).count() == 1
