"""Say in words how a series ranks its players (the page, the exports, the PDF)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from series.models import Series


def ranking_sentence(series: Series) -> str:
    """Return how ``series`` ranks, e.g. "Ranked on: sum of games won. Each…"."""
    parts = [
        _("Ranked on: %(ranking)s.")
        % {"ranking": str(series.get_ranking_display()).lower()}
    ]
    if series.ranking == Series.Ranking.RANKING_POINTS and series.points_table:
        table = " ".join(str(p) for p in series.points_table)
        parts.append(_("Points per place: %(table)s.") % {"table": table})
    if series.best_of:
        parts.append(
            ngettext(
                "Each player's best %(best)d event counts; the others are dropped.",
                "Each player's best %(best)d events count; the others are dropped.",
                series.best_of,
            )
            % {"best": series.best_of}
        )
    if series.min_events > 1:
        parts.append(
            _("Ranked from %(min)d events played.") % {"min": series.min_events}
        )
    return " ".join(parts)
