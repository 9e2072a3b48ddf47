"""Print a round's score sheets: one per table, on A4 or two A5 per landscape A4."""

from __future__ import annotations

import math

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak

from phones.services import table_codes_ensure
from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    Choice,
    PdfError,
    Section,
    document_language,
    fit,
    register_fonts,
    render,
    shrink,
    text_width,
)
from printing.qr import draw_qr, sheet_entry_url, table_enter_url, table_page_url
from printing.rounddata import draft_mark, printed_round, round_label
from printing.sheet_grid import DealGrid
from standings.rounds import RoundTable
from tournaments.models import Round, Tournament

SIZE = Choice("size", ("a4", "a5"), gettext_noop("Choose the sheet size A4 or A5."))
SIZES = SIZE.values


# Signature boxes sit this far apart.
_SIGN_GAP = 3 * mm


class _ScoreSheet(Flowable):
    """One table's score sheet, filling its frame (a page, or half a landscape A4)."""

    def __init__(
        self,
        *,
        layout: _SheetLayout,
        table: RoundTable,
        qr_url: str,
        code: str | None = None,
    ):
        super().__init__()
        self.layout = layout
        self.table = table
        self.qr_url = qr_url
        self.code = code

    def wrap(self, avail_w, avail_h):
        self.width, self.height = avail_w, avail_h
        return avail_w, avail_h - 0.5

    def draw(self):
        self.layout.draw(
            self.canv, self.table, self.qr_url, self.width, self.height, self.code
        )


