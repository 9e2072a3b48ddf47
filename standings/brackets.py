"""Read a phase's pools and a knockout's bracket as they stand: one read model.

The pages, the projector, the API and the PDFs read pools and brackets here, and
the draw workflow (``draws``) seats the next round from the same state, so what
a match's result is and who goes on is decided once:

- **Pools** are what :class:`tournaments.models.PoolPlace` stored when the phase's
  first round was drawn; each pool is ranked on its own games
  (``manille.knockout.pool_standings``), counting what the standings count
  (published rounds, confirmed sheets: ``standings.reader``).
- **A bracket** is not stored: it is built again from the phase's seeds
  (``Entry.seed``, written when the phase before advanced) and played forward
  with the result of every match a table has decided: the games won at the
  table (one game, or the first to two of three), or what the director decided
  there (a walkover, a level game, time). A match whose table has no result yet
  is open, and so is everything it feeds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from manille.knockout import (
    Knockout,
    KnockoutError,
    PoolStanding,
    knockout_build,
    knockout_forfeit,
    knockout_phases,
    knockout_record,
    pool_standings,
)
from manille.knockout.bracket import CONSOLATION, MAIN, THIRD_PLACE
from manille.knockout.pools import POOL_NAME, Pool, pool_letter
from manille.standings import EntrantInfo
from standings.reader import EntryRow, entrant_info, read_events
from standings.selectors import bye_rule_for
from tournaments.models import Entry, KnockoutMatch, Phase, PoolPlace

BRACKET_ORDER = {MAIN: 0, THIRD_PLACE: 1, CONSOLATION: 2}
STAGED_POOLS = Phase.DrawMethod.POOLS
STAGED_KNOCKOUT = Phase.DrawMethod.KNOCKOUT


# ------------------------------------------------------------------------ pools


@dataclass(frozen=True)
class PhasePools:
    """A pools phase's pools, each ranked on its own games."""

    phase: Phase
    pools: tuple[Pool, ...]
    standings: tuple[PoolStanding, ...]
    names: dict[int, str]

    def name(self, standing: PoolStanding) -> str:
        return gettext(POOL_NAME) % {"letter": standing.letter}


def phase_pool_split(*, phase: Phase) -> tuple[Pool, ...]:
    """Return the pools stored for ``phase`` (empty before its first draw)."""
    members: dict[int, list[tuple[int, int]]] = {}
    for pool, seed, entry_id in PoolPlace.objects.filter(phase=phase).values_list(
        "pool", "seed", "entry_id"
    ):
        members.setdefault(pool, []).append((seed, entry_id))
    return tuple(
        Pool(
            number=number,
            letter=pool_letter(number),
            members=tuple(e for _seed, e in sorted(rows)),
            seeds=tuple(s for s, _e in sorted(rows)),
            same_club=0,
            reasons=(),
        )
        for number, rows in sorted(members.items())
    )


def phase_pools(*, phase: Phase) -> PhasePools | None:
    """Rank the pools of ``phase`` on their games; None before the pools are made."""
    pools = phase_pool_split(phase=phase)
    if not pools:
        return None
    tournament = phase.tournament
    events, entries = read_events([tournament.pk], lines=True, phase_id=phase.pk)
    infos = _infos(entries)
    event = events[tournament.pk]
    standings = pool_standings(
        pools,
        [infos[m] for p in pools for m in p.members],
        event.games,
        tiebreaks=tournament.tiebreak_list,
        byes=event.byes,
        bye_rule=bye_rule_for(tournament),
    )
    return PhasePools(
        phase=phase,
        pools=pools,
        standings=standings,
        names={i: info.name for i, info in infos.items()},
    )


def tournament_pools(*, tournament) -> list[PhasePools]:
    """Return every pools phase of ``tournament`` whose pools are made, in order."""
    phases = Phase.objects.filter(
        tournament=tournament, draw_method=STAGED_POOLS
    ).order_by("order")
    found = []
    for phase in phases:
        phase.tournament = tournament
        pools = phase_pools(phase=phase)
        if pools is not None:
            found.append(pools)
    return found


def _infos(entries) -> dict[int, EntrantInfo]:
    return {row.id: entrant_info(row) for row in map(EntryRow._make, entries)}


# --------------------------------------------------------------------- knockout


@dataclass(frozen=True)
class MatchTable:
    """The table of a round that plays a match, and what was decided there."""

    table_id: int
    round_number: int
    table_number: int
    decided_winner: str
    decision: str
    reason: str


@dataclass(frozen=True)
class PhaseKnockout:
    """A knockout phase's brackets as they stand, and the tables of its matches."""

    phase: Phase
    knockout: Knockout
    names: dict[int, str]
    tables: dict[tuple[str, int, int], MatchTable] = field(default_factory=dict)
    # Matches whose table played but did not decide (a level game): the director's.
    undecided: tuple[tuple[str, int, int], ...] = ()

    def phases_data(self) -> list[dict]:
        """The brackets as the bracket API shows them (names translated)."""
        return knockout_phases(self.knockout, names=self.names, gettext=gettext)


