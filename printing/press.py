"""Make the results for the press and the club's chat: a top N as PDF, PNG and text.

One selection (:func:`press_results`: the final or current standings' first places
and, once prizes are awarded, who won which) drawn three ways: an A4 page on the
shared template, an image sized for a phone (Pillow, with the fonts the PDFs embed
so that accents print), and plain text to paste into a message.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils import formats, translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer, Table

from printing.base import (
    FONT,
    FONT_BOLD,
    FONT_DIR,
    INK,
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
from printing.standings import standings_as_of
from prizes import selectors as prize_selectors
from prizes.models import Prize, PrizeAward
from standings.progress import standings_progress
from standings.selectors import standings_for
from tournaments.models import Tournament

TOP_MAX = 50
TOP = Choice(
    "top",
    tuple(str(n) for n in range(1, TOP_MAX + 1)),
    gettext_noop("Choose how many places to show, from 1 to 50."),
)
DEFAULT_TOP = 10
# What the press page offers to choose from (any of TOP is taken in the address).
TOP_CHOICES = (3, 5, 10, 15, 20, 30)

# The image: as wide as a phone's screen shot, a row a finger tall.
PNG_WIDTH = 1080


@dataclass(frozen=True)
class PressLine:
    """One place of the top N: who, from where, the record and the prize won."""

    rank: int
    shared: bool
    name: str
    club: str
    won: int
    points: int
    prize: str = ""

    @property
    def place(self) -> str:
        """Return the place as printed: "3" or "3=" for a shared one."""
        return f"{self.rank}=" if self.shared else str(self.rank)


@dataclass(frozen=True)
class PressResults:
    """What the press gets: the event, how far the standings go, the top lines."""

    name: str
    when: str  # "4 October 2026 · Café De Zwaan"
    title: str  # "Final standings" or "Standings after round 2"
    note: str  # "Round 3: 4 of 30 tables counted so far." while one is under way
    lines: list[PressLine]
    top: int
    specials: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class PressPrizes:
    """The prizes awarded: each place winner's, the special and booby prizes."""

    by_entry: dict[int, str]  # the place prizes, in words, by entry id
    specials: list[tuple[str, str]]  # (the special prize, who won it)
    booby: list[tuple[int, str, str]]  # (the last place, its prize, who won it)


def press_prizes(*, tournament: Tournament) -> PressPrizes:
    """Return the prizes awarded as the press prints them (none before awarding)."""
    by_entry: dict[int, list[str]] = {}
    specials, booby = [], []
    for award in prize_selectors.awards_by_place(tournament=tournament):
        text = prize_selectors.prize_text(award)
        if award.kind == PrizeAward.Kind.SPECIAL:
            specials.append((text, award.name))
            continue
        if award.prize is not None and award.prize.rule == Prize.Rule.BOOBY:
            booby.append((award.place, text, award.name))
        if award.entry_id and text:
            by_entry.setdefault(award.entry_id, []).append(text)
    return PressPrizes(
        by_entry={k: " + ".join(v) for k, v in by_entry.items()},
        specials=specials,
        booby=booby,
    )


def press_results(*, tournament: Tournament, top: int = DEFAULT_TOP) -> PressResults:
    """Return the first ``top`` places (all who share the last one) and their prizes.

    Build it in the language to print in: the title and the date are words.
    """
    kind = "players" if tournament.is_individual else "teams"
    rows = standings_for(tournament=tournament, kind=kind)
    prizes = press_prizes(tournament=tournament)
    lines = [
        PressLine(
            rank=row.rank,
            shared=row.shared,
            name=str(row.name),
            club=str(row.club or ""),
            won=row.games_won,
            points=row.points,
            prize=prizes.by_entry.get(row.entry_id, ""),
        )
        for row in rows
        if row.rank <= top
    ]
    progress = standings_progress(tournament=tournament)
    planned = sum(p.rounds for p in tournament.phases.all())
    subtitle, note = standings_as_of(progress, after_round=None, planned_rounds=planned)
    done = progress.after_round
    if progress.current is None and done is not None and done >= planned:
        title = _("Final standings")
    elif subtitle:
        title = _("Standings %(as_of)s") % {"as_of": subtitle}
    else:
        title = _("Standings")
    dated = formats.date_format(tournament.date, "DATE_FORMAT")
    return PressResults(
        name=tournament.name,
        when=" · ".join(p for p in (dated, tournament.venue) if p),
        title=title,
        note=note,
        lines=lines,
        top=top,
        # The booby prize makes the news even when the last is not in the top.
        specials=prizes.specials
        + [(prize, name) for place, prize, name in prizes.booby if place > top],
    )


def _record(line: PressLine) -> str:
    return _("%(won)s won, %(points)s points") % {
        "won": line.won,
        "points": line.points,
    }


# --------------------------------------------------------------------------- text


