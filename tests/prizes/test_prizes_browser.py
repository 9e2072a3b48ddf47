"""The prize page and the public list in a real Chromium, on a phone and a laptop."""

import os

import pytest

from prizes.models import Prize, PrizeAward

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


def _login(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "secret-td-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1366, 768)])
def test_set_the_pot_list_a_prize_award_and_read_who_won_what(
    live_server, browser, evening, width, height
):
    page = browser.new_page(viewport={"width": width, "height": height})
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/director/t/{evening.slug}/prizes/")
    page.fill("#id_cash_fixed", "100")
    page.fill("#id_percentages", "50 30 20")
    with page.expect_navigation():
        page.click("#settings button[type=submit]")
    assert "The prize settings are saved." in page.inner_text(".message")
    page.fill("#id_p0_description", "Hesp")
    page.fill("#id_p0_places", "1")
    page.fill("#id_p1_description", "Poedelprijs")
    page.select_option("#id_p1_rule", "booby")
    with page.expect_navigation():
        page.click("#table button[type=submit]")
    assert "2 prizes" in page.inner_text(".message")
    assert Prize.objects.count() == 2
    # Before awarding, the page shows what awarding gives, shared places explained.
    assert "places 3–5 shared equally" in page.inner_text("#awards")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/prizes-director-{width}.png", full_page=True)
    with page.expect_navigation():
        page.click("#awards button[type=submit]")
    assert "8 prizes awarded" in page.inner_text(".message")
    assert PrizeAward.objects.count() == 8

    page.goto(f"{live_server.url}/t/{evening.slug}/prizes/")
    text = page.inner_text("main")
    assert "Hesp" in text and "€52.00" in text and "Poedelprijs" in text
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/prizes-public-{width}.png", full_page=True)
