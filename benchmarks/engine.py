"""Time the scoring engine on random valid deals: ``python -m benchmarks.engine``."""

from __future__ import annotations

import argparse
import random
import time

from manille.engine import Deal, Rules, Trump, score_deal, score_game

_DECK = [5, 4, 3, 2, 1, 0, 0, 0] * 4
_TRUMPS = list(Trump)


def random_deals(count: int, seed: int | None = None) -> list[Deal]:
    """Return ``count`` random deals that are valid under the standard rules."""
    rng = random.Random(seed)
    deck = list(_DECK)
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        tricks = sum(rng.random() < 0.5 for _ in range(8))  # binomial, like play
        a = sum(deck[: 4 * tricks])
        knocks = rng.choice((0, 0, 0, 0, 1, 1, 2))
        deals.append(
            Deal(
                points=(a, 60 - a),
                trump=rng.choice(_TRUMPS),
                knocks=knocks,
                blind=rng.random() < 0.1,
                revoke=rng.choice((0, 1)) if rng.random() < 0.01 else None,
                tricks=(tricks, 8 - tricks) if rng.random() < 0.5 else None,
                declarer=rng.randint(0, 1),
            )
        )
    return deals


def split_games(deals: list[Deal], rules: Rules) -> list[list[Deal]]:
    """Cut ``deals`` into consecutive finished games (the last may be unfinished)."""
    games: list[list[Deal]] = []
    current: list[Deal] = []
    totals = [0, 0]
    carry = 0
    for deal in deals:
        current.append(deal)
        result = score_deal(deal, rules, carry)
        carry = result.carry
        totals[0] += result.scores[0]
        totals[1] += result.scores[1]
        if (rules.target is not None and max(totals) >= rules.target) or (
            rules.deals is not None and len(current) >= rules.deals
        ):
            games.append(current)
            current, totals, carry = [], [0, 0], 0
    if current:
        games.append(current)
    return games


def _line(label: str, count: int, unit: str, seconds: float) -> str:
    rate = count / seconds if seconds else float("inf")
    return f"{label}: {count:,} {unit} in {seconds:.2f} s = {rate:,.0f} {unit}/s"


def bench_score_deal(deals: list[Deal], rules: Rules) -> float:
    """Return the seconds taken to score ``deals`` one after another, with carries."""
    carry = 0
    start = time.perf_counter()
    for deal in deals:
        carry = score_deal(deal, rules, carry).carry
    return time.perf_counter() - start


def bench_score_game(games: list[list[Deal]], rules: Rules) -> float:
    """Return the seconds taken to score every game in ``games``."""
    start = time.perf_counter()
    for game in games:
        score_game(game, rules)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    """Generate the deals (not timed), then time score_deal and score_game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals to score")
    parser.add_argument("--seed", type=int, default=None, help="random seed")
    args = parser.parse_args(argv)

    deals = random_deals(args.deals, args.seed)
    standard = Rules()
    variants = Rules(
        multiplier="add",
        max_knocks=None,
        capot_doubles=True,
        draw_carry=True,
        max_factor=8,
    )
    print(_line("score_deal", len(deals), "deals", bench_score_deal(deals, standard)))
    print(
        _line(
            "score_deal (add, capot, draw carry, cap)",
            len(deals),
            "deals",
            bench_score_deal(deals, variants),
        )
    )
    games = split_games(deals, standard)
    seconds = bench_score_game(games, standard)
    print(_line("score_game", len(games), "games", seconds))
    print(_line("score_game", len(deals), "deals", seconds))


if __name__ == "__main__":
    main()
