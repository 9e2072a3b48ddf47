"""Split entrants into pools, keep clubs apart where it can, and schedule each pool.

Decisions made here once:

- **Count and sizes.** Pools hold at most the chosen size, some of them one
  smaller (``SMALLER``, the default): ceil(N / size) pools. A pool of three teams
  plays as many rounds as a pool of four (each team sits out one), so the timetable
  holds. ``LARGER`` makes floor(N / size) pools, some one larger (what tables of
  four players need: a pool of five can still sit four at a time). Either way the
  sizes differ by at most one, and nobody is left alone in a pool: pools of two
  for an odd field make one pool of three.
- **Seeding.** ``SNAKE`` deals the ranking out in bands of one entrant per pool:
  seed 1 to pool A, 2 to B, …, P to the last pool, then P+1 back to the last pool
  and on to A, and so on. The snake stops where the field does: the pools its last
  band does not reach are the smaller ones. ``RANDOM`` deals a shuffle (by the
  seed, so the same seed gives the same pools) the same way.
- **Clubs.** Two of one club in a pool are avoided by swapping entrants within
  one band only (a band holds seeds of like strength, so the balance of the pools
  is kept); in the last, short band an entrant may also move to a pool the band
  has not reached. Band by band, each entrant in a clash takes the swap that
  removes the most same-club pairs (the nearest in seed among equals), and the
  passes go on until no swap helps. What remains is
  reported club by club: ``unavoidable`` when the club has more entrants than
  there are pools to spread them over (no split could do better), otherwise the
  search could not avoid it.
- **Inside a pool.** Teams play the Berger round robin (``manille.draws``), with
  the pool's top two seeds meeting in its last round; a pool of an odd number
  gives each team one bye. A pool of players is one table of four playing the
  three games in which everyone partners everyone once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from manille.draws.base import Entrant
from manille.draws.round_robin import round_robin_schedule
from manille.knockout.errors import KnockoutError
from manille.text import gettext_noop

SNAKE = "snake"
RANDOM = "random"
SEEDINGS = (SNAKE, RANDOM)

SMALLER = "smaller"
LARGER = "larger"
UNEVEN = (SMALLER, LARGER)

# Tournament formats (``Tournament.Format`` values, as in ``manille.draws.registry``).
INDIVIDUAL = "individual"
PAIRS = "pairs"

POOL_NAME = gettext_noop("Pool %(letter)s")

REASON_TEXT: dict[str, str] = {
    SNAKE: gettext_noop("seeded in a snake from the ranking"),
    RANDOM: gettext_noop("drawn by lot"),
    "no_same_club": gettext_noop("no two of one club"),
    "same_club_unavoidable": gettext_noop(
        "two of one club: the club has more entrants than there are pools"
    ),
    "same_club_not_avoided": gettext_noop(
        "two of one club: no swap within a seed band could avoid it"
    ),
    "same_club": gettext_noop("two of one club (clubs were not kept apart)"),
}


@dataclass(frozen=True, slots=True)
class Pool:
    """One pool: its members in seed order, each with his seed (1 is the best)."""

    number: int
    letter: str
    members: tuple[int, ...]
    seeds: tuple[int, ...]
    same_club: int
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClubClash:
    """A club with two or more entrants in some pool, and whether a split could help."""

    club: int
    entrants: int
    pools: tuple[int, ...]
    pairs: int
    unavoidable: bool


@dataclass(frozen=True, slots=True)
class PoolSplit:
    pools: tuple[Pool, ...]
    seeding: str
    seed: int
    size: int
    uneven: str
    clashes: tuple[ClubClash, ...]


@dataclass(frozen=True, slots=True)
class PoolRound:
    """A round inside a pool: its tables (two team ids, or four players) and byes."""

    number: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def pool_letter(number: int) -> str:
    """Return the letters of pool ``number`` (1 → A, 26 → Z, 27 → AA, …)."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def pool_count(count: int, *, size: int, uneven: str = SMALLER) -> int:
    """Return how many pools ``count`` entrants make in pools of about ``size``."""
    if size < 2:
        raise KnockoutError("bad_pool_size", size=size)
    if uneven not in UNEVEN:
        raise KnockoutError("unknown_uneven", uneven=uneven)
    if uneven == SMALLER and not (size == 2 and count % 2):
        return max(1, -(-count // size))
    return max(1, count // size)


def split_pools(
    entrants_in_rank_order: Sequence[Entrant],
    *,
    size: int,
    seeding: str = SNAKE,
    seed: int = 0,
    uneven: str = SMALLER,
    avoid_clubs: bool = True,
) -> PoolSplit:
    """Split the ranked entrants into pools (the rules: this module's docstring)."""
    ranked = _checked(entrants_in_rank_order, seeding=seeding)
    n_pools = pool_count(len(ranked), size=size, uneven=uneven)
    order = list(range(len(ranked)))
    if seeding == RANDOM:
        random.Random(seed).shuffle(order)
    bands = _snake_bands(order, n_pools)
    clubs = [e.club for e in ranked]
    if avoid_clubs:
        _keep_clubs_apart(bands, clubs)
    members = [
        [band[p] for band in bands if band[p] is not None] for p in range(n_pools)
    ]
    clashes = _clashes(members, clubs, n_pools)
    unavoidable = {c.club for c in clashes if c.unavoidable}
    pools = []
    for p, group in enumerate(members):
        group.sort()
        pools.append(
            _pool(p + 1, group, ranked, clubs, seeding, avoid_clubs, unavoidable)
        )
    return PoolSplit(
        pools=tuple(pools),
        seeding=seeding,
        seed=seed,
        size=size,
        uneven=uneven,
        clashes=clashes,
    )


def _checked(entrants: Sequence[Entrant], *, seeding: str) -> list[Entrant]:
    if seeding not in SEEDINGS:
        raise KnockoutError("unknown_seeding", seeding=seeding)
    ranked = list(entrants)
    seen: set[int] = set()
    for e in ranked:
        if e.id in seen:
            raise KnockoutError("duplicate_entrant", id=e.id)
        seen.add(e.id)
    if len(ranked) < 2:
        raise KnockoutError("too_few_entrants", minimum=2, count=len(ranked))
    return ranked


def _snake_bands(order: Sequence[int], n_pools: int) -> list[list[int | None]]:
    """Deal ``order`` (indexes into the ranking) into bands, one slot per pool."""
    bands: list[list[int | None]] = []
    for k, index in enumerate(order):
        lap, offset = divmod(k, n_pools)
        if offset == 0:
            bands.append([None] * n_pools)
        pool = offset if lap % 2 == 0 else n_pools - 1 - offset
        bands[lap][pool] = index
    return bands


def _keep_clubs_apart(
    bands: list[list[int | None]], clubs: Sequence[int | None]
) -> None:
    """Swap within bands while a swap removes same-club pairs (in place)."""
    n_pools = len(bands[0])
    counts = [Counter() for _ in range(n_pools)]
    for band in bands:
        for p, index in enumerate(band):
            if index is not None and clubs[index] is not None:
                counts[p][clubs[index]] += 1

    def gain(club: int | None, here: int, there: int) -> int:
        """Pairs removed by moving one of ``club`` from pool ``here`` to ``there``."""
        if club is None:
            return 0
        return counts[here][club] - 1 - counts[there][club]

    improved = True
    while improved:
        improved = False
        for band in bands:
            for i, x in enumerate(band):
                if x is None or clubs[x] is None or counts[i][clubs[x]] < 2:
                    continue
                best: tuple[int, int, int] | None = None  # (-gain, distance, j)
                for j, y in enumerate(band):
                    cy = None if y is None else clubs[y]
                    if j == i or cy == clubs[x]:
                        continue
                    total = gain(clubs[x], i, j) + gain(cy, j, i)
                    if total > 0 and (best is None or (-total, abs(i - j), j) < best):
                        best = (-total, abs(i - j), j)
                if best is None:
                    continue
                j = best[2]
                y = band[j]
                for index, here, there in ((x, i, j), (y, j, i)):
                    if index is not None and clubs[index] is not None:
                        counts[here][clubs[index]] -= 1
                        counts[there][clubs[index]] += 1
                band[i], band[j] = y, x
                improved = True


def _clashes(
    members: Sequence[Sequence[int]], clubs: Sequence[int | None], n_pools: int
) -> tuple[ClubClash, ...]:
    """Return every club that has two or more entrants in one pool."""
    field = Counter(c for c in clubs if c is not None)
    out = []
    for club in sorted(field):
        per_pool = [sum(1 for i in group if clubs[i] == club) for group in members]
        pairs = sum(k * (k - 1) // 2 for k in per_pool)
        if not pairs:
            continue
        q, r = divmod(field[club], n_pools)
        least = r * (q + 1) * q // 2 + (n_pools - r) * q * (q - 1) // 2
        out.append(
            ClubClash(
                club=club,
                entrants=field[club],
                pools=tuple(p + 1 for p, k in enumerate(per_pool) if k > 1),
                pairs=pairs,
                unavoidable=pairs <= least,
            )
        )
    return tuple(out)


def _pool(number, group, ranked, clubs, seeding, avoided, unavoidable) -> Pool:
    club_counts = Counter(clubs[i] for i in group if clubs[i] is not None)
    same = sum(k * (k - 1) // 2 for k in club_counts.values())
    clashing = {c for c, k in club_counts.items() if k > 1}
    if not same:
        conflict = "no_same_club"
    elif not avoided:
        conflict = "same_club"
    elif clashing <= unavoidable:
        conflict = "same_club_unavoidable"
    else:
        conflict = "same_club_not_avoided"
    return Pool(
        number=number,
        letter=pool_letter(number),
        members=tuple(ranked[i].id for i in group),
        seeds=tuple(i + 1 for i in group),
        same_club=same,
        reasons=(seeding, conflict),
    )


# ------------------------------------------------------------------------ schedule


def pool_rounds(pool: Pool, *, format: str = PAIRS) -> tuple[PoolRound, ...]:
    """Return the rounds played inside ``pool``, members taken in seed order.

    Teams: the Berger round robin, reordered so the round in which the pool's
    seeds 1 and 2 meet comes last (the decisive game last); the other rounds keep
    the tables' order. Players: one round, one table of four in seed order (seat 1
    the pool's first seed), whose three games are ``manille.draws.INDIVIDUAL_GAMES``.
    """
    members = pool.members
    if format == INDIVIDUAL:
        if len(members) != 4:
            raise KnockoutError("individual_pool_size", size=len(members))
        return (PoolRound(number=1, tables=(tuple(members),), byes=()),)
    schedule = round_robin_schedule(len(members))
    if not schedule:
        return ()
    top = next(r for r, games in enumerate(schedule) if _meets(games, 0, 1))
    schedule = [*schedule[:top], *schedule[top + 1 :], schedule[top]]
    rounds = []
    for number, games in enumerate(schedule, start=1):
        seated = {i for game in games for i in game}
        rounds.append(
            PoolRound(
                number=number,
                tables=tuple((members[a], members[b]) for a, b in games),
                byes=tuple(m for i, m in enumerate(members) if i not in seated),
            )
        )
    return tuple(rounds)


def _meets(games: Sequence[tuple[int, int]], x: int, y: int) -> bool:
    return any({a, b} == {x, y} for a, b in games)
