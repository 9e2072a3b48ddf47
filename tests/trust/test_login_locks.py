"""A login pause holds one username at one address, and staff can lift it.

Issue 23, item 8: five wrong passwords for a username paused it from every
address, one wrong attempt every quarter of an hour kept it paused, and only a
shell command lifted it: anyone could lock a director out for ever from one
device. Every login here is a real POST to /accounts/login/ with django-axes on.
"""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.urls import reverse

from actionlog.models import ActionEntry

pytestmark = pytest.mark.django_db

PASSWORD = "secret-td-123"
LIMIT = 5
ATTACKER = "198.51.100.66"
DIRECTOR_DEVICE = "192.0.2.10"


def log_in(client, username, password, *, address):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def fail(client, username, times, *, address):
    for _ in range(times):
        response = log_in(client, username, "wrong-password", address=address)
        assert response.status_code in (200, 429)


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user(
        "staff", password="pw-staff-123", is_staff=True
    )


def test_the_right_password_from_another_address_gets_in(client, director):
    """The finding: an attacker's five guesses no longer lock the director out."""
    fail(client, "td", LIMIT, address=ATTACKER)
    response = log_in(client, "td", PASSWORD, address=DIRECTOR_DEVICE)
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def test_the_right_password_from_the_same_address_is_paused(client, director):
    fail(client, "td", LIMIT, address=ATTACKER)
    response = log_in(client, "td", PASSWORD, address=ATTACKER)
    assert response.status_code == 429
    assert "Login paused" in response.text
    assert "_auth_user_id" not in client.session


def test_behind_a_trusted_proxy_the_pause_holds_the_forwarded_address(
    client, director, settings
):
    """The address counted is core.addresses.client_ip's: behind TRUSTED_PROXIES the
    client's, not the proxy's (else one attacker would pause everyone behind it)."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for _ in range(LIMIT):
        client.post(
            reverse("login"),
            {"username": "td", "password": "wrong-password"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=ATTACKER,
        )
    assert AccessAttempt.objects.get().ip_address == ATTACKER
    other = client.post(
        reverse("login"),
        {"username": "td", "password": PASSWORD},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR=DIRECTOR_DEVICE,
    )
    assert other.status_code == 302


def test_staff_see_the_pauses_and_lift_one(client, director, staff):
    fail(client, "td", LIMIT, address=ATTACKER)
    fail(client, "someone", 2, address=DIRECTOR_DEVICE)  # not paused: not listed
    client.force_login(staff)
    home = client.get(reverse("tournaments:home"))
    assert reverse("clubs:login_locks") in home.text
    page = client.get(reverse("clubs:login_locks"))
    assert page.status_code == 200
    assert ATTACKER in page.text and "td" in page.text
    assert "someone" not in page.text
    attempt = AccessAttempt.objects.get(username="td")
    response = client.post(
        reverse("clubs:login_unlock"), {"attempt": attempt.pk}, follow=True
    )
    assert response.status_code == 200
    assert not AccessAttempt.objects.filter(username="td").exists()
    assert AccessAttempt.objects.filter(username="someone").exists()
    entry = ActionEntry.objects.get(action="login.unlocked")
    assert entry.user == staff
    assert "td" in entry.target_text and ATTACKER in entry.target_text
    client.logout()
    assert log_in(client, "td", PASSWORD, address=ATTACKER).status_code == 302


def test_unlocking_needs_a_post_with_the_csrf_token(client, director, staff):
    from django.test import Client

    fail(client, "td", LIMIT, address=ATTACKER)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(staff)
    attempt = AccessAttempt.objects.get(username="td")
    assert strict.get(reverse("clubs:login_unlock")).status_code == 405
    refused = strict.post(reverse("clubs:login_unlock"), {"attempt": attempt.pk})
    assert refused.status_code == 403
    assert AccessAttempt.objects.filter(pk=attempt.pk).exists()


def test_a_director_who_is_not_staff_may_not_see_or_lift_pauses(client, director):
    other = get_user_model().objects.create_user("other", password="pw-other-123")
    fail(client, "other", LIMIT, address=ATTACKER)
    client.force_login(director)
    assert client.get(reverse("clubs:login_locks")).status_code == 403
    attempt = AccessAttempt.objects.get(username="other")
    refused = client.post(reverse("clubs:login_unlock"), {"attempt": attempt.pk})
    assert refused.status_code == 403
    assert AccessAttempt.objects.filter(pk=attempt.pk).exists()
    assert reverse("clubs:login_locks") not in client.get(
        reverse("tournaments:home")
    ).text
    assert other.pk  # the paused user exists: only the right is missing


def test_an_unknown_or_lifted_pause_is_a_message_not_an_error(client, staff):
    client.force_login(staff)
    for value in ("999999", "x", ""):
        response = client.post(reverse("clubs:login_unlock"), {"attempt": value})
        assert response.status_code == 302
    assert not ActionEntry.objects.filter(action="login.unlocked").exists()
