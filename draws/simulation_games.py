"""Play random but possible deals and games, the way a simulated table plays them.

Used by the event simulation (``draws.simulation``), the season simulation and the
tests that need games with real scores.
"""

from __future__ import annotations

import random

from manille.engine import SUIT_SYMBOLS, Deal, Trump, score_game
from scoring.services import DealInput, GameInput
from tournaments.models import Tournament

TRUMPS = list(SUIT_SYMBOLS)  # the four suits
# The deck's card points: 4 × (10, A, K, Q, J, 9, 8, 7).
DECK = [5, 4, 3, 2, 1, 0, 0, 0] * 4


def random_deal(rng: random.Random, tournament: Tournament, declarer: int) -> DealInput:
    """Return a random but possible deal with a realistic mix of the rules' events."""
    trump = Trump.NO_TRUMP.value if rng.random() < 0.18 else rng.choice(TRUMPS)
    knocks = 0
    if tournament.max_knocks != 0:
        roll = rng.random()
        knocks = 2 if roll < 0.02 else 1 if roll < 0.12 else 0
        if tournament.max_knocks is not None:
            knocks = min(knocks, tournament.max_knocks)
    blind = tournament.blind_doubles and rng.random() < 0.03
    passed = rng.random() < 0.15
    revoke = None
    if rng.random() < 0.015:
        revoke = rng.randrange(2)
        return DealInput(
            trump=trump,
            points_a=0,
            points_b=0,
            knocks=knocks,
            blind=blind,
            passed=passed,
            declarer=declarer,
            revoke=revoke,
        )
    # Deal the tricks: side A takes k of 8, i.e. 4k cards of the deck.
    k = sum(rng.random() < 0.5 for _ in range(8))
    cards = DECK[:]
    rng.shuffle(cards)
    points_a = sum(cards[: 4 * k])
    tricks_a = None
    total = 60
    if tournament.trick_points:
        points_a += k
        tricks_a = k
        total = 68
    return DealInput(
        trump=trump,
        points_a=points_a,
        points_b=total - points_a if tournament.type_both_sides else None,
        knocks=knocks,
        blind=blind,
        passed=passed,
        declarer=declarer,
        revoke=revoke,
        tricks_a=tricks_a,
    )


def play_game(rng: random.Random, tournament: Tournament, rules) -> GameInput:
    """Play deals until the engine says the game has ended."""
    deals: list[DealInput] = []
    engine_deals: list[Deal] = []
    total = rules.total
    for number in range(200):
        deal = random_deal(rng, tournament, number % 2)
        a = deal.points_a or 0
        b = deal.points_b if deal.points_b is not None else total - a
        if deal.revoke is not None:
            a = b = 0
        engine_deals.append(
            Deal(
                points=(a, b),
                trump=deal.trump,
                knocks=deal.knocks,
                blind=deal.blind,
                revoke=deal.revoke,
                tricks=None
                if deal.tricks_a is None
                else (deal.tricks_a, 8 - deal.tricks_a),
                declarer=deal.declarer,
            )
        )
        deals.append(deal)
        if score_game(engine_deals, rules).finished:
            break
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        result = score_game(engine_deals, rules)
        return GameInput(totals=result.totals)
    return GameInput(deals)
