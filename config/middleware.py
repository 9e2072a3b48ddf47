"""Choose each request's language: the reader's choice, else the tournament's own.

Runs after Django's ``LocaleMiddleware``. The order of precedence:

1. an explicit ``?lang=nl`` in the address: the header's language switcher (plain
   links, so a page shared by every reader holds no per-reader token) or a link or QR
   code meant for one language. It is remembered in the ``django_language`` cookie,
   as Django's ``set_language`` view (still served for forms posting to it) would;
2. the language the reader chose before (that cookie);
3. on a tournament's public, live and printed pages (``public``, ``live`` and ``pdf``
   URL namespaces with a ``slug``), the tournament's default language;
4. otherwise whatever ``LocaleMiddleware`` chose (the browser's Accept-Language).

The tournament's language comes from its small cached public state
(``public.versioning.reader_state``), which the page's ETag and page cache read too:
no extra cache read, no query while it is warm, and dropped on every save of the
tournament, so every app process sees a director's change at once.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core.languages import (
    activate_for_request,
    event_language_activate,
    supported_language,
)
from public.versioning import reader_state

LANG_PARAM = "lang"
TOURNAMENT_NAMESPACES = frozenset({"public", "live", "pdf"})
# Views that render no words: not worth a cache look-up (polled every 2.5 s).
SKIP_VIEWS = frozenset({"live:version"})


def path_without_lang(request) -> str:
    """Return the request's path and query without ``lang`` (the switcher's next)."""
    params = [
        (key, value)
        for key, values in request.GET.lists()
        if key != LANG_PARAM
        for value in values
    ]
    query = urlencode(params)
    return request.path + (f"?{query}" if query else "")


def remember_language(response, lang: str) -> None:
    """Set the language cookie as Django's ``set_language`` view does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        lang,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class TournamentLanguageMiddleware:
    """Activate the reader's or the tournament's language; say which in the headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.language_chosen = False
        explicit = supported_language(request.GET.get(LANG_PARAM))
        if explicit:
            activate_for_request(request, explicit)
            request.language_chosen = True
        elif supported_language(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)):
            request.language_chosen = True
        # Where the language switcher sends the reader back to: without ?lang=,
        # which would otherwise outweigh the choice just made.
        request.language_next = (
            path_without_lang(request) if explicit else request.get_full_path()
        )
        # The switcher's links: this address with ?lang=<code> (the code appended).
        request.language_switch_prefix = (
            request.language_next
            + ("&" if "?" in request.language_next else "?")
            + f"{LANG_PARAM}="
        )
        response = self.get_response(request)
        if explicit and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != explicit:
            remember_language(response, explicit)
        # The language depends on the switcher's cookie, not only Accept-Language.
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        response.headers["Content-Language"] = translation.get_language()
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.language_chosen:
            return None
        match = request.resolver_match
        if match is None or match.namespace not in TOURNAMENT_NAMESPACES:
            return None
        if match.view_name in SKIP_VIEWS or "slug" not in view_kwargs:
            return None
        state = reader_state(request, view_kwargs["slug"])
        event_language_activate(request, state.language if state is not None else None)
        return None
