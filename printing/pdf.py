"""Build the hall's printed sheets (score sheets, draw, standings, results) as PDF."""

from __future__ import annotations

import io
import itertools
import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.urls import NoReverseMatch, reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tournaments.models import Bye, Game, Round, Seat, Tournament

# ----------------------------------------------------------------------- fonts

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"

INK = colors.HexColor("#1d232a")
MUTED = colors.HexColor("#5b6670")
RULE = colors.HexColor("#9aa3ab")
SHADE = colors.HexColor("#e9eef0")
LIGHT = colors.HexColor("#f4f6f7")

MARGIN = 10 * mm
HEADER_H = 13 * mm
FOOTER_H = 7 * mm

SIZES = ("a4", "a5")
DRAW_ORDERS = ("both", "table", "name")
STANDING_KINDS = ("players", "teams", "clubs")


def register_fonts() -> None:
    """Register the shipped DejaVu Sans faces with reportlab (once per process)."""
    registered = pdfmetrics.getRegisteredFontNames()
    if FONT in registered and FONT_BOLD in registered:
        return
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
    )


class PdfError(Exception):
    """A request for a document that cannot be printed; the message is translated."""


# ---------------------------------------------------------------------- text fit

_width = pdfmetrics.stringWidth


def fit(text: str, font: str, size: float, width: float) -> str:
    """Return ``text`` cut with an ellipsis so that it is at most ``width`` wide."""
    if _width(text, font, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if _width(text[:mid].rstrip() + "…", font, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def shrink(
    text: str, font: str, size: float, width: float, smallest: float
) -> tuple[str, float]:
    """Return the text and the largest size down to ``smallest`` at which it fits."""
    wide = _width(text, font, size)
    if wide <= width:
        return text, size
    scaled = max(smallest, math.floor(size * width / wide * 4) / 4)
    return fit(text, font, scaled, width), scaled


def sort_key(text: str) -> str:
    """Return an accent- and case-blind key so that Élise sorts among the Es."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


# -------------------------------------------------------------- the base document


class _NumberedCanvas(Canvas):
    """Hold every page back until the end so the footer can say "page 3 of 12"."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._held_pages: list[dict] = []
        self.page_footer: Callable[[Canvas, int, int], None] | None = None

    def showPage(self):  # noqa: N802 - reportlab's name
        self._held_pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._held_pages)
        for number, state in enumerate(self._held_pages, start=1):
            self.__dict__.update(state)
            if self.page_footer is not None:
                self.page_footer(self, number, total)
            super().showPage()
        super().save()


@dataclass
class Section:
    """A run of pages with one title in the header, in one or two columns."""

    id: str
    title: str
    subtitle: str = ""
    columns: int = 1
    halves: bool = False  # two A5 pages on an A4 sheet, each with its own header


class ManilleDocument(BaseDocTemplate):
    """A4 pages with the tournament's header and a footer with page and print time.

    Build it inside ``translation.override(lang)``: every label, the dates and the
    "page 3 of 12" come out in the language active while building.
    """

    def __init__(
        self,
        buffer,
        *,
        tournament: Tournament,
        sections: Sequence[Section],
        pagesize=A4,
        subject: str = "",
    ):
        register_fonts()
        super().__init__(
            buffer,
            pagesize=pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + HEADER_H,
            bottomMargin=MARGIN + FOOTER_H,
            title=f"{tournament.name} · {subject or sections[0].title}",
            author=_("Manille scores"),
            creator=_("Manille scores"),
            subject=subject,
            initialFontName=FONT,
            initialFontSize=10,
            lang=translation.get_language() or "en",
        )
        self.tournament_name = tournament.name
        dated = formats.date_format(tournament.date, "DATE_FORMAT")
        self.tournament_line = " · ".join(p for p in (dated, tournament.venue) if p)
        self.printed_at = _("printed %(when)s") % {
            "when": formats.date_format(
                timezone.localtime(timezone.now()), "DATETIME_FORMAT"
            )
        }
        self.addPageTemplates([self._template(s) for s in sections])

    # Page templates ---------------------------------------------------------

    def _panels(self, section: Section) -> list[tuple[float, float]]:
        """Return (x, width) of each panel that gets its own header and footer."""
        page_w, _page_h = self.pagesize
        if section.halves:
            half = page_w / 2
            return [(MARGIN, half - 2 * MARGIN), (half + MARGIN, half - 2 * MARGIN)]
        return [(MARGIN, page_w - 2 * MARGIN)]

    def _template(self, section: Section) -> PageTemplate:
        _page_w, page_h = self.pagesize
        body_h = page_h - 2 * MARGIN - HEADER_H - FOOTER_H
        frames = []
        gap = 6 * mm
        for x, width in self._panels(section):
            columns = section.columns
            col_w = (width - gap * (columns - 1)) / columns
            for c in range(columns):
                frames.append(
                    Frame(
                        x + c * (col_w + gap),
                        MARGIN + FOOTER_H,
                        col_w,
                        body_h,
                        leftPadding=0,
                        rightPadding=0,
                        topPadding=0,
                        bottomPadding=0,
                        id=f"{section.id}-{len(frames)}",
                    )
                )
        return PageTemplate(
            id=section.id,
            frames=frames,
            onPage=partial(self._draw_header, section=section),
            pagesize=self.pagesize,
        )

    # Header and footer ------------------------------------------------------

    def _draw_header(self, canv: Canvas, doc, *, section: Section) -> None:
        canv.page_footer = partial(self._draw_footer, section=section)
        _page_w, page_h = self.pagesize
        top = page_h - MARGIN
        canv.saveState()
        for x, width in self._panels(section):
            title_w = _width(section.title, FONT_BOLD, 12)
            left_w = max(width - title_w - 6 * mm, width / 3)
            name, size = shrink(self.tournament_name, FONT_BOLD, 12, left_w, 8)
            canv.setFillColor(INK)
            canv.setFont(FONT_BOLD, size)
            canv.drawString(x, top - 12, name)
            canv.setFont(FONT_BOLD, 12)
            canv.drawRightString(
                x + width, top - 12, fit(section.title, FONT_BOLD, 12, width * 0.6)
            )
            canv.setFillColor(MUTED)
            canv.setFont(FONT, 9)
            sub_w = (
                _width(section.subtitle, FONT, 9) + 6 * mm if section.subtitle else 0
            )
            line_w = max(width - sub_w, width / 2)
            canv.drawString(x, top - 25, fit(self.tournament_line, FONT, 9, line_w))
            if section.subtitle:
                canv.drawRightString(
                    x + width, top - 25, fit(section.subtitle, FONT, 9, width / 2)
                )
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.6)
            canv.line(x, top - HEADER_H + 6, x + width, top - HEADER_H + 6)
        canv.restoreState()

    def _draw_footer(self, canv: Canvas, number: int, total: int, *, section: Section):
        canv.saveState()
        canv.setFont(FONT, 8)
        canv.setFillColor(MUTED)
        page_of = _("page %(page)s of %(pages)s") % {"page": number, "pages": total}
        y = MARGIN
        for x, width in self._panels(section):
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.4)
            canv.line(x, y + 11, x + width, y + 11)
            canv.drawString(x, y + 2, fit(self.printed_at, FONT, 8, width * 0.6))
            canv.drawRightString(x + width, y + 2, page_of)
        canv.restoreState()

    # Switching sections -----------------------------------------------------

    def build_bytes(self, story: list, buffer: io.BytesIO) -> bytes:
        self.build(story, canvasmaker=_NumberedCanvas)
        return buffer.getvalue()