class _SheetLayout:
    """Draw score sheets; the parts common to every table are drawn once, as a form.

    With ``enter_url`` (results entered at the tables) each sheet's QR code opens
    the table's own page, and a line below the names and the QR code prints the
    table's code in large type, after the address where it can be typed instead.
    """

    def __init__(
        self,
        *,
        rnd: Round,
        tournament: Tournament,
        compact: bool,
        enter_url: str | None = None,
    ):
        self.tournament = tournament
        self.enter_url = enter_url
        self.compact = compact
        self.round_text = round_label(rnd)
        self.individual = tournament.is_individual
        rules = tournament.rules()
        self.total = rules.total
        self.half = rules.half
        self._forms: dict[tuple, str] = {}
        self._qr_masks: dict[int, int] = {}
        s = 0.85 if compact else 1.0
        self.s = s
        self.grid = DealGrid(tournament=tournament, scale=s)
        self.title_size = 24 * s
        self.seat_h = 15 * s
        self.qr = (24 if compact else 28) * mm
        self.sign_h = (13 if compact else 15) * mm
        # A line under the names and the QR code: where to type the code, and the
        # table's code in large type at its end, below the QR code.
        self.code_size = 22 * s
        self.code_h = self.code_size + 4
        self.note_size = 9 * s

    # Geometry ---------------------------------------------------------------

    def _top_height(self, table: RoundTable) -> float:
        seats = max(len(table.seats), 2)
        names = self.title_size + 10 + seats * self.seat_h
        if self.enter_url is None:
            return max(names, self.qr + 4) + 4
        return max(names, self.qr + 4) + self.code_h + 4

    def _games_height(self, table: RoundTable) -> float:
        return (len(table.games) * 11 * self.s + 6) if self.individual else 0

    def _bottom_height(self) -> float:
        return self.sign_h + 26 * self.s

    def _grid_blocks(self, games: int) -> int:
        """Return how many games sit side by side (the rest go below them)."""
        return min(games, 3)

    # Drawing ----------------------------------------------------------------

    def draw(
        self,
        canv,
        table: RoundTable,
        qr_url: str,
        width: float,
        height: float,
        code: str | None = None,
    ):
        top_h = self._top_height(table)
        games_h = self._games_height(table)
        bottom_h = self._bottom_height()
        key = (
            round(width),
            round(height),
            top_h,
            games_h,
            tuple((g.number, g.side_a, g.side_b) for g in table.games),
            len(table.seats),
        )
        name = self._forms.get(key)
        if name is None:
            name = f"sheet{len(self._forms)}"
            canv.beginForm(name)
            self._draw_static(canv, table, width, height, top_h, games_h, bottom_h)
            canv.endForm()
            self._forms[key] = name
        canv.doForm(name)
        self._draw_table(canv, table, qr_url, width, height, top_h, games_h)
        if code is not None:
            self._draw_code(canv, code, width, height, top_h)

    def _draw_static(self, canv, table, width, height, top_h, games_h, bottom_h):
        """Draw labels, the deal grids, the legend and the signature boxes."""
        s = self.s
        canv.setFillColor(MUTED)
        canv.setFont(FONT, 10 * s)
        # Grids.
        grid_top = height - top_h - games_h - 2
        grid_bottom = bottom_h
        games = list(table.games)
        per_row = self._grid_blocks(len(games))
        lines = math.ceil(len(games) / per_row)
        gap = 3 * mm
        block_h = (grid_top - grid_bottom - gap * (lines - 1)) / lines
        block_w = (width - gap * (per_row - 1)) / per_row
        for i, game in enumerate(games):
            col, line = i % per_row, i // per_row
            self.grid.draw(
                canv,
                game,
                col * (block_w + gap),
                grid_top - line * (block_h + gap),
                block_w,
                block_h,
            )
        # Legend.
        canv.setFillColor(MUTED)
        legend = _(
            "Each deal: points A + points B = %(total)s. Only the side above "
            "%(half)s scores: (points − %(half)s) × doublings. "
            "Trump: ♣ ♦ ♥ ♠ or NT (no trump)."
        ) % {"total": self.total, "half": self.half}
        size = 7.5 * s
        legend, size = shrink(legend, FONT, size, width, 5.5)
        canv.setFont(FONT, size)
        canv.drawString(0, bottom_h - 10 * s, legend)
        # Signature boxes.
        self._draw_signature_boxes(canv, table, width)

    def _signature_boxes(self, table: RoundTable, width: float) -> tuple[int, float]:
        """Return the number of signature boxes (per side or seat) and their width."""
        boxes = len(table.seats) if self.individual and len(table.seats) > 2 else 2
        return boxes, (width - _SIGN_GAP * (boxes - 1)) / boxes

    def _draw_signature_boxes(self, canv, table: RoundTable, width: float):
        s = self.s
        boxes, box_w = self._signature_boxes(table, width)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.6)
        y = 9 * s
        for i in range(boxes):
            canv.rect(i * (box_w + _SIGN_GAP), y, box_w, self.sign_h)

    def _draw_table(
        self, canv, table: RoundTable, qr_url, width, height, top_h, games_h
    ):
        """Draw what differs between tables: number, names, games, QR code."""
        self._draw_title(canv, table, width, height)
        self._draw_qr(canv, qr_url, width, height)
        self._draw_seats(canv, table, width, height)
        if self.individual:
            self._draw_partners(canv, table, width, height - top_h - 2)
        self._draw_signature_labels(canv, table, width)
        self._draw_entry_url(canv, qr_url, width)

    def _draw_title(self, canv, table: RoundTable, width, top):
        """Draw "Table 12" and, after it, the round."""
        s = self.s
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, self.title_size)
        title = _("Table %(number)s") % {"number": table.number}
        canv.drawString(0, top - self.title_size, title)
        title_w = text_width(title, FONT_BOLD, self.title_size)
        canv.setFont(FONT, 10 * s)
        canv.setFillColor(MUTED)
        canv.drawString(
            title_w + 10,
            top - self.title_size,
            fit(self.round_text, FONT, 10 * s, width - self.qr - title_w - 20),
        )

    def _draw_qr(self, canv, qr_url: str, width, top):
        """Draw the QR code of the table's entry page at the top right."""
        qr_y = top - self.qr
        # Table addresses differ in a few digits only: the mask chosen for the
        # first of each length suits the others, and saves most of the encoding.
        known = self._qr_masks.get(len(qr_url))
        self._qr_masks[len(qr_url)] = draw_qr(
            canv, qr_url, width - self.qr, qr_y, self.qr, mask=known
        )

    def _draw_code(self, canv, code: str, width, top, top_h):
        """Print the table's code large below the QR code, after where to type it."""
        size = self.code_size
        spacing = 0.1 * size  # letters apart: read off the paper, typed on a phone
        wide = text_width(code, FONT_BOLD, size) + spacing * len(code)
        baseline = top - top_h + 6
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, size)
        canv.drawString(width - wide, baseline, code, charSpace=spacing)
        note = _("Results on a phone: scan the QR code, or type it at %(url)s") % {
            "url": self.enter_url
        }
        room = width - wide - 10
        note, note_size = shrink(note, FONT, self.note_size, room, 5)
        canv.setFont(FONT, note_size)
        canv.drawRightString(room, baseline + (size - note_size) * 0.25, note)

    def _draw_seats(self, canv, table: RoundTable, width, top):
        """Draw one line per seat: its number, the entrant, the club; seat 1 scores."""
        s = self.s
        y = top - self.title_size - 8
        name_w = width - self.qr - 6 * mm
        scorer = _("scorer")
        scorer_w = text_width(scorer, FONT_BOLD, 8 * s) + 8
        for seat in table.seats:
            y -= self.seat_h
            canv.setStrokeColor(INK)
            canv.setLineWidth(0.6)
            canv.setFillColor(INK)
            box = self.seat_h - 3
            canv.rect(0, y + 1, box, box)
            canv.setFont(FONT_BOLD, 10 * s)
            canv.drawCentredString(
                box / 2, y + 1 + (box - 10 * s) / 2 + 1, str(seat.position)
            )
            x = box + 6
            avail = name_w - x - (scorer_w if seat.position == 1 else 0)
            name, size = shrink(seat.name, FONT_BOLD, 11.5 * s, avail * 0.62, 8)
            canv.setFont(FONT_BOLD, size)
            canv.drawString(x, y + 4, name)
            x += text_width(name, FONT_BOLD, size) + 8
            if seat.club:
                canv.setFont(FONT, 8.5 * s)
                canv.setFillColor(MUTED)
                canv.drawString(
                    x,
                    y + 4,
                    fit(
                        seat.club,
                        FONT,
                        8.5 * s,
                        name_w - x - (scorer_w if seat.position == 1 else 0),
                    ),
                )
            if seat.position == 1:
                self._draw_scorer_mark(canv, scorer, name_w, scorer_w, y, box)

    def _draw_scorer_mark(self, canv, scorer: str, name_w, scorer_w, y, box):
        """Draw the framed word "scorer" at the end of seat 1's line."""
        s = self.s
        canv.setFillColor(INK)
        canv.roundRect(
            name_w - scorer_w + 2,
            y + 1.5,
            scorer_w - 2,
            box - 1,
            2,
            stroke=1,
            fill=0,
        )
        canv.setFont(FONT_BOLD, 8 * s)
        canv.drawCentredString(
            name_w - scorer_w / 2 + 1,
            y + 1.5 + (box - 1 - 8 * s) / 2 + 1,
            scorer,
        )

    def _draw_partners(self, canv, table: RoundTable, width, y):
        """Draw who partners whom in each game, one line per game, below ``y``."""
        s = self.s
        for game in table.games:
            y -= 11 * s
            a = " & ".join(table.side_names(game.side_a))
            b = " & ".join(table.side_names(game.side_b))
            canv.setFillColor(INK)
            canv.setFont(FONT_BOLD, 8.5 * s)
            lead = _("Game %(number)s:") % {"number": game.number}
            canv.drawString(0, y, lead)
            text = _("A %(a)s  against  B %(b)s") % {"a": a, "b": b}
            lead_w = text_width(lead, FONT_BOLD, 8.5 * s) + 5
            # Smaller rather than cut: the names are who plays with whom.
            text, size = shrink(text, FONT, 8.5 * s, width - lead_w, 5.5 * s)
            canv.setFont(FONT, size)
            canv.drawString(lead_w, y, text)

    def _signature_labels(self, table: RoundTable) -> list[tuple[str, str]]:
        """Return (who signs, the names) of each box: a side's players, or a seat's."""
        boxes, _box_w = self._signature_boxes(table, 1)
        if boxes == 2:
            game = table.games[0]  # every printed table has one (printed_round)
            return [
                (_("Signature, side A"), " & ".join(table.side_names(game.side_a))),
                (_("Signature, side B"), " & ".join(table.side_names(game.side_b))),
            ]
        return [
            (_("Signature, seat %(position)s") % {"position": st.position}, st.name)
            for st in table.seats
        ]

    def _draw_signature_labels(self, canv, table: RoundTable, width):
        """Name who signs in each box: what it is on a line, the names in full below.

        The names are set smaller until they fit, then over two lines: a box
        never cuts a name ("Jozef Se…").
        """
        s = self.s
        _boxes, box_w = self._signature_boxes(table, width)
        room = box_w - 6
        top = 9 * s + self.sign_h
        for i, (label, names) in enumerate(self._signature_labels(table)):
            x = i * (box_w + _SIGN_GAP) + 3
            canv.setFont(FONT, 7 * s)
            canv.setFillColor(MUTED)
            canv.drawString(x, top - 9 * s, fit(label, FONT, 7 * s, room))
            lines, size = _name_lines(names, FONT_BOLD, 8.5 * s, room, 6 * s)
            canv.setFont(FONT_BOLD, size)
            canv.setFillColor(INK)
            y = top - 9 * s - size - 3
            for line in lines:
                canv.drawString(x, y, line)
                y -= size * 1.15

    def _draw_entry_url(self, canv, qr_url: str, width):
        """Print the entry page's address in small type, for a reader without QR."""
        s = self.s
        if self.enter_url is None:
            line = _("Director's entry page (the QR code): %(url)s") % {"url": qr_url}
        else:
            line = _("The table's page (the QR code): %(url)s") % {"url": qr_url}
        canv.setFont(FONT, 6 * s)
        canv.drawString(0, 1, fit(line, FONT, 6 * s, width))


