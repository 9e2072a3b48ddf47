"""The wrong-code throttle: forwarded addresses only from a trusted proxy, and
counts that neither the cache nor the number of processes loses.

Issue 23, item 7: with ``HTTPS=1`` and the app port reachable directly, the last
``X-Forwarded-For`` entry was trusted, so a guesser changed it on every request
(66 guesses/s, no 429) or sent a victim's address to pause the victim's phone;
and the counts lived in the cache, which a process of its own or 450 ordinary
requests (the local-memory cache keeps 300 entries) forgot.
"""

import itertools

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from phones.throttle import WRONG_CODE_LIMIT, WRONG_CODE_WINDOW

pytestmark = pytest.mark.django_db

WRONG = (f"ZZZZ{a}{b}" for a, b in itertools.product("23456789", repeat=2))
HTTPS = {"HTTP_X_FORWARDED_PROTO": "https", "secure": True}


@pytest.fixture
def behind_https(settings):
    """The site as HTTPS=1 sets it (the proxy's header, secure redirects)."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    return settings


def guess(client, **extra):
    return client.get(reverse("table:page", kwargs={"code": next(WRONG)}), **extra)


def test_a_direct_client_cannot_dodge_the_throttle_with_a_forwarded_header(
    behind_https,
):
    """No proxy is trusted by default: the connection's own address counts."""
    guesser = Client(REMOTE_ADDR="198.51.100.7")
    for n in range(WRONG_CODE_LIMIT):
        answer = guess(guesser, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}", **HTTPS)
        assert answer.status_code == 404
    paused = guess(guesser, HTTP_X_FORWARDED_FOR="203.0.113.99", **HTTPS)
    assert paused.status_code == 429


def test_a_forged_header_does_not_pause_the_victims_phone(behind_https):
    attacker = Client(REMOTE_ADDR="198.51.100.7")
    for _ in range(WRONG_CODE_LIMIT + 2):
        guess(attacker, HTTP_X_FORWARDED_FOR="192.0.2.50", **HTTPS)
    victim = Client(REMOTE_ADDR="192.0.2.50")
    assert guess(victim, **HTTPS).status_code == 404  # a typo, not a pause


def test_behind_a_trusted_proxy_the_right_most_untrusted_entry_counts(behind_https):
    """Two proxies (a CDN in 10.0.0.0/8, then the local one): the client is the
    last address neither appended; what the client wrote before it is ignored."""
    behind_https.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    for n in range(WRONG_CODE_LIMIT):
        chain = f"192.0.2.{n}, 203.0.113.5, 10.1.2.3"
        assert guess(proxy, HTTP_X_FORWARDED_FOR=chain, **HTTPS).status_code == 404
    chain = "192.0.2.200, 203.0.113.5, 10.1.2.3"
    assert guess(proxy, HTTP_X_FORWARDED_FOR=chain, **HTTPS).status_code == 429
    # Another client behind the same proxies is not paused.
    chain = "203.0.113.6, 10.1.2.3"
    assert guess(proxy, HTTP_X_FORWARDED_FOR=chain, **HTTPS).status_code == 404
    # A request straight to the app port is counted by its own address, whatever
    # it forwards.
    direct = Client(REMOTE_ADDR="203.0.113.7")
    forged = guess(direct, HTTP_X_FORWARDED_FOR="203.0.113.5", **HTTPS)
    assert forged.status_code == 404


def test_the_counts_outlive_the_cache(settings):
    """A cache emptied (another process's memory, evicted entries, Redis gone)
    forgives nothing: the counts are in the database."""
    guesser = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(WRONG_CODE_LIMIT - 1):
        assert guess(guesser).status_code == 404
        cache.clear()
    assert guess(guesser).status_code == 404
    cache.clear()
    paused = guess(guesser)
    assert paused.status_code == 429
    assert 0 < int(paused["Retry-After"]) <= WRONG_CODE_WINDOW


def test_the_pause_ends_with_the_window_and_old_counts_are_pruned(settings):
    from core.models import ThrottleCount

    guesser = Client(REMOTE_ADDR="10.0.0.8")
    for _ in range(WRONG_CODE_LIMIT):
        guess(guesser)
    assert guess(guesser).status_code == 429
    # The window's counts, moved a window back: forgiven, and pruned by the
    # next count.
    ThrottleCount.objects.update(
        period=ThrottleCount.objects.get().period - WRONG_CODE_WINDOW
    )
    assert guess(guesser).status_code == 404
    assert ThrottleCount.objects.count() == 1
    assert ThrottleCount.objects.get().count == 1