def _render(
    tournament: Tournament,
    sections: Sequence[Section],
    story: list,
    *,
    pagesize=A4,
    subject: str = "",
) -> bytes:
    """Lay ``story`` out on the tournament's pages and return the PDF's bytes."""
    buffer = io.BytesIO()
    doc = ManilleDocument(
        buffer,
        tournament=tournament,
        sections=sections,
        pagesize=pagesize,
        subject=subject,
    )
    if not story:
        story = [Spacer(1, 1)]
    return doc.build_bytes(story, buffer)


def _language(tournament: Tournament, lang: str | None) -> str:
    return lang or tournament.language or "en"


# ------------------------------------------------------------------ reading data


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    sort_name: str
    club: str


@dataclass(frozen=True)
class GameLine:
    number: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    score_a: int = 0
    score_b: int = 0
    winner: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class TableLine:
    table_id: int
    number: int
    seats: tuple[SeatLine, ...]
    games: tuple[GameLine, ...]
    status: str = ""
    status_label: str = ""

    def seat(self, position: int) -> SeatLine | None:
        for s in self.seats:
            if s.position == position:
                return s
        return None

    def side_names(self, positions: Sequence[int]) -> list[str]:
        return [s.name if (s := self.seat(p)) else "?" for p in positions]


@dataclass
class RoundData:
    round: Round
    tournament: Tournament
    tables: list[TableLine]
    byes: list[SeatLine] = field(default_factory=list)


