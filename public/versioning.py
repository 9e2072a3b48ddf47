"""Fingerprint what a public answer depends on, for its ETag and its cache key.

The live pages and the JSON API answer a conditional GET with Django's
``condition`` decorator; both build their ETag from ``fingerprint`` so a change
of what makes a page (the tournament's public version, the settings the
standings read) is written once. ``tournaments.versioning`` moves the version.
"""

from __future__ import annotations

import hashlib
import threading
from functools import wraps

from django.http import HttpResponseNotModified
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers

from tournaments.models import Tournament
from tournaments.versioning import PublicState, public_state, public_state_cached


def fingerprint(tournament: Tournament | str, *parts) -> str:
    """Return a short hash of the tournament's public state and the given parts.

    ``tournament`` is the model or its cached ``public_state`` string.
    """
    state = tournament if isinstance(tournament, str) else public_state(tournament)
    key = "|".join((state, *(str(p) for p in parts)))
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()


def reader_state(request, slug: str) -> PublicState | None:
    """Return the public state of tournament ``slug``, read once per request.

    The language middleware, the ETag and the page cache of one request all need
    it: the shared cache is read once.
    """
    memo = request.__dict__.setdefault("_public_states", {})
    if slug not in memo:
        with _STATE_LOCKS[hash(slug) % len(_STATE_LOCKS)]:
            memo[slug] = public_state_cached(slug=slug)
    return memo[slug]


# One thread of a process reads a tournament's state again at a time. It is kept
# in the process for 0.5 s and in the shared cache for 2 s, so every thread of a
# busy process finds it gone at the same moment: without the lock each of them
# would read the database at once, each taking a connection of its own, and on
# PostgreSQL the pool, which keeps one connection while idle, opens the others one
# after the other, slowly in a busy process (each step of the handshake waits for
# Python's lock): requests waited seconds for a connection (issue 21). With it,
# one thread reads and the others find the state it kept a moment later. Locks
# by the slug's hash: a bounded set, whatever slugs are asked for.
_STATE_LOCKS = tuple(threading.Lock() for _ in range(16))


def revalidated(etag_func, *, vary: tuple[str, ...] = ()):
    """Django's ``condition``, ``vary_on_headers`` and ``cache_control(no_cache)``,
    with the hall's usual case answered first.

    Every open page revalidates every few seconds with the very ETag it was given;
    that exact match is answered with the same 304 Django's decorators give (ETag,
    Vary, Cache-Control), without their general machinery. Anything else — no ETag
    sent, a list, a weak one, a changed page — goes through Django's decorators.
    The ETag is computed once per request either way.
    """

    def decorator(view):
        def etag_once(request, *args, **kwargs):
            if not hasattr(request, "_etag"):
                request._etag = etag_func(request, *args, **kwargs)
            return request._etag

        full = condition(etag_func=etag_once)(view)
        if vary:
            full = vary_on_headers(*vary)(full)
        full = cache_control(no_cache=True)(full)

        @wraps(view)
        def wrapper(request, *args, **kwargs):
            sent = request.META.get("HTTP_IF_NONE_MATCH")  # request.headers costs more
            if sent and request.method in ("GET", "HEAD"):
                etag = etag_once(request, *args, **kwargs)
                if etag is not None and sent == etag:
                    response = HttpResponseNotModified()
                    response.headers["ETag"] = etag
                    if vary:
                        response.headers["Vary"] = ", ".join(vary)
                    response.headers["Cache-Control"] = "no-cache"
                    return response
            return full(request, *args, **kwargs)

        return wrapper

    return decorator
