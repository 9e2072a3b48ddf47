"""The round clock in a real Chromium: the projector and a table's phone count
down from the server's clock, warn at the last deal and say "time"; the desk,
open meanwhile, offers the time rule once the clock has run out and shows the
games it decided. The site's own Content-Security-Policy applies (no bypass)."""

import datetime
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from phones.services import table_codes_ensure
from scoring.models import ScoreSheet
from scoring.services import DealInput, deal_record
from tests import factories
from tournaments import clock
from tournaments.models import Game, Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "klok-wedstrijd-123"
FITS = "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
SHOTS = Path("/tmp/clock-shots")


@pytest.fixture
def timed(pinned_table_codes):
    """A published round of a 30-minute event, its table entered at the table."""
    tournament = factories.TournamentFactory(
        slug="klok",
        name="Klokkentoernooi",
        language="en",
        round_minutes=30,
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS,
    )
    user = get_user_model().objects.create_user("klok", password=PASSWORD)
    tournament.directors.add(user)
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    code = table_codes_ensure(round=rnd)[1]
    sheet = ScoreSheet.objects.get(table=table)
    game = Game.objects.get(table=table, number=1)
    deal_record(  # game 1 at 12-0 when time is up; games 2 and 3 not begun
        sheet=sheet, game=game, deal=DealInput("hearts", 42), by=user, version=0
    )
    return rnd, table, code, user


def seconds_left_soon(rnd, user, seconds: int) -> None:
    """Start the clock, then move its start back so ``seconds`` are left."""
    clock.round_clock_start(round=rnd, by=user)
    Round.objects.filter(pk=rnd.pk).update(
        clock_started_at=datetime.datetime.now(datetime.UTC)
        - datetime.timedelta(minutes=30)
        + datetime.timedelta(seconds=seconds)
    )
    cache.clear()


def shown(page) -> int:
    """The seconds the page's clock shows (m:ss)."""
    text = page.locator("[data-clock-time]").inner_text()
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def watch(page, errors):
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))


def test_projector_and_phone_count_down_and_the_desk_applies_the_time_rule(
    browser, live_server, timed
):
    rnd, table, code, user = timed
    base = live_server.url
    SHOTS.mkdir(exist_ok=True)
    errors: list[str] = []
    seconds_left_soon(rnd, user, 12)

    projector = browser.new_context(viewport={"width": 1366, "height": 768})
    screen = projector.new_page()
    watch(screen, errors)
    screen.goto(base + reverse("live:projector", kwargs={"slug": "klok"}))
    phone_context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_context.new_page()
    watch(phone, errors)
    phone.goto(base + reverse("phones:page", kwargs={"code": code}))

    desk_context = browser.new_context(viewport={"width": 1366, "height": 900})
    desk = desk_context.new_page()
    watch(desk, errors)
    desk.goto(f"{base}/accounts/login/")
    desk.fill("#id_username", "klok")
    desk.fill("#id_password", PASSWORD)
    desk.click("main button[type=submit]")
    desk.wait_for_load_state("networkidle")
    desk.goto(base + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    assert desk.locator("#apply-time-rule").is_hidden()

    for page in (screen, phone):
        clock_box = page.locator("#round-clock")
        clock_box.wait_for(state="visible")
        assert clock_box.get_attribute("data-status") == "running"
        assert clock_box.get_attribute("data-warning") == "last"
        assert page.locator("[data-clock-note]").inner_text() == "Last deal"
        first = shown(page)
        assert 0 < first <= 12
        # It counts down by itself, without another answer from the server.
        page.wait_for_function(
            "n => { const [m, s] = document.querySelector('[data-clock-time]')"
            ".textContent.split(':'); return 60 * m + +s < n; }",
            arg=first,
        )
    assert screen.evaluate(FITS) and phone.evaluate(FITS)
    screen.screenshot(path=str(SHOTS / "projector-1366.png"))
    phone.screenshot(path=str(SHOTS / "phone-390.png"))

    for page in (screen, phone, desk):
        page.wait_for_selector('#round-clock[data-status="over"]', timeout=30000)
        assert page.locator("[data-clock-time]").inner_text() == "0:00"
        assert (
            page.locator("[data-clock-note]").inner_text()
            == "Time: finish the deal in play"
        )
    screen.screenshot(path=str(SHOTS / "projector-over-1366.png"))
    phone.screenshot(path=str(SHOTS / "phone-over-390.png"))

    # The desk, open all along, now offers the rule; applied, it shows the games.
    desk.locator("#apply-time-rule").wait_for(state="visible")
    desk.click("#apply-time-rule")
    desk.wait_for_load_state("networkidle")
    rows = desk.locator("#time-games tbody tr")
    assert rows.count() == 3
    assert "Side A wins (by time)" in rows.nth(0).inner_text()
    assert "12–0" in rows.nth(0).inner_text()
    assert "Nobody wins (by time)" in rows.nth(1).inner_text()
    desk.screenshot(path=str(SHOTS / "desk-1366.png"), full_page=True)
    game = Game.objects.get(table=table, number=1)
    assert (game.decided_by_time, game.finished, game.winner) == (True, True, 0)
    desk.set_viewport_size({"width": 390, "height": 844})
    assert desk.evaluate(FITS)
    desk.screenshot(path=str(SHOTS / "desk-390.png"), full_page=True)
    assert not errors, errors


def test_where_do_i_sit_shows_the_clock_paused_at_390_px(browser, live_server, timed):
    rnd, _table, _code, user = timed
    clock.round_clock_start(round=rnd, by=user)
    clock.round_clock_pause(round=rnd, by=user)
    cache.clear()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    url = reverse("public:draw_by_name", kwargs={"slug": "klok", "number": 1})
    page.goto(live_server.url + url)
    box = page.locator("#round-clock")
    box.wait_for(state="visible")
    assert box.get_attribute("data-status") == "paused"
    assert page.locator("[data-clock-note]").inner_text() == "Clock paused"
    assert 1795 <= shown(page) <= 1800
    assert page.evaluate(FITS)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "names-390.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(SHOTS / "names-1366.png"))
    assert not errors, errors
