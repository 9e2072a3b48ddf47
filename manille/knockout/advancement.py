"""Pick who goes through from the pools: the first N of each, then the best M next.

Decisions made here once:

- **Within a pool** the pool's own standings decide (``compute_standings`` of its
  games, every tiebreak of the tournament, head-to-head included). Entrants who
  share a place all hold it: two sharing second place are both runners-up.
- **Across pools** (the best of the next place, and the seeding of everyone who
  goes through) the tournament's tiebreaks compare games played at a table only:
  a bye is nobody's game, so its credited wins and points are left out, and
  head-to-head is skipped (entrants of different pools never met). When the pools
  differ in size, the games against the last of each larger pool are left out
  too (the rule of football's groups), so everyone is compared on as many games.
- **An exact tie at a cut** (within a pool, or across pools for the last places of
  the best M) is never broken by lot here: the director decides. Without his
  choice the tie is returned (``Advancement.ties``) and nobody of it goes through;
  with it (``chosen``, the ids picked for each tie by its ``Tie.key``: the pool's
  letter, or ``ACROSS`` for the best M) the chosen go through, marked
  ``DIRECTOR``, and the others of the tie drop to the next place. Choices are
  kept per tie because one entrant can stand in two: left out of his pool's tie,
  he may tie again for the best M. An undecided tie inside a pool leaves the
  next place unknown, so the best M are then not picked at all.
- **Seeds** for the next phase: every pool's first before any second, and so on,
  with the best M after the last place taken directly; within one place by the
  figures across pools, then by the pools' order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from manille.knockout.errors import KnockoutError
from manille.knockout.pools import Pool
from manille.standings.calculation import compute_standings
from manille.standings.rows import ByeRow, ByeRule, EntrantInfo, GameRow, StandingRow
from manille.text import gettext_noop
from manille.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS, validate_codes

PLACE = "place"
BEST_NEXT = "best_next"
DIRECTOR = "director"
ACROSS = ""  # the key of a tie for the best of the next place, across pools

ROUTE_TEXT: dict[str, str] = {
    "winner": gettext_noop("winner of pool %(pool)s"),
    PLACE: gettext_noop("number %(place)d of pool %(pool)s"),
    "best_runner_up": gettext_noop("best runner-up: %(figures)s"),
    "runners_up": gettext_noop(
        "runner-up, %(order)d of the %(count)d best: %(figures)s"
    ),
    BEST_NEXT: gettext_noop(
        "number %(place)d of pool %(pool)s, %(order)d of the %(count)d best: "
        "%(figures)s"
    ),
    DIRECTOR: gettext_noop(
        "number %(place)d of pool %(pool)s, chosen by the director from a tie"
    ),
}
FIGURE = gettext_noop("%(label)s %(value)s")
LEFT_OUT = gettext_noop(
    "(games against the last of the larger pools left out, as the pools differ in size)"
)


@dataclass(frozen=True, slots=True)
class PoolStanding:
    """A pool's name and its standings (``compute_standings`` of its games)."""

    letter: str
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True, slots=True)
class Figures:
    """An entrant's record as compared across pools (read by ``manille.tiebreaks``)."""

    games_played: int
    games_won: int
    points: int
    point_difference: int
    opponents_strength: int
    deals_won: int
    revokes: int


@dataclass(frozen=True, slots=True)
class Candidate:
    """An entrant of a pool, his place in it and his record across pools."""

    entry_id: int
    name: str
    pool: str
    pool_index: int
    place: int
    figures: Figures
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Qualifier:
    entry_id: int
    name: str
    pool: str
    place: int
    seed: int
    route: str
    order: int
    count: int
    values: tuple[tuple[str, int], ...]
    # True when ``values`` leave out games (pools of unequal size, best of next).
    left_out: bool = False


@dataclass(frozen=True, slots=True)
class Tie:
    """Entrants equal on every tiebreak at a cut: ``places`` of them go through."""

    pool: str | None
    place: int
    candidates: tuple[int, ...]
    places: int

    @property
    def key(self) -> str:
        """Where the director's choice for this tie goes in ``chosen``."""
        return ACROSS if self.pool is None else self.pool


@dataclass(frozen=True, slots=True)
class Advancement:
    qualifiers: tuple[Qualifier, ...]
    ties: tuple[Tie, ...]
    # The next place's entrants, best first, those through and those out.
    next_place: tuple[Candidate, ...]
    left_out: bool

    @property
    def complete(self) -> bool:
        return not self.ties


