"""A long results history in a real Chromium: by pages, readable at 1366 and 390 px.

Three hundred results written through the desk's services (deals typed and
changed, totals, forfeits, a correction with a long reason) fill the tournament's
History page; it shows them 50 at a time, newest first, and neither width scrolls
sideways.
"""

import os
import re

import pytest
from django.contrib.auth import get_user_model

from actionlog.models import ActionEntry
from scoring import services
from scoring.models import ScoreSheet, TableEvent
from scoring.services import DealInput
from tests import factories
from tournaments.models import Game

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def busy_round():
    """Ten tables of a round, 300 results written by the desk."""
    user = get_user_model().objects.create_user("wl-h", password="wedstrijd-123")
    tournament = factories.TournamentFactory()
    tournament.directors.add(user)
    rnd = factories.RoundFactory(tournament=tournament, number=3)
    tables = [factories.individual_table(round=rnd, number=n) for n in range(1, 11)]
    for table in tables:
        for number in (1, 2, 3):
            g = Game.objects.get(table=table, number=number)
            for points in (31, 35, 28, 40, 22, 33, 30, 26, 29):
                sheet = ScoreSheet.objects.get(table=table)
                services.deal_record(
                    sheet=sheet,
                    game=g,
                    deal=DealInput("diamonds", points, knocks=points % 3),
                    by=user,
                    version=sheet.version,
                    number=1 if points == 29 else None,  # the last one changes deal 1
                )
            if number == 3:
                sheet = ScoreSheet.objects.get(table=table)
                services.table_event_add(
                    sheet=sheet,
                    game=g,
                    kind=TableEvent.Kind.AWARD,
                    side=1,
                    points=12,
                    reason="A revoke the table did not see, told to the desk by "
                    "both sides after the game; the director awarded the points.",
                    by=user,
                    version=sheet.version,
                )
    for n in range(20):  # deal 2 of table 1 typed again and again
        sheet = ScoreSheet.objects.get(table=tables[0])
        services.deal_record(
            sheet=sheet,
            game=Game.objects.get(table=tables[0], number=1),
            deal=DealInput("no_trump", 10 + n),
            by=user,
            version=sheet.version,
            number=2,
        )
    return rnd


def open_history(browser, base, rnd, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "wl-h")
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/director/t/{rnd.tournament.slug}/history/?kind=results")
    return page


@pytest.mark.parametrize("width", [1366, 390])
def test_three_hundred_results_read_by_pages_at_both_widths(
    browser, live_server, busy_round, width
):
    logged = ActionEntry.objects.filter(tournament_id=busy_round.tournament_id)
    assert logged.filter(action__startswith="sheet.").count() == 290
    page = open_history(
        browser, live_server.url, busy_round, {"width": width, "height": 900}
    )
    rows = page.locator(".history-table tbody tr")
    assert rows.count() == 50
    first = rows.first.inner_text()
    assert "Results entered" in first and "Round 3 · Table 1" in first
    assert re.search(r"Game 1, deal 2\W+NT 28–32 → NT 29–31", first)
    text = page.locator("main").inner_text()
    assert "Forfeit or award recorded" in text or "Game 1, deal" in text
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    shot(page, f"history-results-{width}")
    page.goto(page.url + "&page=6")
    text = page.locator("main").inner_text()
    assert "Points awarded by the director, side B (+12)" in text
    assert "♦" in text
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    shot(page, f"history-results-{width}-page-6")
