"""Seat the rounds of pools and knockout phases from the phase's own plan.

A staged phase is not drawn afresh each round (``manille.draws.registry``'s
``staged`` methods): a pools phase splits its entrants into pools once, at its
first round (``manille.knockout.split_pools``), and every round seats each
pool's round robin in turn; a knockout phase seats the matches of its bracket
whose two sides are known (``standings.brackets``). ``draws.compute`` calls
:func:`staged_plan` where it would call a draw method; ``draws.services`` writes
the tables as for any draw, then :meth:`StagedPlan.write` keeps the pools or the
matches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from actionlog.services import action_record
from core.errors import InvalidInput, StateConflict
from manille import draws as draw_module
from manille.draws import registry as draw_methods
from manille.knockout import (
    ERROR_TEXT,
    Knockout,
    KnockoutError,
    knockout_clear,
    knockout_record,
    pool_rounds,
    split_pools,
)
from manille.knockout.bracket import MAIN
from standings.brackets import (
    BRACKET_ORDER,
    knockout_initial,
    phase_knockout,
    phase_pool_split,
    phase_seeds,
)
from tournaments.models import (
    KnockoutMatch,
    Phase,
    PoolPlace,
    Round,
    RoundLog,
    Table,
    Tournament,
)
from tournaments.round_log import round_log_add
from tournaments.services import tournament_touch


@dataclass(frozen=True)
class StagedPlan:
    """A staged round's draw, and what to keep besides its tables once written."""

    draw: draw_module.Draw
    clubs: dict[int, int | None]
    write: Callable[[Round], None]


def knockout_error(exc: KnockoutError) -> ValidationError:
    """Say a refusal of ``manille.knockout`` in the reader's language."""
    return ValidationError(_(ERROR_TEXT[exc.code]) % exc.params)


def staged_plan(
    *,
    phase: Phase,
    entrants: list[draw_module.Entrant],
    in_phase: int,
    seed: int,
    exclude_round: Round | None,
) -> StagedPlan:
    """Return the round ``in_phase`` (from 1) of a pools or knockout phase."""
    clubs = {e.id: e.club for e in entrants}
    try:
        if phase.draw_method == Phase.DrawMethod.POOLS:
            return _pools_round(phase, entrants, in_phase, seed, clubs)
        return _knockout_round(phase, in_phase, seed, clubs, exclude_round)
    except KnockoutError as exc:
        raise knockout_error(exc) from exc


# ------------------------------------------------------------------------ pools


def _ranked(entrants: list[draw_module.Entrant]) -> list[draw_module.Entrant]:
    """The entrants in the ranking a snake deals out: seeds first, then records."""
    return sorted(
        entrants,
        key=lambda e: (e.rank is None, e.rank or 0, -e.wins, -e.points, e.id),
    )


def _pools_round(phase, entrants, in_phase, seed, clubs) -> StagedPlan:
    fmt = phase.tournament.format
    if not phase.pool_size:
        raise ValidationError(
            _("Set the pool size of %(phase)s first.") % {"phase": phase.name}
        )
    new_split = in_phase == 1
    if new_split:
        split = split_pools(
            _ranked(entrants),
            size=phase.pool_size,
            seeding=phase.pool_seeding,
            seed=seed,
            uneven="larger" if fmt == draw_methods.INDIVIDUAL else "smaller",
        )
        pools = split.pools
    else:
        pools = phase_pool_split(phase=phase)
        if not pools:
            raise ValidationError(
                _("The pools of %(phase)s were not made: draw its first round again.")
                % {"phase": phase.name}
            )
    tables, byes = [], []
    for pool in pools:
        schedule = pool_rounds(pool, format=fmt)
        if in_phase > len(schedule):
            continue  # a smaller pool has played all its games
        played = schedule[in_phase - 1]
        for seats in played.tables:
            tables.append(
                draw_module.DrawTable(
                    number=len(tables) + 1,
                    seats=tuple(seats),
                    repeats=0,
                    same_club=0,
                    reasons=(),
                )
            )
        byes.extend(played.byes)
    if not tables:
        raise ValidationError(
            _("Every pool of %(phase)s has played all its games.")
            % {"phase": phase.name}
        )
    draw = draw_module.Draw(
        tables=tuple(tables), byes=tuple(byes), seed=seed, method=phase.draw_method
    )

    def write(rnd: Round) -> None:
        if not new_split:
            return
        PoolPlace.objects.filter(phase=phase).delete()
        seeds = {e.id: i for i, e in enumerate(_ranked(entrants), start=1)}
        PoolPlace.objects.bulk_create(
            [
                PoolPlace(phase=phase, entry_id=m, pool=pool.number, seed=seeds[m])
                for pool in pools
                for m in pool.members
            ]
        )

    return StagedPlan(draw=draw, clubs=clubs, write=write)


