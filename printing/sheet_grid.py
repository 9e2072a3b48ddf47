"""Draw a score sheet's deal grid: one game's columns, rows and total line."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    LIGHT,
    MUTED,
    RULE,
    SHADE,
    fit,
    shrink,
    text_width,
)

if TYPE_CHECKING:
    from standings.rounds import RoundGame
    from tournaments.models import Tournament


def sheet_rows(*, target: int | None, deals: int | None) -> int:
    """Return how many deal rows a game needs: 20 for a game to 101, else scaled."""
    if target is None:
        return deals or 20
    rows = max(8, math.ceil(target * 20 / 101))
    return min(rows, deals) if deals else rows


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    weight: float
    group: str = ""  # columns of a pair (points A | points B) share a group label


def sheet_columns(tournament: Tournament) -> list[Column]:
    """Return the deal grid's columns under the tournament's rules.

    In the order of the screen's sheet (``templates/scoring/_deal_rows.html`` and
    the entry row): the desk types a paper sheet from left to right, field after
    field, so the paper asks for the same things in the same order.
    """
    cols = [
        Column("deal", pgettext("sheet column", "deal"), 0.75),
        Column("dealer", pgettext("sheet column", "dealer"), 0.8),
        Column("trump", pgettext("sheet column", "trump"), 0.9),
        Column("passed", pgettext("sheet column", "passed"), 0.75),
    ]
    if tournament.blind_doubles:
        cols.append(Column("blind", pgettext("sheet column", "blind"), 0.75))
    if tournament.max_knocks != 0:
        cols.append(Column("knocks", pgettext("sheet column", "knocks"), 0.8))
    points = pgettext("sheet column", "points")
    score = pgettext("sheet column", "score")
    total = pgettext("sheet column", "total")
    cols += [
        Column("points_a", "A", 1.0, points),
        Column("points_b", "B", 1.0, points),
        Column("revoke", pgettext("sheet column", "revoke"), 0.8),
        Column("score_a", "A", 1.1, score),
        Column("score_b", "B", 1.1, score),
        Column("total_a", "A", 1.3, total),
        Column("total_b", "B", 1.3, total),
    ]
    return cols


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


class DealGrid:
    """Draw deal grids under a tournament's rules (columns, rows), at a type scale."""

    def __init__(self, *, tournament: Tournament, scale: float):
        self.columns = sheet_columns(tournament)
        self.rows = sheet_rows(target=tournament.target, deals=tournament.deals)
        self.individual = tournament.is_individual
        self.s = scale

    def draw(self, canv, game: RoundGame, x0, top, width, height):
        """Draw one game's deal grid: title, header, shading, row labels, lines."""
        grid = self._geometry(x0, top, width, height)
        self._draw_title(canv, game, x0, top, width)
        self._shade(canv, grid)
        self._draw_column_labels(canv, grid)
        self._draw_group_labels(canv, grid)
        self._draw_row_labels(canv, grid)
        self._draw_lines(canv, grid)

    def _geometry(self, x0, top, width, height) -> _Grid:
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
            # Tall enough for the longest label standing on end ("verzaakt",
            # "renonce"); a longer one is set smaller, never cut.
            longest = max(text_width(lbl, FONT, label_size) for lbl in single_labels)
            head_h = min(max(longest + 8, 18 * s), 40 * s)
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

    def _draw_title(self, canv, game: RoundGame, x0, top, width):
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

    def _shade(self, canv, g: _Grid):
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
                label, size = shrink(c.label, FONT, label_size, g.head_h - 5, 5 * s)
                canv.setFont(FONT, size)
                canv.drawString(0, 0, fit(label, FONT, size, g.head_h - 5))
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
                label, size = shrink(
                    c.group, FONT_BOLD, 7.5 * s, xs[i + 2] - xs[i] - 2, 5.5 * s
                )
                canv.setFont(FONT_BOLD, size)
                canv.drawCentredString(
                    gx, g.body_top + group_h + (group_h - size) / 2 + 1, label
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

    def _draw_lines(self, canv, g: _Grid):
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
        for i, c in enumerate(cols):  # under each pair's group label
            if c.group and (i == 0 or cols[i - 1].group != c.group):
                canv.line(xs[i], body_top + group_h, xs[i + 2], body_top + group_h)
        canv.setLineWidth(1.0)
        canv.rect(x0, g.grid_bottom, width, g.head_h + rows * row_h + g.total_h)
        canv.line(x0, body_top, x0 + width, body_top)
        canv.line(x0, g.body_bottom, x0 + width, g.body_bottom)
