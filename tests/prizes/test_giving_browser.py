"""The prize-giving in a real Chromium: the director's keys and the projector beside."""

import os

import pytest
from playwright.sync_api import expect

from prizes.giving import giving_for
from prizes.models import PrizeAward
from tests.prizes.test_giving import awarded, picking  # noqa: F401 (fixtures)

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


def _login(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "secret-td-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


def _watched(context):
    """A page whose console errors and script errors (a CSP refusal among them) are
    kept in ``page.problems``."""
    page = context.new_page()
    page.problems = []
    page.on(
        "console",
        lambda m: page.problems.append(m.text) if m.type == "error" else None,
    )
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    return page


def _no_sideways_scroll(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.browser
def test_three_prizes_given_by_key_show_on_the_projector_within_seconds(
    live_server,
    browser,
    awarded,  # noqa: F811
):
    calls = giving_for(tournament=awarded).calls
    director = _watched(browser.new_context(viewport={"width": 1366, "height": 768}))
    _login(director, live_server.url)
    director.goto(f"{live_server.url}/director/t/{awarded.slug}/prizes/giving/")
    screen = _watched(browser.new_context(viewport={"width": 1920, "height": 1080}))
    screen.goto(f"{live_server.url}/t/{awarded.slug}/prizes/projector/")
    expect(screen.locator("#pp-current")).to_have_attribute(
        "data-award", str(calls[0].award.pk)
    )
    for n, call in enumerate(calls[:3]):
        expect(director.locator("#giving-current")).to_have_attribute(
            "data-award", str(call.award.pk)
        )
        director.keyboard.press(" " if n != 1 else "Enter")
        # The screen calls the next at once; the projector within a few seconds.
        expect(director.locator("#giving-current")).to_have_attribute(
            "data-award", str(calls[n + 1].award.pk)
        )
        given = screen.locator(f'#pp-given li[data-award="{call.award.pk}"]')
        expect(given).to_contain_text(call.award.name, timeout=6_000)
        expect(screen.locator("#pp-current")).to_have_attribute(
            "data-award", str(calls[n + 1].award.pk), timeout=6_000
        )
    assert PrizeAward.objects.filter(given_at__isnull=False).count() == 3
    expect(director.locator("#giving-progress")).to_contain_text("3 of 5 prizes given")
    # Backspace takes the third back: it is called again, here and on the screen.
    director.keyboard.press("Backspace")
    expect(director.locator("#giving-current")).to_have_attribute(
        "data-award", str(calls[2].award.pk)
    )
    expect(screen.locator("#pp-current")).to_have_attribute(
        "data-award", str(calls[2].award.pk), timeout=6_000
    )
    assert PrizeAward.objects.filter(given_at__isnull=False).count() == 2
    # No console error, no script error, nothing the Content-Security-Policy refused.
    assert director.problems == [] and screen.problems == []


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1366, 768)])
def test_winners_pick_by_key_on_a_phone_and_a_laptop_and_nothing_scrolls_sideways(
    live_server,
    browser,
    picking,  # noqa: F811
    width,
    height,
):
    page = browser.new_page(viewport={"width": width, "height": height})
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/director/t/{picking.slug}/prizes/giving/")
    expect(page.locator("#give")).to_be_disabled()  # the winner picks first
    _no_sideways_scroll(page, width)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/giving-pick-{width}.png", full_page=True)
    page.keyboard.press(" ")  # nothing picked yet: Space gives nothing
    page.keyboard.press("2")  # the second prize on the table: the duck
    expect(page.locator("#giving-prize")).to_contain_text("Picked: Duck")
    page.keyboard.press(" ")
    expect(page.locator("#giving-progress")).to_contain_text("1 of 3 prizes given")
    table = page.locator("#giving-table")
    expect(table).to_contain_text("Ham")
    expect(table).not_to_contain_text("Duck")
    first = PrizeAward.objects.get(given_at__isnull=False)
    assert first.place == 1 and first.picked.description == "Duck"
    _no_sideways_scroll(page, width)

    screen = browser.new_page(viewport={"width": width, "height": height})
    screen.goto(f"{live_server.url}/t/{picking.slug}/prizes/projector/")
    expect(screen.locator("#pp-given")).to_contain_text("Duck")
    expect(screen.locator(".pp-table")).to_contain_text("Bottle")
    _no_sideways_scroll(screen, width)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/giving-{width}.png", full_page=True)
        screen.screenshot(path=f"{SHOTS}/giving-projector-{width}.png", full_page=True)
