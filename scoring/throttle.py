"""Count wrong table codes per client address and pause an address that guesses.

A table code is 6 characters from 31: about 887 million codes against at most a
few hundred in use, so guessing one takes millions of tries; ten wrong codes in ten
minutes is far more than a player mistyping the code on the sheet ever needs. The
count lives in the shared cache (Redis when several app processes serve the hall),
so every process sees it; the cache forgetting it only forgives a few guesses.
"""

from __future__ import annotations

import time

from django.core.cache import cache

__all__ = [
    "WRONG_CODE_LIMIT",
    "WRONG_CODE_WINDOW",
    "wrong_code_count",
    "wrong_code_wait",
]

WRONG_CODE_LIMIT = 10
WRONG_CODE_WINDOW = 600  # seconds

_PREFIX = "table-wrong-code"


def _keys(address: str | None) -> tuple[str, str]:
    # An address the request did not give (None) shares one bucket: it is refused
    # with every other such request rather than never counted.
    who = address or "unknown"
    return f"{_PREFIX}:{who}", f"{_PREFIX}:{who}:until"


def wrong_code_count(*, address: str | None) -> None:
    """Count one wrong code from ``address``; the window starts at the first one."""
    count_key, until_key = _keys(address)
    until = int(time.time()) + WRONG_CODE_WINDOW
    # add() only sets a missing key: the first wrong code opens the window.
    cache.add(until_key, until, WRONG_CODE_WINDOW)
    if cache.add(count_key, 1, WRONG_CODE_WINDOW):
        return
    try:
        cache.incr(count_key)
    except ValueError:  # expired between add() and incr(): a new window
        cache.add(count_key, 1, WRONG_CODE_WINDOW)


def wrong_code_wait(*, address: str | None) -> int:
    """Return the seconds ``address`` must wait before trying a code (0: none)."""
    count_key, until_key = _keys(address)
    values = cache.get_many([count_key, until_key])
    if values.get(count_key, 0) < WRONG_CODE_LIMIT:
        return 0
    until = values.get(until_key)
    if until is None:
        return WRONG_CODE_WINDOW
    return max(1, int(until) - int(time.time()))
