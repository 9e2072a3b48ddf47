"""Print each table's games of a round: sides, scores, winner and sheet status."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Table

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    PdfError,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
)
from printing.rounddata import draft_mark, printed_round, round_label
from standings.rounds import RoundTable
from tournaments.models import Round


def table_results_pdf(*, round: Round, lang: str | None = None) -> bytes:
    """Return each table's games of a round: sides, scores, winner, sheet status."""
    register_fonts()
    data = printed_round(round)
    tournament = data.tournament
    with translation.override(document_language(tournament, lang)):
        if not data.tables:
            raise PdfError(_("This round has no tables yet: draw it first."))
        widths = _column_widths()
        rows: list[list[str]] = [_head()]
        extra = []
        for table in data.tables:
            lines, styles = _table_lines(table, widths, first=len(rows))
            rows += lines
            extra += styles
        style = _results_style(extra)
        table = Table(rows, colWidths=widths, repeatRows=1, style=style)
        section = Section(
            "results",
            _("Table results"),
            round_label(data.round),
            mark=draft_mark(data.round),
        )
        return render(tournament, [section], [table], subject=_("Table results"))


def _column_widths() -> list[float]:
    width = A4[0] - 2 * MARGIN
    widths = [w * width for w in (0.07, 0.06, 0.29, 0.12, 0.29, 0.06, 0.11)]
    widths[-1] = width - sum(widths[:-1])
    return widths


def _head() -> list[str]:
    return [
        _("Table"),
        _("Game"),
        _("Side A"),
        _("Score"),
        _("Side B"),
        _("Winner"),
        _("Sheet"),
    ]


def _table_lines(
    table: RoundTable, widths: list[float], *, first: int
) -> tuple[list, list]:
    """Return one table's lines (a game each) and their style commands.

    ``first`` is the index of the table's first line in the whole list: the table's
    number and sheet status span its lines, the winner's side is bold.
    """
    rows: list[list[str]] = []
    extra = []
    for game in table.games:
        a = "\n".join(fit(n, FONT, 9, widths[2] - 8) for n in game.side_a_names)
        b = "\n".join(fit(n, FONT, 9, widths[4] - 8) for n in game.side_b_names)
        entered = table.sheet_status in ("entered", "confirmed") or game.finished
        score = f"{game.score_a} – {game.score_b}" if entered else "–"
        mark = ""
        at = first + len(rows)
        if entered and game.winner == 0:
            extra.append(("FONTNAME", (2, at), (2, at), FONT_BOLD))
            mark = "A"
        elif entered and game.winner == 1:
            extra.append(("FONTNAME", (4, at), (4, at), FONT_BOLD))
            mark = "B"
        rows.append(["", str(game.number), a, score, b, mark, ""])
    last = first + len(rows) - 1
    status = table.sheet_status_label or _("not entered")
    rows[0][0] = str(table.number)
    rows[0][6] = fit(status, FONT, 7.5, widths[6] - 6)
    extra += [
        ("LINEABOVE", (0, first), (-1, first), 0.9, INK),
        ("SPAN", (0, first), (0, last)),
        ("SPAN", (6, first), (6, last)),
    ]
    if not table.confirmed:
        extra.append(("TEXTCOLOR", (6, first), (6, first), colors.HexColor("#b3261e")))
    return rows, extra


def _results_style(extra: list):
    return grid_style(
        font_size=9,
        extra=[
            ("VALIGN", (0, 1), (0, -1), "TOP"),
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
            ("FONTSIZE", (0, 1), (0, -1), 11),
            ("LEADING", (0, 1), (0, -1), 12),
            ("ALIGN", (1, 0), (1, -1), "CENTER"),
            ("ALIGN", (3, 0), (3, -1), "CENTER"),
            ("ALIGN", (5, 0), (5, -1), "CENTER"),
            ("FONTNAME", (5, 1), (5, -1), FONT_BOLD),
            ("VALIGN", (6, 1), (6, -1), "TOP"),
            ("FONTSIZE", (6, 1), (6, -1), 7.5),
            ("FONTNAME", (3, 1), (3, -1), FONT_BOLD),
            ("FONTSIZE", (3, 1), (3, -1), 11),
            *extra,
        ],
    )
