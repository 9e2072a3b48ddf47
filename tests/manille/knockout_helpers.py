"""Play pools and tables on plain rows, for the tests of pools and knockouts."""

import random
from itertools import count

from hypothesis import HealthCheck, settings

from manille.draws.base import INDIVIDUAL_GAMES, Entrant
from manille.knockout.advancement import PoolStanding
from manille.knockout.bracket import Knockout, knockout_forfeit, knockout_record
from manille.knockout.pools import INDIVIDUAL, PAIRS, Pool, pool_rounds
from manille.standings import ByeRow, EntrantInfo, GameRow, compute_standings

# Splitting and playing a field of up to 130 costs some ten plain examples: a
# fifth of the profile's count (40 in CI: see tests/conftest.py), at least 10.
FIELD = settings(
    max_examples=max(10, settings.default.max_examples // 5),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

_ids = count(1)


def name(entry_id: int) -> str:
    return f"E{entry_id:03d}"


def entrants(n: int, *, clubs: int = 0, rng=None) -> list[Entrant]:
    """``n`` entrants with ids 1..n in rank order, in ``clubs`` clubs (0: none)."""
    rng = rng or random.Random(n)
    return [
        Entrant(id=i, club=rng.randrange(clubs) if clubs else None)
        for i in range(1, n + 1)
    ]


def game(a, b, score_a, score_b, *, rnd, table=1, number=1) -> GameRow:
    winner = 0 if score_a > score_b else 1 if score_b > score_a else None
    return GameRow(
        id=next(_ids),
        round_number=rnd,
        phase_id=1,
        table_number=table,
        side_a=tuple(a),
        side_b=tuple(b),
        score_a=score_a,
        score_b=score_b,
        winner=winner,
        number=number,
    )


def played_pool(
    pool: Pool, rng: random.Random, *, format=PAIRS, tiebreaks=None, scores=None
):
    """Play ``pool``'s schedule with random results; return its ``PoolStanding``.

    ``scores`` (a list of (score_a, score_b)) gives the results instead, in order.
    """
    games, byes = pool_games(pool, rng, format=format, scores=scores)
    people = [EntrantInfo(id=e, name=name(e)) for e in pool.members]
    kwargs = {"tiebreaks": tiebreaks} if tiebreaks else {}
    rows = compute_standings(people, games, byes=byes, **kwargs)
    return PoolStanding(letter=pool.letter, rows=tuple(rows))


def pool_games(pool: Pool, rng: random.Random, *, format=PAIRS, scores=None):
    """Return (games, byes) of ``pool``'s schedule played (see ``played_pool``)."""
    games, byes = [], []
    results = iter(scores or ())
    for rnd in pool_rounds(pool, format=format):
        for table, seats in enumerate(rnd.tables, start=1):
            sides = (
                [((seats[0],), (seats[1],))]
                if format == PAIRS
                else [
                    (tuple(seats[i - 1] for i in a), tuple(seats[i - 1] for i in b))
                    for a, b in INDIVIDUAL_GAMES
                ]
            )
            for number, (a, b) in enumerate(sides, start=1):
                sa, sb = next(results, None) or _random_score(rng)
                games.append(
                    game(a, b, sa, sb, rnd=rnd.number, table=table, number=number)
                )
        byes += [ByeRow(entry_id=e, round_number=rnd.number) for e in rnd.byes]
    return games, byes


def _random_score(rng: random.Random) -> tuple[int, int]:
    """A game to 101: the winner at 101 (or a little more), the loser below."""
    loser = rng.choice([20, 40, 60, 61, 80, 90, 100])
    winner = 101 + rng.choice([0, 0, 0, 9])
    return (winner, loser) if rng.random() < 0.5 else (loser, winner)


def play_through(ko: Knockout, choose) -> Knockout:
    """Play every match as soon as both sides are known, ``choose`` picking a side.

    ``choose(match)`` returns "a", "b", or ("forfeit", side).
    """
    while True:
        ready = [
            (b.code, r, i, m)
            for b in ko.brackets
            for r, rnd in enumerate(b.rounds)
            for i, m in enumerate(rnd.matches)
            if m.winner is None and m.a is not None and m.b is not None
        ]
        if not ready:
            return ko
        code, r, i, m = ready[0]
        pick = choose(m)
        if isinstance(pick, tuple):
            ko = knockout_forfeit(
                ko, bracket=code, round=r, match=i, forfeiting=pick[1]
            )
        else:
            ko = knockout_record(ko, bracket=code, round=r, match=i, winner=pick)


def favourites(m):
    """The better seed wins (entry 100 + s is seed s)."""
    return "a" if m.a < m.b else "b"


def at_random(rng):
    def choose(m):
        roll = rng.random()
        if roll < 0.1:
            return ("forfeit", rng.choice("ab"))
        return "a" if roll < 0.55 else "b"

    return choose


__all__ = [
    "FIELD",
    "INDIVIDUAL",
    "PAIRS",
    "at_random",
    "entrants",
    "favourites",
    "name",
    "play_through",
    "played_pool",
    "pool_games",
]
