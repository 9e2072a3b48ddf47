"""Split a cash pot by a percentage table to a rounding step, ties sharing places.

Pure Python (no Django), so the property tests run on plain numbers. Decisions the
directors' rules leave open, made here once:

- Each place's amount is its percentage of the pot rounded *down* to the step (1, 50
  or 100 cents). What the table pays in all (the pot times the table's total,
  rounded down to the cent) minus those amounts is the *rounding remainder*; a
  table that sums to less than 100 leaves the rest with the organiser (``kept``).
- Entrants sharing a rank share the amounts of the places they cover equally, each
  share rounded down to the step; what is left of the group joins the remainder.
  Averaging consecutive places of a table that never pays a worse place more keeps
  that order, so a tie never gives a lower-ranked entrant more.
- The places of the table beyond the last entrant join the remainder too.
- The remainder goes to first place, to the last paid place, or to the organiser.
  When the entrants it goes to share a rank, they split it equally to the cent;
  the cents that do not divide stay with the organiser. Whatever is not paid out is
  reported as ``kept_cents``: ``sum(shares) + kept_cents == pot`` always.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

STEPS = (1, 50, 100)
MAX_PLACES = 100


class Remainder(enum.StrEnum):
    FIRST = "first"
    LAST_PAID = "last"
    ORGANISER = "organiser"


class TableError(ValueError):
    """A percentage table that cannot be right: ``code`` says why, ``params`` what."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(f"{code} {params}")
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class TieNote:
    """How a tied entrant's share came about: the places its group covered."""

    first_place: int  # the first place the group covers (its rank)
    last_place: int  # the last one
    entrants: int  # how many share them
    group_cents: int  # what those places paid together


@dataclass(frozen=True, slots=True)
class Share:
    """One entrant's share: the table's part and the remainder's, in cents."""

    position: int  # 1-based, in standings order
    rank: int
    table_cents: int
    remainder_cents: int
    tie: TieNote | None

    @property
    def cents(self) -> int:
        return self.table_cents + self.remainder_cents


@dataclass(frozen=True, slots=True)
class Split:
    """A pot split: one share per entrant given, in their order, and what is kept."""

    pot_cents: int
    shares: tuple[Share, ...]
    place_cents: tuple[int, ...]  # each place's amount before ties, rounded
    rounding_cents: int  # the rounding remainder of the places
    tie_cents: int  # left over when tied entrants' shares were rounded
    unused_cents: int  # places of the table with no entrant
    remainder_cents: int  # rounding + ties + unused: what ``remainder_to`` got
    remainder_to: Remainder
    kept_cents: int  # with the organiser: the table's rest and what did not divide

    @property
    def paid_cents(self) -> int:
        return sum(s.cents for s in self.shares)


def parse_table(text: str) -> tuple[Decimal, ...]:
    """Read a typed table ("40 25 15 10 10", "50; 30; 20", "12,5 …"): percentages.

    Refused (``TableError``): a word that is no number, a percentage of nothing or
    more than 100, more than ``MAX_PLACES`` places, a total above 100, or a place
    paid more than the one above it.
    """
    words = (text or "").replace(";", " ").replace("%", " ").split()
    table = []
    for word in words:
        try:
            value = Decimal(word.replace(",", "."))
        except InvalidOperation:
            raise TableError("not_a_number", word=word[:12]) from None
        if not value.is_finite() or value <= 0 or value > 100:
            raise TableError("out_of_range", word=word[:12])
        if value != value.quantize(Decimal("0.01")):
            raise TableError("too_precise", word=word[:12])
        table.append(value.quantize(Decimal("0.01")).normalize())
    check_table(table)
    return tuple(table)


def check_table(table: Sequence[Decimal | int]) -> None:
    """Refuse a table with too many places, a total above 100 or a rising place."""
    if len(table) > MAX_PLACES:
        raise TableError("too_many", max=MAX_PLACES)
    total = sum((Decimal(p) for p in table), Decimal(0))
    if total > 100:
        raise TableError("over_100", total=format_percent(total))
    for place, (upper, lower) in enumerate(zip(table, table[1:], strict=False), 2):
        if Decimal(lower) > Decimal(upper):
            raise TableError("rising", place=place)


