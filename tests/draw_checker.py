"""Check a draw for the tests: everyone placed once, tables right, counts true."""

from collections.abc import Iterable

from manille.draws.base import (
    REASON_TEXT,
    Draw,
    Entrant,
    history_set,
    table_conflicts,
)


def check_draw(
    draw: Draw,
    entrants: Iterable[Entrant],
    *,
    history: Iterable[frozenset[int]] = (),
) -> list[str]:
    """Return the problems with a draw (empty when every present entrant is placed
    exactly once, tables are numbered 1..n with equal sizes, and counts are right).
    """
    present = {e.id: e for e in entrants}
    problems = _placement_problems(draw, present)
    numbers = [t.number for t in draw.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"tables are numbered {numbers}, not 1..{len(numbers)}")
    sizes = {len(t.seats) for t in draw.tables}
    if len(sizes) > 1 or not sizes <= {2, 4}:
        problems.append(f"table sizes {sorted(sizes)} are not all 2 or all 4")
    hist = history_set(history)
    for table in draw.tables:
        counts = table_conflicts(table.seats, present, hist)
        if counts != (table.repeats, table.same_club):
            problems.append(
                f"table {table.number} reports repeats/same-club "
                f"{(table.repeats, table.same_club)}, actual {counts}"
            )
        unknown = [code for code in table.reasons if code not in REASON_TEXT]
        if unknown:
            problems.append(f"table {table.number} has unknown reasons {unknown}")
    return problems


def _placement_problems(draw: Draw, present: dict[int, Entrant]) -> list[str]:
    """Return who is placed twice, placed though absent, or not placed at all."""
    placed: dict[int, int] = {}
    for eid in [*(eid for table in draw.tables for eid in table.seats), *draw.byes]:
        placed[eid] = placed.get(eid, 0) + 1
    problems = []
    for eid, count in sorted(placed.items()):
        if eid not in present:
            problems.append(f"entrant {eid} is not present")
        elif count > 1:
            problems.append(f"entrant {eid} is placed {count} times")
    for eid in sorted(set(present) - set(placed)):
        problems.append(f"entrant {eid} is neither seated nor given a bye")
    return problems