def _entry_lines(entry) -> tuple[str, str, str]:
    """Return the (name, sort name, club) of a player's or a team's entry."""
    if entry.player_id:
        player = entry.player
        club = player.club.name if player.club_id else ""
        return player.full_name, player.sort_name, club
    team = entry.team
    club = team.club.name if team.club_id else ""
    return team.name, team.name, club


def _default_games(seat_count: int, games: int) -> tuple[GameLine, ...]:
    """Return the games a table plays when the draw stored none."""
    if seat_count >= 4:
        rotations = (((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3)))
        return tuple(GameLine(n + 1, *rotations[n % 3]) for n in range(max(1, games)))
    return tuple(GameLine(n + 1, (1,), (2,)) for n in range(max(1, games)))


def load_round(round: Round, *, with_status: bool = False) -> RoundData:
    """Read a round's tables, seats, entrants, clubs and games in a few queries."""
    seats = Seat.objects.select_related(
        "entry__player__club", "entry__team__club"
    ).order_by("position")
    tables = round.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=seats),
        Prefetch("games", queryset=Game.objects.order_by("number")),
    )
    if with_status:
        tables = tables.select_related("sheet")
    rnd = Round.objects.select_related("tournament", "phase").get(pk=round.pk)
    is_individual = rnd.tournament.is_individual
    per_table = rnd.phase.games_per_table if is_individual else 1
    lines = []
    for table in tables:
        seat_lines = tuple(
            SeatLine(s.position, *_entry_lines(s.entry)) for s in table.seats.all()
        )
        games = tuple(
            GameLine(
                g.number,
                g.side_a_positions,
                g.side_b_positions,
                g.score_a,
                g.score_b,
                g.winner,
                g.finished,
            )
            for g in table.games.all()
        ) or _default_games(len(seat_lines), per_table)
        status = label = ""
        if with_status:
            try:
                sheet = table.sheet
            except ObjectDoesNotExist:
                sheet = None
            if sheet is not None:
                status, label = sheet.status, sheet.get_status_display()
        lines.append(
            TableLine(table.pk, table.number, seat_lines, games, status, label)
        )
    byes = [
        SeatLine(0, *_entry_lines(b.entry))
        for b in Bye.objects.filter(round=rnd).select_related(
            "entry__player__club", "entry__team__club"
        )
    ]
    return RoundData(rnd, rnd.tournament, lines, byes)


def round_label(rnd: Round) -> str:
    return _("%(phase)s · round %(number)s") % {
        "phase": rnd.phase.name,
        "number": rnd.number,
    }


# ------------------------------------------------------------------ score sheets


def sheet_entry_url(*, table_id: int, base_url: str) -> str:
    """Return the absolute address of a table's entry page, for the QR code."""
    try:
        path = reverse("scoring:sheet", kwargs={"table_id": table_id})
    except NoReverseMatch:  # the scoring app's routes are not mounted
        path = f"/director/sheets/table/{table_id}/"
    return base_url.rstrip("/") + path


