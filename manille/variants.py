"""Score the other Manille games: three players, and the three auction games.

Pure Python beside :mod:`manille.engine` (no Django import; import-linter's "pure"
contract and ``tests/scoring/test_variants.py`` check it). Frozen dataclasses go in and
come out; every impossible input raises :class:`~manille.engine.InvalidDeal` (here
a subclass of it, whose messages live in this module) with a stable ``code``, a
``field``, a ``template`` and ``params``, translated by the caller with
``gettext(exc.template) % exc.params`` exactly like the engine's.

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

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from manille.engine import (
    STANDARD_RULES,
    Deal,
    InvalidDeal,
    Rules,
    Trump,
    gettext_noop,
    score_deal,
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

THREE_PLAYERS = 3
AUCTION_VARIANTS = (1, 2, 3)
AUCTION_MIN_PLAYERS = 3
AUCTION_MAX_PLAYERS = 7
ALL_TRICKS = "all_tricks"  # the bid to win every trick, in auction_bidding's calls

_DECK = 32
_CARD_POINTS = 60

# --------------------------------------------------------------------------- errors

_MESSAGES = {
    "three_player_deal_type": gettext_noop("This is not a three-player deal."),
    "dealer_invalid": gettext_noop("The dealer must be player 1, 2 or 3."),
    "dealer_out_of_turn": gettext_noop(
        "Deal %(number)s is dealt by player %(expected)s, not player %(dealer)s."
    ),
    "revoke_player_invalid": gettext_noop(
        "The player who revoked must be player 1, 2 or 3, or nobody."
    ),
    "three_player_trick_points": gettext_noop(
        "The point per trick is not played with three players."
    ),
    "auction_rules_type": gettext_noop("These are not the rules of an auction game."),
    "variant_unknown": gettext_noop(
        "The auction game must be variant 1, 2 or 3, not %(variant)s."
    ),
    "players_out_of_range": gettext_noop(
        "An auction game takes %(low)s to %(high)s players, not %(players)s."
    ),
    "deals_not_equal": gettext_noop(
        "Every player must deal equally often: the number of deals must be "
        "a multiple of %(players)s, not %(deals)s."
    ),
    "setting_type": gettext_noop("This house setting must be yes or no."),
    "min_bid_invalid": gettext_noop(
        "The lowest bid must be a whole number between 1 and %(total)s."
    ),
    "stakes_missing": gettext_noop(
        "Auction (1) needs the club's stake table: a stake for 0 to %(widow)s "
        "cards exchanged."
    ),
    "stakes_invalid": gettext_noop(
        "The stake table needs one whole number of at least 0 for each number "
        "of cards exchanged, 0 to %(widow)s."
    ),
    "stakes_not_used": gettext_noop("Only auction (1) is played for stakes."),
    "doubling_not_used": gettext_noop(
        "The score is doubled for every trick or no exchange only in auction (3)."
    ),
    "auction_deal_type": gettext_noop("This is not an auction deal."),
    "declarer_out_of_range": gettext_noop(
        "The declarer must be one of the %(players)s players."
    ),
    "player_out_of_range": gettext_noop("The players are numbered 1 to %(players)s."),
    "passed_deal": gettext_noop(
        "A deal everyone passed has no bid, points, result or exchange."
    ),
    "bid_not_used": gettext_noop("Auction (1) has no bidding: enter no bid."),
    "bid_missing": gettext_noop("Enter the declarer's bid."),
    "bid_type": gettext_noop("Enter the bid as a whole number of points."),
    "bid_out_of_range": gettext_noop(
        "A bid must lie between %(low)s and %(high)s points, not %(bid)s."
    ),
    "all_tricks_not_used": gettext_noop("Auction (1) has no bid to win every trick."),
    "all_tricks_bid": gettext_noop(
        "A bid to win every trick is worth %(total)s points, not %(bid)s."
    ),
    "all_tricks_made_missing": gettext_noop(
        "Say whether the declarer won every trick."
    ),
    "points_type": gettext_noop("Enter the declarer's points as a whole number."),
    "points_out_of_range": gettext_noop(
        "The declarer's points must lie between 0 and %(total)s, not %(points)s."
    ),
    "made_type": gettext_noop("Made or not must be yes or no."),
    "all_tricks_type": gettext_noop("Every trick or not must be yes or no."),
    "result_missing": gettext_noop(
        "Enter the declarer's points or whether he made his contract."
    ),
    "made_but_short": gettext_noop(
        "With %(points)s points, short of the %(needed)s needed, the declarer "
        "did not make his contract."
    ),
    "failed_but_reached": gettext_noop(
        "With %(points)s points, at least the %(needed)s needed, the declarer "
        "made his contract."
    ),
    "exchanged_out_of_range": gettext_noop(
        "The declarer can exchange 0 to %(most)s cards, not %(exchanged)s."
    ),
    "bidding_type": gettext_noop(
        "Enter each call as a player and a bid, a bid to win every trick, or a pass."
    ),
    "call_out_of_turn": gettext_noop(
        "It is player %(expected)s's turn to call, not player %(player)s's."
    ),
    "bid_after_pass": gettext_noop(
        "Player %(player)s has passed and cannot bid again."
    ),
    "bid_not_higher": gettext_noop(
        "Each bid must be higher than the last: %(bid)s does not beat %(last)s."
    ),
    "bidding_over": gettext_noop("The bidding is over: no more calls."),
    "all_tricks_is_highest": gettext_noop("Nothing beats a bid to win every trick."),
    "auction_game_over": gettext_noop(
        "Deal %(number)s comes after the agreed %(deals)s deals."
    ),
}


_NAMES_THE_DEAL = frozenset({"dealer_out_of_turn", "auction_game_over"})


class VariantInvalidDeal(InvalidDeal):
    """An impossible input to a variant: an :class:`InvalidDeal` with its own codes.

    Catch :class:`InvalidDeal`; this class exists only because the engine's
    message table is the engine's. Player numbers in ``params`` are 1-based, as a
    score pad shows them.
    """

    messages = _MESSAGES
    names_the_deal = _NAMES_THE_DEAL


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in_game(exc: InvalidDeal, index: int) -> InvalidDeal:
    exc.index = index
    return exc


# --------------------------------------------------------------------- three players


@dataclass(frozen=True, slots=True)
class ThreePlayerDeal:
    """One three-player deal: the dealer (0–2) alone against the other two.

    ``points`` = (the dealer's points, the two others' points), 60 in all;
    ``revoke`` = the player (0–2) who revoked, or None.
    """

    dealer: int
    points: tuple[int, int]
    trump: Trump | str
    knocks: int = 0
    blind: bool = False
    revoke: int | None = None


@dataclass(frozen=True, slots=True)
class ThreePlayerDealScore:
    """What each player adds (a 3-tuple by player), the deal's factor, steps, carry."""

    scores: tuple[int, int, int]
    factor: int
    steps: int
    carry: int = 0