# --------------------------------------------------------------------- knockout


def knockout_rounds_needed(ko: Knockout) -> int:
    """How many rounds a knockout phase plays: the main bracket's, or the
    consolation's after the first round when it runs longer."""
    main = len(ko.brackets[0].rounds)
    longest = main
    for bracket in ko.brackets[1:]:
        if bracket.code != MAIN and bracket.code in BRACKET_ORDER:
            longest = max(longest, len(bracket.rounds) + 1)
    return longest


def _knockout_round(phase, in_phase, seed, clubs, exclude_round) -> StagedPlan:
    state = phase_knockout(phase=phase)
    if state is None:
        raise ValidationError(
            _("Nobody is seeded into %(phase)s yet: advance the qualifiers first.")
            % {"phase": phase.name}
        )
    if state.undecided:
        raise ValidationError(
            ngettext(
                "%(count)d match of %(phase)s ended level: decide who goes "
                "through on the bracket page first.",
                "%(count)d matches of %(phase)s ended level: decide who goes "
                "through on the bracket page first.",
                len(state.undecided),
            )
            % {"count": len(state.undecided), "phase": phase.name}
        )
    seated = {
        where
        for where, mt in state.tables.items()
        if exclude_round is None or mt.round_number != exclude_round.number
    }
    ready = []
    for bracket in sorted(state.knockout.brackets, key=lambda b: BRACKET_ORDER[b.code]):
        for r, rnd in enumerate(bracket.rounds):
            for i, match in enumerate(rnd.matches):
                if match.bye or match.winner is not None:
                    continue
                if match.a is None or match.b is None:
                    continue
                if (bracket.code, r, i) in seated:
                    continue
                ready.append((bracket.code, r, i, match))
    if not ready:
        if state.knockout.champion is not None:
            raise ValidationError(
                _("%(phase)s is played to its end.") % {"phase": phase.name}
            )
        raise ValidationError(
            _(
                "No match of %(phase)s has both its sides yet: the results of the "
                "round before decide who plays next."
            )
            % {"phase": phase.name}
        )
    tables = tuple(
        draw_module.DrawTable(
            number=n,
            seats=(match.a, match.b),
            repeats=0,
            same_club=0,
            reasons=(),
        )
        for n, (_code, _r, _i, match) in enumerate(ready, start=1)
    )
    byes = ()
    if in_phase == 1:
        first = state.knockout.brackets[0].rounds[0].matches
        byes = tuple(m.a for m in first if m.bye and m.a is not None)
    draw = draw_module.Draw(
        tables=tables, byes=byes, seed=seed, method=phase.draw_method
    )

    def write(rnd: Round) -> None:
        by_number = {t.number: t for t in Table.objects.filter(round=rnd)}
        KnockoutMatch.objects.bulk_create(
            [
                KnockoutMatch(
                    phase=phase,
                    table=by_number[n],
                    bracket=code,
                    round_index=r,
                    match_index=i,
                )
                for n, (code, r, i, _match) in enumerate(ready, start=1)
            ]
        )

    return StagedPlan(draw=draw, clubs=clubs, write=write)


def knockout_seed(*, phase: Phase) -> int:
    """Set a knockout phase's rounds from its seeds; return that number."""
    seeded = phase_seeds(phase=phase)
    if len(seeded) < 2:
        return phase.rounds
    try:
        ko = knockout_initial(phase=phase, seeded=seeded)
    except KnockoutError as exc:
        raise knockout_error(exc) from exc
    rounds = knockout_rounds_needed(ko)
    if rounds != phase.rounds:
        Phase.objects.filter(pk=phase.pk).update(rounds=rounds)
        phase.rounds = rounds
    return rounds


# ------------------------------------------------------------- the director's word


