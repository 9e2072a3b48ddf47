"""Serve a page every anonymous reader shares from the cache, as stored bytes.

In a full hall hundreds of phones open the same pages. A reader who is not logged in
and has no message waiting gets exactly the HTML every other such reader gets: such a
page holds nothing of its reader (no CSRF token: its only form, the language
switcher, is a set of links), so it is rendered once per cache key (which must hold
the tournament's version, so a change is never served stale) and stored encoded,
ready to send, and gzip-compressed beside, for the phones that ask for it (all of
them): the standings of 576 players are 200 kB of HTML, 20 kB compressed, over the
hall's Wi-Fi. Compressing is safe here (no BREACH): a shared page holds no secret.

When the version moves (a result, a publication) the whole hall asks for the new
page within a second or two: one request rebuilds it, under a short lock in the
cache (``cache.add``: across processes with Redis, across threads with the local
memory cache), while the others wait for it (``WAIT_SECONDS`` at most, then build it
themselves) or, for pages that say ``stale=True``, are given the page stored just
before, at most ``LOCK_SECONDS`` old. See ``shared_bytes``.
"""

import gzip
import re
import secrets
import time
from functools import wraps

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language

from public.versioning import fingerprint, reader_state

CACHE_SECONDS = 600
# One request rebuilds a page: its lock lives this long at most (a rebuild that
# takes longer lets a second one start), and so may the page stored before it,
# served meanwhile where the caller allows it.
LOCK_SECONDS = 2
WAIT_SECONDS = 3  # at most, waiting for another request to store the page
WAIT_STEP = 0.01  # seconds between two looks for it
MISSING_SECONDS = 30  # a 404 stored for a version (any round number may be asked)
GZIP_LEVEL = 6  # zlib's default: nearly all of level 9's gain at a third of its cost
MIN_GZIP_BYTES = 1024  # below this, compressing saves less than its headers cost
_HTML = f"text/html; charset={settings.DEFAULT_CHARSET}"  # HttpResponse's default
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")  # as Django's GZipMiddleware reads it


