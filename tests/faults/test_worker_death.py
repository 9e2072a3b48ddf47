"""One worker of the server dies (``kill -9``, as an out-of-memory kill in a hall):
the site answers within 5 s and keeps answering, the worker is started again.

A real ``python -m config.serve`` with 2 processes on a migrated SQLite file of the
test's own. Before ``respawn_failed_workers``, Granian answered a worker's death by
stopping every worker and exiting: the hall had no site until someone noticed.
"""

import contextlib
import http.client
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.config.servers import free_port, get, manage, serving

ANSWER_WITHIN = 5  # seconds after the kill: the bound


@pytest.fixture
def site_env(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "HTTPS"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DEBUG": "0",
        "HOST": "127.0.0.1",
        "WEB_WORKERS": "2",
        "WEB_THREADS": "2",
    }
    manage(env, "migrate", "--noinput", "-v", "0")
    return env


def workers_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Granian's workers), from /proc."""
    found = set()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":  # a zombie is gone
            found.add(int(entry.name))
    return found


def answers(port: int, path: str = "/") -> int | None:
    with contextlib.suppress(OSError, http.client.HTTPException):
        return get("127.0.0.1", port, path, timeout=2)[0]
    return None


def warm(port: int) -> None:
    """Open the front page on many connections at once, so that each worker has
    served it before the kill: the 5 s then measure the death, not a cold start."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(lambda _n: answers(port), range(32))) == {200}


def test_the_site_survives_a_worker_killed_with_sigkill(site_env):
    port = free_port()
    with serving(site_env, port=port, probe="/") as server:
        warm(port)
        before = workers_of(server.pid)
        assert len(before) == 2, before
        victim = min(before)
        os.kill(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        # Polled until the 5 s deadline: the site must answer again by then.
        while answers(port) != 200:
            assert time.monotonic() - killed_at < ANSWER_WITHIN, (
                "the site did not answer within 5 s of a worker's death"
            )
            time.sleep(0.05)
        answered_after = time.monotonic() - killed_at
        # The dead worker is started again: two workers, one of them new.
        deadline = time.monotonic() + 30
        while (after := workers_of(server.pid)) and (victim in after or len(after) < 2):
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, ("no worker started again", after)
            time.sleep(0.1)
        assert len(after - before) == 1, (before, after)
        # And it keeps answering, on both workers (one request per connection).
        statuses = [answers(port, path) for path in ("/", "/healthz/") * 20]
        assert statuses == [200] * 40, statuses
        assert server.poll() is None, "the server stopped"
    assert "Unexpected exit from worker" in server.output, server.output[-2000:]
    print(f"answered again {answered_after * 1000:.0f} ms after the kill")
