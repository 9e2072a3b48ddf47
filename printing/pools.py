"""Print every pool's standings, who goes through marked with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)

from core.errors import ServiceError
from draws.selectors import advance_preview
from manille.standings import RECORD_FIELDS
from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    MUTED,
    ParagraphLine,
    PdfError,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
)
from printing.standings import _number, _tiebreak_keys
from standings.brackets import PhasePools, tournament_pools
from standings.labels import tiebreak_short_label
from tournaments.models import Entry, Phase, Round, Tournament

WIDTH = 210 * mm - 2 * MARGIN
THROUGH = "▶"  # marks a row that goes through, beside its reason
THROUGH_SHADE = "#e3f1e6"  # a light green behind the rows that go through


@dataclass(frozen=True)
class Progress:
    """How far a pools phase is: its rounds closed, of those it plans."""

    closed: int
    planned: int
    advanced: bool  # the next phase is seeded from it already

    @property
    def complete(self) -> bool:
        return self.advanced or (self.planned > 0 and self.closed >= self.planned)


def _progress(phase: Phase) -> Progress:
    statuses = list(Round.objects.filter(phase=phase).values_list("status", flat=True))
    closed = sum(s == Round.Status.CLOSED for s in statuses)
    later = (
        Phase.objects.filter(tournament_id=phase.tournament_id, order__gt=phase.order)
        .order_by("order")
        .first()
    )
    advanced = (
        later is not None
        and Entry.objects.filter(phase=later, seed__isnull=False).exists()
    )
    return Progress(closed=closed, planned=phase.rounds, advanced=advanced)


@dataclass(frozen=True)
class Through:
    """Who goes through from a pools phase, why, and the ties left to settle."""

    reasons: dict[int, str]
    seeds: dict[int, int]
    qualifiers: tuple  # manille Qualifier, in seeding order
    ties: tuple  # draws' TieToSettle


NOBODY = Through(reasons={}, seeds={}, qualifiers=(), ties=())


def _through(phase: Phase) -> Through:
    """Return who goes through by the phase's rule; nobody if none advance."""
    try:
        preview = advance_preview(phase=phase)
    except ServiceError:  # nobody advances from it, or no pools yet
        return NOBODY
    return Through(
        reasons=dict(preview.reasons),
        seeds={q.entry_id: q.seed for q in preview.qualifiers},
        qualifiers=tuple(preview.qualifiers),
        ties=tuple(preview.ties),
    )


# ------------------------------------------------------------------- the tables


_SMALL = ParagraphStyle(
    "reason", fontName=FONT, fontSize=7.5, leading=9, textColor=INK, alignment=TA_LEFT
)


def _widths(ties: int, marked: bool) -> list[float]:
    """Rank, the mark, name, club, the four figures, the tiebreaks, the reason.

    Without anyone marked (the pools still playing) the mark and the reason
    columns are not printed.
    """
    # The figures wide enough for their heads in every language ("gagnées").
    fixed = [0.07, 0.03 if marked else 0.0, 0.0, 0.0, 0.08, 0.08, 0.075, 0.065]
    fixed += [0.065] * ties
    reason = 0.19 if marked else 0.0
    rest = 1 - sum(fixed) - reason
    fixed[2], fixed[3] = rest * 0.7, rest * 0.3
    widths = [w * WIDTH for w in (*fixed, reason)]
    return widths if marked else [w for w in widths if w]


def _head(tie_keys: list[str], marked: bool) -> list[str]:
    head = [
        pgettext("standings", "rank"),
        "",
        _("Name"),
        _("Club"),
        pgettext("standings", "games"),
        pgettext("standings", "won"),
        pgettext("standings", "points"),
        pgettext("standings", "+/−"),
        *[tiebreak_short_label(k) for k in tie_keys],
        _("Goes through"),
    ]
    return head if marked else [head[0], *head[2:-1]]