def table_text(table: Sequence[Decimal | int]) -> str:
    """Return a table as it is typed and stored: "40 25 15 10 10"."""
    return " ".join(format_percent(Decimal(p)) for p in table)


def format_percent(value: Decimal) -> str:
    text = f"{Decimal(value).quantize(Decimal('0.01')):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _down(cents: Decimal | int, step: int) -> int:
    """Round a non-negative amount of cents down to a multiple of ``step``."""
    return (int(cents) // step) * step


def split_pot(
    pot_cents: int,
    table: Sequence[Decimal | int],
    *,
    ranks: Sequence[int] | None = None,
    step: int = 100,
    remainder_to: Remainder | str = Remainder.FIRST,
) -> Split:
    """Split ``pot_cents`` by ``table`` among entrants ranked ``ranks``.

    ``ranks`` are the standings' ranks in standings order (1, 2, 2, 4…: equal ranks
    are a tie the tiebreaks left); None means one entrant per place of the table,
    no ties. Returns one share per entrant, the remainder's destination and what
    the organiser keeps.
    """
    if pot_cents < 0:
        raise ValueError("a pot is never negative")
    if step not in STEPS:
        raise ValueError(f"step must be one of {STEPS}")
    remainder_to = Remainder(remainder_to)
    check_table(table)
    percents = [Decimal(p) for p in table]
    if ranks is None:
        ranks = list(range(1, len(percents) + 1))
    ranks = list(ranks)
    if any(r < 1 for r in ranks) or ranks != sorted(ranks):
        raise ValueError("ranks are 1 or more, in standings order")

    pot = Decimal(pot_cents)
    places = [_down(pot * p / 100, step) for p in percents]
    table_pays = int(pot * sum(percents, Decimal(0)) / 100)
    rounding = table_pays - sum(places)
    kept = pot_cents - table_pays

    def place_amount(position: int) -> int:
        return places[position - 1] if position <= len(places) else 0

    unused = sum(place_amount(p) for p in range(len(ranks) + 1, len(places) + 1))
    # Tied entrants: consecutive equal ranks share the places they cover.
    table_share = [0] * len(ranks)
    notes: list[TieNote | None] = [None] * len(ranks)
    tie_left = 0
    start = 0
    while start < len(ranks):
        end = start
        while end + 1 < len(ranks) and ranks[end + 1] == ranks[start]:
            end += 1
        size = end - start + 1
        group = sum(place_amount(p) for p in range(start + 1, end + 2))
        each = _down(Decimal(group) / size, step) if size > 1 else group
        tie_left += group - each * size
        for i in range(start, end + 1):
            table_share[i] = each
            if size > 1:
                notes[i] = TieNote(start + 1, end + 1, size, group)
        start = end + 1

    remainder = rounding + tie_left + unused
    extra, undivided = _remainder_split(remainder, ranks, len(places), remainder_to)
    kept += undivided
    shares = tuple(
        Share(i + 1, ranks[i], table_share[i], extra[i], notes[i])
        for i in range(len(ranks))
    )
    return Split(
        pot_cents=pot_cents,
        shares=shares,
        place_cents=tuple(places),
        rounding_cents=rounding,
        tie_cents=tie_left,
        unused_cents=unused,
        remainder_cents=remainder,
        remainder_to=remainder_to,
        kept_cents=kept,
    )


def _remainder_split(
    remainder: int, ranks: list[int], places: int, remainder_to: Remainder
) -> tuple[list[int], int]:
    """Return each entrant's part of the remainder and what stays with the organiser:
    the cents that do not divide among its receivers, or all of it if none."""
    extra = [0] * len(ranks)
    receivers = _receivers(ranks, places, remainder_to)
    if receivers and remainder:
        each = remainder // len(receivers)
        for i in receivers:
            extra[i] = each
        return extra, remainder - each * len(receivers)
    return extra, remainder


def _receivers(ranks: list[int], places: int, remainder_to: Remainder) -> list[int]:
    """Return the indexes the remainder goes to: every entrant of the rank it names.

    The last paid place is the table's last place, or the last entrant's when the
    table has more places than entrants.
    """
    if remainder_to == Remainder.ORGANISER or not ranks or not places:
        return []
    if remainder_to == Remainder.FIRST:
        rank = ranks[0]
    else:
        rank = ranks[min(places, len(ranks)) - 1]
    return [i for i, r in enumerate(ranks) if r == rank]