def accepts_gzip(request) -> bool:
    """Tell whether the reader's browser takes gzip."""
    return bool(_ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def reader_shares_page(request, *, params: frozenset[str] = frozenset()) -> bool:
    """Tell whether the reader gets the page every anonymous reader gets.

    Only the query parameters in ``params`` (which the caller puts in its key) are
    allowed: any other would make the page differ by an unbounded number of keys.
    """
    if not set(request.GET) <= params:
        return False
    if not request.COOKIES:  # no session, no message: the hall's usual phone
        return True
    if settings.SESSION_COOKIE_NAME in request.COOKIES and (
        request.user.is_authenticated
    ):
        return False
    return not len(get_messages(request))


class SharedKey(str):
    """A shared page's cache key, knowing its family: the same page at any version.

    The family's entry holds the page last stored, whatever its version: what
    ``shared_bytes(..., stale=True)`` serves while the new one is being built.
    """

    family: str

    def __new__(cls, key: str, family: str):
        self = super().__new__(cls, key)
        self.family = family
        return self


def shared_page_key(
    request, slug: str, page: str, *parts, params: frozenset[str] = frozenset()
) -> SharedKey | None:
    """The cache key of a page every anonymous reader shares, else None.

    Built from the tournament's small cached state alone (no model read), so a
    stored page is served before anything else is read. Only for a listed
    tournament: a page stored at a version was rendered after every check (the
    round published, the reader allowed) passed at that version. ``params``: the
    query parameters the caller puts in ``parts``.
    """
    if not reader_shares_page(request, params=params):
        return None
    state = reader_state(request, slug)
    if state is None or not state.listed:
        return None
    language = get_language()
    return SharedKey(
        f"{page}:page:" + fingerprint(state.key, language, *parts),
        f"{page}:latest:" + fingerprint(slug, language, *parts),
    )


def shared_page(request, key: str | None) -> HttpResponse | None:
    """The stored page under ``key``, ready to send; None when there is none."""
    if key is None:
        return None
    if accepts_gzip(request):
        page = cache.get(key + ":gz")
        if page is not None:
            return _response(page, gzipped=True)
    page = cache.get(key)
    return None if page is None else _response(page, gzipped=False)


def shared_render(request, template: str, context, *, key: str | None):
    """Render ``template``, from the cache when the reader shares the page.

    ``context`` is a dict, or a function returning one, called only when the page
    must be rendered (a cache hit reads nothing). With a ``key`` the page is
    rendered without a CSRF token, so no template of a shared page may hold a form
    that posts.
    """
    if key is None:
        return render(request, template, context() if callable(context) else context)

    def page() -> bytes:
        values = context() if callable(context) else context
        return render_to_string(
            template, {**values, "csrf_token": ""}, request
        ).encode()

    return shared_bytes(request, key, page)


def shared_bytes(request, key: str, make, *, stale: bool = False) -> HttpResponse:
    """Answer what is stored under ``key``, else what ``make()`` returns, stored.

    For answers every reader gets alike (a shared page, a live region): stored as
    bytes, and gzip-compressed beside them when that saves anything.

    Built once however many ask at once: the request that takes the key's lock
    (``cache.add``, ``LOCK_SECONDS``) calls ``make()``; the others look for the
    stored answer every ``WAIT_STEP``, take the lock in turn if it is let go
    without one (``make()`` raised), and after ``WAIT_SECONDS`` call ``make()``
    themselves. A 404 raised by ``make()`` is stored too (a round not published at
    this version stays so): the hall asking for it is not rebuilt once each.

    With ``stale`` (and a ``SharedKey``) the others are given at once the answer
    stored last under the key's family instead: stale, at most ``LOCK_SECONDS``
    (2 s) after the first request that asked for the new one, and with an ETag of
    its own, never the new page's, so a browser does not keep it as current. Only
    for pages that fetch the new version by themselves (the live pages poll it):
    never for a draw, whose previous version may show a round taken back to draft,
    nor for the live region a page swaps in once per version.
    """
    response = shared_page(request, key)
    if response is not None:
        return response
    lock = key + ":lock"
    token = secrets.token_hex(8)
    stale = stale and isinstance(key, SharedKey)
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        if cache.add(lock, token, LOCK_SECONDS):
            try:
                # Stored by another request between our look and our lock?
                return _look(request, key) or _build(request, key, make, stale)
            finally:
                if cache.get(lock) == token:  # not a later request's, after expiry
                    cache.delete(lock)
        if stale:
            response = _previous(request, key)
            if response is not None:
                return response
        if time.monotonic() >= deadline:
            return _build(request, key, make, stale)
        time.sleep(WAIT_STEP)
        response = _look(request, key)
        if response is not None:
            return response


def _look(request, key: str) -> HttpResponse | None:
    """The answer stored under ``key``, if any; raise its 404 if that is stored."""
    names = [key + ":gz", key] if accepts_gzip(request) else [key]
    found = cache.get_many([*names, key + ":404"])
    if key + ":404" in found:
        raise Http404(found[key + ":404"])
    for name in names:
        if name in found:
            return _response(found[name], gzipped=name.endswith(":gz"))
    return None


def _build(request, key: str, make, stale: bool) -> HttpResponse:
    try:
        content = make()
    except Http404 as exc:
        cache.set(key + ":404", str(exc), MISSING_SECONDS)
        raise
    return _store(request, key, content, stale=stale)


def _store(request, key: str, content: bytes, *, stale: bool) -> HttpResponse:
    """Store ``content`` under ``key`` (and compressed), and answer it."""
    stored = {key: content}
    packed = None
    if len(content) >= MIN_GZIP_BYTES:
        packed = stored[key + ":gz"] = gzip.compress(content, GZIP_LEVEL, mtime=0)
    if stale and isinstance(key, SharedKey):
        stored[key.family] = (str(key), content, packed)
    cache.set_many(stored, CACHE_SECONDS)
    if packed is not None and accepts_gzip(request):
        return _response(packed, gzipped=True)
    return _response(content, gzipped=False)


def _previous(request, key: SharedKey) -> HttpResponse | None:
    """The page stored last under ``key``'s family, if it is another version's."""
    found = cache.get(key.family)
    if found is None or found[0] == key:
        return None
    previous, content, packed = found
    if packed is not None and accepts_gzip(request):
        response = _response(packed, gzipped=True)
    else:
        response = _response(content, gzipped=False)
    # Its own ETag (from its own key): revalidated, it is answered afresh.
    response.headers["ETag"] = f'"{previous.rsplit(":", 1)[-1]}"'
    return response


class _NotShared(Exception):
    """The view's answer is not the page every reader shares: send it as it is."""

    def __init__(self, response):
        super().__init__()
        self.response = response


def _shareable(request, response) -> bool:
    """Tell whether a view's answer may be stored for every reader who shares it.

    A plain 200 HTML page that set no cookie and used no CSRF token: anything else
    (a redirect, a 404 page, a download, a page that put a token in) is sent to
    this reader alone.
    """
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Content-Encoding")
        and response.get("Content-Type") == _HTML
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


def shared_view(key_func, *, stale: bool = False):
    """Serve a view's page whole from the cache to every reader who shares it.

    ``key_func(request, *args, **kwargs)`` returns the page's key (from
    ``shared_page_key``), or None for a reader who gets a page of their own (a
    director, a message waiting, an unknown query parameter). The view is called
    only to build the page: once per key however many ask at once
    (``shared_bytes``); an answer that is not a plain page (``_shareable``) goes to
    its reader and is not stored.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            key = key_func(request, *args, **kwargs)
            if key is None:
                return view(request, *args, **kwargs)

            def make() -> bytes:
                response = view(request, *args, **kwargs)
                if not _shareable(request, response):
                    raise _NotShared(response)
                return response.content

            try:
                return shared_bytes(request, key, make, stale=stale)
            except _NotShared as exc:
                return exc.response

        return wrapper

    return decorator


def _response(content: bytes, *, gzipped: bool) -> HttpResponse:
    response = HttpResponse(content)
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
    # The same address answers gzip or plain text as the browser asks.
    response.headers["Vary"] = "Accept-Encoding"
    return response
