"""Print a knockout's brackets drawn with lines: rounds as columns, on A4 landscape.

Decisions made here once:

- **A page holds at most 32 first-round lines** (a bracket of 32, names still at
  7.5 pt). A larger bracket is split into halves (quarters from 128 on…), each
  drawn from its first round to its own last match, and a last page draws the
  rounds that join them (the semi-finals, the final, the champion).
- **The champion** stands in a column after the final; the match for third
  place under it, on the page of the final. A consolation bracket follows on
  pages of its own, drawn the same way.
- **A winner** is bold on a light shade; a bye says so in the empty line; a
  walkover is marked beside the winner; a match not played yet is an empty box.
  Seeds are the main bracket's, printed small before each name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak

from manille.knockout import Bracket, Match
from manille.knockout.bracket import CONSOLATION, MAIN, THIRD_PLACE
from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    RULE,
    PdfError,
    Section,
    document_language,
    fit,
    register_fonts,
    render,
    shrink,
)
from standings.brackets import PhaseKnockout, tournament_knockouts
from tournaments.models import Tournament

PAGE = landscape(A4)
MAX_LINES = 32  # first-round lines on one page (two a match)
WIN_SHADE = colors.HexColor("#e3f1e6")
WIN_BAR = colors.HexColor("#1e7a3c")
LINE = colors.HexColor("#3d4650")
BOX_LINE = RULE
TITLE_H = 38  # the page's own title and the round names above the columns
GAP = 16  # between two columns, where the connecting lines run
BOX_MAX = 215  # points: the widest a match's box grows (a small bracket)
SEED_W = 1.6  # the seed's room before a name, in the name's size


@dataclass(frozen=True)
class Column:
    """A round as one page draws it: its name and the matches it shows."""

    name: str
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Words:
    """The translated words a page draws, read once in the document's language."""

    bye: str
    walkover: str
    champion: str


def parts_for(lines: int) -> int:
    """Return how many pages the first round of ``lines`` lines is split into."""
    parts = 1
    while lines / parts > MAX_LINES:
        parts *= 2
    return parts


