"""Tell whether the database and the cache answer, each within a short bound.

For ``/readyz/``: a load balancer or a monitor asks every few seconds, so each
check answers in about two seconds at most whatever the service does (refuses,
hangs): the database on a connection of its own with a connect and a statement
timeout (on PostgreSQL, never a connection of the pool, which would wait for one
and take it from the pages), the cache by storing a value and
reading it back (``core.cache`` answers a miss within its 0.25 s socket timeout,
or at once while its breaker is open).
"""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import DatabaseError, connections

logger = logging.getLogger(__name__)

DATABASE_TIMEOUT = 2  # seconds: libpq's shortest connect_timeout
OK = "ok"
UNAVAILABLE = "unavailable"


def _postgresql_answers(connection) -> None:
    import psycopg

    params = connection.get_connection_params()
    for django_only in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(django_only, None)
    params.setdefault("options", f"-c statement_timeout={DATABASE_TIMEOUT * 1000}")
    params["connect_timeout"] = DATABASE_TIMEOUT  # whatever the settings' OPTIONS say
    try:
        with psycopg.connect(**params, autocommit=True) as direct:
            direct.execute("SELECT 1").fetchone()
    except psycopg.Error as error:
        raise DatabaseError(str(error)) from error


def database_state(alias: str = "default") -> str:
    """ "ok" if the database answers a ``SELECT 1``, else "unavailable"."""
    connection = connections[alias]
    try:
        if connection.vendor == "postgresql":
            _postgresql_answers(connection)
        else:  # SQLite: a local file, no network to wait for
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
    except (DatabaseError, OSError) as error:
        logger.warning("readiness: the database does not answer: %s", error)
        return UNAVAILABLE
    return OK


def cache_state() -> str:
    """ "ok" if a value stored in the cache is read back, else "unavailable"."""
    key, token = f"readyz:{secrets.token_hex(8)}", secrets.token_hex(8)
    cache.set(key, token, 10)
    found = cache.get(key)
    cache.delete(key)
    return OK if found == token else UNAVAILABLE


def readiness() -> dict[str, str]:
    """Each service's state: {"database": "ok", "cache": "unavailable"}."""
    return {"database": database_state(), "cache": cache_state()}
