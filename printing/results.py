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
from printing.rounddata import load_round, round_label
from tournaments.models import Round


def table_results_pdf(*, round: Round, lang: str | None = None) -> bytes:
    """Return each table's games of a round: sides, scores, winner, sheet status."""
    register_fonts()
    data = load_round(round, with_status=True)
    tournament = data.tournament
    with translation.override(document_language(tournament, lang)):
        if not data.tables:
            raise PdfError(_("This round has no tables yet: draw it first."))
        width = A4[0] - 2 * MARGIN
        widths = [w * width for w in (0.07, 0.06, 0.29, 0.12, 0.29, 0.06, 0.11)]
        widths[-1] = width - sum(widths[:-1])
        head = [
            _("Table"),
            _("Game"),
            _("Side A"),
            _("Score"),
            _("Side B"),
            _("Winner"),
            _("Sheet"),
        ]
        rows: list[list[str]] = [head]
        extra = []
        not_entered = _("not entered")
        for table in data.tables:
            first = len(rows)
            for game in table.games:
                a = "\n".join(
                    fit(n, FONT, 9, widths[2] - 8)
                    for n in table.side_names(game.side_a)
                )
                b = "\n".join(
                    fit(n, FONT, 9, widths[4] - 8)
                    for n in table.side_names(game.side_b)
                )
                entered = table.status in ("entered", "confirmed") or game.finished
                score = f"{game.score_a} – {game.score_b}" if entered else "–"
                mark = ""
                if entered and game.winner == 0:
                    extra.append(
                        ("FONTNAME", (2, len(rows)), (2, len(rows)), FONT_BOLD)
                    )
                    mark = "A"
                elif entered and game.winner == 1:
                    extra.append(
                        ("FONTNAME", (4, len(rows)), (4, len(rows)), FONT_BOLD)
                    )
                    mark = "B"
                rows.append(["", str(game.number), a, score, b, mark, ""])
            status = table.status_label or not_entered
            rows[first][0] = str(table.number)
            rows[first][6] = fit(status, FONT, 7.5, widths[6] - 6)
            extra += [
                ("LINEABOVE", (0, first), (-1, first), 0.9, INK),
                ("SPAN", (0, first), (0, len(rows) - 1)),
                ("SPAN", (6, first), (6, len(rows) - 1)),
            ]
            if table.status != "confirmed":
                extra.append(
                    ("TEXTCOLOR", (6, first), (6, first), colors.HexColor("#b3261e"))
                )
        style = grid_style(
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
        table = Table(rows, colWidths=widths, repeatRows=1, style=style)
        section = Section("results", _("Table results"), round_label(data.round))
        return render(tournament, [section], [table], subject=_("Table results"))