def pool_standings(
    pools: Sequence[Pool],
    entrants: Iterable[EntrantInfo],
    games: Iterable[GameRow],
    *,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    byes: Iterable[ByeRow] = (),
    bye_rule: ByeRule = ByeRule(),  # noqa: B008 - frozen, so a safe default
) -> tuple[PoolStanding, ...]:
    """Rank each pool on its own games (what the pools page and API show).

    A game counts in the pool that holds every entrant of it; a game between
    two pools (the schedule never makes one) counts in none.
    """
    info = {e.id: e for e in entrants}
    where = {m: p.number for p in pools for m in p.members}
    per_pool: dict[int, list[GameRow]] = {p.number: [] for p in pools}
    for g in games:
        homes = {where.get(e) for e in (*g.side_a, *g.side_b)}
        if len(homes) == 1 and None not in homes:
            per_pool[homes.pop()].append(g)
    bye_rows = list(byes)
    return tuple(
        PoolStanding(
            letter=p.letter,
            rows=tuple(
                compute_standings(
                    [info[m] for m in p.members],
                    per_pool[p.number],
                    tiebreaks=tiebreaks,
                    byes=[b for b in bye_rows if where.get(b.entry_id) == p.number],
                    bye_rule=bye_rule,
                )
            ),
        )
        for p in pools
    )


def pool_advancement(
    pools: Sequence[PoolStanding],
    *,
    per_pool: int,
    best_next: int = 0,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    chosen: Mapping[str, Collection[int]] | None = None,
) -> Advancement:
    """Return who goes through and why (the rules: this module's docstring)."""
    if per_pool < 1:
        raise KnockoutError("bad_per_pool", count=per_pool)
    codes = tuple(
        c
        for c in (validate_codes(tiebreaks) or DEFAULT_TIEBREAKS)
        if not TIEBREAKS[c].pairwise
    )
    left_out = len({len(p.rows) for p in pools}) > 1
    candidates = _candidates(pools, codes)
    through: list[Candidate] = []
    via_next: list[Candidate] = []
    nexts: list[Candidate] = []
    ties: list[Tie] = []
    chosen = chosen or {}
    decided: set[int] = set()  # the director's picks from a tie
    for pool in pools:
        took, rest, tie = _cut(
            [candidates[r.entry_id] for r in pool.rows],
            per_pool,
            chosen.get(pool.letter, ()),
            pool.letter,
            decided=decided,
        )
        through += took
        if tie is not None:
            ties.append(tie)
        elif rest:
            nexts += [c for c in rest if c.place == rest[0].place]
    key = _key(codes)
    nexts.sort(key=key)
    if best_next and not ties:
        if len(nexts) < best_next:
            raise KnockoutError(
                "too_few_next",
                available=len(nexts),
                place=per_pool + 1,
                count=best_next,
            )
        via_next, _rest, tie = _cut(
            nexts, best_next, chosen.get(ACROSS, ()), None, key=key, decided=decided
        )
        if tie is not None:
            ties.append(tie)
    qualifiers = _seeded(through, via_next, key, decided, left_out)
    return Advancement(
        qualifiers=qualifiers,
        ties=tuple(ties),
        next_place=tuple(nexts),
        left_out=left_out,
    )


def _candidates(
    pools: Sequence[PoolStanding], codes: Sequence[str]
) -> dict[int, Candidate]:
    """Every pool member with his place and his record across pools."""
    smallest = min((len(p.rows) for p in pools), default=0)
    out: dict[int, Candidate] = {}
    for index, pool in enumerate(pools):
        dropped = {pool.rows[-1].entry_id} if len(pool.rows) > smallest else set()
        for row in pool.rows:
            figures = _figures(row, dropped)
            values = tuple((c, TIEBREAKS[c].value(figures)) for c in codes)
            out[row.entry_id] = Candidate(
                entry_id=row.entry_id,
                name=row.name,
                pool=pool.letter,
                pool_index=index,
                place=row.rank,
                figures=figures,
                values=values,
            )
    return out


