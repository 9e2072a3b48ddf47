"""Score the other Manille games: three players, and the three auction games.

One module per game (``three_player``, ``auction`` for the three auction games,
``bidding`` for their auction; what they share in ``base``), imported from here.
Pure Python beside :mod:`manille.engine` (no Django import; import-linter's "pure"
contract and ``tests/manille/test_variant_errors.py`` check it). Frozen dataclasses
go in and come out; every impossible input raises
:class:`~manille.engine.InvalidDeal` (here a subclass of it, whose messages live in
this module) with a stable ``code``, a ``field``, a ``template`` and ``params``,
translated by the caller with ``gettext(exc.template) % exc.params`` exactly like the
engine's.

Players are numbered 0, 1, 2, … in the order the deal passes; in an auction game
player 0 deals first and deal ``i`` is dealt by ``auction_dealer(i, players)``.

Decisions the rules leave open, made here once (house settings where a club may
choose otherwise; ``docs/rules.md`` lists them all):

- Three players: the deal is scored by the engine's :func:`~manille.engine.score_deal`
  with the dealer as side A and the two others as side B, under the same
  :class:`~manille.engine.Rules` (knocks, no trump, blind, carry, revoke, capot,
  target, deals). ``revoke`` names the *player* who revoked (0–2), not a side. The
  point per trick (``Rules.trick_points``) is refused: ten tricks would not make
  the engine's 68. The dealer must pass to the next player every deal. A game whose
  highest total is shared when it ends has no winner, unless the house setting
  ``level_plays_on`` is on: then it goes on until one player leads alone.
- Auction games: ``declarer=None`` records a deal everyone passed; it scores
  nothing and counts as dealt (the deal passes on). Auction (1) counts a point per
  trick with the card points ("21 points for tricks and cards"); auction (2) and
  (3) count card points only (house setting ``trick_points``). The lowest bid is
  ``min_bid`` (1); the highest is every point of the deal. A bid to win every trick
  ranks above every number, is worth every point of the deal, and its success is
  entered as ``made`` (points cannot tell it). Without ``deals`` the game has no
  fixed end (``finished`` stays False). A finished game whose highest total is
  shared has no winner.
"""

from manille.variants.auction import (
    AuctionDeal,
    AuctionDealScore,
    AuctionGameScore,
    AuctionRules,
    auction_dealer,
    auction_layout,
    score_auction_deal,
    score_auction_game,
)
from manille.variants.base import (
    ALL_TRICKS,
    AUCTION_MAX_PLAYERS,
    AUCTION_MIN_PLAYERS,
    AUCTION_VARIANTS,
    THREE_PLAYERS,
    VariantInvalidDeal,
)
from manille.variants.bidding import AuctionBidding, auction_bidding
from manille.variants.three_player import (
    ThreePlayerDeal,
    ThreePlayerDealScore,
    ThreePlayerGameScore,
    score_three_player_deal,
    score_three_player_game,
)

__all__ = [
    "ALL_TRICKS",
    "AUCTION_MAX_PLAYERS",
    "AUCTION_MIN_PLAYERS",
    "AUCTION_VARIANTS",
    "AuctionBidding",
    "AuctionDeal",
    "AuctionDealScore",
    "AuctionGameScore",
    "AuctionRules",
    "THREE_PLAYERS",
    "ThreePlayerDeal",
    "ThreePlayerDealScore",
    "ThreePlayerGameScore",
    "VariantInvalidDeal",
    "auction_bidding",
    "auction_dealer",
    "auction_layout",
    "score_auction_deal",
    "score_auction_game",
    "score_three_player_deal",
    "score_three_player_game",
]
