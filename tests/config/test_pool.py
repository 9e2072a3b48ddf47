"""PostgreSQL: an app process holds at most DB_POOL_SIZE connections, whatever the load.

A real server (``python -m config.serve``, one process of 12 threads) on the test
database with a pool of 3, loaded by 24 clients at once; PostgreSQL's own
``pg_stat_activity`` is sampled all the while. The server's connections carry an
``application_name`` of their own, so the test's connections are not counted.
"""

import os
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests import factories
from tests.config.servers import free_port, get, serving

POOL_SIZE = 3
APPLICATION = "manille_pool_test"

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://...",
    ),
]


def _server_url() -> str:
    """The test database's URL, its connections named APPLICATION."""
    params = connection.settings_dict
    user = urllib.parse.quote(params["USER"] or "")
    password = params["PASSWORD"]
    auth = f"{user}:{urllib.parse.quote(password)}" if password else user
    host = params["HOST"] or "localhost"
    port = f":{params['PORT']}" if params["PORT"] else ""
    query = urllib.parse.urlencode({"application_name": APPLICATION})
    return f"postgres://{auth}@{host}{port}/{params['NAME']}?{query}"


def _server_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
            [APPLICATION],
        )
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_connections_never_exceed_the_pool_under_load():
    tournament = factories.TournamentFactory()
    env = {
        **os.environ,
        "DATABASE_URL": _server_url(),
        "DB_POOL_SIZE": str(POOL_SIZE),
        "WEB_WORKERS": "1",
        "WEB_THREADS": "12",
        "DEBUG": "0",
        "HOST": "127.0.0.1",
    }
    env.pop("CONN_MAX_AGE", None)
    paths = ["/", f"/t/{tournament.slug}/"]
    seen = []
    done = threading.Event()

    def sample():
        try:
            while not done.is_set():
                seen.append(_server_connections())
                done.wait(0.02)
        finally:
            connection.close()  # this thread's own connection

    port = free_port()
    with serving(env, port=port):
        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            with ThreadPoolExecutor(max_workers=24) as clients:
                statuses = list(
                    clients.map(
                        lambda n: get("127.0.0.1", port, paths[n % 2])[0],
                        range(480),
                    )
                )
        finally:
            done.set()
            sampler.join()
        after = _server_connections()

    assert set(statuses) == {200}, statuses
    assert seen and max(seen) >= 1, "the server never reached the database"
    assert max(seen) <= POOL_SIZE, f"{max(seen)} connections with a pool of {POOL_SIZE}"
    assert after <= POOL_SIZE
