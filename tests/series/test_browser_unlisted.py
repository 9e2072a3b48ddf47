"""In a real Chromium: the manager reads the note on an unlisted evening, on a
phone and on a laptop, and a stranger reads neither the note nor the evening."""

import datetime

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.series.builders import build_series

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HIDDEN = "Besloten Kaartavond Voor De Leden"
NOTE = "Unlisted evenings are not counted in the public ranking"
SIZES = {"phone": (390, 844), "laptop": (1366, 900)}


def _season():
    series = build_series(
        players=12, events=2, per_event=8, clubs=2, seed=7, slug="besloten"
    )
    series.language = "en"
    series.save()
    hidden = series.events.order_by("order").last().tournament
    hidden.name, hidden.is_public = HIDDEN, False
    hidden.date = datetime.date(2026, 9, 8)
    hidden.save()
    return series


def _signed_in(browser, live_server, user, width, height):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": height})
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": cookie,
                "url": live_server.url,
            }
        ]
    )
    return context


@pytest.mark.parametrize("size", list(SIZES))
def test_the_manager_reads_the_note_and_the_page_fits(
    live_server, browser, size, tmp_path
):
    series = _season()
    manager = get_user_model().objects.create_user("voorzitter", password="pw-v-123")
    series.club.managers.add(manager)
    width, height = SIZES[size]
    context = _signed_in(browser, live_server, manager, width, height)
    page = context.new_page()
    for name in ("series:standings", "series:manage"):
        page.goto(live_server.url + reverse(name, args=[series.slug]))
        note = page.locator(".unlisted-note")
        assert note.is_visible() and NOTE in note.inner_text()
        assert page.get_by_text(HIDDEN).first.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(tmp_path / f"{name[7:]}-{size}.png"), full_page=True)
    context.close()

    stranger = browser.new_context(viewport={"width": width, "height": height})
    page = stranger.new_page()
    page.goto(live_server.url + reverse("series:standings", args=[series.slug]))
    text = page.inner_text("main")
    assert HIDDEN not in text and NOTE not in text
    assert "1 event so far" in text
    stranger.close()
