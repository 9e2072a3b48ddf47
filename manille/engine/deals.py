"""Describe a deal as the scorer writes it down, and what a deal and a game score."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Trump(str, Enum):  # noqa: UP042 -- the public API promises (str, Enum)
    """What the dealer names; plain strings with these values are accepted too."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMP = "no_trump"

    def __str__(self) -> str:
        return self.value


# The printed sign of each suit (no trump has none: each language has its word), and
# the red suits. The one place the site's pages, sheets and PDFs take them from.
SUIT_SYMBOLS: dict[str, str] = {
    Trump.CLUBS.value: "♣",
    Trump.DIAMONDS.value: "♦",
    Trump.HEARTS.value: "♥",
    Trump.SPADES.value: "♠",
}
RED_SUITS = frozenset({Trump.DIAMONDS.value, Trump.HEARTS.value})

# Enum members hash by name, not value, so each member is a key beside its value.
_IS_NO_TRUMP: dict[str, bool] = {}
for _trump in Trump:
    _IS_NO_TRUMP[_trump.value] = _IS_NO_TRUMP[_trump] = _trump is Trump.NO_TRUMP
del _trump


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the scorer writes it down; built freely, checked when scored."""

    points: tuple[int, int]
    trump: Trump | str
    knocks: int = 0
    blind: bool = False
    revoke: int | None = None
    tricks: tuple[int, int] | None = None
    declarer: int = 0


@dataclass(frozen=True, slots=True)
class DealScore:
    """What a deal is worth: each side's score, its steps and factor, its carry."""

    scores: tuple[int, int]
    factor: int
    steps: int
    carry: int = 0


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game's deals, totals and outcome; ``carry`` is owed to the next deal."""

    deals: tuple[DealScore, ...]
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    carry: int = 0
