"""The projector mode: large standings and the current draw, scrolling unattended."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests import factories
from tests.builders import build_event


@pytest.mark.django_db
def test_projector_shows_standings_and_the_latest_published_draw(client):
    cache.clear()
    t = build_event(players=20, rounds=2, final=0, seed=3, clubs=3)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=3)
    table = factories.individual_table(round=rnd, number=1)
    response = client.get(reverse("live:projector", args=[t.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="projector' in html and "data-projector" in html
    assert html.count('<tr id="e') == 20 + 4
    assert "Round 3: the tables" in html
    for seat in table.seats.select_related("entry__player"):
        assert seat.entry.player.full_name in html


@pytest.mark.django_db
def test_projector_before_any_round_says_the_draw_is_not_out(client):
    t = factories.TournamentFactory()
    factories.EntryFactory(tournament=t)
    html = client.get(reverse("live:projector", args=[t.slug])).content.decode()
    assert "The draw is not published yet." in html


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_projector_scrolls_through_both_panels_and_updates_itself(
    live_server, confirm_table, browser
):
    t = build_event(players=80, rounds=1, final=0, seed=6, clubs=5)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=2)
    table = factories.individual_table(round=rnd, number=1)
    newcomer = table.seats.get(position=1).entry
    url = reverse("live:projector", args=[t.slug]) + "?speed=3000&pause=0.3"
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(live_server.url + url)
    standings = page.locator('[data-panel="standings"]')
    draw = page.locator('[data-panel="draw"]')
    assert standings.is_visible() and not draw.is_visible()
    page.wait_for_function("window.scrollY > 200", timeout=5000)
    # At the bottom it turns to the draw, then back to the standings.
    draw.wait_for(state="visible", timeout=10000)
    standings.wait_for(state="visible", timeout=15000)
    page.evaluate("window.__notReloaded = true")

    confirm_table(table, [(101, 3), (101, 4), (101, 5)])
    page.wait_for_function(
        f"document.querySelector('#e{newcomer.pk} td:nth-child(4)')"
        ".textContent === '3'",
        timeout=5000,
    )
    assert page.evaluate("window.__notReloaded") is True
