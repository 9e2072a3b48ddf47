"""Lay out the printed documents: fonts, text fitting, the page frame and options."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Spacer,
    TableStyle,
)

from core.errors import InvalidInput
from core.folding import sort_key as name_sort_key
from core.languages import event_language

if TYPE_CHECKING:
    from tournaments.models import Tournament

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


class PdfError(InvalidInput):
    """A request for a document that cannot be printed; the message is translated.

    A refusal of the family: a view lets it through and ``core.refusals`` answers
    it as text with a 400, as the print views always have.
    """

    status = 400


# ---------------------------------------------------------------------- text fit

text_width = pdfmetrics.stringWidth
_width = text_width


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


def sort_key(text: str) -> tuple:
    """Return the key that sorts names as a reader expects: Élise among the Es."""
    return name_sort_key(text)


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
    # Printed large across every page, over what it holds ("DRAFT": a draft
    # round's tables may still change, so its papers must not pass for the real).
    mark: str = ""


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
            onPageEnd=partial(self._draw_mark, section=section),
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

    def _draw_mark(self, canv: Canvas, doc, *, section: Section) -> None:
        """Print the section's mark across each panel, diagonally, see-through."""
        if not section.mark:
            return
        _page_w, page_h = self.pagesize
        canv.saveState()
        canv.setFillColor(colors.HexColor("#c0392b"))
        canv.setFillAlpha(0.22)
        for x, width in self._panels(section):
            angle = math.degrees(math.atan2(page_h - 2 * MARGIN, width))
            diagonal = math.hypot(width, page_h - 2 * MARGIN)
            size = min(
                160.0, diagonal * 0.7 / max(_width(section.mark, FONT_BOLD, 1), 1)
            )
            canv.saveState()
            canv.translate(x + width / 2, page_h / 2)
            canv.rotate(angle)
            canv.setFont(FONT_BOLD, size)
            canv.drawCentredString(0, -size / 3, section.mark)
            canv.restoreState()
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


def render(
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


def document_language(tournament: Tournament, lang: str | None) -> str:
    """Return the language to print in: the one asked for, else the event's.

    Else English: a document printed outside a request has no reader's language
    (``core.languages.event_language``).
    """
    return event_language(chosen=lang, event=tournament.language, default="en")


@dataclass(frozen=True)
class Choice:
    """A document's option: its name, the values it takes and the refusal of others.

    ``message`` is marked with ``gettext_noop`` and translated when it is raised,
    in the language active then (the reader's, not the document's).
    """

    name: str
    values: tuple[str, ...]
    message: str

    def check(self, value: str) -> str:
        """Return ``value`` if it is one of the choices, else raise ``PdfError``."""
        if value not in self.values:
            raise PdfError(_(self.message))
        return value


def grid_style(*, font_size: float, header: bool = True, extra=()) -> TableStyle:
    """Return the style of a list table: ruled rows under a shaded header."""
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


class ParagraphLine(Flowable):
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
