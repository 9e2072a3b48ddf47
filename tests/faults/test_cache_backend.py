"""The cache backend answers as an empty cache while Redis is gone, and takes
Redis up again by itself (core.cache.ResilientRedisCache).

Real sockets throughout: a port nothing listens on, a listener that never answers
(a hung Redis), a private ``redis-server`` stopped and started again.
"""

import logging
import time

import pytest
import redis
from django.core.cache.backends.redis import RedisCache

from core import cache as resilient
from core.cache import ResilientRedisCache
from tests.config.servers import free_port
from tests.faults.redis_server import RedisServer, SilentServer


def _closed_url() -> str:
    return f"redis://127.0.0.1:{free_port()}/0"


def test_django_s_own_backend_fails_where_ours_answers_a_miss():
    """What the site did before: every cache call raised, and the page was a 500."""
    url = _closed_url()
    with pytest.raises(redis.ConnectionError):
        RedisCache(url, {}).get("x")
    assert ResilientRedisCache(url, {}).get("x", "default") == "default"


def test_without_redis_every_call_answers_as_an_empty_cache():
    cache = ResilientRedisCache(_closed_url(), {})
    assert cache.get("a") is None
    assert cache.get("a", 7) == 7
    assert cache.get_many(["a", "b"]) == {}
    assert cache.has_key("a") is False
    # "Stored": the caller does the work itself, as if it held the lock.
    assert cache.add("lock", "token", 2) is True
    assert cache.set("a", 1) is None
    assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]  # none stored
    assert cache.delete("a") is False
    assert cache.delete_many(["a", "b"]) is None
    assert cache.touch("a") is False
    with pytest.raises(ValueError):
        cache.incr("a")
    assert cache.get_or_set("a", 5) == 5


def test_a_hung_redis_costs_one_short_timeout_then_is_skipped(monkeypatch):
    """One request waits the socket timeout; the others, in any thread, do not
    even connect while the breaker is open."""
    monkeypatch.setattr(resilient, "OUTAGE_SECONDS", 60)  # no retry in this test
    silent = SilentServer()
    silent.start()
    try:
        url = f"redis://127.0.0.1:{silent.port}/0"
        first, second = ResilientRedisCache(url, {}), ResilientRedisCache(url, {})
        started = time.monotonic()
        assert first.get("x", "miss") == "miss"
        waited = time.monotonic() - started  # the socket timeout: no hang
        assert len(silent.accepted) == 1
        for cache in (first, second) * 10:  # two threads' cache objects
            assert cache.get("x", "miss") == "miss"
            cache.set("x", 1)
        assert len(silent.accepted) == 1, "Redis was asked while the breaker was open"
    finally:
        silent.close()
    print(f"a hung Redis cost the first request {waited * 1000:.0f} ms")


def test_an_outage_is_logged_once_and_redis_is_taken_up_again(
    tmp_path, caplog, monkeypatch
):
    monkeypatch.setattr(resilient, "OUTAGE_SECONDS", 0.2)
    server = RedisServer(tmp_path)
    server.start()
    try:
        cache = ResilientRedisCache(server.url, {})
        cache.set("k", "before", 60)
        assert cache.get("k") == "before"
        server.stop()
        with caplog.at_level(logging.WARNING, logger="core.cache"):
            deadline = time.monotonic() + 1
            while time.monotonic() < deadline:  # several retries, each failing
                assert cache.get("k", "miss") == "miss"
                cache.set("k", "during", 60)
                time.sleep(0.01)
            server.start()  # the same port, empty (no persistence)
            deadline = time.monotonic() + 10
            while cache.get("k") != "after":
                assert time.monotonic() < deadline, "Redis was not taken up again"
                cache.set("k", "after", 60)
                time.sleep(0.05)
        assert server.client().get(cache.make_key("k")) is not None
        messages = [r.getMessage() for r in caplog.records if r.name == "core.cache"]
        assert len(messages) == 2, messages
        assert "does not answer" in messages[0]
        assert "answers again" in messages[1]
    finally:
        server.stop()


def test_an_answer_to_a_call_asked_before_the_outage_does_not_end_it():
    """Two threads: one's call is on its way when the other finds Redis gone; the
    first call's late answer must not log "answers again" (a call asked after the
    outage began does). Before, the outage was logged again and again under load."""
    breaker = resilient.Breaker("127.0.0.1:1")
    asked_before = time.monotonic()
    time.sleep(0.01)
    breaker.failed(ConnectionError("reset"))
    breaker.answered(asked_before)
    assert breaker.down, "a call asked before the failure ended the outage"
    breaker.answered(time.monotonic())
    assert not breaker.down
