"""Plan individual elimination by tables of four, round by round to a final table.

Each round seats full tables of four (a table plays the three games in which
everyone partners everyone once; ``manille.knockout.pools`` seats a table as a
pool of four, and ``manille.knockout.advancement`` says who goes on).

Decisions made here once:

- **Who goes on**: the table's winner (``advance=1``) or its first two
  (``advance=2``). When they do not fill the next round's tables, the seats left
  go to the best of the next place across the tables (the best runners-up, or
  the best thirds), at most one per table; nobody who went on directly is ever
  left out, so the next round has ceil(direct / 4) tables.
- **Byes**, to the top seeds and only in the first round: as few as seat
  everyone else at full tables (N mod 4), or four more at a time while the
  rounds would not narrow to one final table otherwise. A field the rule cannot
  seat (5 to 7 players going on by twos: 7) is refused: the director adds or
  withdraws a player.
- **Seeding**: every round's tables are a snake from the ranking (round one:
  the ranking the phase starts from; later rounds: the bye holders first, then
  the qualifiers as the advancement seeds them), so the strongest are spread.
- **Names**: the last round is the "Final", the one before it the
  "Semi-finals", the one before that the "Quarter-finals"; earlier rounds are
  "Last N", N the players still in (seated or on a bye).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from manille.draws.base import Entrant
from manille.knockout.advancement import Advancement
from manille.knockout.bracket import ROUND_NAMES
from manille.knockout.errors import KnockoutError
from manille.knockout.pools import SNAKE, PoolSplit, split_pools
from manille.text import gettext_noop

TABLE_SIZE = 4
LAST_N = gettext_noop("Last %(count)d")


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round: who is still in, how many sit, and how the next round fills.

    Its title is ``gettext(name) % {"count": still_in}``.
    """

    number: int
    name: str
    still_in: int
    tables: int
    byes: int
    advance: int
    fill: int

    @property
    def going_on(self) -> int:
        return self.advance * self.tables + self.byes + self.fill


@dataclass(frozen=True, slots=True)
class TablePlan:
    entrants: int
    advance: int
    rounds: tuple[TableRound, ...]


def table_plan(entrants: int, *, advance: int = 2) -> TablePlan:
    """Plan the rounds for ``entrants`` players (the rules: this module's docstring)."""
    if advance not in (1, 2):
        raise KnockoutError("bad_advance", count=advance)
    if entrants < TABLE_SIZE:
        raise KnockoutError("too_few_entrants", minimum=TABLE_SIZE, count=entrants)
    byes = entrants % TABLE_SIZE
    while byes < entrants:
        shape = _shape(entrants, byes, advance)
        if shape is not None:
            return TablePlan(
                entrants=entrants, advance=advance, rounds=_named(shape, advance)
            )
        byes += TABLE_SIZE
    raise KnockoutError("tables_do_not_fill", count=entrants)


def _shape(entrants: int, byes: int, advance: int) -> list[tuple] | None:
    """Return (still in, tables, byes, fill) per round, or None if it cannot close."""
    rounds = []
    still_in = entrants
    while True:
        tables = (still_in - byes) // TABLE_SIZE
        if tables == 0:
            return None
        if still_in == TABLE_SIZE:
            rounds.append((still_in, 1, 0, 0))
            return rounds
        direct = advance * tables + byes
        fill = -direct % TABLE_SIZE if direct > TABLE_SIZE else TABLE_SIZE - direct
        if fill > tables:
            return None
        rounds.append((still_in, tables, byes, fill))
        still_in, byes = direct + fill, 0


def _named(shape: Sequence[tuple], advance: int) -> tuple[TableRound, ...]:
    last = len(shape)
    rounds = []
    for number, (still_in, tables, byes, fill) in enumerate(shape, start=1):
        to_go = last - number
        if to_go < 3:
            name = ROUND_NAMES[2 << to_go]  # Final, Semi-finals, Quarter-finals
        else:  # "Last 32" where the count has a name of its own
            name = ROUND_NAMES.get(still_in, LAST_N) if still_in >= 16 else LAST_N
        rounds.append(
            TableRound(
                number=number,
                name=name,
                still_in=still_in,
                tables=tables,
                byes=byes,
                advance=advance if to_go else 0,
                fill=fill,
            )
        )
    return tuple(rounds)


def table_round_title(
    round: TableRound,  # noqa: A002
    *,
    gettext: Callable[[str], str] = lambda s: s,
) -> str:
    """Return the round's name, translated by ``gettext`` ("Last 60", "Final")."""
    return gettext(round.name) % {"count": round.still_in}


def table_round_seating(
    ranked: Sequence[Entrant],
    round: TableRound,
    *,
    avoid_clubs: bool = True,  # noqa: A002
) -> tuple[PoolSplit, tuple[int, ...]]:
    """Seat a round: (its tables as pools of four, the bye holders' ids).

    ``ranked`` holds everyone still in, best first; the round's byes are its top
    seeds.
    """
    if len(ranked) != round.still_in:
        raise KnockoutError(
            "too_few_entrants", minimum=round.still_in, count=len(ranked)
        )
    byes = tuple(e.id for e in ranked[: round.byes])
    split = split_pools(
        ranked[round.byes :], size=TABLE_SIZE, seeding=SNAKE, avoid_clubs=avoid_clubs
    )
    return split, byes


def next_round_order(byes: Sequence[int], advancement: Advancement) -> tuple[int, ...]:
    """Return who is in the next round, best first: the bye holders, then by seed."""
    return (*byes, *(q.entry_id for q in advancement.qualifiers))
