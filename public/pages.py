"""Serve a page every anonymous reader shares from the cache, as stored bytes.

In a full hall hundreds of phones open the same pages. A reader who is not logged in
and has no message waiting gets exactly the HTML every other such reader gets: such a
page holds nothing of its reader (no CSRF token: its only form, the language
switcher, is a set of links), so it is rendered once per cache key (which must hold
the tournament's version, so a change is never served stale) and stored encoded,
ready to send, and gzip-compressed beside, for the phones that ask for it (all of
them): the standings of 576 players are 200 kB of HTML, 20 kB compressed, over the
hall's Wi-Fi. Compressing is safe here (no BREACH): a shared page holds no secret.
"""

import gzip
import re

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language

from public.versioning import fingerprint, reader_state

CACHE_SECONDS = 600
GZIP_LEVEL = 6  # zlib's default: nearly all of level 9's gain at a third of its cost
MIN_GZIP_BYTES = 1024  # below this, compressing saves less than its headers cost
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


def shared_page_key(
    request, slug: str, page: str, *parts, params: frozenset[str] = frozenset()
) -> str | None:
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
    return f"{page}:page:" + fingerprint(state.key, get_language(), *parts)


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


def shared_bytes(request, key: str, make) -> HttpResponse:
    """Answer what is stored under ``key``, else what ``make()`` returns, stored.

    For answers every reader gets alike (a shared page, a live region): stored as
    bytes, and gzip-compressed beside them when that saves anything.
    """
    response = shared_page(request, key)
    if response is None:
        content = make()
        stored = {key: content}
        if len(content) >= MIN_GZIP_BYTES:
            stored[key + ":gz"] = gzip.compress(content, GZIP_LEVEL, mtime=0)
        cache.set_many(stored, CACHE_SECONDS)
        if accepts_gzip(request) and key + ":gz" in stored:
            response = _response(stored[key + ":gz"], gzipped=True)
        else:
            response = _response(content, gzipped=False)
    return response


def _response(content: bytes, *, gzipped: bool) -> HttpResponse:
    response = HttpResponse(content)
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
    # The same address answers gzip or plain text as the browser asks.
    response.headers["Vary"] = "Accept-Encoding"
    return response
