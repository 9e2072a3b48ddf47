"""Speak an event's language to a reader who has not chosen one.

The one rule of the tournaments' public pages and PDFs (``config.middleware``),
the series' pages and the printed documents: the reader's choice (``?lang=`` or
the switcher's cookie), else the event's own language, else a default.
"""

from django.utils import translation


def supported_language(code: str | None) -> str | None:
    """Return the site's language for ``code`` ("fr-BE" → "fr"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip()[:16])
    except LookupError:
        return None


def event_language(
    *, chosen: str | None, event: str | None, default: str | None = None
) -> str | None:
    """Return the reader's ``chosen`` language, else the ``event``'s, else ``default``.

    The defaults differ on purpose: a page answering a request passes none (None:
    the language already active stays, the browser's ``Accept-Language`` as
    Django's ``LocaleMiddleware`` chose it); a document printed outside a request
    (``print_round``, a test) has no such language and prints in English ("en").
    """
    return chosen or event or default


def event_language_activate(request, language: str | None) -> None:
    """Activate an event's ``language`` for ``request`` unless the reader chose one.

    Whether the reader chose is ``request.language_chosen``, set by
    ``config.middleware.TournamentLanguageMiddleware``; a request it has not seen
    counts as chosen (nothing is overridden). A language the site does not speak,
    or none, leaves the active one.
    """
    if getattr(request, "language_chosen", True):
        return
    lang = event_language(chosen=None, event=supported_language(language))
    if lang:
        activate_for_request(request, lang)


def activate_for_request(request, lang: str) -> None:
    """Activate ``lang`` and say so on the request (``request.LANGUAGE_CODE``)."""
    translation.activate(lang)
    request.LANGUAGE_CODE = translation.get_language()
