"""Translate the tiebreak registry's words for the pages, the API and the PDFs."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from standings.metrics import SHORT_LABEL_CONTEXT, metric


def tiebreak_label(code: str | None) -> str:
    """Return the translated label of a tiebreak ("games won"); the code if unknown."""
    if not code:
        return ""
    try:
        return gettext(metric(code).label)
    except KeyError:
        return code


def tiebreak_short_label(code: str) -> str:
    """Return the translated column header of a tiebreak ("won", "+/−")."""
    try:
        return pgettext(SHORT_LABEL_CONTEXT, metric(code).short_label)
    except KeyError:
        return code.replace("_", " ")


def tiebreak_explanation(code: str, row, *, names, head_to_head_name: str) -> str:
    """Return, translated, how an entrant's value for a tiebreak came about."""
    return metric(code).explain(
        row, names=names, head_to_head_name=head_to_head_name, gettext=gettext
    )
