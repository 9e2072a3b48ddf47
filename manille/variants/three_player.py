"""Score the three-player game: the dealer against the two others, by the engine."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from manille.engine import (
    STANDARD_RULES,
    Deal,
    InvalidDeal,
    Rules,
    Trump,
    score_deal,
)
from manille.variants.base import (
    THREE_PLAYERS,
    VariantInvalidDeal,
    _in_game,
    _is_int,
    _leader,
)

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
