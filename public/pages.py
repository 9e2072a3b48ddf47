"""Serve a page every anonymous reader shares from the cache, with their own CSRF token.

In a full hall hundreds of phones open the same pages; a reader who is not logged in
and has no message waiting gets the same HTML as every other but for the CSRF token
of the language switcher's form. Such a page is rendered once per cache key (which
must hold the tournament's version, so a change is never served stale) with a
placeholder where each reader's token goes.
"""

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string

CSRF_PLACEHOLDER = "csrf-token-of-this-reader"
CACHE_SECONDS = 600


def reader_shares_page(request, *, params: frozenset[str] = frozenset()) -> bool:
    """Tell whether the reader gets the page every anonymous reader gets.

    Only the query parameters in ``params`` (which the caller puts in its key) are
    allowed: any other would make the page differ by an unbounded number of keys.
    """
    return (
        set(request.GET) <= params
        and not request.user.is_authenticated
        and not len(get_messages(request))
    )


def shared_render(request, template: str, context, *, key: str | None):
    """Render ``template``, from the cache when the reader shares the page.

    ``context`` is a dict, or a function returning one, called only when the page
    must be rendered (a cache hit reads nothing).
    """
    if key is None:
        return render(request, template, context() if callable(context) else context)
    page = cache.get(key)
    if page is None:
        context = context() if callable(context) else context
        context = {**context, "csrf_token": CSRF_PLACEHOLDER}
        page = render_to_string(template, context, request)
        cache.set(key, page, CACHE_SECONDS)
    return HttpResponse(page.replace(CSRF_PLACEHOLDER, get_token(request)))