class BracketPage(Flowable):
    """One page of a bracket: its columns, connected, and an end column.

    ``end`` is the label of the column after the last round ("Champion"), with
    ``end_entry`` in it, or None when the page stops before the bracket's last
    round (a half: its last match leads to the page of the final). ``extra`` is
    a match drawn under the end column (the match for third place).
    """

    def __init__(
        self,
        *,
        title: str,
        columns: Sequence[Column],
        names: Mapping[int, str],
        seeds: Mapping[int, int],
        words: Words,
        end: str | None = None,
        end_entry: int | None = None,
        extra: tuple[str, Match] | None = None,
        note: str = "",
    ):
        super().__init__()
        self.title, self.columns, self.names, self.seeds = title, columns, names, seeds
        self.words, self.end, self.end_entry = words, end, end_entry
        self.extra, self.note = extra, note

    def wrap(self, avail_w, avail_h):
        self.width, self.height = avail_w, avail_h - 0.5
        return self.width, self.height

    # Geometry ---------------------------------------------------------------

    def _layout(self):
        count = len(self.columns) + (1 if self.end is not None else 0)
        # A small bracket keeps boxes of a name's width, from the left.
        col_w = min((self.width + GAP) / count, BOX_MAX + GAP)
        box_w = col_w - GAP
        area_top = self.height - TITLE_H
        first = max(len(self.columns[0].matches), 1)
        slot = area_top / first
        line_h = min(slot / 2 * 0.9, 17.0)
        size = max(6.0, min(9.0, line_h * 0.66))
        return col_w, box_w, area_top, slot, line_h, size

    def _name_size(self, box_w: float, size: float) -> float:
        """Return one size for every name of the page: the longest fits, if it can.

        Names of one size read as a list; below 80 % of the page's size the
        longest are cut with an ellipsis instead.
        """
        entries = {
            e
            for column in self.columns
            for m in column.matches
            for e in (m.a, m.b)
            if e is not None
        }
        room = box_w - size * SEED_W - 5
        fitted = size
        for entry in entries:
            _name, at = shrink(self.names.get(entry, "?"), FONT_BOLD, size, room, 0)
            fitted = min(fitted, at)
        return max(fitted, size * 0.8)

    # Drawing ----------------------------------------------------------------

    def draw(self):
        canv = self.canv
        col_w, box_w, area_top, slot, line_h, size = self._layout()
        size = self._name_size(box_w, size)
        canv.saveState()
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 12)
        canv.drawString(0, self.height - 12, fit(self.title, FONT_BOLD, 12, self.width))
        if self.note:
            canv.setFont(FONT, 8.5)
            canv.setFillColor(MUTED)
            canv.drawRightString(
                self.width, self.height - 12, fit(self.note, FONT, 8.5, self.width / 2)
            )
        centres: list[list[float]] = []
        for c, column in enumerate(self.columns):
            x = c * col_w
            self._round_name(x, box_w, column.name)
            step = slot * (2**c)
            ys = [area_top - (i + 0.5) * step for i in range(len(column.matches))]
            centres.append(ys)
            for match, y in zip(column.matches, ys, strict=True):
                self._match(x, y, box_w, line_h, size, match)
            if c:
                self._connect(x - GAP, centres[c - 1], ys, box_w)
        if self.end is not None:
            x = len(self.columns) * col_w
            self._end_column(x, box_w, line_h, size, centres[-1][0], area_top)
        canv.restoreState()

    def _round_name(self, x: float, box_w: float, name: str) -> None:
        canv = self.canv
        text, size = shrink(name.upper(), FONT_BOLD, 9, box_w, 7)
        canv.setFont(FONT_BOLD, size)
        canv.setFillColor(MUTED)
        y = self.height - TITLE_H + 8
        canv.drawString(x, y, text)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(x, y - 4, x + box_w, y - 4)

    def _match(self, x, y, box_w, line_h, size, match: Match) -> None:
        """Draw a match as two lines in one box, centred on ``y``."""
        canv = self.canv
        top = y + line_h
        for index, (side, entry) in enumerate((("a", match.a), ("b", match.b))):
            y0 = top - (index + 1) * line_h
            won = match.winner == side
            if won:
                canv.setFillColor(WIN_SHADE)
                canv.rect(x, y0, box_w, line_h, stroke=0, fill=1)
                canv.setFillColor(WIN_BAR)
                canv.rect(x, y0, 2.2, line_h, stroke=0, fill=1)
            self._entry(x, y0, box_w, line_h, size, entry, won, match, side)
        canv.setStrokeColor(BOX_LINE)
        canv.setLineWidth(0.6)
        canv.rect(x, y - line_h, box_w, 2 * line_h, stroke=1, fill=0)
        canv.setLineWidth(0.3)
        canv.line(x, y, x + box_w, y)

    def _entry(self, x, y0, box_w, line_h, size, entry, won, match, side) -> None:
        canv = self.canv
        baseline = y0 + (line_h - size * 0.72) / 2
        seed_w = size * SEED_W
        if entry is None:
            if match.bye and side == "b":
                canv.setFont(FONT, size * 0.9)
                canv.setFillColor(MUTED)
                canv.drawString(x + seed_w + 2, baseline, self.words.bye)
            return
        seed = self.seeds.get(entry)
        if seed is not None:
            canv.setFont(FONT, size * 0.78)
            canv.setFillColor(MUTED)
            canv.drawRightString(x + seed_w - 1, baseline, str(seed))
        tag = ""
        if won and match.walkover:
            tag = self.words.walkover
        tag_w = (
            canv.stringWidth(tag, FONT, size * 0.78) + 4 if tag else 0
        )  # the walkover mark, right-aligned
        font = FONT_BOLD if won else FONT
        room = box_w - seed_w - 5 - tag_w
        name = fit(self.names.get(entry, "?"), font, size, room)
        canv.setFont(font, size)
        canv.setFillColor(INK)
        canv.drawString(x + seed_w + 2, baseline, name)
        if tag:
            canv.setFont(FONT, size * 0.78)
            canv.setFillColor(MUTED)
            canv.drawRightString(x + box_w - 3, baseline, tag)

    def _connect(self, x, before: list[float], after: list[float], box_w) -> None:
        """Join each pair of matches of the column before to the match they feed."""
        canv = self.canv
        canv.setStrokeColor(LINE)
        canv.setLineWidth(0.8)
        mid = x + GAP / 2
        for i, y in enumerate(after):
            upper, lower = before[2 * i], before[2 * i + 1]
            path = canv.beginPath()
            path.moveTo(x, upper)
            path.lineTo(mid, upper)
            path.lineTo(mid, lower)
            path.lineTo(x, lower)
            canv.drawPath(path, stroke=1, fill=0)
            canv.line(mid, y, x + GAP, y)

    def _end_column(self, x, box_w, line_h, size, y, area_top) -> None:
        """The champion's box after the last match, the match for third place below."""
        canv = self.canv
        canv.setStrokeColor(LINE)
        canv.setLineWidth(0.8)
        canv.line(x - GAP, y, x, y)
        height = max(line_h * 1.6, 24)
        canv.setFillColor(WIN_SHADE if self.end_entry is not None else colors.white)
        canv.setStrokeColor(WIN_BAR if self.end_entry is not None else BOX_LINE)
        canv.setLineWidth(1.2)
        canv.rect(x, y - height / 2, box_w, height, stroke=1, fill=1)
        canv.setFont(FONT_BOLD, 8)
        canv.setFillColor(MUTED)
        canv.drawString(x, y + height / 2 + 4, self.end.upper())
        if self.end_entry is not None:
            big = min(12.0, size * 1.3)
            name, fitted = shrink(
                self.names.get(self.end_entry, "?"), FONT_BOLD, big, box_w - 10, 7
            )
            canv.setFont(FONT_BOLD, fitted)
            canv.setFillColor(INK)
            canv.drawString(x + 5, y - fitted * 0.36, name)
        if self.extra is not None:
            label, match = self.extra
            third_y = max(y - area_top / 4, line_h + 14)
            text, small = shrink(label.upper(), FONT_BOLD, 8, box_w, 6.5)
            canv.setFont(FONT_BOLD, small)
            canv.setFillColor(MUTED)
            canv.drawString(x, third_y + line_h + 4, text)
            self._match(x, third_y, box_w, line_h, size, match)


