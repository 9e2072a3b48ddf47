"""Registering on a phone (390 px) in a real Chromium: a pair, a single, the
waiting list, and a cancellation through the link of the confirmation e-mail,
received through Django's test outbox and through a real SMTP server."""

import os
import re

import pytest
from django.core import mail

from registrations.models import Registration
from tests.registrations.conftest import upcoming
from tests.registrations.smtp_server import SmtpServer

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


def _register(page, base, slug, *, kind, first, last, email, partner=None):
    page.goto(f"{base}/t/{slug}/register/")
    page.check(f"input[name=kind][value={kind}]")
    page.fill("#id_first_name", first)
    page.fill("#id_last_name", last)
    page.fill("#id_email", email)
    page.fill("#id_club", "De Kaart")
    if partner:
        page.fill("#id_partner_first_name", partner[0])
        page.fill("#id_partner_last_name", partner[1])
    page.check("#id_consent")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/registration-form-{kind}.png", full_page=True)
    with page.expect_navigation():
        page.click(".register-form button[type=submit]")
    return page.inner_text("#state")


class Outbox:
    """Django's test outbox (the locmem backend)."""

    def messages(self) -> list[tuple[str, str, str]]:
        return [(m.to[0], m.subject, m.body) for m in mail.outbox]


class Smtp:
    """A real SMTP server (tests.registrations.smtp_server); Django's SMTP backend
    sends to it over TCP."""

    def __init__(self, server: SmtpServer):
        self.server = server

    def messages(self) -> list[tuple[str, str, str]]:
        return [(m.to[0], m.subject, m.body) for m in self.server.received]


@pytest.fixture(params=["outbox", "smtp"])
def mailbox(request, settings):
    if request.param == "outbox":
        yield Outbox()
        return
    server = SmtpServer()
    server.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield Smtp(server)
    finally:
        server.stop()


def _last(mailbox, to: str) -> tuple[str, str]:
    subject, body = next(
        (s, b) for (t, s, b) in reversed(mailbox.messages()) if t == to
    )
    return subject, body


def _link(mailbox, to: str) -> str:
    body = _last(mailbox, to)[1]
    return re.search(r"http://\S+/register/\S+/", body).group(0)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_pair_and_a_single_register_and_a_cancellation_moves_the_list(
    live_server, browser, director, mailbox
):
    event = upcoming(capacity=2, format="pairs", language="en", slug="duo-open")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    base = live_server.url
    state = _register(
        page, base, event.slug, kind="pair", first="An", last="Peeters",
        email="an@example.org", partner=("Jan", "Claes"),
    )  # fmt: skip
    assert "Your place is confirmed." in state
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/registration-confirmed-390.png", full_page=True)
    state = _register(
        page, base, event.slug, kind="single", first="Sam", last="Solo",
        email="sam@example.org",
    )  # fmt: skip
    assert "looking for a partner" in state
    # One place and a half are taken: a third pair waits.
    state = _register(
        page, base, event.slug, kind="pair", first="Wim", last="Wacht",
        email="wim@example.org", partner=("Els", "Wacht"),
    )  # fmt: skip
    assert "number 1 on the waiting list" in state
    assert "On the waiting list" in _last(mailbox, "wim@example.org")[0]
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/registration-waiting-390.png", full_page=True)

    page.goto(_link(mailbox, "an@example.org"))  # the link of An's confirmation e-mail
    with page.expect_navigation():
        page.click("#cancel")
    assert "Your registration is cancelled." in page.inner_text("body")
    assert "This registration is cancelled." in page.inner_text("#state")

    promoted = Registration.objects.get(email="wim@example.org")
    assert promoted.status == Registration.Status.CONFIRMED and promoted.entry
    assert "A place is yours" in _last(mailbox, "wim@example.org")[0]
    page.goto(_link(mailbox, "wim@example.org"))
    assert "Your place is confirmed." in page.inner_text("#state")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if isinstance(mailbox, Smtp):  # every mail went over SMTP, none to the outbox
        assert not mail.outbox
        assert [to for to, _s, _b in mailbox.messages()] == [
            "an@example.org", "sam@example.org", "wim@example.org",
            "an@example.org", "wim@example.org",
        ]  # fmt: skip


def _login(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "secret-td-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1366, 768)])
def test_the_director_pairs_two_singles_by_keyboard(
    live_server, browser, director, register, width, height
):
    event = upcoming(capacity=2, format="pairs", language="en")
    event.directors.add(director)
    register(event, "Sam", "Solo", kind="single", email="sam@example.org")
    register(event, "Sara", "Solo", kind="single", email="sara@example.org")
    register(
        event, "Wim", "Wacht", kind="pair", email="wim.van.de.wachtlijst@example.org",
        partner_first_name="Els", partner_last_name="Wacht",
    )  # fmt: skip
    register(
        event, "Bart", "Beide", kind="pair", email="bart@example.org",
        partner_first_name="Lien", partner_last_name="Beide",
    )  # fmt: skip
    register(
        event, "Ode", "Laatste", kind="pair", email="ode@example.org",
        partner_first_name="Ria", partner_last_name="Laatste",
    )  # fmt: skip
    page = browser.new_page(viewport={"width": width, "height": height})
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/director/t/{event.slug}/registrations/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(
            path=f"{SHOTS}/registrations-director-{width}.png", full_page=True
        )
    waiting = page.inner_text("#waiting")
    assert "1. Bart Beide & Lien Beide" in waiting and "2. Ode Laatste" in waiting
    page.focus(".pair-form button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "Paired: Sam Solo & Sara Solo." in page.inner_text("body")
    assert "Nobody to pair." in page.inner_text("#singles")
