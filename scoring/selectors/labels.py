"""Name trumps and sides the way the score sheet prints them."""

from __future__ import annotations

from django.utils.translation import pgettext

from manille.engine import SUIT_SYMBOLS

__all__ = ["side_label", "trump_symbol"]


def trump_symbol(trump: str) -> str:
    """Return ♣♦♥♠, or the short word for no trump in the current language."""
    if trump in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[trump]
    return pgettext("no trump, short", "NT")


def side_label(side: int | None) -> str:
    if side is None:
        return ""
    return pgettext("side", "A") if side == 0 else pgettext("side", "B")