# ------------------------------------------------------------------ the pages


def _seeds(phase_ko: PhaseKnockout) -> dict[int, int]:
    """Each entrant's seed, read from the main bracket's first round."""
    seeds: dict[int, int] = {}
    main = phase_ko.knockout.bracket(MAIN)
    if main is None or not main.rounds:
        return seeds
    for m in main.rounds[0].matches:
        for entry, seed in ((m.a, m.seed_a), (m.b, m.seed_b)):
            if entry is not None and seed is not None:
                seeds[entry] = seed
    return seeds


def _column_name(rnd) -> str:
    name = _(rnd.name)
    best_of = max((m.best_of for m in rnd.matches), default=1)
    if best_of > 1:
        return _("%(round)s · best of %(count)s") % {"round": name, "count": best_of}
    return name


def _bracket_pages(
    bracket: Bracket,
    *,
    names: Mapping[int, str],
    seeds: Mapping[int, int],
    words: Words,
    end: str,
    end_entry: int | None,
    extra: tuple[str, Match] | None,
) -> list[BracketPage]:
    """Return a bracket's pages: one, or its parts and the rounds joining them."""
    rounds = bracket.rounds
    title = _(bracket.name)
    parts = parts_for(2 * len(rounds[0].matches))
    common = {"names": names, "seeds": seeds, "words": words}
    if parts == 1:
        columns = [Column(_column_name(r), r.matches) for r in rounds]
        return [
            BracketPage(
                title=title,
                columns=columns,
                end=end,
                end_entry=end_entry,
                extra=extra,
                **common,
            )
        ]
    # Each part runs from the first round to the round with one match of it.
    levels = parts.bit_length() - 1  # parts == 2 ** levels
    last_of_part = len(rounds) - 1 - levels
    pages = []
    for p in range(parts):
        columns = []
        for r in rounds[: last_of_part + 1]:
            share = len(r.matches) // parts
            columns.append(
                Column(_column_name(r), r.matches[p * share : (p + 1) * share])
            )
        pages.append(
            BracketPage(
                title=f"{title} · {_part_name(p, parts)}",
                columns=columns,
                note=_("continued on the page of the last rounds"),
                **common,
            )
        )
    columns = [Column(_column_name(r), r.matches) for r in rounds[last_of_part:]]
    pages.append(
        BracketPage(
            title=_("%(title)s · the last rounds") % {"title": title},
            columns=columns,
            end=end,
            end_entry=end_entry,
            extra=extra,
            **common,
        )
    )
    return pages


