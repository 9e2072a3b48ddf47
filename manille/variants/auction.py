"""Score the three auction games (3–7 players, each for himself): rules and deals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from manille.engine import (
    InvalidDeal,
)
from manille.variants.base import (
    _CARD_POINTS,
    _DECK,
    AUCTION_MAX_PLAYERS,
    AUCTION_MIN_PLAYERS,
    AUCTION_VARIANTS,
    VariantInvalidDeal,
    _in_game,
    _is_int,
    _leader,
)

# --------------------------------------------------------------------------- auction


# Auction (3): cards each, face up, face down, by the number of players.
_TABLE_LAYOUTS = {
    3: (9, 2, 3, 0),
    4: (7, 2, 2, 0),
    5: (6, 1, 1, 0),
    6: (5, 1, 1, 0),
    7: (4, 2, 2, 0),
}


def auction_layout(players: int, variant: int) -> tuple[int, int, int, int]:
    """Return ``(cards_each, face_up, face_down, sevens_removed)``: always 32 cards.

    (1): all cards dealt but two or four, the face-down widow; (2): as many sevens
    removed as needed for equal hands; (3): the cards laid out on the table.
    """
    _check_variant(variant)
    _check_players(players)
    if variant == 1:
        widow = _DECK % players or 4  # 3, 5, 6 players: 2; 4, 7 players: 4
        return (_DECK - widow) // players, 0, widow, 0
    if variant == 2:
        return _DECK // players, 0, 0, _DECK % players
    return _TABLE_LAYOUTS[players]


def auction_dealer(index: int, players: int) -> int:
    """Return who deals deal ``index`` (0-based): player 0 first, then in turn."""
    return index % players


def _check_variant(variant: object) -> int:
    if not (_is_int(variant) and variant in AUCTION_VARIANTS):
        raise VariantInvalidDeal("variant_unknown", "variant", {"variant": variant})
    return variant  # type: ignore[return-value]


def _check_players(players: object) -> int:
    if not (_is_int(players) and AUCTION_MIN_PLAYERS <= players <= AUCTION_MAX_PLAYERS):
        raise VariantInvalidDeal(
            "players_out_of_range",
            "players",
            {
                "low": AUCTION_MIN_PLAYERS,
                "high": AUCTION_MAX_PLAYERS,
                "players": players,
            },
        )
    return players  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """An auction game's rules and house settings; checked when built.

    ``stakes`` (auction (1) only): the stake the declarer wins from, or pays to,
    each opponent, by the number of cards he exchanged: a sequence indexed 0…widow
    or a mapping with those keys (kept as a tuple). ``deals``: the agreed number of
    deals, a multiple of the players. ``trick_points`` None = the variant's rule
    (a point per trick in (1), none in (2) and (3)). The two doublings are
    auction (3)'s house settings.
    """

    variant: int
    players: int
    deals: int | None = None
    stakes: Sequence[int] | Mapping[int, int] | None = None
    double_for_all_tricks: bool = False
    double_for_no_exchange: bool = False
    trick_points: bool | None = None
    min_bid: int = 1

    def __post_init__(self) -> None:
        variant = _check_variant(self.variant)
        players = _check_players(self.players)
        deals = self.deals
        if deals is not None and not (
            _is_int(deals) and deals >= 1 and deals % players == 0
        ):
            raise VariantInvalidDeal(
                "deals_not_equal", "deals", {"players": players, "deals": deals}
            )
        for name in ("double_for_all_tricks", "double_for_no_exchange"):
            value = getattr(self, name)
            if value is not True and value is not False:
                raise VariantInvalidDeal("setting_type", name)
            if value and variant != 3:
                raise VariantInvalidDeal("doubling_not_used", name)
        if self.trick_points is not None and not isinstance(self.trick_points, bool):
            raise VariantInvalidDeal("setting_type", "trick_points")
        total = self.total
        if not (_is_int(self.min_bid) and 1 <= self.min_bid <= total):
            raise VariantInvalidDeal("min_bid_invalid", "min_bid", {"total": total})
        object.__setattr__(self, "stakes", self._checked_stakes())

    def _checked_stakes(self) -> tuple[int, ...] | None:
        stakes = self.stakes
        if self.variant != 1:
            if stakes is not None:
                raise VariantInvalidDeal("stakes_not_used", "stakes")
            return None
        widow = self.widow
        if stakes is None:
            raise VariantInvalidDeal("stakes_missing", "stakes", {"widow": widow})
        if isinstance(stakes, Mapping):
            if set(stakes) != set(range(widow + 1)):
                raise VariantInvalidDeal("stakes_invalid", "stakes", {"widow": widow})
            stakes = [stakes[k] for k in range(widow + 1)]
        if isinstance(stakes, (str, bytes)) or not isinstance(stakes, Sequence):
            raise VariantInvalidDeal("stakes_invalid", "stakes", {"widow": widow})
        if len(stakes) != widow + 1 or not all(
            _is_int(stake) and stake >= 0 for stake in stakes
        ):
            raise VariantInvalidDeal("stakes_invalid", "stakes", {"widow": widow})
        return tuple(int(stake) for stake in stakes)

    @property
    def layout(self) -> tuple[int, int, int, int]:
        """Return ``auction_layout(players, variant)``."""
        return auction_layout(self.players, self.variant)

    @property
    def tricks(self) -> int:
        """Return the tricks in a deal: the cards each player holds."""
        return self.layout[0]

    @property
    def widow(self) -> int:
        """Return the cards on the table that the declarer may exchange with."""
        _, face_up, face_down, _ = self.layout
        return face_up + face_down

    @property
    def counts_tricks(self) -> bool:
        """Tell whether a point per trick counts with the card points."""
        return self.variant == 1 if self.trick_points is None else self.trick_points

    @property
    def total(self) -> int:
        """Return every point of a deal: 60 card points, plus the tricks if counted."""
        return _CARD_POINTS + (self.tricks if self.counts_tricks else 0)

    @property
    def needed(self) -> int:
        """Return auction (1)'s points to make: 21, or 15 when more than four play."""
        return 15 if self.players > 4 else 21


