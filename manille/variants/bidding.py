"""Follow an auction's bidding: whose turn, the highest bid, who declares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from manille.engine import (
    InvalidDeal,
)
from manille.variants.auction import AuctionRules, _auction_rules, _check_bid
from manille.variants.base import ALL_TRICKS, VariantInvalidDeal, _in_game, _is_int

# --------------------------------------------------------------------------- bidding


@dataclass(frozen=True, slots=True)
class AuctionBidding:
    """Where a bidding stands: the highest call so far, and whose turn it is.

    ``next_player`` is None once the bidding is over (``finished``).
    """

    declarer: int | None
    bid: int | None
    all_tricks: bool
    finished: bool
    next_player: int | None
    passed: frozenset[int]


def auction_bidding(
    calls: Iterable[tuple[int, int | str | None]], rules: AuctionRules, dealer: int = 0
) -> AuctionBidding:
    """Check an auction's calls in order and say who declares for what.

    Each call is ``(player, bid)``: a number of points, :data:`ALL_TRICKS`, or None
    for a pass. The eldest (after ``dealer``) calls first, then each player still
    in, in turn; each bid must beat the last; a player who passed is out for good.
    The bidding ends when one bidder is left, or when everyone passed.
    """
    rules = _auction_rules(rules)
    if rules.variant == 1:
        raise VariantInvalidDeal("bid_not_used", "bid")
    players = rules.players
    if not (_is_int(dealer) and 0 <= dealer < players):
        raise VariantInvalidDeal("player_out_of_range", "dealer", {"players": players})
    passed: set[int] = set()
    declarer: int | None = None
    bid: int | None = None
    all_tricks = False
    turn: int | None = (dealer + 1) % players
    for index, call in enumerate(calls):
        if not (isinstance(call, (tuple, list)) and len(call) == 2):
            raise VariantInvalidDeal("bidding_type", "bid", index=index)
        player, value = call
        if not (_is_int(player) and 0 <= player < players):
            raise VariantInvalidDeal(
                "player_out_of_range", "bid", {"players": players}, index
            )
        if turn is None:
            raise VariantInvalidDeal("bidding_over", "bid", index=index)
        if player in passed:
            raise VariantInvalidDeal(
                "bid_after_pass", "bid", {"player": player + 1}, index
            )
        if player != turn:
            raise VariantInvalidDeal(
                "call_out_of_turn",
                "bid",
                {"expected": turn + 1, "player": player + 1},
                index,
            )
        if value is None:
            passed.add(player)
        elif value == ALL_TRICKS and isinstance(value, str):
            if all_tricks:
                raise VariantInvalidDeal("all_tricks_is_highest", "bid", index=index)
            declarer, bid, all_tricks = player, rules.total, True
        elif _is_int(value):
            try:
                _check_bid(value, rules)
            except InvalidDeal as exc:
                raise _in_game(exc, index) from None
            if all_tricks:
                raise VariantInvalidDeal("all_tricks_is_highest", "bid", index=index)
            if bid is not None and value <= bid:  # type: ignore[operator]
                raise VariantInvalidDeal(
                    "bid_not_higher", "bid", {"bid": value, "last": bid}, index
                )
            declarer, bid = player, value  # type: ignore[assignment]
        else:
            raise VariantInvalidDeal("bidding_type", "bid", index=index)
        turn = _next_turn(player, players, passed, declarer)
    return AuctionBidding(
        declarer, bid, all_tricks, turn is None, turn, frozenset(passed)
    )


def _next_turn(
    player: int, players: int, passed: set[int], declarer: int | None
) -> int | None:
    """Return who calls after ``player``, or None when the bidding is over."""
    still_in = players - len(passed)
    if still_in == 0 or (still_in == 1 and declarer is not None):
        return None
    for step in range(1, players + 1):
        candidate = (player + step) % players
        if candidate not in passed:
            if candidate == declarer and still_in == 1:
                return None
            return candidate
    return None  # pragma: no cover - still_in > 0 always finds someone