def _part_name(index: int, parts: int) -> str:
    if parts == 2:
        return _("top half") if index == 0 else _("bottom half")
    return _("part %(number)s of %(count)s") % {"number": index + 1, "count": parts}


def _phase_pages(phase_ko: PhaseKnockout, words: Words) -> list[BracketPage]:
    ko = phase_ko.knockout
    seeds = _seeds(phase_ko)
    names = phase_ko.names
    pages: list[BracketPage] = []
    third = ko.bracket(THIRD_PLACE)
    extra = None
    if third is not None and third.rounds and third.rounds[0].matches:
        extra = (_(third.name), third.rounds[0].matches[0])
    main = ko.bracket(MAIN)
    if main is not None and main.rounds:
        final = main.rounds[-1].matches[0]
        pages += _bracket_pages(
            main,
            names=names,
            seeds=seeds,
            words=words,
            end=words.champion,
            end_entry=final.winner_id,
            extra=extra,
        )
    consolation = ko.bracket(CONSOLATION)
    if consolation is not None and consolation.rounds:
        final = consolation.rounds[-1].matches[0]
        pages += _bracket_pages(
            consolation,
            names=names,
            seeds=seeds,
            words=words,
            end=pgettext("bracket", "Winner"),
            end_entry=final.winner_id,
            extra=None,
        )
    return pages


def bracket_pdf(*, tournament: Tournament, lang: str | None = None) -> bytes:
    """Return every knockout phase's brackets on A4 landscape, drawn with lines."""
    return bracket_pdf_from(
        tournament=tournament,
        phases=tournament_knockouts(tournament=tournament),
        lang=lang,
    )


def bracket_pdf_from(
    *,
    tournament: Tournament,
    phases: Sequence[PhaseKnockout],
    lang: str | None = None,
) -> bytes:
    """Return the brackets of ``phases`` (the read model's) on A4 landscape."""
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        if not phases:
            raise PdfError(
                _("This tournament has no knockout yet: its entrants are not seeded.")
            )
        words = Words(
            bye=pgettext("bracket", "bye"),
            walkover=pgettext("bracket", "w.o."),
            champion=_("Champion"),
        )
        sections, story = [], []
        for index, phase_ko in enumerate(phases):
            champion = phase_ko.knockout.champion
            state = (
                _("final")
                if champion is not None
                else pgettext("bracket", "as it stands")
            )
            subtitle = f"{phase_ko.phase.name} · {state}"
            section = Section(f"bracket-{index}", _("Bracket"), subtitle)
            if sections:
                story += [NextPageTemplate(section.id), PageBreak()]
            sections.append(section)
            for number, page in enumerate(_phase_pages(phase_ko, words)):
                if number:
                    story.append(PageBreak())
                story.append(page)
        return render(tournament, sections, story, pagesize=PAGE, subject=_("Bracket"))
