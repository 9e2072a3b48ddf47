"""Score Manille deals and games under configurable house rules.

Pure Python: no Django import here (``tests/test_pure_modules.py`` checks
it). Frozen dataclasses go in and come out; every impossible input raises
:class:`InvalidDeal`, whose ``template`` and ``params`` the Django layer translates
with ``gettext(exc.template) % exc.params``.

Decisions the rules leave open, made here once:

- A revoke deal may carry ``points=(0, 0)`` ("not counted"); any other points must
  be a valid split. Either way the points do not change the score: the side that did
  not revoke gets ``revoke_points`` (or ``half × factor``), the revoking side 0.
  Tricks on a ``(0, 0)`` revoke deal are checked for shape only.
- A revoke deal uses the declared steps (carry, no trump, blind, knocks) but never
  the capot step, is never a draw and hands no carry on.
- The steps are never capped, only the factor (``max_factor``).
- ``max_knocks=None`` means no rule limit; more than ``KNOCKS_CEILING`` knocks is
  still refused as an impossible input (and keeps ``2 ** steps`` finite).
- A game with both ``target`` and ``deals`` set ends at whichever comes first.

The rooms: ``rules`` (the house rules), ``deals`` (a deal and its scores),
``errors`` (``InvalidDeal`` and its messages), ``checks`` (a deal checked against
the rules), ``scoring`` (deals and games scored) and ``cards`` (card points from card
counts). The public API promised in the README is this package's
(``from manille.engine import …``); its hot path is measured by
``python -m benchmarks.engine``.
"""

from manille.engine.cards import CardCount, card_points, points_from_cards
from manille.engine.checks import validate_deal
from manille.engine.deals import (
    RED_SUITS,
    SUIT_SYMBOLS,
    Deal,
    DealScore,
    GameScore,
    Trump,
)
from manille.engine.errors import InvalidDeal
from manille.engine.rules import (
    KNOCKS_CEILING,
    STANDARD_RULES,
    TRICKS,
    Rules,
    deal_total,
)
from manille.engine.scoring import game_finished, game_winner, score_deal, score_game
from manille.text import gettext_noop

__all__ = [
    "KNOCKS_CEILING",
    "TRICKS",
    "CardCount",
    "Deal",
    "DealScore",
    "GameScore",
    "InvalidDeal",
    "Rules",
    "STANDARD_RULES",
    "Trump",
    "RED_SUITS",
    "SUIT_SYMBOLS",
    "card_points",
    "deal_total",
    "game_finished",
    "game_winner",
    "gettext_noop",
    "points_from_cards",
    "score_deal",
    "score_game",
    "validate_deal",
]
