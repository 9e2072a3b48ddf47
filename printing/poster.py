"""Print the poster for the hall entrance: the tournament's address and its QR code."""

from __future__ import annotations

import io

from django.conf import settings
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    RULE,
    SHADE,
    document_language,
    fit,
    register_fonts,
    shrink,
    text_width,
)
from printing.qr import draw_qr, public_url
from tournaments.models import Tournament

# The red suits of the ornament.
RED = colors.HexColor("#b3261e")

_MARGIN = 18 * mm
# The largest QR code the page offers; smaller only if a long name needs room.
_QR_MAX = 130 * mm
_QR_MIN = 70 * mm


def tournament_public_url(*, tournament: Tournament, base_url: str) -> str:
    """Return the address of the tournament's public page under ``base_url``."""
    path = reverse("public:tournament", args=[tournament.slug])
    return public_url(path, base_url=base_url)


def _invitation() -> str:
    return _("Scan to find your table and follow the standings")


def _invitations(main: str, event: str) -> tuple[str, list[str]]:
    """Return the invitation in ``main`` and, once each, in the site's other languages.

    A hall's players do not all read the language the poster is printed in: the
    other languages follow, the tournament's (``event``) first. A line that reads
    the same in another language (not yet translated) is not repeated.
    """
    with translation.override(main):
        first = _invitation()
    codes = [code for code, _name in settings.LANGUAGES]
    codes.sort(key=lambda code: code != event)  # stable: the event's first
    seen, others = {first}, []
    for code in codes:
        with translation.override(code):
            line = _invitation()
        if line not in seen:
            seen.add(line)
            others.append(line)
    return first, others


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Return ``text`` broken at spaces into lines at most ``width`` wide."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def _fit_lines(
    text: str,
    font: str,
    *,
    width: float,
    tiers: tuple[tuple[int, float, float], ...],
) -> tuple[list[str], float]:
    """Return the lines and size of the first tier that holds ``text``.

    Each tier is (most lines, largest size, smallest size), tried largest first:
    few large lines are preferred to many. Past the last tier's smallest size
    the last line is cut with an ellipsis rather than overflow.
    """
    for max_lines, size, smallest in tiers:
        while size >= smallest:
            lines = _wrap(text, font, size, width)
            if len(lines) <= max_lines and all(
                text_width(line, font, size) <= width for line in lines
            ):
                return lines, size
            size -= 1
    max_lines, _largest, smallest = tiers[-1]
    lines = _wrap(text, font, smallest, width)
    kept = lines[:max_lines]
    kept[-1] = fit(" ".join(lines[max_lines - 1 :]), font, smallest, width)
    return [fit(line, font, smallest, width) for line in kept], smallest


def _split_url(url: str, font: str, size: float, width: float) -> list[str]:
    """Return ``url`` in lines at most ``width`` wide, broken after a "/" if it can.

    An address is never cut short: a reader types every character of it.
    """
    lines: list[str] = []
    rest = url
    while text_width(rest, font, size) > width:
        fits = 1
        while text_width(rest[: fits + 1], font, size) <= width:
            fits += 1
        slash = rest.rfind("/", 0, fits)
        cut = slash + 1 if slash > 0 else fits
        lines.append(rest[:cut])
        rest = rest[cut:]
    return [*lines, rest]


def _fit_url(url: str, width: float) -> tuple[list[str], float]:
    """Return the address's lines and size: one line as large as fits, else two."""
    for lines_allowed, largest, smallest in ((1, 30, 16), (2, 24, 11)):
        size = largest
        while size >= smallest:
            lines = _split_url(url, FONT_BOLD, size, width)
            if len(lines) <= lines_allowed:
                return lines, size
            size -= 1
    return _split_url(url, FONT_BOLD, 11, width), 11


