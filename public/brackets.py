"""Lay out pools and brackets as the live pages and the projector show them.

Plain data from the one read model (``standings.brackets``): who stands where in
each pool and, once the pools are played, who goes through and why
(``draws.selectors.advance_preview``); each bracket round by round with its
winners, byes, walkovers, the director's decisions and the table a match is
being played at. The rounds the reader may see (``public_rounds``) say whether
a phase is played and which tables are in play: no query of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import ServiceError
from draws.selectors import advance_preview
from manille.knockout import Match
from manille.knockout.bracket import CONSOLATION
from standings.brackets import (
    STAGED_KNOCKOUT,
    STAGED_POOLS,
    tournament_knockouts,
    tournament_pools,
)
from tournaments.models import KnockoutMatch, Phase, Round

# A bracket on the projector: rounds of more matches than this are left out (the
# last 32 and before), so the rest fits one screen in large type.
PROJECTOR_MATCHES = 8


def staged_links(rounds) -> dict[str, bool]:
    """Which of the pools and bracket pages to link, from the public rounds' phases.

    The bracket is linked from the pools on when they send their best on to a
    knockout: it is waiting to be filled while the pools are played.
    """
    phases = [r.phase for r in rounds if r.phase_id is not None]
    pools = [p for p in phases if p.draw_method == STAGED_POOLS]
    to_knockout = any(p.advancement == Phase.Advancement.POOLS for p in pools)
    knockout = any(p.draw_method == STAGED_KNOCKOUT for p in phases)
    return {"pools": bool(pools), "bracket": knockout or to_knockout}


# ------------------------------------------------------------------------ pools


@dataclass(frozen=True)
class PoolView:
    name: str
    letter: str
    rows: tuple  # manille StandingRow, as the standings show them
    through: dict[int, str]  # entry id → why they go through

    @property
    def dom_id(self) -> str:
        return f"pool-{self.letter}"


@dataclass(frozen=True)
class PoolsPhaseView:
    phase: Phase
    pools: list[PoolView]
    played: bool  # every round of the phase closed: who goes through is known
    ties: int = 0  # exact ties at a cut, waiting for the director

    @property
    def advances_by_pools(self) -> bool:
        return self.phase.advancement == Phase.Advancement.POOLS


def _phase_played(phase: Phase, rounds) -> bool:
    closed = [
        r for r in rounds if r.phase_id == phase.pk and r.status == Round.Status.CLOSED
    ]
    return bool(closed) and len(closed) >= phase.rounds


def pools_view(*, tournament, rounds) -> list[PoolsPhaseView]:
    """Every pools phase's pools; who goes through marked once they are played."""
    out = []
    for found in tournament_pools(tournament=tournament):
        played = _phase_played(found.phase, rounds)
        reasons: dict[int, str] = {}
        ties = 0
        if played and found.phase.advancement == Phase.Advancement.POOLS:
            try:
                preview = advance_preview(phase=found.phase)
            except ServiceError:  # nobody advances, or the pools cannot say yet
                preview = None
            if preview is not None:
                reasons, ties = preview.reasons, len(preview.ties)
        pools = [
            PoolView(
                name=found.name(standing),
                letter=standing.letter,
                rows=tuple(standing.rows),
                through={
                    r.entry_id: reasons[r.entry_id]
                    for r in standing.rows
                    if r.entry_id in reasons
                },
            )
            for standing in found.standings
        ]
        out.append(
            PoolsPhaseView(phase=found.phase, pools=pools, played=played, ties=ties)
        )
    return out


# --------------------------------------------------------------------- knockout


@dataclass(frozen=True)
class SideView:
    entry_id: int | None
    name: str
    seed: int | None
    won: bool
    lost: bool


@dataclass(frozen=True)
class MatchView:
    a: SideView | None
    b: SideView | None
    bye: bool
    decided: bool
    walkover: bool
    decision: str  # "Walkover", "Decided by the director", … ("" when played out)
    reason: str
    table_number: int | None  # while it is being played
    round_number: int | None