def press_text(results: PressResults, *, url: str = "") -> str:
    """Return the results as plain text to paste into a message or an e-mail."""
    top = _("top %(n)s") % {"n": results.top}
    out = [results.name, results.when, "", f"{results.title} ({top})"]
    if results.note:
        out.append(results.note)
    out.append("")
    if not results.lines:
        out.append(_("No confirmed results yet."))
    for line in results.lines:
        who = line.name + (f" ({line.club})" if line.club else "")
        text = f"{line.place}. {who} — {_record(line)}"
        if line.prize:
            text += f" — {line.prize}"
        out.append(text)
    if results.specials:
        out += ["", _("Special prizes")]
        out += [f"{prize}: {name}" for prize, name in results.specials]
    if url:
        out += ["", _("All results: %(url)s") % {"url": url}]
    return "\n".join(out) + "\n"


def press_text_for(
    *, tournament: Tournament, top: int = DEFAULT_TOP, lang: str | None, url: str = ""
) -> str:
    """Return the plain text in the language asked for (else the event's)."""
    with translation.override(document_language(tournament, lang)):
        return press_text(press_results(tournament=tournament, top=top), url=url)


# ---------------------------------------------------------------------------- PDF


def press_pdf(
    *, tournament: Tournament, top: int = DEFAULT_TOP, lang: str | None = None
) -> bytes:
    """Return the top N on an A4 page: large type, the prize beside each name."""
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        results = press_results(tournament=tournament, top=top)
        width = A4[0] - 2 * MARGIN
        with_prize = any(line.prize for line in results.lines)
        shares = (0.08, 0.4, 0.22, 0.3) if with_prize else (0.08, 0.55, 0.37, 0)
        widths = [s * width for s in shares if s]
        head = [pgettext("standings", "rank"), _("Name"), _("Result")]
        if with_prize:
            head.append(_("Prize"))
        body = [head]
        style = ParagraphStyle(
            "press-name", fontName=FONT_BOLD, fontSize=13, leading=16, textColor=INK
        )
        for line in results.lines:
            name = escape(fit(line.name, FONT_BOLD, 13, widths[1] - 6))
            if line.club:
                club = escape(fit(line.club, FONT, 10, widths[1] - 6))
                name += (
                    f'<br/><font name="{FONT}" size="10" color="#5b6670">{club}</font>'
                )
            name = Paragraph(name, style)
            cells = [line.place, name, _record(line)]
            if with_prize:
                cells.append(fit(line.prize, FONT, 11, widths[3] - 6))
            body.append(cells)
        story: list = [
            Table(body, colWidths=widths, repeatRows=1, style=_style(), hAlign="LEFT")
        ]
        if results.note:
            story.insert(0, ParagraphLine(results.note, size=11, font=FONT_BOLD))
        if not results.lines:
            story = [ParagraphLine(_("No confirmed results yet."), size=14)]
        if results.specials:
            story += [
                Spacer(1, 10),
                ParagraphLine(_("Special prizes"), size=13, font=FONT_BOLD),
                Table(
                    [
                        [
                            fit(p, FONT, 11, width * 0.5 - 6),
                            fit(n, FONT, 11, width * 0.5),
                        ]
                        for p, n in results.specials
                    ],
                    colWidths=[width * 0.5, width * 0.5],
                    style=grid_style(font_size=11, header=False),
                    hAlign="LEFT",
                ),
            ]
        section = Section("press", results.title, _("top %(n)s") % {"n": top})
        return render(tournament, [section], story, subject=results.title)


def _style():
    return grid_style(
        font_size=12,
        extra=[
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
            ("FONTSIZE", (0, 1), (0, -1), 16),
            ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("TEXTCOLOR", (2, 1), (2, -1), MUTED),
            ("TOPPADDING", (0, 1), (-1, -1), 6),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
        ],
    )


# ---------------------------------------------------------------------------- PNG

_INK = (29, 35, 42)
_MUTED = (91, 102, 112)
_LIGHT = (244, 246, 247)
_WHITE = (255, 255, 255)
_ACCENT = (179, 38, 30)  # the red suits of the poster
_PAD = 64
_ROW = 112
_ROW_PRIZE = 150
_SPECIAL_HEAD = 80
_SPECIAL = 52