def _figures(row: StandingRow, dropped: Collection[int]) -> Figures:
    """The row's games at a table, those against ``dropped`` left out."""
    games = [g for g in row.games if not set(g.opponents) & set(dropped)]
    return Figures(
        games_played=len(games),
        games_won=sum(1 for g in games if g.won),
        points=sum(g.score for g in games),
        point_difference=sum(g.score - g.opponent_score for g in games),
        opponents_strength=sum(w for o, w in row.opponents if o not in dropped),
        deals_won=sum(g.deals_won for g in games),
        revokes=sum(g.revokes for g in games),
    )


def _key(codes: Sequence[str]) -> Callable[[Candidate], tuple]:
    def key(c: Candidate) -> tuple:
        return (*(TIEBREAKS[code].sort_key(c.figures) for code in codes), c.pool_index)

    return key


def _cut(
    ranked: Sequence[Candidate],
    room: int,
    chosen: Collection[int],
    pool: str | None,
    *,
    decided: set[int],
    key: Callable[[Candidate], tuple] | None = None,
) -> tuple[list[Candidate], list[Candidate], Tie | None]:
    """Take ``room`` of ``ranked`` (best first); a tie across the cut needs a choice.

    Equal means the same place in a pool (``key`` None) or the same figures
    across pools. Return (taken, the rest, the undecided tie or None); the ids
    the director's choice settled are added to ``decided``.
    """

    def same(c: Candidate) -> tuple:
        return (c.place,) if key is None else key(c)[:-1]

    if len(ranked) <= room:
        return list(ranked), [], None
    edge = same(ranked[room - 1])
    if same(ranked[room]) != edge:
        return list(ranked[:room]), list(ranked[room:]), None
    block = [c for c in ranked if same(c) == edge]
    above = [c for c in ranked[:room] if same(c) != edge]
    below = [c for c in ranked[room:] if same(c) != edge]
    places = room - len(above)
    picked = [c for c in block if c.entry_id in chosen]
    tie = Tie(
        pool=pool,
        place=block[0].place,
        candidates=tuple(c.entry_id for c in block),
        places=places,
    )
    if not picked:
        return above, [], tie
    if len(picked) != places:
        raise KnockoutError(
            "bad_choice",
            ids=", ".join(str(c.entry_id) for c in picked),
            candidates=", ".join(str(i) for i in tie.candidates),
        )
    decided.update(c.entry_id for c in picked)
    dropped = [c for c in block if c.entry_id not in chosen]
    if key is None:  # those the director left out drop to the pool's next place
        dropped = [replace(c, place=room + 1) for c in dropped]
    return above + picked, dropped + below, None


def _seeded(through, via_next, key, decided, left_out) -> tuple[Qualifier, ...]:
    """Seed everyone going through: by place, then across pools (see above)."""
    direct = sorted(through, key=lambda c: (c.place, key(c)))
    out = []
    for seed, c in enumerate([*direct, *via_next], start=1):
        nexts = c in via_next
        if c.entry_id in decided:
            route = DIRECTOR
        else:
            route = BEST_NEXT if nexts else PLACE
        out.append(
            Qualifier(
                entry_id=c.entry_id,
                name=c.name,
                pool=c.pool,
                place=c.place,
                seed=seed,
                route=route,
                order=via_next.index(c) + 1 if nexts else 0,
                count=len(via_next) if nexts else 0,
                values=c.values,
                left_out=left_out and nexts,
            )
        )
    return tuple(out)


def explain_qualifier(
    q: Qualifier, *, gettext: Callable[[str], str] = lambda s: s
) -> str:
    """Say why ``q`` goes through ("best runner-up: games won 2, +38" and so on)."""
    figures = ", ".join(
        gettext(FIGURE)
        % {
            "label": gettext(TIEBREAKS[code].label),
            "value": f"{value:+d}" if code == "point_difference" else value,
        }
        for code, value in q.values
    )
    params = {
        "pool": q.pool,
        "place": q.place,
        "order": q.order,
        "count": q.count,
        "figures": figures,
    }
    if q.route == PLACE:
        text = ROUTE_TEXT["winner" if q.place == 1 else PLACE]
    elif q.route == BEST_NEXT and q.place == 2:
        text = ROUTE_TEXT["best_runner_up" if q.count == 1 else "runners_up"]
    else:
        text = ROUTE_TEXT[q.route]
    said = gettext(text) % params
    return f"{said} {gettext(LEFT_OUT)}" if q.left_out else said