def phase_seeds(*, phase: Phase) -> list[int]:
    """Return the entrants of a knockout phase, seed 1 first."""
    return list(
        Entry.objects.filter(phase=phase, seed__isnull=False)
        .order_by("seed", "pk")
        .values_list("pk", flat=True)
    )


def _apart(phase: Phase, seeded: list[int]) -> dict[int, int]:
    """Each entrant's pool in the phase before, to keep pools apart in round one."""
    earlier = (
        Phase.objects.filter(tournament_id=phase.tournament_id, order__lt=phase.order)
        .order_by("-order")
        .first()
    )
    if earlier is None:
        return {}
    return dict(
        PoolPlace.objects.filter(phase=earlier, entry_id__in=seeded).values_list(
            "entry_id", "pool"
        )
    )


def knockout_initial(*, phase: Phase, seeded: list[int] | None = None) -> Knockout:
    """Build the phase's brackets from its seeds, no match played."""
    seeded = phase_seeds(phase=phase) if seeded is None else seeded
    return knockout_build(
        seeded,
        best_of=phase.best_of,
        third_place=phase.third_place,
        consolation=phase.consolation,
        apart=_apart(phase, seeded),
    )


def phase_knockout(*, phase: Phase) -> PhaseKnockout | None:
    """Return the phase's brackets played forward; None before it is seeded."""
    seeded = phase_seeds(phase=phase)
    if len(seeded) < 2:
        return None
    tournament = phase.tournament
    ko = knockout_initial(phase=phase, seeded=seeded)
    events, entries = read_events([tournament.pk], lines=True, phase_id=phase.pk)
    wins: dict[tuple[int, int], dict[int, int]] = {}
    played: set[tuple[int, int]] = set()
    for game in events[tournament.pk].games:
        key = (game.round_number, game.table_number)
        played.add(key)
        if game.winner is None:
            continue
        side = game.side_a if game.winner == 0 else game.side_b
        if side:
            per_table = wins.setdefault(key, {})
            per_table[side[0]] = per_table.get(side[0], 0) + 1
    tables: dict[tuple[str, int, int], MatchTable] = {}
    rows = KnockoutMatch.objects.filter(phase=phase).values_list(
        "bracket",
        "round_index",
        "match_index",
        "table_id",
        "table__round__number",
        "table__number",
        "decided_winner",
        "decision",
        "reason",
    )
    for code, r, i, table_id, rnd, number, winner, decision, reason in rows:
        tables[(code, r, i)] = MatchTable(
            table_id, rnd, number, winner, decision, reason
        )
    undecided = []
    for where in sorted(tables, key=lambda k: (BRACKET_ORDER.get(k[0], 9), k[1], k[2])):
        mt = tables[where]
        ko, open_ = _play(ko, where, mt, wins.get((mt.round_number, mt.table_number)))
        if open_ and (mt.round_number, mt.table_number) in played:
            undecided.append(where)
    return PhaseKnockout(
        phase=phase,
        knockout=ko,
        names={i: info.name for i, info in _infos(entries).items()},
        tables=tables,
        undecided=tuple(undecided),
    )


def _play(
    ko: Knockout, where: tuple[str, int, int], mt: MatchTable, wins: dict | None
) -> tuple[Knockout, bool]:
    """Record the match's result from its table; return (ko, still open)."""
    code, r, i = where
    try:
        match = ko.match(code, r, i)
    except KnockoutError:  # a table of a match the seeds no longer make
        return ko, False
    if match.a is None or match.b is None or match.bye:
        return ko, False
    try:
        if mt.decided_winner:
            if mt.decision == KnockoutMatch.Decision.WALKOVER:
                loser = "b" if mt.decided_winner == "a" else "a"
                return knockout_forfeit(
                    ko, bracket=code, round=r, match=i, forfeiting=loser
                ), False
            return knockout_record(
                ko, bracket=code, round=r, match=i, winner=mt.decided_winner
            ), False
        need = match.best_of // 2 + 1
        for side, entry in (("a", match.a), ("b", match.b)):
            if wins and wins.get(entry, 0) >= need:
                return knockout_record(
                    ko, bracket=code, round=r, match=i, winner=side
                ), False
    except KnockoutError:
        return ko, True
    return ko, True


def tournament_knockouts(*, tournament) -> list[PhaseKnockout]:
    """Return every knockout phase of ``tournament`` that is seeded, in order."""
    found = []
    for phase in Phase.objects.filter(
        tournament=tournament, draw_method=STAGED_KNOCKOUT
    ).order_by("order"):
        phase.tournament = tournament
        ko = phase_knockout(phase=phase)
        if ko is not None:
            found.append(ko)
    return found
