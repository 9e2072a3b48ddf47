"""Print the standings of players, teams or clubs, after a round or final."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Table

from manille.standings import RECORD_FIELDS
from printing.base import (
    FONT,
    FONT_BOLD,
    MARGIN,
    MUTED,
    Choice,
    ParagraphLine,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
)
from standings.labels import tiebreak_short_label
from standings.progress import StandingsProgress, standings_progress
from standings.selectors import standings_for
from tournaments.models import Round, Tournament

KIND = Choice(
    "kind",
    ("players", "teams", "clubs"),
    gettext_noop("Choose standings of players, teams or clubs."),
)
STANDING_KINDS = KIND.values


def _number(value) -> str:
    """Return a count as is and a ratio (a float) with two decimals."""
    if value is None:
        return ""
    if isinstance(value, float):
        return formats.number_format(value, 2)
    return str(value)


# Columns every standings list shows; a tiebreak among them is not repeated.
_SHOWN = set(RECORD_FIELDS)


def standings_pdf_from_rows(
    *,
    tournament: Tournament,
    rows: Sequence,
    kind: str = "players",
    after_round: Round | None = None,
    lang: str | None = None,
) -> bytes:
    """Return a standings list built from rows with .rank, .name, .club, … ."""
    KIND.check(kind)
    if kind != "clubs":  # players and teams both mean the tournament's entrants
        kind = "players" if tournament.is_individual else "teams"
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        title = _title(kind)
        subtitle, note = standings_as_of(
            standings_progress(tournament=tournament),
            after_round=after_round.number if after_round is not None else None,
            planned_rounds=sum(p.rounds for p in tournament.phases.all()),
        )
        tie_keys = _tiebreak_keys(rows)
        widths = _column_widths(kind, len(tie_keys))
        body = [_head(kind, tie_keys)]
        body += [_line(row, widths, tie_keys) for row in rows]
        story: list = [
            Table(body, colWidths=widths, repeatRows=1, style=_standings_style())
        ]
        if not rows:
            story = [ParagraphLine(_("No confirmed results yet."), size=12)]
        if note:
            story.insert(0, ParagraphLine(note, size=11, font=FONT_BOLD))
        section = Section("standings", title, subtitle)
        return render(tournament, [section], story, subject=title)


def standings_as_of(
    progress: StandingsProgress,
    *,
    after_round: int | None,
    planned_rounds: int,
) -> tuple[str, str]:
    """Return the list's subtitle and its note: how far the counted results go.

    The projector's words (``public.views.projector``): "after round 2" counts rounds
    1..2 in full; while a round is under way the list is provisional and says how
    much of it counts ("Round 3: 1 of 144 tables counted so far."). ``after_round``
    is the round asked for (None: all of them); "final" only once every planned
    round is complete.
    """
    done, current = progress.after_round, progress.current
    counted_in_part = current is not None and (
        after_round is None or current.number <= after_round
    )
    if not counted_in_part:
        if after_round is not None:
            return _("after round %(number)s") % {"number": after_round}, ""
        if done is not None and done >= planned_rounds:
            return _("final"), ""
        if done is None:
            return "", _("No results yet.")
        return _("after round %(number)s") % {"number": done}, ""
    note = _("Round %(number)s: %(confirmed)s of %(tables)s tables counted so far.") % {
        "number": current.number,
        "confirmed": current.confirmed,
        "tables": current.tables,
    }
    if done is None:
        return _("provisional"), note
    return _("after round %(number)s, provisional") % {"number": done}, note


def _title(kind: str) -> str:
    return {
        "players": _("Standings: players"),
        "teams": _("Standings: teams"),
        "clubs": _("Standings: clubs"),
    }[kind]


def _tiebreak_keys(rows: Sequence) -> list[str]:
    """Return the first three tiebreaks the rows carry beyond the shown columns."""
    tie_keys: list[str] = []
    for row in rows:
        for key in getattr(row, "tiebreaks", {}) or {}:
            if key not in _SHOWN and key not in tie_keys:
                tie_keys.append(key)
    return tie_keys[:3]


def _column_widths(kind: str, ties: int) -> list[float]:
    """Share the page's width: the name takes most of what the numbers leave."""
    width = A4[0] - 2 * MARGIN
    fixed = [0.07, 0.0, 0.0, 0.08, 0.08, 0.09, 0.08] + [0.09] * ties
    rest = 1 - sum(fixed)
    fixed[1] = rest * (0.62 if kind != "clubs" else 1.0)
    fixed[2] = rest - fixed[1]
    return [f * width for f in fixed]


def _head(kind: str, tie_keys: list[str]) -> list[str]:
    return [
        pgettext("standings", "rank"),
        _("Club") if kind == "clubs" else _("Name"),
        "" if kind == "clubs" else _("Club"),
        pgettext("standings", "games"),
        pgettext("standings", "won"),
        pgettext("standings", "points"),
        pgettext("standings", "+/−"),
        *[tiebreak_short_label(k) for k in tie_keys],
    ]


def _line(row, widths: list[float], tie_keys: list[str]) -> list[str]:
    """Return one row of the list, names cut to their column."""
    ties = getattr(row, "tiebreaks", {}) or {}
    return [
        str(row.rank),
        fit(str(row.name), FONT, 10, widths[1] - 6),
        fit(str(getattr(row, "club", "") or ""), FONT, 8.5, widths[2] - 6)
        if widths[2] > 1
        else "",
        *[_number(getattr(row, name)) for name in RECORD_FIELDS],
        *[_number(ties.get(k)) for k in tie_keys],
    ]


def _standings_style():
    return grid_style(
        font_size=10,
        extra=[
            ("FONTSIZE", (2, 1), (2, -1), 8.5),
            ("TEXTCOLOR", (2, 1), (2, -1), MUTED),
            ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
            ("FONTNAME", (4, 1), (5, -1), FONT_BOLD),
            ("TOPPADDING", (0, 1), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 2),
        ],
    )


def standings_pdf(
    *,
    tournament: Tournament,
    after_round: Round | None = None,
    kind: str = "players",
    lang: str | None = None,
) -> bytes:
    """Return the standings of players, teams or clubs, after a round or final."""
    KIND.check(kind)
    rows = standings_for(
        tournament=tournament,
        kind=kind,
        after_round=after_round.number if after_round is not None else None,
    )
    return standings_pdf_from_rows(
        tournament=tournament, rows=rows, kind=kind, after_round=after_round, lang=lang
    )