def draw_qr(
    canv: Canvas,
    value: str,
    x: float,
    y: float,
    size: float,
    *,
    mask: int | None = None,
) -> int:
    """Draw a QR code encoding ``value`` with reportlab's widget, ``size`` wide.

    The widget encodes; its modules are drawn here as one path of row runs, which
    is several times faster than rendering the widget's group of shapes. Without
    ``mask`` the encoder tries all eight mask patterns and keeps the best (most of
    the time spent here); a caller printing many near-identical addresses passes
    the mask chosen for the first one. Returns the mask used.
    """
    widget = QrCodeWidget(value, barLevel="M", barBorder=2)
    qr = widget.qr
    if qr.version is None:
        qr.version = qr.calculate_version()
    if mask is None:
        mask = qr.getBestMaskPattern()
    qr.makeImpl(False, mask)
    count = qr.getModuleCount()
    border = widget.barBorder
    side = count + 2 * border
    # One path of row runs in module units; the literal saves formatting floats.
    ops = []
    for r, row in enumerate(qr.modules):
        c = border
        bottom = side - border - 1 - r
        for dark, run in itertools.groupby(row):
            n = sum(1 for _ in run)
            if dark:
                ops.append(f"{c} {bottom} {n} 1 re")
            c += n
    canv.saveState()
    canv.translate(x, y)
    canv.scale(size / side, size / side)
    canv.setFillColor(colors.black)
    canv.addLiteral("\n".join(ops) + "\nf")
    canv.restoreState()
    return mask


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