@dataclass(frozen=True, slots=True)
class ThreePlayerGameScore:
    """A three-player game's deals, per-player totals and outcome."""

    deals: tuple[ThreePlayerDealScore, ...]
    totals: tuple[int, int, int]
    finished: bool
    winner: int | None
    carry: int = 0
    next_dealer: int | None = None


def _three_player_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules instance, not {type(rules).__name__}")
    if rules.trick_points:
        raise VariantInvalidDeal("three_player_trick_points", "rules")
    return rules


def score_three_player_deal(
    deal: ThreePlayerDeal, rules: Rules = STANDARD_RULES, carry: int = 0
) -> ThreePlayerDealScore:
    """Score one deal: both players of the winning side add the deal's score."""
    rules = _three_player_rules(rules)
    if not isinstance(deal, ThreePlayerDeal):
        raise VariantInvalidDeal("three_player_deal_type")
    dealer = deal.dealer
    if not (_is_int(dealer) and 0 <= dealer < THREE_PLAYERS):
        raise VariantInvalidDeal("dealer_invalid", "dealer")
    revoke = deal.revoke
    if revoke is not None and not (_is_int(revoke) and 0 <= revoke < THREE_PLAYERS):
        raise VariantInvalidDeal("revoke_player_invalid", "revoke")
    side_revoke = None if revoke is None else (0 if revoke == dealer else 1)
    # The engine checks the points, trump, knocks and blind, and does the doubling.
    result = score_deal(
        Deal(deal.points, deal.trump, deal.knocks, deal.blind, side_revoke),
        rules,
        carry,
    )
    dealer_score, others_score = result.scores
    scores = tuple(
        dealer_score if player == dealer else others_score
        for player in range(THREE_PLAYERS)
    )
    return ThreePlayerDealScore(scores, result.factor, result.steps, result.carry)  # type: ignore[arg-type]


def _leader(totals: Sequence[int]) -> int | None:
    """Return the one player with the highest total, or None when it is shared."""
    best = max(totals)
    leaders = [player for player, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def score_three_player_game(
    deals: Iterable[ThreePlayerDeal],
    rules: Rules = STANDARD_RULES,
    *,
    level_plays_on: bool = False,
) -> ThreePlayerGameScore:
    """Score a game in order; the first to the target ends it, the highest total wins.

    ``rules.deals`` ends it after that many deals instead, whichever comes first.
    With ``level_plays_on`` a game whose highest total is shared at its end goes on
    until one player leads alone.
    """
    rules = _three_player_rules(rules)
    if level_plays_on is not True and level_plays_on is not False:
        raise VariantInvalidDeal("setting_type", "level_plays_on")
    scored: list[ThreePlayerDealScore] = []
    totals = [0, 0, 0]
    carry = 0
    finished = False
    expected: int | None = None
    for index, deal in enumerate(deals):
        if finished:
            raise _in_game(InvalidDeal("game_over", None, {"number": index + 1}), index)
        try:
            result = score_three_player_deal(deal, rules, carry)
        except InvalidDeal as exc:
            raise _in_game(exc, index) from None
        if expected is not None and deal.dealer != expected:
            raise VariantInvalidDeal(
                "dealer_out_of_turn",
                "dealer",
                {
                    "number": index + 1,
                    "expected": expected + 1,
                    "dealer": deal.dealer + 1,
                },
                index,
            )
        expected = (deal.dealer + 1) % THREE_PLAYERS
        scored.append(result)
        for player in range(THREE_PLAYERS):
            totals[player] += result.scores[player]
        carry = result.carry
        target_reached = rules.target is not None and max(totals) >= rules.target
        deals_out = rules.deals is not None and index + 1 >= rules.deals
        finished = target_reached or deals_out
        if finished and level_plays_on and _leader(totals) is None:
            finished = False
    winner = _leader(totals) if finished else None
    return ThreePlayerGameScore(
        tuple(scored),
        tuple(totals),
        finished,
        winner,
        carry,
        expected,  # type: ignore[arg-type]
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
