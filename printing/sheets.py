"""Print a round's score sheets: one per table, on A4 or two A5 per landscape A4."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    LIGHT,
    MUTED,
    RULE,
    SHADE,
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
from printing.qr import draw_qr, sheet_entry_url
from printing.rounddata import printed_round, round_label
from standings.rounds import RoundGame, RoundTable
from tournaments.models import Round, Tournament

SIZE = Choice("size", ("a4", "a5"), gettext_noop("Choose the sheet size A4 or A5."))
SIZES = SIZE.values


def sheet_rows(*, target: int | None, deals: int | None) -> int:
    """Return how many deal rows a game needs: 20 for a game to 101, else scaled."""
    if target is None:
        return deals or 20
    rows = max(8, math.ceil(target * 20 / 101))
    return min(rows, deals) if deals else rows


@dataclass(frozen=True)
class _Column:
    key: str
    label: str
    weight: float
    group: str = ""  # columns of a pair (points A | points B) share a group label


def sheet_columns(tournament: Tournament) -> list[_Column]:
    """Return the deal grid's columns under the tournament's rules."""
    cols = [
        _Column("deal", pgettext("sheet column", "deal"), 0.75),
        _Column("dealer", pgettext("sheet column", "dealer"), 0.8),
        _Column("trump", pgettext("sheet column", "trump"), 0.9),
    ]
    if tournament.max_knocks != 0:
        cols.append(_Column("knocks", pgettext("sheet column", "knocks"), 0.8))
    if tournament.blind_doubles:
        cols.append(_Column("blind", pgettext("sheet column", "blind"), 0.75))
    points = pgettext("sheet column", "points")
    score = pgettext("sheet column", "score")
    total = pgettext("sheet column", "total")
    cols += [
        _Column("points_a", "A", 1.0, points),
        _Column("points_b", "B", 1.0, points),
        _Column("score_a", "A", 1.1, score),
        _Column("score_b", "B", 1.1, score),
        _Column("total_a", "A", 1.3, total),
        _Column("total_b", "B", 1.3, total),
    ]
    return cols


# Signature boxes sit this far apart.
_SIGN_GAP = 3 * mm


@dataclass(frozen=True)
class _Grid:
    """Where a deal grid's columns, header, rows and total line fall on the page."""

    x0: float
    width: float
    xs: list[float]  # the column edges, left to right
    label_size: float
    rotate: bool  # the single column labels stand on end
    head_h: float
    body_top: float
    row_h: float
    body_bottom: float
    total_h: float
    grid_bottom: float
    first_group: int  # the first column of a pair (points A)


class _ScoreSheet(Flowable):
    """One table's score sheet, filling its frame (a page, or half a landscape A4)."""

    def __init__(self, *, layout: _SheetLayout, table: RoundTable, qr_url: str):
        super().__init__()
        self.layout = layout
        self.table = table
        self.qr_url = qr_url

    def wrap(self, avail_w, avail_h):
        self.width, self.height = avail_w, avail_h
        return avail_w, avail_h - 0.5

    def draw(self):
        self.layout.draw(self.canv, self.table, self.qr_url, self.width, self.height)


