"""The cash desk in a real Chromium, by keyboard alone, on a phone and a laptop."""

import os

import pytest

from cashdesk.models import Payment
from tournaments.models import Entry

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


def _login(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "secret-td-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


def _enter(page, text: str):
    """Type a name in the focused search box and press Enter; wait for the page."""
    assert page.evaluate("document.activeElement.id") == "id_q"
    page.keyboard.type(text)
    with page.expect_navigation():
        page.keyboard.press("Enter")


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1366, 768)])
def test_check_in_with_payment_by_keyboard_alone(
    live_server, browser, kaarting, fees, width, height
):
    page = browser.new_page(viewport={"width": width, "height": height})
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/director/t/{kaarting.slug}/desk/")
    assert page.locator("#unpaid-count").inner_text() == "8"
    entries = list(kaarting.entries.order_by("id"))
    member, other = entries[0].player, entries[6].player

    # 1. One key: a member's name, Enter: present and paid, cash, member rate.
    _enter(page, member.last_name)
    assert "present and paid €5.00 (cash, Member)" in page.inner_text(".message")
    assert page.locator("#unpaid-count").inner_text() == "7"
    row = page.locator(f"#e{entries[0].pk}")
    assert "entry-present" in row.get_attribute("class")

    # 2. Another method and rate, by Tab and the arrow keys, then Enter.
    assert page.evaluate("document.activeElement.id") == "id_q"
    page.keyboard.type(other.last_name)
    page.keyboard.press("Tab")  # the Present + paid button
    page.keyboard.press("Tab")  # paid by
    assert page.evaluate("document.activeElement.id") == "id_method"
    page.keyboard.press("ArrowDown")  # transfer
    page.keyboard.press("ArrowDown")  # card
    page.keyboard.press("Tab")  # rate
    assert page.evaluate("document.activeElement.id") == "id_rate"
    page.keyboard.press("End")  # the last rate: youth
    assert page.input_value("#id_method") == "card"
    assert page.input_value("#id_rate") == "youth"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "id_q"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "present and paid €2.50 (card, Youth)" in page.inner_text(".message")
    payment = Payment.objects.get(entry=entries[6])
    assert (payment.method, payment.amount_cents) == ("card", 250)
    assert Entry.objects.get(pk=entries[6].pk).status == Entry.Status.PRESENT

    # 3. The method and rate are back to cash at the default rate for the next.
    assert page.input_value("#id_method") == "cash"
    assert page.input_value("#id_rate") == ""
    # The page fits the screen: nothing to scroll sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/desk-{width}.png", full_page=True)
