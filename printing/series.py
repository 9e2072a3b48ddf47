"""Print a series' standings: each player's rank, totals and counted evenings."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import formats, timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    MUTED,
    ParagraphLine,
    Section,
    fit,
    grid_style,
    register_fonts,
    render,
)
from series.labels import ranking_sentence
from series.models import Series
from series.selectors import SeriesStandings, series_standings


@dataclass(frozen=True)
class SeriesHeading:
    """What every page's header says of a series (as a tournament's would)."""

    name: str
    date: datetime.date
    venue: str
    language: str


def _number(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return formats.number_format(value, 2)
    return str(value)


def _heading(series: Series, events: Sequence) -> SeriesHeading:
    dates = [e.date for e in events if getattr(e, "date", None)]
    club = series.club.name if series.club_id else ""
    return SeriesHeading(
        name=series.name,
        date=max(dates) if dates else timezone.localdate(),
        venue=club,
        language=series.language,
    )


def _name_style() -> ParagraphStyle:
    return ParagraphStyle(
        "series-name", fontName=FONT_BOLD, fontSize=9.5, leading=11, textColor=INK
    )


def _columns(with_points: bool) -> list[float]:
    """Share the page's width: the name (and its explanation) takes what is left."""
    width = A4[0] - 2 * MARGIN
    fixed = [0.06, 0.0, 0.16, 0.06, 0.07, 0.06, 0.08, 0.08]
    if with_points:
        fixed.append(0.11)
    fixed[1] = 1 - sum(fixed)
    return [f * width for f in fixed]


def _head(with_points: bool) -> list[str]:
    head = [
        pgettext("standings", "rank"),
        _("Name"),
        _("Club"),
        pgettext("series", "events"),
        pgettext("standings", "games"),
        pgettext("standings", "won"),
        pgettext("standings", "points"),
        pgettext("standings", "+/−"),
    ]
    if with_points:
        head.append(pgettext("series", "ranking pts"))
    return head


def _line(row, why: str, widths: list[float], style: ParagraphStyle, with_points):
    """One player: the name with the explanation of his counted events below."""
    name = escape(str(row.name))
    explanation = escape(why or "")
    text = name
    if explanation:
        text += (
            f'<br/><font name="{FONT}" size="7" color="#5b6670">{explanation}</font>'
        )
    events = str(row.events_played)
    if row.events_counted != row.events_played:
        events = f"{row.events_counted}/{row.events_played}"
    line = [
        str(row.rank) if row.rank is not None else "–",
        Paragraph(text, style),
        fit(str(row.club or ""), FONT, 8.5, widths[2] - 6),
        events,
        _number(row.games_played),
        _number(row.games_won),
        _number(row.points),
        _number(row.point_difference),
    ]
    if with_points:
        line.append(_number(row.series_points))
    return line


def _style(with_points: bool):
    bold_from = 8 if with_points else 5
    return grid_style(
        font_size=9.5,
        extra=[
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("FONTSIZE", (2, 1), (2, -1), 8.5),
            ("TEXTCOLOR", (2, 1), (2, -1), MUTED),
            ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
            ("FONTNAME", (bold_from, 1), (bold_from, -1), FONT_BOLD),
            ("TOPPADDING", (0, 1), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 3),
        ],
    )


def series_standings_pdf(*, series: Series, lang: str | None = None) -> bytes:
    """Return the standings of ``series`` as a PDF, in ``lang`` or the series'."""
    return series_standings_pdf_from(
        standings=series_standings(series=series), lang=lang
    )


def series_standings_pdf_from(*, standings: SeriesStandings, lang=None) -> bytes:
    """Return the PDF of standings already read (``series_standings``)."""
    series = standings.series
    register_fonts()
    heading = _heading(series, standings.events)
    with translation.override(lang or series.language or "en"):
        title = _("Series standings")
        subtitle = _rule_line(series, len(standings.events))
        with_points = series.ranking == Series.Ranking.RANKING_POINTS
        widths = _columns(with_points)
        style = _name_style()
        rows = list(standings.rows)
        body = [_head(with_points)]
        body += [
            _line(row, standings.explanation(row), widths, style, with_points)
            for row in rows
        ]
        story: list = [
            ParagraphLine(ranking_sentence(series), size=9),
            Table(body, colWidths=widths, repeatRows=1, style=_style(with_points)),
        ]
        if not rows:
            story = [ParagraphLine(_("No confirmed results yet."), size=12)]
        section = Section("series-standings", title, subtitle)
        return render(heading, [section], story, subject=title)


def _rule_line(series: Series, events: int) -> str:
    """The header's right-hand line: how many events, how many count."""
    text = translation.ngettext("%(count)d event", "%(count)d events", events) % {
        "count": events
    }
    if series.best_of:
        text += " · " + _("best %(best)d count") % {"best": series.best_of}
    return text
