"""The projector while a round is open: a player finds his seat within a minute.

576 players make 17 seat pages and 37 standings pages on a 1366×768 projector: at
8 s a page, one after the other, a player who just missed his name waited seven
minutes. The seats come first now, every seat page passes within a minute (the
names a step smaller when they would not), with one page of the standings between
two passes; and the page offers its three screens itself (``?show=``).
"""

import pytest
from django.urls import reverse

from tests.builders import build_event

pytestmark = pytest.mark.django_db

LABEL = "document.querySelector('[data-panel]:not([hidden]) [data-page-label]')"
PANEL = "document.querySelector('[data-panel]:not([hidden])').dataset.panel"


def _url(t, query=""):
    return reverse("live:projector", args=[t.slug]) + query


def test_while_a_round_is_open_the_seats_come_first_and_the_page_links_its_screens(
    client,
):
    """The seat pages first; links to both screens, seats only, standings only."""
    t = build_event(players=16, rounds=1, final=0, seed=4, clubs=3, confirm=False)
    html = client.get(_url(t)).content.decode()
    assert html.index('data-panel="draw"') < html.index('data-panel="standings"')
    base = _url(t)
    for href, label in (
        (base, "Seats and standings"),
        (base + "?show=draw", "Seats only"),
        (base + "?show=standings", "Standings only"),
    ):
        assert f'href="{href}"' in html and label in html
    assert f'href="{base}" aria-current="page"' in html
    html = client.get(_url(t, "?show=draw&seconds=12")).content.decode()
    assert f'href="{base}?show=draw&amp;seconds=12" aria-current="page"' in html
    assert f'href="{base}?seconds=12"' in html

    # With no round open there is no screen to choose.
    played = build_event(players=16, rounds=1, final=0, seed=5, clubs=3)
    html = client.get(_url(played)).content.decode()
    assert "?show=draw" not in html and "Seats only" not in html


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_576_players_find_their_seat_within_a_minute(live_server, browser):
    t = build_event(players=576, rounds=1, final=0, seed=2, clubs=20, confirm=False)
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, bypass_csp=True
    )
    page = context.new_page()
    page.clock.install()
    page.goto(live_server.url + _url(t))
    page.wait_for_function(f"{LABEL} && {LABEL}.textContent !== ''")
    assert page.evaluate(PANEL) == "draw"
    screen = page.locator("[data-projector]")
    seat_pages = int(screen.get_attribute("data-seat-pages"))
    seat_seconds = int(screen.get_attribute("data-seat-seconds"))
    assert int(screen.get_attribute("data-cycle-seconds")) <= 60
    assert seat_seconds >= 5 and seat_pages * seat_seconds + 8 <= 60
    names = "[data-panel='draw'] [data-page-items] > li"
    assert page.locator(names).count() == 576

    # What the screen shows, second by second, for two minutes.
    seen = []
    for _second in range(125):
        seen.append((page.evaluate(PANEL), page.evaluate(f"{LABEL}.textContent")))
        page.clock.run_for(1000)
    seats = [f"page {n} of {seat_pages}" for n in range(1, seat_pages + 1)]
    # Within the first minute: every seat page, then a page of the standings, and
    # the first seat page again.
    first_minute = seen[:61]
    assert [label for panel, label in _runs(first_minute) if panel == "draw"][
        :seat_pages
    ] == seats
    runs = _runs(seen)
    standings = [label for panel, label in runs if panel == "standings"]
    assert standings[0].startswith("page 1 of ")
    assert standings[1].startswith("page 2 of ")  # taken up where it was left
    # No seat page is ever more than a minute away.
    for label in seats:
        times = [i for i, (panel, shown) in enumerate(seen) if shown == label]
        starts = [i for i in times if i - 1 not in times]
        gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
        assert starts[0] < 60 and all(gap <= 60 for gap in gaps)
        assert len(starts) >= 2
    context.close()


def _runs(seen):
    """The screens in the order shown, each once per showing."""
    out = []
    for item in seen:
        if not out or out[-1] != item:
            out.append(item)
    return out


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_seats_only_passes_every_page_within_a_minute_too(live_server, browser):
    t = build_event(players=576, rounds=1, final=0, seed=2, clubs=20, confirm=False)
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, bypass_csp=True
    )
    page = context.new_page()
    page.goto(live_server.url + _url(t, "?show=draw"))
    page.wait_for_function(f"{LABEL} && {LABEL}.textContent !== ''")
    screen = page.locator("[data-projector]")
    pages = int(screen.get_attribute("data-seat-pages"))
    assert pages * int(screen.get_attribute("data-seat-seconds")) <= 60
    assert page.locator('[data-panel="standings"]').count() == 0
    context.close()