class _ScoreSheet(Flowable):
    """One table's score sheet, filling its frame (a page, or half a landscape A4)."""

    def __init__(self, *, layout: _SheetLayout, table: TableLine, qr_url: str):
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

    def _top_height(self, table: TableLine) -> float:
        seats = max(len(table.seats), 2)
        return max(self.title_size + 10 + seats * self.seat_h, self.qr + 4) + 4

    def _games_height(self, table: TableLine) -> float:
        return (len(table.games) * 11 * self.s + 6) if self.individual else 0

    def _bottom_height(self) -> float:
        return self.sign_h + 26 * self.s

    def _grid_blocks(self, games: int) -> int:
        """Return how many games sit side by side (the rest go below them)."""
        return min(games, 3)

    # Drawing ----------------------------------------------------------------

    def draw(self, canv, table: TableLine, qr_url: str, width: float, height: float):
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

    def _draw_grid(self, canv, game: GameLine, x0, top, width, height):
        s = self.s
        cols = self.columns
        unit = width / sum(c.weight for c in cols)
        xs = [x0]
        for c in cols:
            xs.append(xs[-1] + c.weight * unit)
        # Title of the game.
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
        title_w = _width(title, FONT_BOLD, 9 * s) + 6
        canv.drawRightString(
            x0 + width, top - 9 * s, fit(sides, FONT, 7.5 * s, width - title_w)
        )
        # Header: a group row (points / score / total) and a label row.
        head_top = top - 13 * s
        single_labels = [c.label for c in cols if not c.group]
        label_size = 7 * s
        rotate = any(
            _width(lbl, FONT, label_size) > c.weight * unit - 2
            for lbl, c in zip(
                single_labels, [c for c in cols if not c.group], strict=True
            )
        )
        if rotate:
            longest = max(_width(lbl, FONT, label_size) for lbl in single_labels)
            head_h = min(max(longest + 6, 18 * s), 30 * s)
        else:
            head_h = 20 * s
        group_h = head_h / 2
        rows = self.rows
        body_top = head_top - head_h
        total_h = 13 * s
        row_h = (body_top - (top - height) - total_h) / rows
        body_bottom = body_top - rows * row_h
        grid_bottom = body_bottom - total_h
        # Shading of the header and the total line.
        canv.setFillColor(SHADE)
        canv.rect(x0, body_top, width, head_h, stroke=0, fill=1)
        canv.rect(x0, grid_bottom, width, total_h, stroke=0, fill=1)
        # Running totals are shaded lightly so the eye finds them.
        ta = next(i for i, c in enumerate(cols) if c.key == "total_a")
        canv.setFillColor(LIGHT)
        canv.rect(xs[ta], body_bottom, xs[-1] - xs[ta], rows * row_h, stroke=0, fill=1)
        # Labels.
        canv.setFillColor(INK)
        for i, c in enumerate(cols):
            cx = (xs[i] + xs[i + 1]) / 2
            if c.group:
                canv.setFont(FONT_BOLD, 8 * s)
                canv.drawCentredString(
                    cx, body_top + (group_h - 8 * s) / 2 + 1, c.label
                )
                continue
            canv.setFont(FONT, label_size)
            if rotate:
                canv.saveState()
                canv.translate(cx + label_size / 3, body_top + 3)
                canv.rotate(90)
                canv.drawString(0, 0, fit(c.label, FONT, label_size, head_h - 5))
                canv.restoreState()
            else:
                canv.drawCentredString(
                    cx, body_top + head_h / 2 - label_size / 3, c.label
                )
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
                    body_top + group_h + (group_h - 7.5 * s) / 2 + 1,
                    fit(c.group, FONT_BOLD, 7.5 * s, xs[i + 2] - xs[i] - 2),
                )
        # Deal numbers.
        canv.setFillColor(MUTED)
        num_size = min(7.5 * s, row_h * 0.55)
        canv.setFont(FONT, num_size)
        for r in range(rows):
            y = body_top - (r + 1) * row_h
            canv.drawCentredString(
                (xs[0] + xs[1]) / 2, y + (row_h - num_size) / 2 + 1, str(r + 1)
            )
        first_group = next(i for i, c in enumerate(cols) if c.group)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 8 * s)
        label = fit(
            pgettext("sheet row", "total"), FONT_BOLD, 8 * s, xs[first_group] - x0 - 4
        )
        canv.drawString(x0 + 3, grid_bottom + (total_h - 8 * s) / 2 + 1, label)
        # Lines.
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
                y_top = body_top + (group_h if same_pair else head_h)
                canv.setLineWidth(0.35 if same_pair else 0.7)
                y_low = grid_bottom if i >= first_group else body_bottom
                canv.line(x, y_low, x, y_top)
        canv.setLineWidth(0.5)
        canv.line(xs[first_group], body_top + group_h, xs[-1], body_top + group_h)
        canv.setLineWidth(1.0)
        canv.rect(x0, grid_bottom, width, head_h + rows * row_h + total_h)
        canv.line(x0, body_top, x0 + width, body_top)
        canv.line(x0, body_bottom, x0 + width, body_bottom)

    def _draw_signature_boxes(self, canv, table: TableLine, width: float):
        s = self.s
        boxes = len(table.seats) if self.individual and len(table.seats) > 2 else 2
        gap = 3 * mm
        box_w = (width - gap * (boxes - 1)) / boxes
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.6)
        y = 9 * s
        for i in range(boxes):
            canv.rect(i * (box_w + gap), y, box_w, self.sign_h)

    def _draw_table(
        self, canv, table: TableLine, qr_url, width, height, top_h, games_h
    ):
        """Draw what differs between tables: number, names, games, QR code."""
        s = self.s
        top = height
        # Title.
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, self.title_size)
        title = _("Table %(number)s") % {"number": table.number}
        canv.drawString(0, top - self.title_size, title)
        title_w = _width(title, FONT_BOLD, self.title_size)
        canv.setFont(FONT, 10 * s)
        canv.setFillColor(MUTED)
        canv.drawString(
            title_w + 10,
            top - self.title_size,
            fit(self.round_text, FONT, 10 * s, width - self.qr - title_w - 20),
        )
        # QR code at the top right, with a word on what it does.
        qr_y = top - self.qr
        # Table addresses differ in a few digits only: the mask chosen for the
        # first of each length suits the others, and saves most of the encoding.
        known = self._qr_masks.get(len(qr_url))
        self._qr_masks[len(qr_url)] = draw_qr(
            canv, qr_url, width - self.qr, qr_y, self.qr, mask=known
        )
        # Seats.
        y = top - self.title_size - 8
        name_w = width - self.qr - 6 * mm
        scorer = _("scorer")
        scorer_w = _width(scorer, FONT_BOLD, 8 * s) + 8
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
            x += _width(name, FONT_BOLD, size) + 8
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
        # Who partners whom.
        if self.individual:
            y = top - top_h - 2
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
                lead_w = _width(lead, FONT_BOLD, 8.5 * s) + 5
                canv.drawString(lead_w, y, fit(text, FONT, 8.5 * s, width - lead_w))
        # Signature labels.
        boxes = len(table.seats) if self.individual and len(table.seats) > 2 else 2
        gap = 3 * mm
        box_w = (width - gap * (boxes - 1)) / boxes
        y = 9 * s + self.sign_h - 9 * s
        canv.setFont(FONT, 7 * s)
        canv.setFillColor(MUTED)
        if boxes == 2:
            game = table.games[0] if table.games else GameLine(1, (1,), (2,))
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
                i * (box_w + gap) + 3, y, fit(label, FONT, 7 * s, box_w - 6)
            )
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
    if size not in SIZES:
        raise PdfError(_("Choose the sheet size A4 or A5."))
    register_fonts()
    data = load_round(round)
    tournament = data.tournament
    with translation.override(_language(tournament, lang)):
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
            url = sheet_entry_url(table_id=table.table_id, base_url=base_url)
            story.append(_ScoreSheet(layout=layout, table=table, qr_url=url))
        if not story:
            raise PdfError(_("This round has no tables yet: draw it first."))
        section = Section(
            "sheets", _("Score sheet"), round_label(data.round), halves=halves
        )
        return _render(
            tournament,
            [section],
            story,
            pagesize=landscape(A4) if halves else A4,
            subject=_("Score sheets"),
        )


