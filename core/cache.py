"""Use Redis as a cache that may go away: a miss while it is gone, never an error.

The site's cache only saves work: every value in it is read again from the database
when it is missing, and nothing correct depends on it (the throttles and the login
lockouts count in the database, sessions live there too). So when Redis stops, is
restarted or hangs, ``ResilientRedisCache`` answers as an empty cache that stores
nothing: ``get`` returns the default, ``get_many`` nothing, ``add`` "stored" (the
caller does the work itself: a page's rebuild lock, ``public.pages``, then lets it
build at once instead of waiting for a lock nobody holds), ``set``, ``delete`` and
the others do nothing (``set_many`` names every key it could not store, as Django's
contract says), ``incr`` finds no key (``ValueError``, as for one that expired).

Two bounds keep an outage cheap:

- short socket timeouts (``SOCKET_TIMEOUT``, 0.25 s, for the connection and for
  each answer), so a Redis that hangs costs a request that much once, not Django's
  default of waiting for ever;
- a breaker per process: after a failure, Redis is not asked at all for
  ``OUTAGE_SECONDS`` (2 s); then one request tries it again (the others still skip
  it) and, if Redis answers, everyone uses it again. The pages are served from the
  database meanwhile (slower, correct), and Redis is picked up again by itself.

An outage is logged once per process when it starts and once when it ends, not
once per request (a hall makes hundreds a second).

What a write that was skipped leaves behind in a Redis that comes back with its
data (one restarted with persistence, or one that only hung) lives no longer than
its timeout: every key holding a version is dropped by a new version anyway, and
the others live seconds (a tournament's state 2 s, a table's 10 s).
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

SOCKET_TIMEOUT = 0.25  # seconds to connect, and to wait for each answer
OUTAGE_SECONDS = 2.0  # Redis is not asked this long after a failure
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)


class Breaker:
    """Whether Redis may be asked now; shared by every thread of the process."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.lock = threading.Lock()
        self.closed_at = 0.0  # monotonic time before which Redis is not asked
        self.down = False  # an outage is going on (logged once)
        self.down_since = 0.0  # monotonic time the outage was found

    def allows(self) -> bool:
        """Tell whether to ask Redis: yes unless an outage is going on; during one,
        yes once every ``OUTAGE_SECONDS`` (one thread tries, the others skip)."""
        if not self.down:
            return True
        with self.lock:
            now = time.monotonic()
            if now < self.closed_at:
                return False
            self.closed_at = now + OUTAGE_SECONDS  # this thread's try, alone
            return True

    def failed(self, error: Exception) -> None:
        with self.lock:
            self.closed_at = time.monotonic() + OUTAGE_SECONDS
            if self.down:
                return
            self.down = True
            self.down_since = time.monotonic()
        logger.warning(
            "Redis at %s does not answer (%s: %s): serving without the cache, "
            "trying it again every %g s",
            self.location,
            type(error).__name__,
            error,
            OUTAGE_SECONDS,
        )

    def answered(self, asked_at: float) -> None:
        """Redis answered a call made at ``asked_at`` (monotonic). A call asked
        before the outage was found (a thread's answer arriving just after another
        thread's failure) says nothing of Redis now: only a later one ends it."""
        if not self.down:
            return
        with self.lock:
            if not self.down or asked_at < self.down_since:
                return
            self.down = False
            self.closed_at = 0.0
        logger.warning("Redis at %s answers again: using the cache", self.location)


# One breaker per Redis location and process: Django gives each thread a cache
# object of its own, and one thread's finding spares the others the timeout.
_BREAKERS: dict[str, Breaker] = {}
_BREAKERS_LOCK = threading.Lock()


def breaker_for(location: str) -> Breaker:
    with _BREAKERS_LOCK:
        if location not in _BREAKERS:
            _BREAKERS[location] = Breaker(location)
        return _BREAKERS[location]


def _safe_location(servers: list[str]) -> str:
    """The servers' addresses for the log, without a password."""
    return ",".join(s.rpartition("@")[2] for s in servers)


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis is gone."""

    def __init__(self, server, params):
        params = {**params, "OPTIONS": dict(params.get("OPTIONS") or {})}
        params["OPTIONS"].setdefault("socket_connect_timeout", SOCKET_TIMEOUT)
        params["OPTIONS"].setdefault("socket_timeout", SOCKET_TIMEOUT)
        super().__init__(server, params)
        self.breaker = breaker_for(_safe_location(self._servers))

    def _guarded(self, missing, call, *args, **kwargs):
        """``call(*args, **kwargs)``, or ``missing`` if Redis does not answer."""
        if not self.breaker.allows():
            return missing
        asked_at = time.monotonic()
        try:
            result = call(*args, **kwargs)
        except UNREACHABLE as error:
            self.breaker.failed(error)
            return missing
        self.breaker.answered(asked_at)
        return result

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(True, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._guarded(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guarded(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._guarded(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._guarded({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._guarded(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        found = self._guarded(None, super().incr, key, delta, version)
        if found is None:
            raise ValueError(f"Key '{key}' not found (the cache does not answer).")
        return found

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        self._guarded(None, super().delete_many, keys, version)

    def clear(self):
        return self._guarded(False, super().clear)
