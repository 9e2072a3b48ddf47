"""Answer "the results service is restarting" (503, Retry-After) while the database
is gone: at once, never after the pool's wait, never with a traceback.

A request that meets ``OperationalError`` or ``InterfaceError`` (the server stopped,
refused, restarting; the pool gave no connection in time; SQLite's lock held too
long) is answered 503 with ``Retry-After``: a page that tries again by itself, or
``{"error": ..., "retry_after": 5}`` to a client that reads JSON (the API, the
version poll, the phones' writes and state, or whoever asks for JSON). Nothing in
the request was saved unless its transaction committed before the error; the
phones and the desk send the same key again, which saves a deal once. The error is
caught where Django lets it be: the view's and its template's by the middleware
(``process_exception``), a middleware's by ``handler500`` (``server_error``).

Each such error makes this process ask PostgreSQL directly whether it answers
(``config.readiness``, on a connection of its own, in the background). If it does
not, the *outage* begins: the pool is closed (its waiting requests fail at once)
and every request but the health checks is answered 503 without touching the
database, while a background probe asks again every second. Once it answers, the
pool starts afresh (the old one would wait out its reconnection back-off) and the
site serves again. The outage is logged twice per process, as it begins and as it
ends; the 503s in between are not logged one by one. SQLite has no server to lose:
its errors are answered 503 one by one, and no outage begins.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time

from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views import defaults

from config.readiness import _postgresql_answers

logger = logging.getLogger(__name__)

RETRY_AFTER = 5  # seconds a client waits before asking again
PROBE_EVERY = 1.0  # seconds between two probes of a database that is gone
POOL_CLOSE_WAIT = 0.2  # seconds for each of the pool's threads to stop
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)

# Answered whatever the database does: they ask nobody (healthz) or ask it
# themselves, within their own bound (readyz says "unavailable").
EXEMPT_VIEWS = frozenset({"healthz", "readyz"})
# What answers JSON to a client that sent no Accept: application/json.
JSON_NAMESPACES = frozenset({"api"})
JSON_VIEWS = frozenset(
    {"live:version"}
    | {
        f"{namespace}:{name}"
        for namespace in ("phones", "table")
        for name in ("state", "deal", "delete", "accept")
    }
)


def unavailable_error(error: BaseException | None) -> bool:
    """Whether ``error`` says the database is out of reach (not a bug of ours)."""
    return isinstance(error, UNAVAILABLE_ERRORS)


class Outage:
    """Whether this process's database is gone, found out and ended by probes.

    One probe runs at a time, in a thread of its own, so no request waits for
    one; while the database is gone a request starts the next probe once
    ``PROBE_EVERY`` has passed since the last.
    """

    def __init__(self, alias: str = DEFAULT_DB_ALIAS) -> None:
        self.alias = alias
        self.lock = threading.Lock()
        self.pool_lock = threading.Lock()  # held while a pool closes (seconds)
        self.down = False
        self.probing = False
        self.last_probe = -PROBE_EVERY

    def suspect(self) -> None:
        """A request met a database error: find out in the background whether
        the database is gone (PostgreSQL), unless a probe just did."""
        self._probe_soon()

    def admits(self) -> bool:
        """Whether a request may go to the database now (no outage)."""
        if not self.down:
            return True
        self._probe_soon()
        return not self.down

    def _probe_soon(self) -> None:
        if connections[self.alias].vendor != "postgresql":
            return  # SQLite: a file on this machine, no server to lose
        with self.lock:
            now = time.monotonic()
            if self.probing or now - self.last_probe < PROBE_EVERY:
                return
            self.probing = True
            self.last_probe = now
        threading.Thread(target=self._probe, name="database-probe", daemon=True).start()

    def _probe(self) -> None:
        connection = connections[self.alias]
        try:
            _postgresql_answers(connection)
        except Exception as error:  # any failure: it does not answer
            self._went(error)
        else:
            self._came_back()
        finally:
            with self.lock:
                self.probing = False
            connections.close_all()  # this thread's own, if it opened any

    def _went(self, error: BaseException) -> None:
        with self.lock:
            if self.down:
                return
            self.down = True
        logger.warning(
            "the database does not answer (%s): answering 503 until it does",
            _first_line(error),
        )
        self._pool_reset()  # the requests waiting for a connection fail now

    def _came_back(self) -> None:
        with self.lock:
            if not self.down:
                return
        self._pool_reset()  # a new pool connects at once, without back-off
        with self.lock:
            self.down = False
        logger.warning("the database answers again: serving")

    def _pool_reset(self) -> None:
        connection = connections[self.alias]
        pool = getattr(connection, "pool", None)
        if not pool:
            return  # no pool (DB_POOL_SIZE=0): each request connects anew
        with self.pool_lock:
            # The requests waiting for a connection are told only once the
            # pool's threads stop, which close() waits 5 s for by default.
            pool.close(timeout=POOL_CLOSE_WAIT)
            with contextlib.suppress(KeyError):  # dropped by another thread
                connection.close_pool()  # Django's: the next request opens anew


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _wants_json(request) -> bool:
    if request.content_type == "application/json":
        return True
    if request.get_preferred_type(["text/html", "application/json"]) == (
        "application/json"
    ):
        return True
    match = _match(request)
    return match is not None and (
        match.view_name in JSON_VIEWS or match.namespace in JSON_NAMESPACES
    )


def _match(request):
    match = getattr(request, "resolver_match", None)
    if match is not None:
        return match
    try:
        return resolve(request.path_info)
    except Resolver404:
        return None


def unavailable_response(request) -> HttpResponse:
    """The 503 that says the service is restarting and when to ask again."""
    if _wants_json(request):
        message = _(
            "The results service is restarting: try again in %(seconds)s seconds."
        ) % {"seconds": RETRY_AFTER}
        response = JsonResponse(
            {"error": message, "retry_after": RETRY_AFTER}, status=503
        )
    else:
        response = HttpResponse(
            render_to_string(
                "unavailable.html",
                {
                    "retry_after": RETRY_AFTER,
                    # A page read again is asked again; a form sent is not.
                    "reload": request.method in ("GET", "HEAD"),
                },
            ),
            status=503,
        )
    response["Retry-After"] = str(RETRY_AFTER)
    add_never_cache_headers(response)
    # Logged once as the outage begins (Outage), not once per reader.
    response._has_been_logged = True
    return response


# This process's outage: one per process, as its pool is.
outage = Outage()


def database_failed(request, error: BaseException) -> HttpResponse:
    """Answer a request that met ``error`` (``unavailable_error``): 503, and a
    probe to tell whether the outage begins."""
    if not outage.down:  # the first errors of an outage, or a lone one
        logger.warning(
            "%s %s: 503 after %s: %s",
            request.method,
            request.path,
            type(error).__name__,
            _first_line(error),
        )
    outage.suspect()
    return unavailable_response(request)


def server_error(request):
    """Django's 500 page, or the 503 when the error was the database's absence.

    ``handler500``: an error raised in a middleware below this module's (the
    tournament's language, the messages) or above it never reaches the
    middleware's ``process_exception``, only Django's handler; answered here it
    is not logged with its traceback either (the outage is, once).
    """
    error = sys.exc_info()[1]
    if unavailable_error(error):
        return database_failed(request, error)
    return defaults.server_error(request)


class DatabaseUnavailableMiddleware:
    """Answer a request 503 while the database is gone, or when it failed it."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        if not outage.admits() and not _exempt(request):
            return unavailable_response(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if unavailable_error(exception):
            return database_failed(request, exception)
        return None


def _exempt(request) -> bool:
    match = _match(request)
    return match is not None and match.view_name in EXEMPT_VIEWS