def _name_lines(
    text: str, font: str, size: float, width: float, smallest: float
) -> tuple[list[str], float]:
    """Return ``text`` on one line as large as fits down to ``smallest``, else two.

    Two lines break at the word nearest the middle (at " & " between a side's
    players when there is one); only a name too long even for two lines is cut.
    """
    line, fitted = shrink(text, font, size, width, smallest)
    if line == text:
        return [text], fitted
    words = text.split(" ")
    best: list[str] = [line]
    best_wide = float("inf")
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        wide = max(
            text_width(first, font, smallest), text_width(second, font, smallest)
        )
        at_and = first.endswith("&") or second.startswith("&")
        if wide < best_wide or (at_and and wide <= width):
            best, best_wide = [first, second], wide
            if at_and and wide <= width:
                break
    return [fit(part, font, smallest, width) for part in best], smallest


def score_sheets_pdf(
    *, round: Round, base_url: str, size: str = "a4", lang: str | None = None
) -> bytes:
    """Return a round's score sheets: one per table, on A4 or two A5 per A4."""
    SIZE.check(size)
    register_fonts()
    data = printed_round(round)
    tournament = data.tournament
    with translation.override(document_language(tournament, lang)):
        halves = size == "a5"
        most_games = max((len(t.games) for t in data.tables), default=0)
        if halves and most_games > 2:
            raise PdfError(
                _(
                    "An A5 sheet has room for two games per table; this round plays "
                    "%(games)s. Print it on A4."
                )
                % {"games": most_games}
            )
        # Entered at the tables: each QR code opens its table's page by its code
        # (made now if the round has none yet). At the desk the QR code opens the
        # director's sheet, as every sheet printed before did.
        codes: dict[int, str] = {}
        enter_url = None
        if tournament.result_entry != Tournament.ResultEntry.DESK:
            codes = table_codes_ensure(round=data.round)
            enter_url = table_enter_url(base_url=base_url)
        layout = _SheetLayout(
            rnd=data.round, tournament=tournament, compact=halves, enter_url=enter_url
        )
        story: list = []
        for i, table in enumerate(data.tables):
            if i:
                story.append(FrameBreak())
            code = codes.get(table.number)
            if code is None:
                url = sheet_entry_url(table_id=table.id, base_url=base_url)
            else:
                url = table_page_url(code=code, base_url=base_url)
            story.append(_ScoreSheet(layout=layout, table=table, qr_url=url, code=code))
        if not story:
            raise PdfError(_("This round has no tables yet: draw it first."))
        section = Section(
            "sheets",
            _("Score sheet"),
            round_label(data.round),
            halves=halves,
            mark=draft_mark(data.round),
        )
        return render(
            tournament,
            [section],
            story,
            pagesize=landscape(A4) if halves else A4,
            subject=_("Score sheets"),
        )