@dataclass(frozen=True)
class RoundView:
    name: str
    matches: list[MatchView]
    pairs: bool  # its matches feed the next round two by two (drawn joined)


@dataclass(frozen=True)
class BracketView:
    code: str
    name: str
    rounds: list[RoundView]

    @property
    def projector_rounds(self) -> list[RoundView]:
        """The rounds the projector shows: the last ones, a screenful."""
        shown = [r for r in self.rounds if len(r.matches) <= PROJECTOR_MATCHES]
        return shown or self.rounds[-1:]


@dataclass(frozen=True)
class KnockoutView:
    phase: Phase
    brackets: list[BracketView]
    champion: str | None


def _side(entry: int | None, seed, names, winner: str | None, me: str) -> SideView:
    if entry is None:
        return None
    return SideView(
        entry_id=entry,
        name=names.get(entry, "?"),
        seed=seed,
        won=winner == me,
        lost=winner is not None and winner != me,
    )


def _seeds(ko) -> dict[int, int]:
    """Each entrant's seed, from the main bracket's first round (shown all along)."""
    seeds = {}
    for m in ko.brackets[0].rounds[0].matches:
        for entry, seed in ((m.a, m.seed_a), (m.b, m.seed_b)):
            if entry is not None and seed is not None:
                seeds[entry] = seed
    return seeds


def _match_view(match: Match, table, names, playing: set[int], seeds) -> MatchView:
    decision = reason = ""
    walkover = match.walkover
    if table is not None and table.decided_winner and match.winner:
        if table.decision:
            decision = KnockoutMatch.Decision(table.decision).label
        reason = table.reason
        walkover = walkover or table.decision == KnockoutMatch.Decision.WALKOVER
    in_play = (
        table is not None
        and match.winner is None
        and not match.bye
        and table.round_number in playing
    )
    return MatchView(
        a=_side(match.a, match.seed_a or seeds.get(match.a), names, match.winner, "a"),
        b=_side(match.b, match.seed_b or seeds.get(match.b), names, match.winner, "b"),
        bye=match.bye,
        decided=match.winner is not None,
        walkover=walkover,
        decision=str(decision),
        reason=reason,
        table_number=table.table_number if in_play else None,
        round_number=table.round_number if in_play else None,
    )


def knockouts_view(*, tournament, rounds) -> list[KnockoutView]:
    """Every knockout phase's brackets, main first, then third place, consolation."""
    playing = {r.number for r in rounds if r.status == Round.Status.PUBLISHED}
    out = []
    for found in tournament_knockouts(tournament=tournament):
        ko = found.knockout
        brackets = []
        seeds = _seeds(ko)
        for bracket in ko.brackets:
            views = []
            for r, rnd in enumerate(bracket.rounds):
                matches = [
                    _match_view(
                        m,
                        found.tables.get((bracket.code, r, i)),
                        found.names,
                        playing,
                        seeds if bracket.code != CONSOLATION else {},
                    )
                    for i, m in enumerate(rnd.matches)
                ]
                pairs = r + 1 < len(bracket.rounds) and len(rnd.matches) > 1
                views.append(RoundView(name=rnd.name, matches=matches, pairs=pairs))
            brackets.append(BracketView(bracket.code, bracket.name, views))
        champion = ko.champion
        out.append(
            KnockoutView(
                phase=found.phase,
                brackets=brackets,
                champion=found.names.get(champion) if champion is not None else None,
            )
        )
    return out


def projector_staged(*, tournament, rounds, show: str) -> dict:
    """What the projector's pools or bracket screen shows (``?show=``), else nothing."""
    if show == "pools":
        return {
            "staged_show": show,
            "pool_phases": pools_view(tournament=tournament, rounds=rounds),
        }
    if show == "bracket":
        return {
            "staged_show": show,
            "knockouts": knockouts_view(tournament=tournament, rounds=rounds),
        }
    return {"staged_show": ""}