class _Poster:
    """Draw the poster on one A4 portrait page, top block down and bottom block up."""

    def __init__(self, canv: Canvas, *, tournament: Tournament, url: str):
        self.canv = canv
        self.tournament = tournament
        self.url = url
        self.page_w, self.page_h = A4
        self.width = self.page_w - 2 * _MARGIN
        self.centre = self.page_w / 2

    def _centred(self, text: str, y: float, font: str, size: float, color=INK):
        self.canv.setFont(font, size)
        self.canv.setFillColor(color)
        self.canv.drawCentredString(self.centre, y, text)

    def draw(self, *, invitation: str, others: list[str]) -> None:
        self._draw_frame()
        top = self._draw_top(invitation)
        bottom = self._draw_bottom(others)
        self._draw_qr(top, bottom)

    def _draw_frame(self) -> None:
        """Draw a thin rounded frame inside the printer's unprintable edge."""
        inset = 9 * mm
        self.canv.setStrokeColor(RULE)
        self.canv.setLineWidth(1.2)
        self.canv.roundRect(
            inset,
            inset,
            self.page_w - 2 * inset,
            self.page_h - 2 * inset,
            5 * mm,
            stroke=1,
            fill=0,
        )

    def _draw_ornament(self, y: float) -> None:
        """Draw the four suits, spaced, with the red ones in red."""
        size, gap = 16, 14
        suits = [("♠", INK), ("♥", RED), ("♣", INK), ("♦", RED)]
        widths = [text_width(s, FONT, size) for s, _c in suits]
        x = self.centre - (sum(widths) + gap * (len(suits) - 1)) / 2
        self.canv.setFont(FONT, size)
        for (suit, color), w in zip(suits, widths, strict=True):
            self.canv.setFillColor(color)
            self.canv.drawString(x, y, suit)
            x += w + gap

    def _draw_top(self, invitation: str) -> float:
        """Draw the suits, name, date, venue and invitation; return the lowest y."""
        tournament = self.tournament
        y = self.page_h - _MARGIN - 16
        self._draw_ornament(y)
        y -= 20
        lines, size = _fit_lines(
            tournament.name,
            FONT_BOLD,
            width=self.width,
            tiers=((1, 46, 34), (2, 44, 26), (3, 26, 20)),
        )
        for line in lines:
            y -= size * 1.1
            self._centred(line, y, FONT_BOLD, size)
        dated = formats.date_format(tournament.date, "DATE_FORMAT")
        details = " · ".join(p for p in (dated, tournament.venue) if p)
        details, details_size = shrink(details, FONT, 17, self.width, 11)
        y -= details_size + 12
        self._centred(details, y, FONT, details_size, MUTED)
        y -= 16
        self.canv.setStrokeColor(RULE)
        self.canv.setLineWidth(0.8)
        self.canv.line(
            self.centre - 40 * mm, y, self.centre + 40 * mm, y
        )  # a short rule
        lines, size = _fit_lines(
            invitation, FONT_BOLD, width=self.width, tiers=((2, 24, 14),)
        )
        y -= 8
        for line in lines:
            y -= size * 1.25
            self._centred(line, y, FONT_BOLD, size)
        return y - 14

    def _draw_bottom(self, others: list[str]) -> float:
        """Draw the address in big print and the other languages; return the top y."""
        y = _MARGIN
        self._centred(_("Manille scores"), y, FONT, 8, MUTED)
        y += 22
        for line in reversed(others):
            text, size = shrink(line, FONT, 13, self.width, 8)
            self._centred(text, y, FONT, size, MUTED)
            y += size + 7
        if others:
            y += 8
        # A shaded band behind the address, so that it reads as the thing to type.
        lines, size = _fit_url(self.url, self.width - 8 * mm)
        leading = size * 1.25
        band_h = size * 0.72 + leading * (len(lines) - 1) + 20
        widest = max(text_width(line, FONT_BOLD, size) for line in lines)
        band_w = min(self.width, widest + 16 * mm)
        self.canv.setFillColor(SHADE)
        self.canv.roundRect(
            self.centre - band_w / 2, y, band_w, band_h, 4 * mm, stroke=0, fill=1
        )
        # Top line first, so that the PDF's text reads in order.
        baseline = y + 10 + leading * (len(lines) - 1)
        for line in lines:
            self._centred(line, baseline, FONT_BOLD, size)
            baseline -= leading
        y += band_h + 10
        prompt = fit(
            _("or type this address in your phone's browser:"),
            FONT,
            13,
            self.width,
        )
        self._centred(prompt, y, FONT, 13, MUTED)
        return y + 13 + 10

    def _draw_qr(self, top: float, bottom: float) -> None:
        """Draw the largest QR code of the address that fits between the blocks."""
        room = top - bottom
        size = max(_QR_MIN, min(_QR_MAX, room))
        y = bottom + (room - size) / 2
        draw_qr(self.canv, self.url, self.centre - size / 2, y, size)


def poster_pdf(
    *, tournament: Tournament, base_url: str, lang: str | None = None
) -> bytes:
    """Return the hall poster: name, date and venue, the address and its QR code."""
    register_fonts()
    language = document_language(tournament, lang)
    url = tournament_public_url(tournament=tournament, base_url=base_url)
    buffer = io.BytesIO()
    with translation.override(language):
        invitation, others = _invitations(language, tournament.language)
        canv = Canvas(
            buffer,
            pagesize=A4,
            lang=language,
            initialFontName=FONT,
            initialFontSize=10,
        )
        title = _("Poster for the hall entrance")
        canv.setTitle(f"{tournament.name} · {title}")
        canv.setSubject(title)
        canv.setAuthor(_("Manille scores"))
        canv.setCreator(_("Manille scores"))
        _Poster(canv, tournament=tournament, url=url).draw(
            invitation=invitation, others=others
        )
        canv.showPage()
        canv.save()
    return buffer.getvalue()
