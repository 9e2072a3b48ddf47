"""The pools and bracket pages in a real Chromium, on a phone and a laptop.

At 390 px nothing scrolls sideways and nothing reaches past the right edge (the
bracket's rounds are stacked); at 1366 px the rounds stand side by side as
columns. The bracket shows its champion, and an open page shows the final's
winner by itself once it is decided (the version poll of ``static/js/live.js``).
"""

import pytest
from django.urls import reverse

from draws.simulation import tournament_simulate
from standings.brackets import tournament_knockouts
from tests.public.test_phone_browser import OFF_SCREEN
from tournaments.models import KnockoutMatch, Tournament
from tournaments.services import tournament_touch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _simulate(**kwargs) -> Tournament:
    sim = tournament_simulate(
        format="pairs",
        teams=12,
        draw="pools",
        pool_size=4,
        knockout=4,
        seed=1,
        language="en",
        **kwargs,
    )
    return Tournament.objects.get(slug=sim.slug)


def _open(browser, viewport, url):
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else 0)
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(url)
    assert response.status == 200, url
    page.wait_for_load_state("load")
    return page, errors


def test_both_pages_fit_a_phone_and_a_laptop(live_server, browser):
    t = _simulate()
    ko = tournament_knockouts(tournament=t)[0]
    champion = ko.names[ko.knockout.champion]
    for name in ("live:pools", "live:bracket"):
        url = live_server.url + reverse(name, args=[t.slug])
        for viewport in (PHONE, LAPTOP):
            page, errors = _open(browser, viewport, url)
            scroll, client = page.evaluate(
                "[document.scrollingElement.scrollWidth,"
                " document.scrollingElement.clientWidth]"
            )
            assert scroll <= client, (name, viewport, scroll, client)
            assert page.evaluate(OFF_SCREEN) == [], (name, viewport)
            assert errors == [], (name, viewport, errors)
            if name == "live:bracket":
                shown = page.locator(".champion-name")
                assert shown.is_visible()
                assert shown.inner_text() == champion
                rounds = page.locator(".bracket-main .bracket-round")
                assert rounds.count() == 2  # semi-finals, final
                first, last = rounds.first.bounding_box(), rounds.last.bounding_box()
                if viewport is LAPTOP:  # columns, side by side
                    assert last["x"] > first["x"] + first["width"] - 1
                    assert abs(last["y"] - first["y"]) < 1
                else:  # stacked
                    assert last["y"] >= first["y"] + first["height"] - 1
                    assert abs(last["x"] - first["x"]) < 1
            else:
                assert page.locator(".pool").count() == 3
                assert page.locator("tr.through").count() == 4
                reason = page.locator("tr.through .through-reason").first
                assert reason.is_visible()
                assert reason.inner_text().startswith("winner of pool")
            page.close()


def test_an_open_bracket_shows_the_final_s_winner_by_itself(live_server, browser):
    t = _simulate(leave_open=True)
    page, errors = _open(
        browser, LAPTOP, live_server.url + reverse("live:bracket", args=[t.slug])
    )
    playing = page.locator(".match.playing")
    assert playing.count() == 2  # the final and the match for third place
    assert page.locator(".champion-name").count() == 0
    final = KnockoutMatch.objects.get(
        phase__tournament=t, bracket="main", round_index=1, match_index=0
    )
    final.decided_winner = "a"
    final.decision = KnockoutMatch.Decision.DIRECTOR
    final.reason = "level after 16 deals: the better seed goes through"
    final.save()
    tournament_touch(tournament=t)  # after commit, as the services do
    ko = tournament_knockouts(tournament=t)[0]
    champion = ko.names[ko.knockout.champion]
    page.locator(".champion-name").wait_for(timeout=15_000)
    assert page.locator(".champion-name").inner_text() == champion
    assert "the better seed goes through" in page.locator(".bracket-main").inner_text()
    assert playing.count() == 1
    assert errors == []
    page.close()
