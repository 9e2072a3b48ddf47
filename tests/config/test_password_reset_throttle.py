"""Password reset mails are throttled per address and per e-mail address.

Issue 23, item 11: /accounts/password/reset/ sent a mail for every request, so one
client could fill a director's mailbox (or the hall laptop's console) and try
addresses as fast as it liked. A throttled request gets the same "sent" page as
any other and sends nothing: the answer tells no one whether the address has an
account, nor that a limit was reached.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from config.accounts import RESET_PER_ADDRESS, RESET_PER_EMAIL

pytestmark = pytest.mark.django_db


@pytest.fixture
def directors(db):
    users = get_user_model().objects
    return [
        users.create_user(f"td{n}", email=f"td{n}@example.org", password="pw-td-123")
        for n in range(RESET_PER_ADDRESS.limit + 2)
    ]


def _ask(client, email, *, address):
    response = client.post(
        reverse("password_reset"), {"email": email}, REMOTE_ADDR=address
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    return response


def test_one_e_mail_address_gets_a_few_mails_whatever_the_client(client, directors):
    for n in range(RESET_PER_EMAIL.limit + 3):
        _ask(client, "td0@example.org", address=f"198.51.100.{n + 1}")
    assert len(mail.outbox) == RESET_PER_EMAIL.limit
    assert {m.to[0] for m in mail.outbox} == {"td0@example.org"}
    _ask(client, "td1@example.org", address="198.51.100.99")  # another: sent
    assert len(mail.outbox) == RESET_PER_EMAIL.limit + 1


def test_one_client_asks_for_a_few_resets_whatever_the_e_mail(client, directors):
    for user in directors:
        _ask(client, user.email, address="192.0.2.66")
    assert len(mail.outbox) == RESET_PER_ADDRESS.limit
    _ask(client, directors[-1].email, address="192.0.2.67")  # another device: sent
    assert len(mail.outbox) == RESET_PER_ADDRESS.limit + 1


def test_a_throttled_request_answers_as_any_other(client, directors):
    """The same redirect and the same page, for a known address or not."""
    for _ in range(RESET_PER_EMAIL.limit):
        _ask(client, "td0@example.org", address="192.0.2.10")
    throttled = _ask(client, "td0@example.org", address="192.0.2.11")
    unknown = _ask(client, "nobody@example.org", address="192.0.2.12")
    assert throttled["Location"] == unknown["Location"]
    page = client.get(throttled["Location"])
    assert page.status_code == 200 and "Check your email" in page.text
    assert len(mail.outbox) == RESET_PER_EMAIL.limit


def test_the_address_is_the_one_a_trusted_proxy_forwards(client, directors, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for n, user in enumerate(directors, start=1):
        client.post(
            reverse("password_reset"),
            {"email": user.email},
            REMOTE_ADDR="127.0.0.1",
            # Each its own client (by its place: a primary key grows past 255 on
            # PostgreSQL, whose sequences outlive a test, and is no address then).
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        )
    assert len(mail.outbox) == len(directors)
