"""Redis stops under load: the hall keeps being served from the database, the
phones keep saving, and Redis is taken up again by itself when it returns.

A real ``python -m config.serve`` (2 processes) on a SQLite file of the test's own
and a private ``redis-server``; readers loop over the public pages, the version
poll, the API and the table pages, one phone per table saves deals. Redis is
killed (SIGKILL) for 8 s, then started again, empty, on the same port. Every
answer is counted; none may be a 500 (before the cache backend of core.cache,
each of them was), and every deal answered "saved" must be in the database, once.
"""

import os
import time

import pytest

from tests.config.servers import free_port, serving
from tests.faults.hall import Load, hall_build, hall_stored
from tests.faults.redis_server import redis_server

OUTAGE_SECONDS = 8


@pytest.fixture
def hall(tmp_path):
    with redis_server(tmp_path) as redis:
        env = {
            **{k: v for k, v in os.environ.items() if k not in {"HTTPS", "SITE_URL"}},
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "REDIS_URL": redis.url,
            "DEBUG": "0",
            "HOST": "127.0.0.1",
            "ALLOWED_HOSTS": "127.0.0.1",
            "WEB_WORKERS": "2",
            "WEB_THREADS": "4",
        }
        codes = hall_build(env)
        yield env, redis, codes


def _wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def _served(tally) -> bool:
    """Whether a page was answered 200 in the load's current phase."""
    with tally.lock:
        return tally.statuses[tally.phase][200] > 0


def test_the_hall_is_served_without_redis_and_takes_it_up_again(hall):
    env, redis, codes = hall
    port = free_port()
    with serving(env, port=port, probe="/healthz/") as server:
        with Load(port, codes) as load:
            tally = load.tally
            # Conditions, not pauses: under load the first answers can be late.
            _wait_for(
                lambda: redis.keys() and tally.acknowledged and _served(tally),
                60,
                "the site did not serve, save a deal and use Redis to begin with",
            )
            tally.phase = "during"
            redis.stop()
            time.sleep(OUTAGE_SECONDS)
            _wait_for(lambda: _served(tally), 30, "nothing served without Redis")
            tally.phase = "after"
            redis.start()  # empty: no persistence
            _wait_for(redis.keys, 20, "the site did not take Redis up again")
            _wait_for(lambda: _served(tally), 30, "nothing served with Redis back")
            time.sleep(1)  # the load goes on a little with Redis back
        assert tally.bad == [], tally.bad[:20]
    print(tally.summary())
    for phase in ("before", "during", "after"):
        counts = tally.statuses[phase]
        assert counts[200] > 0, (phase, dict(counts))
        assert set(counts) <= {200, 304}, (phase, dict(counts))
    stored = hall_stored(env)
    assert tally.acknowledged, "no deal was saved"
    assert set(tally.acknowledged) <= set(stored["keys"])
    assert stored["deals"] == len(tally.acknowledged)  # none lost, none doubled
    log = server.output
    assert "Traceback" not in log, log[-3000:]
    outages = log.count("does not answer")
    assert 1 <= outages <= 2, log[-3000:]  # once per process, not per request
    assert log.count("answers again") == outages, log[-3000:]
