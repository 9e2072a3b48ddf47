"""Print a round's draw: each table with its seats, and everyone by name."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.pagesizes import A4
from reportlab.platypus import (
    Flowable,
    NextPageTemplate,
    PageBreak,
    Table,
)

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    MUTED,
    RULE,
    SHADE,
    Choice,
    ParagraphLine,
    PdfError,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
    shrink,
    sort_key,
    text_width,
)
from printing.rounddata import draft_mark, printed_round, round_label
from standings.rounds import RoundRead, RoundTable
from tournaments.models import Round

ORDER = Choice(
    "order",
    ("both", "table", "name"),
    gettext_noop("Choose the draw by table, by name, or both."),
)
DRAW_ORDERS = ORDER.values


class _DrawTableBlock(Flowable):
    """One table of the draw: its number large, then seat, name and club per line."""

    NAME = 14
    CLUB = 8.5
    LINE = 21

    def __init__(self, table: RoundTable, scorer: str, title: str):
        super().__init__()
        self.table = table
        self.scorer = scorer
        self.title = title

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        self.height = 24 + self.LINE * max(1, len(self.table.seats)) + 8
        return self.width, self.height

    def draw(self):
        canv = self.canv
        w = self.width
        top = self.height - 8
        canv.setFillColor(SHADE)
        canv.rect(0, top - 24, w, 24, stroke=0, fill=1)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 18)
        canv.drawString(5, top - 19, self.title)
        y = top - 24
        seat_w = 18
        name_w = (w - seat_w) * 0.62
        for seat in self.table.seats:
            y -= self.LINE
            canv.setFont(FONT_BOLD, 13)
            canv.setFillColor(INK)
            canv.drawCentredString(seat_w / 2 + 1, y + 6, str(seat.position))
            name, size = shrink(seat.name, FONT_BOLD, self.NAME, name_w - 4, 9)
            canv.setFont(FONT_BOLD, size)
            canv.drawString(seat_w + 4, y + 6, name)
            canv.setFont(FONT, self.CLUB)
            canv.setFillColor(MUTED)
            club_x = seat_w + 4 + text_width(name, FONT_BOLD, size) + 8
            canv.drawString(club_x, y + 6, fit(seat.club, FONT, self.CLUB, w - club_x))
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.3)
            canv.line(0, y, w, y)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.8)
        canv.rect(0, y, w, top - y)


def _draw_by_name_rows(data: RoundRead) -> list[tuple[str, str, str, str]]:
    rows = []
    for table in data.tables:
        for seat in table.seats:
            rows.append(
                (seat.sort_name, seat.club, str(table.number), str(seat.position))
            )
    bye = pgettext("draw", "bye")
    for seat in data.byes:
        rows.append((seat.sort_name, seat.club, bye, ""))
    rows.sort(key=lambda r: (sort_key(r[0]), r[0], sort_key(r[1])))
    return rows


def draw_pdf(*, round: Round, order: str = "both", lang: str | None = None) -> bytes:
    """Return a round's draw by table, alphabetically by name, or both."""
    ORDER.check(order)
    register_fonts()
    data = printed_round(round, with_games=False)
    tournament = data.tournament
    with translation.override(document_language(tournament, lang)):
        label = round_label(data.round)
        mark = draft_mark(data.round)
        by_table = Section("by-table", _("Draw by table"), label, columns=2, mark=mark)
        by_name = Section("by-name", _("Draw by name"), label, mark=mark)
        sections, story = [], []
        if not data.tables:
            raise PdfError(_("This round has no tables yet: draw it first."))
        if order in ("both", "table"):
            sections.append(by_table)
            scorer = _("scorer")
            for table in data.tables:
                title = _("Table %(number)s") % {"number": table.number}
                story.append(_DrawTableBlock(table, scorer, title))
            if data.byes:
                names = ", ".join(sorted((b.name for b in data.byes), key=sort_key))
                story.append(
                    ParagraphLine(_("Bye: %(names)s") % {"names": names}, size=12)
                )
        if order in ("both", "name"):
            if story:
                story += [NextPageTemplate("by-name"), PageBreak()]
            sections.append(by_name)
            rows = _draw_by_name_rows(data)
            width = A4[0] - 2 * MARGIN
            widths = [width * 0.47, width * 0.31, width * 0.12, width * 0.10]
            head = [_("Name"), _("Club"), _("Table"), _("Seat")]
            body = [
                (
                    fit(name, FONT, 14, widths[0] - 8),
                    fit(club, FONT, 11, widths[1] - 8),
                    table,
                    seat,
                )
                for name, club, table, seat in rows
            ]
            style = grid_style(
                font_size=14,
                extra=[
                    ("FONTSIZE", (1, 1), (1, -1), 11),
                    ("TEXTCOLOR", (1, 1), (1, -1), MUTED),
                    ("FONTNAME", (2, 1), (2, -1), FONT_BOLD),
                    ("FONTSIZE", (2, 1), (2, -1), 16),
                    ("ALIGN", (2, 0), (-1, -1), "CENTER"),
                ],
            )
            story.append(
                Table([head, *body], colWidths=widths, repeatRows=1, style=style)
            )
        return render(tournament, sections, story, subject=_("Draw"))
