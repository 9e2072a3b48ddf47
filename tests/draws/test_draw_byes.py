"""Test who sits out a round in every draw method, on plain entrants."""

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from manille.draws.base import (
    Entrant,
)
from manille.draws.individual import draw_individual
from manille.draws.ladder import draw_ladder
from manille.draws.swiss import draw_swiss
from tests.draw_checker import check_draw
from tests.draws.draw_helpers import PAIR_METHODS, SLOW, draw_pairs, met_pairs

# -------------------------------------------------------------------------- byes


@given(
    n=st.integers(min_value=4, max_value=23),
    seed=st.integers(min_value=0, max_value=10**6),
    method=st.sampled_from(["individual", *PAIR_METHODS]),
)
@SLOW
def test_nobody_gets_a_second_bye_before_everyone_had_one(n, seed, method):
    if method != "individual" and n % 2 == 0:
        n += 1
    if method == "individual" and n % 4 == 0:
        n += 1
    rng = random.Random(seed)
    byes = Counter()
    wins = Counter()
    history: set[frozenset[int]] = set()
    round_number = 0
    while min(byes[i] for i in range(1, n + 1)) == 0:
        round_number += 1
        players = [
            Entrant(id=i, club=i % 3, wins=wins[i], points=wins[i] * 7, byes=byes[i])
            for i in range(1, n + 1)
        ]
        if method == "individual":
            draw = draw_individual(players, seed=rng.randrange(10**6), history=history)
        else:
            draw = draw_pairs(
                players,
                method=method,
                seed=rng.randrange(10**6),
                history=history,
                round_number=round_number,
            )
        assert check_draw(draw, players, history=history) == []
        for table in draw.tables:
            wins[rng.choice(table.seats)] += 1
        history |= met_pairs(draw)
        assert len(set(draw.byes)) == len(draw.byes)
        byes.update(draw.byes)
        counts = [byes[i] for i in range(1, n + 1)]
        assert max(counts) - min(counts) <= 1, f"a second bye in round {round_number}"


def test_swiss_and_ladder_byes_go_to_the_lowest_standing_team_without_a_bye():
    teams = [Entrant(id=i, wins=10 - i, byes=1 if i == 7 else 0) for i in range(1, 8)]
    for generate in (draw_swiss, draw_ladder):
        assert generate(teams, seed=1).byes == (6,)
