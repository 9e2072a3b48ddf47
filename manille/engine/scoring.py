"""Score deals and games: steps, factor, carries, the end and the winner."""

from __future__ import annotations

from collections.abc import Iterable

from manille.engine.checks import _checked, _rules
from manille.engine.deals import Deal, DealScore, GameScore
from manille.engine.errors import InvalidDeal
from manille.engine.rules import STANDARD_RULES, Rules


def score_deal(deal: Deal, rules: Rules = STANDARD_RULES, carry: int = 0) -> DealScore:
    """Score one deal; ``carry`` is the steps handed on by the deal before."""
    if type(rules) is not Rules:
        _rules(rules)
    if type(carry) is not int or carry < 0:
        raise ValueError(f"carry must be an int >= 0, not {carry!r}")
    a, b, no_trump, knocks, blind, revoke = _checked(deal, rules)

    steps = carry + knocks
    if no_trump and rules.no_trump_doubles:
        steps += 1
    if blind and rules.blind_doubles:
        steps += 1
    half = 34 if rules.trick_points else 30
    if revoke is None and rules.capot_doubles and (a == 0 or b == 0):
        steps += 1

    max_factor = rules.max_factor
    if rules.multiplier == "multiply":
        if max_factor is not None and steps >= max_factor.bit_length():
            factor = max_factor  # 2 ** steps >= max_factor, without computing it
        else:
            factor = 1 << steps
    else:
        factor = 1 + steps
    if max_factor is not None and factor > max_factor:
        factor = max_factor

    if revoke is not None:
        points = rules.revoke_points
        if points is None:
            points = half * factor
        return DealScore((0, points) if revoke == 0 else (points, 0), factor, steps)
    if a > half:
        return DealScore(((a - half) * factor, 0), factor, steps)
    if b > half:
        return DealScore((0, (b - half) * factor), factor, steps)
    return DealScore((0, 0), factor, steps, steps + 1 if rules.draw_carry else 0)


def game_finished(
    totals: tuple[int, int], deals_played: int, rules: Rules = STANDARD_RULES
) -> bool:
    """Tell whether a game is over: a side reached the target, or the deals ran out."""
    target = rules.target
    if target is not None and (totals[0] >= target or totals[1] >= target):
        return True
    return rules.deals is not None and deals_played >= rules.deals


def game_winner(totals: tuple[int, int], finished: bool) -> int | None:
    """Return the side (0 or 1) that won a finished game; None if open or level."""
    if not finished or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def score_game(deals: Iterable[Deal], rules: Rules = STANDARD_RULES) -> GameScore:
    """Score a game's deals in order, passing carries on, and say who has won."""
    rules = _rules(rules)
    scored: list[DealScore] = []
    total_a = total_b = 0
    carry = 0
    finished = False
    for index, deal in enumerate(deals):
        if finished:
            raise InvalidDeal("game_over", None, {"number": index + 1}, index)
        try:
            result = score_deal(deal, rules, carry)
        except InvalidDeal as exc:
            exc.index = index
            raise
        scored.append(result)
        total_a += result.scores[0]
        total_b += result.scores[1]
        carry = result.carry
        finished = game_finished((total_a, total_b), index + 1, rules)
    totals = (total_a, total_b)
    return GameScore(
        tuple(scored), totals, finished, game_winner(totals, finished), carry
    )
