"""The readiness check says whether the database and the cache answer; the
liveness check says only that the server runs (issue 23 §4).

Real services throughout: the test database, a private ``redis-server`` killed
under the check, a Redis port nothing listens on, and real server processes whose
PostgreSQL refuses or never answers.
"""

import os
import time

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.config.servers import free_port, get, serving
from tests.faults.redis_server import RedisServer, SilentServer


def _resilient(url: str) -> dict:
    return {"default": {"BACKEND": "core.cache.ResilientRedisCache", "LOCATION": url}}


def _ready(client):
    response = client.get(reverse("readyz"))
    assert response["Content-Type"] == "application/json"
    assert "no-store" in response["Cache-Control"]  # never kept by a proxy
    return response.status_code, response.json()


@pytest.mark.django_db
def test_ready_when_the_database_and_the_cache_answer(client):
    assert _ready(client) == (200, {"database": "ok", "cache": "ok"})


@pytest.mark.django_db
def test_not_ready_when_redis_does_not_answer_while_healthz_answers(client):
    with override_settings(CACHES=_resilient(f"redis://127.0.0.1:{free_port()}/0")):
        assert _ready(client) == (503, {"database": "ok", "cache": "unavailable"})
        assert client.get(reverse("healthz")).status_code == 200


@pytest.mark.django_db
def test_readiness_follows_a_real_redis_down_and_up(client, tmp_path, monkeypatch):
    from core import cache as resilient

    monkeypatch.setattr(resilient, "OUTAGE_SECONDS", 0.1)
    redis = RedisServer(tmp_path)
    redis.start()
    try:
        with override_settings(CACHES=_resilient(redis.url)):
            assert _ready(client) == (200, {"database": "ok", "cache": "ok"})
            redis.stop()
            assert _ready(client) == (503, {"database": "ok", "cache": "unavailable"})
            redis.start()
            deadline = time.monotonic() + 10
            while _ready(client)[0] != 200:  # the breaker lets it try again
                assert time.monotonic() < deadline, "Redis back, still not ready"
                time.sleep(0.1)
            assert redis.keys() == []  # the probe's key is gone after it
    finally:
        redis.stop()


def _server_env(database_url: str) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "HTTPS"}},
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "HOST": "127.0.0.1",
        "WEB_WORKERS": "1",
        "WEB_THREADS": "2",
    }


def _served_readiness(port: int) -> tuple[int, bytes, float]:
    started = time.monotonic()
    status, body = get("127.0.0.1", port, "/readyz/", timeout=30)
    return status, body, time.monotonic() - started


def test_not_ready_when_postgresql_refuses_or_hangs_and_quick_either_way():
    """A real server whose PostgreSQL refuses connections, then one whose
    PostgreSQL accepts them and never answers: 503 naming the database (the pool
    would have waited its 10 s), /healthz/ 200 all along."""
    import json

    silent = SilentServer()
    silent.start()
    figures = []
    try:
        for label, db_port in (("refused", free_port()), ("hung", silent.port)):
            port = free_port()
            env = _server_env(f"postgres://postgres@127.0.0.1:{db_port}/manille")
            with serving(env, port=port, probe="/healthz/"):
                status, body, seconds = _served_readiness(port)
                assert (status, json.loads(body)) == (
                    503,
                    {"database": "unavailable", "cache": "ok"},
                ), body
                assert get("127.0.0.1", port, "/healthz/")[0] == 200
                figures.append(f"{label}: {seconds * 1000:.0f} ms")
    finally:
        silent.close()
    print("readiness with PostgreSQL " + ", ".join(figures))