class _SheetLayout:
    """Draw score sheets; the parts common to every table are drawn once, as a form."""

    def __init__(self, *, rnd: Round, tournament: Tournament, compact: bool):
        self.tournament = tournament
        self.compact = compact
        self.columns = sheet_columns(tournament)
        self.rows = sheet_rows(target=tournament.target, deals=tournament.deals)
        self.round_text = round_label(rnd)
        self.individual = tournament.is_individual
        rules = tournament.rules()
        self.total = rules.total
        self.half = rules.half
        self._forms: dict[tuple, str] = {}
        self._qr_masks: dict[int, int] = {}
        s = 0.85 if compact else 1.0
        self.s = s
        self.title_size = 24 * s
        self.seat_h = 15 * s
        self.qr = (24 if compact else 28) * mm
        self.sign_h = (13 if compact else 15) * mm

    # Geometry ---------------------------------------------------------------

    def _top_height(self, table: RoundTable) -> float:
        seats = max(len(table.seats), 2)
        return max(self.title_size + 10 + seats * self.seat_h, self.qr + 4) + 4

    def _games_height(self, table: RoundTable) -> float:
        return (len(table.games) * 11 * self.s + 6) if self.individual else 0

    def _bottom_height(self) -> float:
        return self.sign_h + 26 * self.s

    def _grid_blocks(self, games: int) -> int:
        """Return how many games sit side by side (the rest go below them)."""
        return min(games, 3)

    # Drawing ----------------------------------------------------------------

    def draw(self, canv, table: RoundTable, qr_url: str, width: float, height: float):
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
            self._draw_grid(
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

    def _draw_grid(self, canv, game: RoundGame, x0, top, width, height):
        """Draw one game's deal grid: title, header, shading, row labels, lines."""
        grid = self._grid_geometry(x0, top, width, height)
        self._draw_grid_title(canv, game, x0, top, width)
        self._shade_grid(canv, grid)
        self._draw_column_labels(canv, grid)
        self._draw_group_labels(canv, grid)
        self._draw_row_labels(canv, grid)
        self._draw_grid_lines(canv, grid)

    def _grid_geometry(self, x0, top, width, height) -> _Grid:
        """Place a grid's columns and rows; rotate the labels that do not fit."""
        s = self.s
        cols = self.columns
        unit = width / sum(c.weight for c in cols)
        xs = [x0]
        for c in cols:
            xs.append(xs[-1] + c.weight * unit)
        head_top = top - 13 * s
        single_labels = [c.label for c in cols if not c.group]
        label_size = 7 * s
        rotate = any(
            text_width(lbl, FONT, label_size) > c.weight * unit - 2
            for lbl, c in zip(
                single_labels, [c for c in cols if not c.group], strict=True
            )
        )
        if rotate:
            longest = max(text_width(lbl, FONT, label_size) for lbl in single_labels)
            head_h = min(max(longest + 6, 18 * s), 30 * s)
        else:
            head_h = 20 * s
        rows = self.rows
        body_top = head_top - head_h
        total_h = 13 * s
        row_h = (body_top - (top - height) - total_h) / rows
        body_bottom = body_top - rows * row_h
        return _Grid(
            x0=x0,
            width=width,
            xs=xs,
            label_size=label_size,
            rotate=rotate,
            head_h=head_h,
            body_top=body_top,
            row_h=row_h,
            body_bottom=body_bottom,
            total_h=total_h,
            grid_bottom=body_bottom - total_h,
            first_group=next(i for i, c in enumerate(cols) if c.group),
        )

    def _draw_grid_title(self, canv, game: RoundGame, x0, top, width):
        """Draw "Game 2" on the left and which seats play side A and B on the right."""
        s = self.s
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 9 * s)
        title = _("Game %(number)s") % {"number": game.number}
        canv.drawString(x0, top - 9 * s, title)
        if self.individual or len(game.side_a) > 1:
            sides = _("A: seats %(a)s · B: seats %(b)s") % {
                "a": " + ".join(map(str, game.side_a)),
                "b": " + ".join(map(str, game.side_b)),
            }
        else:
            sides = _("A: seat %(a)s · B: seat %(b)s") % {
                "a": " + ".join(map(str, game.side_a)),
                "b": " + ".join(map(str, game.side_b)),
            }
        canv.setFont(FONT, 7.5 * s)
        title_w = text_width(title, FONT_BOLD, 9 * s) + 6
        canv.drawRightString(
            x0 + width, top - 9 * s, fit(sides, FONT, 7.5 * s, width - title_w)
        )

    def _shade_grid(self, canv, g: _Grid):
        """Shade the header, the total line and (lightly) the running totals."""
        x0, width, xs = g.x0, g.width, g.xs
        canv.setFillColor(SHADE)
        canv.rect(x0, g.body_top, width, g.head_h, stroke=0, fill=1)
        canv.rect(x0, g.grid_bottom, width, g.total_h, stroke=0, fill=1)
        # Running totals are shaded lightly so the eye finds them.
        ta = next(i for i, c in enumerate(self.columns) if c.key == "total_a")
        body_h = self.rows * g.row_h
        canv.setFillColor(LIGHT)
        canv.rect(xs[ta], g.body_bottom, xs[-1] - xs[ta], body_h, stroke=0, fill=1)

    def _draw_column_labels(self, canv, g: _Grid):
        """Draw each column's label: A/B under a group, else upright or rotated."""
        s = self.s
        xs, body_top, label_size = g.xs, g.body_top, g.label_size
        group_h = g.head_h / 2
        canv.setFillColor(INK)
        for i, c in enumerate(self.columns):
            cx = (xs[i] + xs[i + 1]) / 2
            if c.group:
                canv.setFont(FONT_BOLD, 8 * s)
                canv.drawCentredString(
                    cx, body_top + (group_h - 8 * s) / 2 + 1, c.label
                )
                continue
            canv.setFont(FONT, label_size)
            if g.rotate:
                canv.saveState()
                canv.translate(cx + label_size / 3, body_top + 3)
                canv.rotate(90)
                canv.drawString(0, 0, fit(c.label, FONT, label_size, g.head_h - 5))
                canv.restoreState()
            else:
                canv.drawCentredString(
                    cx, body_top + g.head_h / 2 - label_size / 3, c.label
                )

    def _draw_group_labels(self, canv, g: _Grid):
        """Draw each pair's group label (points, score, total) over its two columns."""
        s = self.s
        cols, xs = self.columns, g.xs
        group_h = g.head_h / 2
        for i, c in enumerate(cols):
            if (
                c.group
                and cols[i + 1 if i + 1 < len(cols) else i].group == c.group
                and (i == 0 or cols[i - 1].group != c.group)
            ):
                gx = (xs[i] + xs[i + 2]) / 2
                canv.setFont(FONT_BOLD, 7.5 * s)
                canv.drawCentredString(
                    gx,
                    g.body_top + group_h + (group_h - 7.5 * s) / 2 + 1,
                    fit(c.group, FONT_BOLD, 7.5 * s, xs[i + 2] - xs[i] - 2),
                )

    def _draw_row_labels(self, canv, g: _Grid):
        """Number the deal rows and label the total line."""
        s = self.s
        xs, row_h = g.xs, g.row_h
        canv.setFillColor(MUTED)
        num_size = min(7.5 * s, row_h * 0.55)
        canv.setFont(FONT, num_size)
        for r in range(self.rows):
            y = g.body_top - (r + 1) * row_h
            canv.drawCentredString(
                (xs[0] + xs[1]) / 2, y + (row_h - num_size) / 2 + 1, str(r + 1)
            )
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 8 * s)
        label = fit(
            pgettext("sheet row", "total"),
            FONT_BOLD,
            8 * s,
            xs[g.first_group] - g.x0 - 4,
        )
        canv.drawString(g.x0 + 3, g.grid_bottom + (g.total_h - 8 * s) / 2 + 1, label)

    def _draw_grid_lines(self, canv, g: _Grid):
        """Rule the rows, the columns (thin within a pair) and the grid's frame."""
        cols, xs, rows = self.columns, g.xs, self.rows
        x0, width, body_top, row_h = g.x0, g.width, g.body_top, g.row_h
        group_h = g.head_h / 2
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.4)
        for r in range(1, rows):
            y = body_top - r * row_h
            canv.line(x0, y, x0 + width, y)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.5)
        for i, x in enumerate(xs):
            if 0 < i < len(xs) - 1:
                c = cols[i]
                same_pair = c.group and cols[i - 1].group == c.group
                y_top = body_top + (group_h if same_pair else g.head_h)
                canv.setLineWidth(0.35 if same_pair else 0.7)
                y_low = g.grid_bottom if i >= g.first_group else g.body_bottom
                canv.line(x, y_low, x, y_top)
        canv.setLineWidth(0.5)
        canv.line(xs[g.first_group], body_top + group_h, xs[-1], body_top + group_h)
        canv.setLineWidth(1.0)
        canv.rect(x0, g.grid_bottom, width, g.head_h + rows * row_h + g.total_h)
        canv.line(x0, body_top, x0 + width, body_top)
        canv.line(x0, g.body_bottom, x0 + width, g.body_bottom)

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
            canv.setFont(FONT, 8.5 * s)
            lead_w = text_width(lead, FONT_BOLD, 8.5 * s) + 5
            canv.drawString(lead_w, y, fit(text, FONT, 8.5 * s, width - lead_w))

    def _draw_signature_labels(self, canv, table: RoundTable, width):
        """Name who signs in each box: a side's players, or each seat's."""
        s = self.s
        boxes, box_w = self._signature_boxes(table, width)
        y = 9 * s + self.sign_h - 9 * s
        canv.setFont(FONT, 7 * s)
        canv.setFillColor(MUTED)
        if boxes == 2:
            game = table.games[0]  # every printed table has one (printed_round)
            labels = [
                _("Signature, side A: %(names)s")
                % {"names": " & ".join(table.side_names(game.side_a))},
                _("Signature, side B: %(names)s")
                % {"names": " & ".join(table.side_names(game.side_b))},
            ]
        else:
            labels = [
                _("Signature, seat %(position)s: %(name)s")
                % {"position": st.position, "name": st.name}
                for st in table.seats
            ]
        for i, label in enumerate(labels):
            canv.drawString(
                i * (box_w + _SIGN_GAP) + 3, y, fit(label, FONT, 7 * s, box_w - 6)
            )

    def _draw_entry_url(self, canv, qr_url: str, width):
        """Print the entry page's address in small type, for a reader without QR."""
        s = self.s
        canv.setFont(FONT, 6 * s)
        canv.drawString(
            0,
            1,
            fit(
                _("Director's entry page (the QR code): %(url)s") % {"url": qr_url},
                FONT,
                6 * s,
                width,
            ),
        )


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
        layout = _SheetLayout(rnd=data.round, tournament=tournament, compact=halves)
        story: list = []
        for i, table in enumerate(data.tables):
            if i:
                story.append(FrameBreak())
            url = sheet_entry_url(table_id=table.id, base_url=base_url)
            story.append(_ScoreSheet(layout=layout, table=table, qr_url=url))
        if not story:
            raise PdfError(_("This round has no tables yet: draw it first."))
        section = Section(
            "sheets", _("Score sheet"), round_label(data.round), halves=halves
        )
        return render(
            tournament,
            [section],
            story,
            pagesize=landscape(A4) if halves else A4,
            subject=_("Score sheets"),
        )
