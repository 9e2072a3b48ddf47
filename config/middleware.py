"""Choose each request's language: the reader's choice, else the tournament's own.

Runs after Django's ``LocaleMiddleware``. The order of precedence:

1. an explicit ``?lang=nl`` in the address (a link or QR code meant for one language);
2. the language the reader chose with the switcher (the ``django_language`` cookie);
3. on a tournament's public, live and printed pages (``public``, ``live`` and ``pdf``
   URL namespaces with a ``slug``), the tournament's default language;
4. otherwise whatever ``LocaleMiddleware`` chose (the browser's Accept-Language).

The tournament's language is cached by slug for ``CACHE_SECONDS`` in the shared cache
(a page costs no extra query while it is warm) and refreshed whenever a tournament is
saved (``config.apps``), so every app process sees a director's change at once; a
change that bypasses ``save()`` shows within ``CACHE_SECONDS``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.cache import patch_vary_headers

LANG_PARAM = "lang"
CACHE_SECONDS = 30
TOURNAMENT_NAMESPACES = frozenset({"public", "live", "pdf"})
# Views that render no words: not worth a cache look-up (polled every 2.5 s).
SKIP_VIEWS = frozenset({"live:version"})


def supported_language(code: str | None) -> str | None:
    """Return the site's language for ``code`` ("fr-BE" → "fr"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip()[:16])
    except LookupError:
        return None


def tournament_language(slug: str) -> str | None:
    """Return the default language of the tournament ``slug`` (cached briefly)."""
    key = f"tournament-language:{slug}"
    lang = cache.get(key)
    if lang is None:
        from tournaments.models import Tournament

        lang = (
            Tournament.objects.filter(slug=slug)
            .values_list("language", flat=True)
            .first()
        ) or ""
        cache.set(key, lang, CACHE_SECONDS)
    return supported_language(lang)


def tournament_language_forget(slug: str) -> None:
    """Drop the cached language of ``slug``."""
    cache.delete(f"tournament-language:{slug}")


def tournament_saved(sender, instance, **kwargs) -> None:
    """Keep the cache in step with a saved tournament (its language may change).

    Not a business rule, only a cache refresh: a director's change of language shows
    at once in every app process sharing the cache, and a new tournament's first page
    needs no extra query. A rolled-back save leaves a wrong value for at most
    ``CACHE_SECONDS``.
    """
    cache.set(
        f"tournament-language:{instance.slug}", instance.language or "", CACHE_SECONDS
    )


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


class TournamentLanguageMiddleware:
    """Activate the reader's or the tournament's language; say which in the headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.language_chosen = False
        explicit = supported_language(request.GET.get(LANG_PARAM))
        if explicit:
            self._activate(request, explicit)
            request.language_chosen = True
        elif supported_language(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)):
            request.language_chosen = True
        # Where the language switcher sends the reader back to: without ?lang=,
        # which would otherwise outweigh the choice just made.
        request.language_next = (
            path_without_lang(request) if explicit else request.get_full_path()
        )
        response = self.get_response(request)
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
        lang = tournament_language(view_kwargs["slug"])
        if lang:
            self._activate(request, lang)
        return None

    @staticmethod
    def _activate(request, lang: str) -> None:
        translation.activate(lang)
        request.LANGUAGE_CODE = translation.get_language()