@transaction.atomic
def phase_tie_choose(*, phase: Phase, key: str, chosen: list[int], by) -> Phase:
    """Settle an exact tie at a pool's cut (``key``: the pool's letter, or "" for
    the best of the next place across pools) with the entrants the director picks.

    The pick must be as many of the tie's entrants as it has places; it is kept
    on the phase (``Phase.tie_choices``) and read by every later preview.
    """
    from draws.selectors import advance_preview

    Tournament.objects.select_for_update().filter(pk=phase.tournament_id).first()
    phase = Phase.objects.select_related("tournament").get(pk=phase.pk)
    if Round.objects.filter(
        tournament_id=phase.tournament_id, phase__order__gt=phase.order
    ).exists():
        raise StateConflict(
            _("The next phase has begun: its qualifiers are fixed."), code="next_begun"
        )
    ties = {t.key: t for t in advance_preview(phase=phase).ties}
    tie = ties.get(key)
    if tie is None:
        raise InvalidInput(
            _("There is no tie to settle there any more: reload the page.")
        )
    candidates = {e for e, _name in tie.candidates}
    picked = sorted(set(chosen))
    if len(picked) != tie.places or not set(picked) <= candidates:
        raise InvalidInput(
            _("Choose %(places)d of the tied entrants (%(where)s).")
            % {"places": tie.places, "where": tie.where}
        )
    before = dict(phase.tie_choices or {})
    phase.tie_choices = {**before, key: picked}
    phase.save(update_fields=["tie_choices"])
    names = dict(tie.candidates)
    action_record(
        by=by,
        action="phase.tie_chosen",
        tournament=phase.tournament_id,
        target=phase,
        target_text=phase.name,
        note=_("%(where)s: %(names)s go through.")
        % {"where": tie.where, "names": ", ".join(names[e] for e in picked)},
    )
    tournament_touch(tournament=phase.tournament)
    return phase


@transaction.atomic
def knockout_match_decide(
    *, match: KnockoutMatch, winner: str, decision: str, reason: str, by
) -> KnockoutMatch:
    """Say who goes through a match not won at the table: a walkover, a level
    game the director settles, or time. ``winner`` "" takes the decision back.

    Refused when a later match it feeds has been played (clear that one first).
    """
    match = (
        KnockoutMatch.objects.select_for_update()
        .select_related("table__round__tournament", "phase")
        .get(pk=match.pk)
    )
    rnd = match.table.round
    if winner not in ("", "a", "b"):
        raise InvalidInput(_("Choose the side that goes through."))
    if winner and decision not in KnockoutMatch.Decision.values:
        raise InvalidInput(_("Say how the match was decided."))
    reason = (reason or "").strip()
    if winner and not reason:
        raise InvalidInput(_("Give a reason: the players see it on the bracket."))
    state = phase_knockout(phase=match.phase)
    if state is None:
        raise StateConflict(
            _("Nobody is seeded into %(phase)s yet: advance the qualifiers first.")
            % {"phase": match.phase.name},
            code="not_seeded",
        )
    where = (match.bracket, match.round_index, match.match_index)
    try:
        probe = knockout_clear(
            state.knockout,
            bracket=match.bracket,
            round=match.round_index,
            match=match.match_index,
        )
        if winner:
            knockout_record(
                probe,
                bracket=match.bracket,
                round=match.round_index,
                match=match.match_index,
                winner=winner,
            )
    except KnockoutError as exc:
        raise StateConflict(
            _(ERROR_TEXT[exc.code]) % exc.params, code=exc.code
        ) from exc
    was = match.decided_winner
    match.decided_winner = winner
    match.decision = decision if winner else ""
    match.reason = reason if winner else ""
    match.full_clean(exclude=["phase", "table"])
    match.save(update_fields=["decided_winner", "decision", "reason"])
    ko_match = state.knockout.match(*where)
    names = state.names
    side = {"a": ko_match.a, "b": ko_match.b}
    if winner:
        change = _("Table %(table)d: %(name)s goes through (%(how)s).") % {
            "table": match.table.number,
            "name": names.get(side[winner], "?"),
            "how": match.get_decision_display(),
        }
    else:
        change = _("Table %(table)d: the decision (%(was)s) is taken back.") % {
            "table": match.table.number,
            "was": names.get(side.get(was), "?"),
        }
    round_log_add(
        round=rnd,
        action=RoundLog.Action.REPAIRED,
        reason=f"{change} — {reason}" if reason else change,
        by=by,
    )
    tournament_touch(tournament=rnd.tournament)
    return match
