"""In a real browser, an open standings page shows a confirmed result by itself."""

import time

import pytest
from django.urls import reverse

from tests import factories
from tests.browser_login import login_cookie
from tests.builders import build_event
from tournaments.models import Tournament


@pytest.fixture
def entered_table(director):
    """A played event whose round 3 has one table fully entered, not confirmed."""
    from scoring import services as scoring

    t = build_event(players=24, rounds=2, final=0, seed=9, clubs=4)
    Tournament.objects.filter(pk=t.pk).update(entry_mode=Tournament.EntryMode.TOTALS)
    t.refresh_from_db()
    t.directors.add(director)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=3)
    table = factories.individual_table(round=rnd, number=1)
    sheet = table.sheet
    for game in table.games.order_by("number"):
        sheet = scoring.game_totals_record(
            sheet=sheet, game=game, totals=(101, 12), by=director, version=sheet.version
        )
    return t, table


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_open_standings_page_shows_a_confirmed_sheet_within_5_seconds(
    live_server, browser, entered_table, director
):
    t, table = entered_table
    # Seat 1 partners seats 2, 3 and 4 in turn and is on side A every time.
    scorer = table.seats.get(position=1).entry
    public = browser.new_context(viewport={"width": 390, "height": 844})
    page = public.new_page()
    page.goto(live_server.url + reverse("live:standings", args=[t.slug]))
    row = page.locator(f"#e{scorer.pk}")
    assert row.locator("td").nth(4).inner_text() == "0"  # won, before
    page.evaluate("window.__notReloaded = true")

    desk = browser.new_context()
    desk.add_cookies([login_cookie(director, live_server)])
    sheet_page = desk.new_page()
    sheet_page.goto(live_server.url + reverse("scoring:sheet", args=[table.pk]))
    sheet_page.click("#confirm-sheet")
    confirmed_at = time.monotonic()

    page.wait_for_function(
        f"() => document.querySelector('#e{scorer.pk} td:nth-child(5)')"
        ".textContent === '3'",
        timeout=5000,
    )
    took = time.monotonic() - confirmed_at
    assert took < 5
    assert page.evaluate("window.__notReloaded") is True
    assert row.locator("td").nth(5).inner_text() == "303"  # points
    table.sheet.refresh_from_db()
    assert table.sheet.status == "confirmed"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_find_a_name_filters_the_rows_on_a_phone(live_server, browser):
    t = build_event(players=40, rounds=1, final=0, seed=4, clubs=5)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + reverse("live:standings", args=[t.slug]))
    someone = t.entries.select_related("player").first().player
    page.fill("#find-me", someone.last_name)
    visible = page.locator("#live-region tbody tr:not([hidden])")
    assert visible.count() == 1
    assert someone.last_name in visible.first.inner_text()
    # The table fits the phone: no horizontal scrolling of the page itself.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
