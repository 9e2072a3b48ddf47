"""Speak a series' language to a reader who has not chosen one."""

from django.utils import translation


def series_language_activate(*, request, series) -> None:
    """Activate ``series.language`` unless the reader chose a language.

    As a tournament's public pages and PDFs do (``config.middleware``): the
    event's language until the reader picks another in the switcher.
    """
    if not getattr(request, "language_chosen", True) and series.language:
        translation.activate(series.language)
        request.LANGUAGE_CODE = translation.get_language()
