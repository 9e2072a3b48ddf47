"""Read who advances to the next phase, and how the cut was decided."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core.errors import ServiceError, StateConflict
from manille.knockout import ERROR_TEXT as KNOCKOUT_ERRORS
from manille.knockout import KnockoutError, explain_qualifier, pool_advancement
from manille.standings import explain_order
from standings.brackets import phase_pools
from standings.selectors import entrant_kind, standings_for
from tournaments.models import Entry, Phase, Round, RoundLog, Seat


@dataclass
class AdvanceResult:
    """Who goes on to the next phase, and how the cut was decided."""

    phase: object
    next_phase: object
    method: str
    qualifiers: list  # StandingRow, in seeding order
    ranked: list  # every candidate StandingRow, in order
    last_in: object | None = None
    first_out: object | None = None
    tied: list = field(default_factory=list)  # rows level with the cut on the 1st key
    decided_by: str | None = None  # the tiebreak that separated last_in and first_out
    values: tuple = (None, None)
    level: bool = False  # level on every tiebreak: registration order decided
    advanced: bool = False
    # From pools: ``manille.knockout.Advancement`` (its qualifiers are ``qualifiers``),
    # each qualifier's reason in words, and the exact ties the director settles.
    pools: object | None = None
    reasons: dict = field(default_factory=dict)
    ties: list = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.qualifiers)

    @property
    def has_tie(self) -> bool:
        return len(self.tied) > 1

    @property
    def cut_rows(self) -> list:
        """The rows to show around the cut: the tied group, or last in, first out."""
        if self.has_tie:
            rows = list(self.tied)
            if self.first_out is not None and self.first_out not in rows:
                rows.append(self.first_out)
            # Around the cut only: three in, three out.
            cut = rows.index(self.last_in) if self.last_in in rows else 0
            return rows[max(0, cut - 2) : cut + 4]
        return [r for r in (self.last_in, self.first_out) if r is not None]

    @property
    def explained(self) -> list[tuple]:
        """Each qualifier with the reason it goes through (from pools)."""
        return [(q, self.reasons.get(q.entry_id, "")) for q in self.qualifiers]

    @property
    def qualifier_ids(self) -> set[int]:
        return {row.entry_id for row in self.qualifiers}


def _last_round_winners(phase, ranked: list, per_table: int = 1) -> list:
    """Return the ``per_table`` best-ranked entrants of each table of the phase's
    last round (individual elimination by tables: the winner, or the first two)."""
    last = Round.objects.filter(phase=phase).order_by("-number").first()
    if last is None:
        return []
    position = {row.entry_id: index for index, row in enumerate(ranked)}
    tables: dict[int, list[int]] = {}
    for table_id, entry_id in Seat.objects.filter(round=last).values_list(
        "table_id", "entry_id"
    ):
        if entry_id in position:
            tables.setdefault(table_id, []).append(entry_id)
    winners = {
        entry
        for ids in tables.values()
        for entry in sorted(ids, key=position.__getitem__)[:per_table]
    }
    return [row for row in ranked if row.entry_id in winners]


def advance_preview(*, phase) -> AdvanceResult:
    """Compute the qualifiers of a phase by its advancement rule (no writes).

    Raise :class:`core.errors.StateConflict` when nobody advances from it.
    """
    tournament = phase.tournament
    next_phase = (
        Phase.objects.filter(tournament=tournament, order__gt=phase.order)
        .order_by("order")
        .first()
    )
    if next_phase is None or phase.advancement == Phase.Advancement.NONE:
        raise StateConflict(
            _("Nobody advances from %(phase)s.") % {"phase": phase.name},
            code="no_advancement",
        )
    withdrawn = set(
        Entry.objects.filter(
            tournament=tournament, status=Entry.Status.WITHDRAWN
        ).values_list("id", flat=True)
    )
    ranked = [
        row
        for row in standings_for(
            tournament=tournament, kind=entrant_kind(tournament), phase=phase
        )
        if row.entry_id not in withdrawn
    ]
    if phase.advancement == Phase.Advancement.POOLS:
        return _pools_preview(phase, next_phase, withdrawn)
    if phase.advancement == Phase.Advancement.TABLE_WINNERS:
        pool = _last_round_winners(phase, ranked)
    elif phase.advancement == Phase.Advancement.TABLE_TOP_TWO:
        pool = _last_round_winners(phase, ranked, per_table=2)
    else:
        pool = ranked
    count = phase.advance_count or len(pool)
    qualifiers = pool[:count]
    result = AdvanceResult(
        phase=phase,
        next_phase=next_phase,
        method=phase.advancement,
        qualifiers=qualifiers,
        ranked=pool,
    )
    if qualifiers and len(pool) > count:
        last_in, first_out = pool[count - 1], pool[count]
        tiebreaks = tournament.tiebreak_list
        result.last_in, result.first_out = last_in, first_out
        first_key = tiebreaks[0] if tiebreaks else "games_won"
        level_value = last_in.tiebreaks.get(first_key)
        result.tied = [
            row for row in pool if row.tiebreaks.get(first_key) == level_value
        ]
        code, up, low = explain_order(last_in, first_out, tiebreaks)
        result.decided_by, result.values = code, (up, low)
        result.level = code is None
    return result


@dataclass(frozen=True)
class TieToSettle:
    """An exact tie at a pool's cut (or across pools), for the director to settle."""

    key: str  # where the choice goes in Phase.tie_choices: a pool's letter, or ""
    where: str  # "Pool B" or "across the pools", in words
    places: int
    candidates: list  # (entry id, name)