def _pool_table(rows: Sequence, tie_keys: list[str], through: Through) -> Table:
    marked = bool(through.reasons)
    widths = _widths(len(tie_keys), marked)
    body: list[list] = [_head(tie_keys, marked)]
    shaded = []
    # With the mark's column, the others move one to the right.
    at = 1 if marked else 0
    for index, row in enumerate(rows, start=1):
        reason = through.reasons.get(row.entry_id)
        ties = row.tiebreaks or {}
        name_font = FONT_BOLD if reason else FONT
        line = [
            str(row.rank),
            fit(str(row.name), name_font, 9.5, widths[1 + at] - 6),
            fit(str(row.club or ""), FONT, 8, widths[2 + at] - 6),
            *[_number(getattr(row, field)) for field in RECORD_FIELDS],
            *[_number(ties.get(k)) for k in tie_keys],
        ]
        if marked:
            line.insert(1, THROUGH if reason else "")
            line.append(Paragraph(_escape(reason), _SMALL) if reason else "")
        body.append(line)
        if reason:
            shaded.append(index)
    last_figure = len(body[0]) - 1 - at
    extra = [
        ("FONTSIZE", (0, 1), (-1, -1), 9.5),
        ("FONTSIZE", (2 + at, 1), (2 + at, -1), 8),
        ("TEXTCOLOR", (2 + at, 1), (2 + at, -1), MUTED),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (3 + at, 0), (last_figure, -1), "RIGHT"),
        ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
        ("FONTNAME", (4 + at, 1), (4 + at, -1), FONT_BOLD),
        ("TOPPADDING", (0, 1), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 3),
    ]
    if marked:
        extra += [
            ("ALIGN", (1, 0), (1, -1), "CENTER"),
            ("LEFTPADDING", (1, 0), (1, -1), 0),
            ("RIGHTPADDING", (1, 0), (1, -1), 0),
        ]
    for index in shaded:
        extra += [
            ("BACKGROUND", (0, index), (-1, index), THROUGH_SHADE),
            ("FONTNAME", (2, index), (2, index), FONT_BOLD),
            ("TEXTCOLOR", (1, index), (1, index), "#1e7a3c"),
        ]
    return Table(
        body,
        colWidths=widths,
        repeatRows=1,
        style=grid_style(font_size=9.5, extra=extra),
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _PoolTitle(ParagraphLine):
    """A pool's name, large, with a rule under it."""

    def __init__(self, text: str):
        super().__init__(text, size=13, font=FONT_BOLD)


def _pool_blocks(pools: PhasePools, through: Through) -> list:
    tie_keys = _tiebreak_keys([r for s in pools.standings for r in s.rows])
    blocks = []
    for standing in pools.standings:
        blocks.append(
            KeepTogether(
                [
                    _PoolTitle(pools.name(standing)),
                    _pool_table(standing.rows, tie_keys, through),
                    Spacer(1, 5 * mm),
                ]
            )
        )
    return blocks


def _qualifiers_block(pools: PhasePools, through: Through) -> list:
    """The list of who goes through, in the seeding order of the next phase."""
    if not through.qualifiers:
        return []
    widths = [w * WIDTH for w in (0.07, 0.38, 0.09, 0.46)]
    head = [_("Seed"), _("Name"), _("Pool"), _("Why")]
    body = [head]
    for q in through.qualifiers:
        body.append(
            [
                str(q.seed),
                fit(pools.names.get(q.entry_id, q.name), FONT, 9.5, widths[1] - 6),
                q.pool,
                Paragraph(_escape(through.reasons.get(q.entry_id, "")), _SMALL),
            ]
        )
    style = grid_style(
        font_size=9.5,
        extra=[
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (2, 0), (2, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
        ],
    )
    title = _("Through to the next phase (%(count)s), in seeding order") % {
        "count": len(through.qualifiers)
    }
    return [
        KeepTogether(
            [
                ParagraphLine(title, size=13, font=FONT_BOLD),
                Table(body, colWidths=widths, repeatRows=1, style=style),
            ]
        )
    ]


def _ties_block(through: Through) -> list:
    """Say which exact ties the director still has to settle."""
    story = []
    for tie in through.ties:
        names = ", ".join(name for _id, name in tie.candidates)
        text = _(
            "Level on every tiebreak (%(where)s): the director chooses %(places)s "
            "of %(names)s."
        ) % {"where": tie.where, "places": tie.places, "names": names}
        story.append(ParagraphLine(text, size=10, font=FONT_BOLD))
    return story


def _subtitle(pools: PhasePools, progress: Progress, many: bool) -> str:
    parts = [pools.phase.name] if many else []
    if progress.complete:
        parts.append(_("final"))
    else:
        parts.append(
            _("provisional: %(closed)s of %(planned)s rounds closed")
            % {"closed": progress.closed, "planned": progress.planned}
        )
    return " · ".join(parts)


def pools_pdf(*, tournament: Tournament, lang: str | None = None) -> bytes:
    """Return every pool's standings on A4 portrait, who goes through marked.

    Until the phase's last round is closed the list is provisional and nobody is
    marked: who goes through is known only when every pool has played.
    """
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        phases = tournament_pools(tournament=tournament)
        if not phases:
            raise PdfError(_("This tournament has no pools yet: draw them first."))
        sections, story = [], []
        for index, pools in enumerate(phases):
            progress = _progress(pools.phase)
            through = _through(pools.phase) if progress.complete else NOBODY
            section = Section(
                f"pools-{index}",
                _("Pools"),
                _subtitle(pools, progress, many=len(phases) > 1),
            )
            if sections:
                story += [NextPageTemplate(section.id), PageBreak()]
            sections.append(section)
            if through.reasons:
                story.append(
                    ParagraphLine(
                        _("%(mark)s goes through to %(phase)s, with the reason.")
                        % {"mark": THROUGH, "phase": _next_phase_name(pools.phase)},
                        size=9,
                    )
                )
            story += _ties_block(through)
            story += _pool_blocks(pools, through)
            story += _qualifiers_block(pools, through)
        return render(tournament, sections, story, subject=_("Pools"))


def _next_phase_name(phase: Phase) -> str:
    later = (
        Phase.objects.filter(tournament_id=phase.tournament_id, order__gt=phase.order)
        .order_by("order")
        .values_list("name", flat=True)
        .first()
    )
    return later or _("the next phase")