@dataclass(frozen=True, slots=True)
class AuctionDeal:
    """One auction deal as the scorer writes it down; checked when scored.

    ``declarer`` 0…players−1 (None: everyone passed); ``bid`` the winning bid
    (auctions (2) and (3)); ``points`` the declarer's points and/or ``made``
    whether he succeeded; ``exchanged`` the cards he exchanged with the table;
    ``all_tricks`` his bid was to win every trick.
    """

    declarer: int | None
    bid: int | None = None
    points: int | None = None
    made: bool | None = None
    exchanged: int = 0
    all_tricks: bool = False


@dataclass(frozen=True, slots=True)
class AuctionDealScore:
    """Each player's score for a deal, whether the declarer made it, and why.

    ``value`` is the stake (1) or the bid (2, 3) before ``factor`` and sign.
    """

    scores: tuple[int, ...]
    made: bool | None
    value: int = 0
    factor: int = 1


@dataclass(frozen=True, slots=True)
class AuctionGameScore:
    """An auction game's deals, per-player totals and outcome; who deals next."""

    deals: tuple[AuctionDealScore, ...]
    totals: tuple[int, ...]
    finished: bool
    winner: int | None
    next_dealer: int


def _auction_rules(rules: object) -> AuctionRules:
    if not isinstance(rules, AuctionRules):
        raise VariantInvalidDeal("auction_rules_type")
    return rules


def _optional_bool(value: object, field: str) -> bool | None:
    if value is not None and value is not True and value is not False:
        raise VariantInvalidDeal(f"{field}_type", field)
    return value  # type: ignore[return-value]