def _pools_preview(phase, next_phase, withdrawn) -> AdvanceResult:
    """Pick the first N of each pool and the best M of the next place."""
    pools = phase_pools(phase=phase)
    if pools is None:
        raise StateConflict(
            _("%(phase)s has no pools yet.") % {"phase": phase.name}, code="no_pools"
        )
    try:
        picked = pool_advancement(
            pools.standings,
            per_pool=phase.per_pool or 1,
            best_next=phase.best_next,
            tiebreaks=phase.tournament.tiebreak_list,
            chosen={k: set(v) for k, v in (phase.tie_choices or {}).items()},
        )
    except KnockoutError as exc:
        raise StateConflict(
            _(KNOCKOUT_ERRORS[exc.code]) % exc.params, code="pools"
        ) from exc
    qualifiers = [q for q in picked.qualifiers if q.entry_id not in withdrawn]
    ties = [
        TieToSettle(
            key=tie.key,
            where=(
                _("Pool %(letter)s") % {"letter": tie.pool}
                if tie.pool is not None
                else _("across the pools")
            ),
            places=tie.places,
            candidates=[(e, pools.names.get(e, str(e))) for e in tie.candidates],
        )
        for tie in picked.ties
    ]
    return AdvanceResult(
        phase=phase,
        next_phase=next_phase,
        method=phase.advancement,
        qualifiers=qualifiers,
        ranked=qualifiers,
        pools=picked,
        reasons={q.entry_id: explain_qualifier(q, gettext=_) for q in qualifiers},
        ties=ties,
    )


def advance_panel(*, round: Round) -> AdvanceResult | dict | None:  # noqa: A002
    """Return what the results desk shows about advancing after ``round``.

    Nothing unless the round is closed and the last of its phase; a dict with the
    reason when nobody can advance; otherwise the preview, marked ``advanced`` once
    the qualifiers were sent on.
    """
    if round.status != Round.Status.CLOSED:
        return None
    numbers = list(
        Round.objects.filter(phase_id=round.phase_id).values_list("number", flat=True)
    )
    if max(numbers) != round.number or len(numbers) < round.phase.rounds:
        return None
    try:
        result = advance_preview(phase=round.phase)
    except ServiceError as exc:
        return {"error": exc.message}
    result.advanced = RoundLog.objects.filter(
        round=round, action=RoundLog.Action.ADVANCED
    ).exists()
    return result