# ------------------------------------------------------------------------ draw


def _grid_style(*, font_size: float, header: bool = True, extra=()) -> TableStyle:
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LEADING", (0, 0), (-1, -1), font_size * 1.2),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
    ]
    if header:
        commands += [
            ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
            ("FONTSIZE", (0, 0), (-1, 0), max(8, font_size * 0.75)),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
        ]
    commands += list(extra)
    return TableStyle(commands)


class _DrawTableBlock(Flowable):
    """One table of the draw: its number large, then seat, name and club per line."""

    NAME = 14
    CLUB = 8.5
    LINE = 21

    def __init__(self, table: TableLine, scorer: str, title: str):
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
            club_x = seat_w + 4 + _width(name, FONT_BOLD, size) + 8
            canv.drawString(club_x, y + 6, fit(seat.club, FONT, self.CLUB, w - club_x))
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.3)
            canv.line(0, y, w, y)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.8)
        canv.rect(0, y, w, top - y)


def _draw_by_name_rows(data: RoundData) -> list[tuple[str, str, str, str]]:
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
    if order not in DRAW_ORDERS:
        raise PdfError(_("Choose the draw by table, by name, or both."))
    register_fonts()
    data = load_round(round)
    tournament = data.tournament
    with translation.override(_language(tournament, lang)):
        label = round_label(data.round)
        by_table = Section("by-table", _("Draw by table"), label, columns=2)
        by_name = Section("by-name", _("Draw by name"), label)
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
                    _ParagraphLine(_("Bye: %(names)s") % {"names": names}, size=12)
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
            style = _grid_style(
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
        return _render(tournament, sections, story, subject=_("Draw"))


class _ParagraphLine(Flowable):
    """A line of text that wraps at spaces, without the cost of a Paragraph."""

    def __init__(self, text: str, *, size: float = 10, font: str = FONT):
        super().__init__()
        self.text, self.size, self.font = text, size, font

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        lines, line = [], ""
        for word in self.text.split(" "):
            candidate = f"{line} {word}".strip()
            if _width(candidate, self.font, self.size) > avail_w and line:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
        self.lines = lines
        self.height = len(lines) * self.size * 1.3 + 6
        return avail_w, self.height

    def draw(self):
        self.canv.setFont(self.font, self.size)
        self.canv.setFillColor(INK)
        y = self.height - self.size - 4
        for line in self.lines:
            self.canv.drawString(0, y, line)
            y -= self.size * 1.3


# ---------------------------------------------------------------- table results


def table_results_pdf(*, round: Round, lang: str | None = None) -> bytes:
    """Return each table's games of a round: sides, scores, winner, sheet status."""
    register_fonts()
    data = load_round(round, with_status=True)
    tournament = data.tournament
    with translation.override(_language(tournament, lang)):
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
        style = _grid_style(
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
        return _render(tournament, [section], [table], subject=_("Table results"))


# -------------------------------------------------------------------- standings

TIEBREAK_LABELS = {
    "games_won": lambda: pgettext("tiebreak", "won"),
    "points": lambda: pgettext("tiebreak", "points"),
    "point_difference": lambda: pgettext("tiebreak", "+/−"),
    "head_to_head": lambda: pgettext("tiebreak", "head to head"),
    "opponents_strength": lambda: pgettext("tiebreak", "opponents"),
    "deals_won": lambda: pgettext("tiebreak", "deals won"),
    "fewest_revokes": lambda: pgettext("tiebreak", "revokes"),
    "win_percentage": lambda: pgettext("tiebreak", "% won"),
}


def _number(value) -> str:
    """Return a count as is and a ratio (a float) with two decimals."""
    if value is None:
        return ""
    if isinstance(value, float):
        return formats.number_format(value, 2)
    return str(value)


def standings_pdf_from_rows(
    *,
    tournament: Tournament,
    rows: Sequence,
    kind: str = "players",
    after_round: Round | None = None,
    lang: str | None = None,
) -> bytes:
    """Return a standings list built from rows with .rank, .name, .club, … ."""
    if kind not in STANDING_KINDS:
        raise PdfError(_("Choose standings of players, teams or clubs."))
    if kind != "clubs":  # players and teams both mean the tournament's entrants
        kind = "players" if tournament.is_individual else "teams"
    register_fonts()
    with translation.override(_language(tournament, lang)):
        titles = {
            "players": _("Standings: players"),
            "teams": _("Standings: teams"),
            "clubs": _("Standings: clubs"),
        }
        if after_round is not None:
            subtitle = _("after round %(number)s") % {"number": after_round.number}
        else:
            subtitle = _("final")
        shown = {"games_won", "points", "point_difference"}
        tie_keys: list[str] = []
        for row in rows:
            for key in getattr(row, "tiebreaks", {}) or {}:
                if key not in shown and key not in tie_keys:
                    tie_keys.append(key)
        tie_keys = tie_keys[:3]
        width = A4[0] - 2 * MARGIN
        fixed = [0.07, 0.0, 0.0, 0.08, 0.08, 0.09, 0.08] + [0.09] * len(tie_keys)
        rest = 1 - sum(fixed)
        fixed[1] = rest * (0.62 if kind != "clubs" else 1.0)
        fixed[2] = rest - fixed[1]
        widths = [f * width for f in fixed]
        head = [
            pgettext("standings", "rank"),
            _("Club") if kind == "clubs" else _("Name"),
            "" if kind == "clubs" else _("Club"),
            pgettext("standings", "games"),
            pgettext("standings", "won"),
            pgettext("standings", "points"),
            pgettext("standings", "+/−"),
            *[
                TIEBREAK_LABELS[k]() if k in TIEBREAK_LABELS else k.replace("_", " ")
                for k in tie_keys
            ],
        ]
        body = [head]
        for row in rows:
            ties = getattr(row, "tiebreaks", {}) or {}
            body.append(
                [
                    str(row.rank),
                    fit(str(row.name), FONT, 10, widths[1] - 6),
                    fit(str(getattr(row, "club", "") or ""), FONT, 8.5, widths[2] - 6)
                    if widths[2] > 1
                    else "",
                    str(row.games_played),
                    _number(row.games_won),
                    _number(row.points),
                    _number(row.point_difference),
                    *[_number(ties.get(k)) for k in tie_keys],
                ]
            )
        style = _grid_style(
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
        story: list = [Table(body, colWidths=widths, repeatRows=1, style=style)]
        if not rows:
            story = [_ParagraphLine(_("No confirmed results yet."), size=12)]
        section = Section("standings", titles[kind], subtitle)
        return _render(tournament, [section], story, subject=titles[kind])


def standings_pdf(
    *,
    tournament: Tournament,
    after_round: Round | None = None,
    kind: str = "players",
    lang: str | None = None,
) -> bytes:
    """Return the standings of players, teams or clubs, after a round or final."""
    if kind not in STANDING_KINDS:
        raise PdfError(_("Choose standings of players, teams or clubs."))
    from standings.selectors import standings_for

    rows = standings_for(
        tournament=tournament,
        kind=kind,
        after_round=after_round.number if after_round is not None else None,
    )
    return standings_pdf_from_rows(
        tournament=tournament, rows=rows, kind=kind, after_round=after_round, lang=lang
    )