def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def _fit_px(draw: ImageDraw.ImageDraw, text: str, font, width: float) -> str:
    """Return ``text`` cut with an ellipsis to at most ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap_px(draw, text: str, font, width: float, lines: int) -> list[str]:
    """Return ``text`` in at most ``lines`` lines of ``width`` pixels, cut at spaces."""
    out, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and draw.textlength(candidate, font=font) > width:
            out.append(line)
            line = word
        else:
            line = candidate
    out.append(line)
    if len(out) > lines:
        out = out[: lines - 1] + [" ".join(out[lines - 1 :])]
    return [_fit_px(draw, t, font, width) for t in out]


def press_png(
    *, tournament: Tournament, top: int = DEFAULT_TOP, lang: str | None = None
) -> bytes:
    """Return the top N as a PNG 1080 pixels wide, to send in a chat."""
    with translation.override(document_language(tournament, lang)):
        results = press_results(tournament=tournament, top=top)
        footer = _("Manille scores")
        empty = _("No confirmed results yet.")
        specials_title = _("Special prizes")
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inner = PNG_WIDTH - 2 * _PAD
    title_font, when_font = _font(True, 54), _font(False, 30)
    heading_font = _font(True, 38)
    name_lines = _wrap_px(measure, results.name, title_font, inner, 2)
    header_h = _PAD + len(name_lines) * 66 + 50 + 64 + 40
    if results.note:
        header_h += 44
    rows_h = sum(_ROW_PRIZE if line.prize else _ROW for line in results.lines)
    rows_h = rows_h or _ROW
    if results.specials:
        rows_h += _SPECIAL_HEAD + _SPECIAL * len(results.specials)
    height = header_h + rows_h + 40 + 90
    image = Image.new("RGB", (PNG_WIDTH, height), _WHITE)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, PNG_WIDTH, header_h - 30], fill=_INK)
    y = _PAD
    for text in name_lines:
        draw.text((_PAD, y), text, font=title_font, fill=_WHITE)
        y += 66
    draw.text(
        (_PAD, y + 4),
        _fit_px(draw, results.when, when_font, inner),
        font=when_font,
        fill=(200, 206, 212),
    )
    y += 50
    draw.text(
        (_PAD, y + 10),
        _fit_px(draw, results.title, heading_font, inner),
        font=heading_font,
        fill=(255, 214, 102),
    )
    y = header_h - 30 + 30
    if results.note:
        note_font = _font(False, 26)
        draw.text(
            (_PAD, y - 10),
            _fit_px(draw, results.note, note_font, inner),
            font=note_font,
            fill=_ACCENT,
        )
        y += 44
    if not results.lines:
        draw.text((_PAD, y + 30), empty, font=_font(False, 36), fill=_MUTED)
    for n, line in enumerate(results.lines):
        y = _draw_row(draw, line, y, shade=n % 2 == 1)
    if results.specials:
        y = _draw_specials(draw, specials_title, results.specials, y)
    footer_font = _font(False, 26)
    draw.text(
        (_PAD, height - 70),
        _fit_px(draw, footer, footer_font, inner),
        font=footer_font,
        fill=_MUTED,
    )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _draw_row(draw: ImageDraw.ImageDraw, line: PressLine, y: int, *, shade) -> int:
    """Draw one place from ``y``; return where the next one starts."""
    height = _ROW_PRIZE if line.prize else _ROW
    if shade:
        draw.rectangle([0, y, PNG_WIDTH, y + height], fill=_LIGHT)
    rank_font, name_font = _font(True, 44), _font(True, 38)
    small, record_font = _font(False, 27), _font(True, 30)
    colour = _ACCENT if line.rank == 1 else _INK
    draw.text((_PAD, y + 22), line.place, font=rank_font, fill=colour)
    left = _PAD + 110
    record = _record(line)
    record_w = draw.textlength(record, font=small)
    name_w = PNG_WIDTH - _PAD - left - record_w - 24
    draw.text(
        (left, y + 18), _fit_px(draw, line.name, name_font, name_w), font=name_font,
        fill=_INK,
    )  # fmt: skip
    if line.club:
        draw.text(
            (left, y + 66), _fit_px(draw, line.club, small, name_w), font=small,
            fill=_MUTED,
        )  # fmt: skip
    draw.text((PNG_WIDTH - _PAD - record_w, y + 28), record, font=small, fill=_MUTED)
    if line.prize:
        prize_w = PNG_WIDTH - _PAD - left
        draw.text(
            (left, y + 104), _fit_px(draw, "★ " + line.prize, record_font, prize_w),
            font=record_font, fill=_ACCENT,
        )  # fmt: skip
    return y + height


def _draw_specials(draw, title: str, specials, y: int) -> int:
    """Draw the special prizes under the places; return where they end."""
    y += 24
    draw.text((_PAD, y), title, font=_font(True, 34), fill=_INK)
    y += _SPECIAL_HEAD - 24
    font = _font(False, 28)
    inner = PNG_WIDTH - 2 * _PAD
    for prize, name in specials:
        text = _fit_px(draw, f"★ {prize}: {name}", font, inner)
        draw.text((_PAD, y), text, font=font, fill=_INK)
        y += _SPECIAL
    return y


def top_from(options: Mapping[str, str]) -> int:
    """Return the top N the options ask for (checked by ``TOP``)."""
    return int(options.get("top") or DEFAULT_TOP)
