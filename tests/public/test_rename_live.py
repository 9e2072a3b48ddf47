"""In a real browser, an open standings page shows a renamed player by itself."""

import time

import pytest
from django.urls import reverse

from clubs import services as club_services
from tests.builders import build_event


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_open_standings_page_shows_a_renamed_player_within_5_seconds(
    live_server, browser
):
    t = build_event(players=16, rounds=1, final=0, seed=5, clubs=2)
    entry = t.entries.select_related("player").first()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + reverse("live:standings", args=[t.slug]))
    row = page.locator(f"#e{entry.pk}")
    assert "Zeppelinckx" not in row.inner_text()
    page.evaluate("window.__notReloaded = true")

    club_services.player_update(by=None, player=entry.player, last_name="Zeppelinckx")
    renamed_at = time.monotonic()

    page.wait_for_function(
        f"() => document.querySelector('#e{entry.pk}')"
        ".textContent.includes('Zeppelinckx')",
        timeout=5000,
    )
    assert time.monotonic() - renamed_at < 5
    assert page.evaluate("window.__notReloaded") is True
