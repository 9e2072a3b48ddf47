"""Seat the qualifiers of a later phase by ranking, in snake order."""

from collections.abc import Sequence

from manille.draws.base import (
    Draw,
    DrawError,
    DrawTable,
    Entrant,
    byes_from_the_bottom,
    conflict_reasons,
    table_conflicts,
)


def draw_seeded(
    entrants_in_rank_order: Sequence[Entrant], *, table_size: int, seed: int
) -> Draw:
    """Seat qualifiers by ranking in snake order, so the tables are balanced.

    Seed 1 sits in seat 1 of table 1; with T tables, seeds 1..T open tables 1..T,
    seeds T+1..2T go back from table T to 1, and so on. When the count does not
    divide, the lowest-ranked among those with the fewest byes sit out.
    """
    if table_size not in (2, 4):
        raise DrawError("bad_table_size", size=table_size)
    ranked = list(entrants_in_rank_order)
    seen: set[int] = set()
    for e in ranked:
        if e.id in seen:
            raise DrawError("duplicate_entrant", id=e.id)
        seen.add(e.id)
    if len(ranked) < table_size:
        code = "too_few_players" if table_size == 4 else "too_few_teams"
        raise DrawError(code, count=len(ranked))
    out = set(byes_from_the_bottom(ranked, len(ranked) % table_size))
    byes = [ranked[i].id for i in sorted(out)]
    seeded = [e for i, e in enumerate(ranked) if i not in out]
    n_tables = len(seeded) // table_size
    seats: list[list[int]] = [[] for _ in range(n_tables)]
    for k, e in enumerate(seeded):
        lap, offset = divmod(k, n_tables)
        table = offset if lap % 2 == 0 else n_tables - 1 - offset
        seats[table].append(e.id)
    by_id = {e.id: e for e in ranked}
    tables = []
    for number, members in enumerate(seats, start=1):
        repeats, same = table_conflicts(members, by_id, ())
        tables.append(
            DrawTable(
                number=number,
                seats=tuple(members),
                repeats=repeats,
                same_club=same,
                reasons=(
                    "seeded",
                    *conflict_reasons(repeats, same, avoided=False, proven=False),
                ),
            )
        )
    return Draw(tables=tuple(tables), byes=tuple(byes), seed=seed, method="seeded")
