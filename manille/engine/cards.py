"""Count card points from how many tens, aces, kings, queens and jacks a side took."""

from __future__ import annotations

from dataclasses import dataclass

from manille.engine.errors import _RANK_NAMES, InvalidDeal
from manille.engine.rules import _is_int

_RANKS = ("tens", "aces", "kings", "queens", "jacks")


@dataclass(frozen=True, slots=True)
class CardCount:
    """How many of each counting rank one side took (0–4 each)."""

    tens: int = 0
    aces: int = 0
    kings: int = 0
    queens: int = 0
    jacks: int = 0


def _counts(count: object) -> tuple[int, int, int, int, int]:
    if not isinstance(count, CardCount):
        raise InvalidDeal("cards_type", "cards")
    values = (count.tens, count.aces, count.kings, count.queens, count.jacks)
    for rank, value in zip(_RANKS, values, strict=True):
        if not _is_int(value):
            raise InvalidDeal("cards_type", "cards")
        if not 0 <= value <= 4:
            raise InvalidDeal(
                "cards_out_of_range",
                "cards",
                {"rank": _RANK_NAMES[rank], "count": value},
            )
    return values  # type: ignore[return-value]


def card_points(count: CardCount) -> int:
    """Return the card points in ``count``: ten 5, ace 4, king 3, queen 2, jack 1."""
    tens, aces, kings, queens, jacks = _counts(count)
    return 5 * tens + 4 * aces + 3 * kings + 2 * queens + jacks


def points_from_cards(a: CardCount, b: CardCount | None = None) -> tuple[int, int]:
    """Return both sides' card points; side B is the rest of the deck when omitted."""
    counts_a = _counts(a)
    if b is None:
        b = CardCount(*(4 - value for value in counts_a))
    counts_b = _counts(b)
    for rank, x, y in zip(_RANKS, counts_a, counts_b, strict=True):
        if x + y != 4:
            raise InvalidDeal(
                "cards_not_deck", "cards", {"rank": _RANK_NAMES[rank], "count": x + y}
            )
    return card_points(a), card_points(b)