def score_auction_deal(deal: AuctionDeal, rules: AuctionRules) -> AuctionDealScore:
    """Score one auction deal: (1) is zero-sum, (2) and (3) score the declarer."""
    rules = _auction_rules(rules)
    if not isinstance(deal, AuctionDeal):
        raise VariantInvalidDeal("auction_deal_type")
    players = rules.players
    zero = (0,) * players
    declarer = deal.declarer
    made = _optional_bool(deal.made, "made")
    all_tricks = _optional_bool(deal.all_tricks, "all_tricks")
    if declarer is None:
        if (
            deal.bid is not None
            or deal.points is not None
            or made is not None
            or deal.exchanged != 0
            or all_tricks
        ):
            raise VariantInvalidDeal("passed_deal", "declarer")
        return AuctionDealScore(zero, None)
    if not (_is_int(declarer) and 0 <= declarer < players):
        raise VariantInvalidDeal(
            "declarer_out_of_range", "declarer", {"players": players}
        )

    exchanged = deal.exchanged
    most = rules.widow
    if not (_is_int(exchanged) and 0 <= exchanged <= most):
        raise VariantInvalidDeal(
            "exchanged_out_of_range",
            "exchanged",
            {"most": most, "exchanged": exchanged},
        )

    total = rules.total
    points = deal.points
    if points is not None:
        if not _is_int(points):
            raise VariantInvalidDeal("points_type", "points")
        if not 0 <= points <= total:
            raise VariantInvalidDeal(
                "points_out_of_range", "points", {"total": total, "points": points}
            )

    bid = deal.bid
    if rules.variant == 1:
        return _score_stake_deal(
            rules,
            declarer=declarer,
            exchanged=exchanged,
            points=points,
            made=made,
            bid=bid,
            all_tricks=all_tricks,
        )

    if all_tricks:
        if bid is not None and bid != total:
            raise VariantInvalidDeal(
                "all_tricks_bid", "bid", {"total": total, "bid": bid}
            )
        if made is None:
            raise VariantInvalidDeal("all_tricks_made_missing", "made")
        bid = total
    else:
        if bid is None:
            raise VariantInvalidDeal("bid_missing", "bid")
        _check_bid(bid, rules)
        made = _result(points, made, bid)
    factor = 1
    if rules.double_for_all_tricks and all_tricks:
        factor *= 2
    if rules.double_for_no_exchange and exchanged == 0:
        factor *= 2
    score = bid * factor if made else -bid * factor
    scores = tuple(score if player == declarer else 0 for player in range(players))
    return AuctionDealScore(scores, made, bid, factor)


def _score_stake_deal(
    rules: AuctionRules,
    *,
    declarer: int,
    exchanged: int,
    points: int | None,
    made: bool | None,
    bid: object,
    all_tricks: bool | None,
) -> AuctionDealScore:
    """Score a checked deal of variant (1): the declarer wins the stake of the cards
    exchanged from every other player, or pays it to each."""
    players = rules.players
    if bid is not None:
        raise VariantInvalidDeal("bid_not_used", "bid")
    if all_tricks:
        raise VariantInvalidDeal("all_tricks_not_used", "all_tricks")
    needed = rules.needed
    made = _result(points, made, needed)
    stake = rules.stakes[exchanged]  # type: ignore[index]
    sign = 1 if made else -1
    scores = tuple(
        sign * stake * (players - 1) if player == declarer else -sign * stake
        for player in range(players)
    )
    return AuctionDealScore(scores, made, stake)


def _check_bid(bid: object, rules: AuctionRules) -> int:
    if not _is_int(bid):
        raise VariantInvalidDeal("bid_type", "bid")
    if not rules.min_bid <= bid <= rules.total:  # type: ignore[operator]
        raise VariantInvalidDeal(
            "bid_out_of_range",
            "bid",
            {"low": rules.min_bid, "high": rules.total, "bid": bid},
        )
    return bid  # type: ignore[return-value]


def _result(points: int | None, made: bool | None, needed: int) -> bool:
    """Return whether the declarer made ``needed`` points; both inputs must agree."""
    if points is None:
        if made is None:
            raise VariantInvalidDeal("result_missing", "points")
        return made
    reached = points >= needed
    if made is not None and made != reached:
        raise VariantInvalidDeal(
            "made_but_short" if made else "failed_but_reached",
            "made",
            {"points": points, "needed": needed},
        )
    return reached


def score_auction_game(
    deals: Iterable[AuctionDeal], rules: AuctionRules
) -> AuctionGameScore:
    """Score an auction game's deals in order; after the agreed deals, most wins."""
    rules = _auction_rules(rules)
    players = rules.players
    scored: list[AuctionDealScore] = []
    totals = [0] * players
    count = 0
    for index, deal in enumerate(deals):
        if rules.deals is not None and index >= rules.deals:
            raise VariantInvalidDeal(
                "auction_game_over",
                None,
                {"number": index + 1, "deals": rules.deals},
                index,
            )
        try:
            result = score_auction_deal(deal, rules)
        except InvalidDeal as exc:
            raise _in_game(exc, index) from None
        scored.append(result)
        for player in range(players):
            totals[player] += result.scores[player]
        count = index + 1
    finished = rules.deals is not None and count == rules.deals
    winner = _leader(totals) if finished else None
    return AuctionGameScore(
        tuple(scored), tuple(totals), finished, winner, auction_dealer(count, players)
    )
