"""Test who goes through from the pools, and how it is explained, on plain rows."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.knockout.advancement import (
    ACROSS,
    BEST_NEXT,
    DIRECTOR,
    PLACE,
    PoolStanding,
    explain_qualifier,
    pool_advancement,
    pool_standings,
)
from manille.knockout.errors import KnockoutError
from manille.knockout.pools import split_pools
from manille.standings import EntrantInfo, compute_standings
from tests.manille.knockout_helpers import (
    FIELD,
    entrants,
    game,
    name,
    played_pool,
    pool_games,
)

TIEBREAKS = ("games_won", "points", "point_difference")


def real(row):
    """The oracle's figures: games at a table only (what a bye credits left out)."""
    return (
        -(row.games_won - row.bye_games),
        -(row.points - row.bye_points),
        -row.point_difference,
    )


@FIELD
@given(
    pools=st.integers(min_value=2, max_value=32),
    size=st.integers(min_value=3, max_value=5),
    per_pool=st.integers(min_value=1, max_value=2),
    best=st.integers(min_value=0, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_the_first_of_each_pool_and_the_best_next_go_through(
    pools, size, per_pool, best, seed
):
    """Equal pools: the right count, each pool's first, the best next across pools."""
    rng = random.Random(seed)
    split = split_pools(entrants(pools * size), size=size)
    standings = [played_pool(p, rng) for p in split.pools]
    best = min(best, pools)
    adv = pool_advancement(
        standings, per_pool=per_pool, best_next=best, tiebreaks=TIEBREAKS
    )
    assert not adv.left_out
    through = {q.entry_id for q in adv.qualifiers}
    assert [q.seed for q in adv.qualifiers] == list(range(1, len(through) + 1))
    if adv.complete:
        assert len(through) == pools * per_pool + best
    else:
        assert len(through) < pools * per_pool + best
        for tie in adv.ties:
            assert not set(tie.candidates) & through
            assert 0 < tie.places < len(tie.candidates)
    pool_ties = {t.pool for t in adv.ties if t.pool is not None}
    for pool in standings:
        if pool.letter in pool_ties:
            continue
        took = [r for r in pool.rows if r.entry_id in through]
        direct = [r for r in took if r.rank <= per_pool]
        assert len(direct) == per_pool
        assert all(r.rank <= per_pool for r in pool.rows[:per_pool])
    if not best or pool_ties:
        return
    picked = [q for q in adv.qualifiers if q.route in (BEST_NEXT, DIRECTOR)]
    rows = {r.entry_id: r for pool in standings for r in pool.rows}
    out = [c for c in adv.next_place if c.entry_id not in through]
    for q in picked:
        for c in out:
            assert real(rows[q.entry_id]) <= real(rows[c.entry_id])
    assert [q.seed for q in picked] == list(
        range(pools * per_pool + 1, len(through) + 1)
    )


def runner_up_field():
    """Three pools of three: the runners-up differ on games won, then points."""
    results = {
        # Rounds: seed 2 v 3, 3 v 1, 1 v 2 (the top two last): the seeds win.
        "A": [(101, 60), (40, 101), (101, 63)],
        "B": [(101, 90), (20, 101), (101, 80)],
        "C": [(101, 100), (70, 101), (101, 30)],
    }
    split = split_pools(entrants(9), size=3)
    return [
        played_pool(p, random.Random(0), scores=results[p.letter], tiebreaks=TIEBREAKS)
        for p in split.pools
    ]


def test_the_best_runner_up_is_explained_by_his_figures():
    standings = runner_up_field()
    adv = pool_advancement(standings, per_pool=1, best_next=1, tiebreaks=TIEBREAKS)
    assert adv.complete
    assert [q.route for q in adv.qualifiers] == [PLACE, PLACE, PLACE, BEST_NEXT]
    last = adv.qualifiers[-1]
    assert last.place == 2
    runner_ups = {p.letter: p.rows[1] for p in standings}
    best = min(runner_ups.values(), key=real)
    assert last.entry_id == best.entry_id
    row = best
    figures = (
        f"games won {row.games_won - row.bye_games}, "
        f"points scored {row.points - row.bye_points}, "
        f"point difference {row.point_difference:+d}"
    )
    assert explain_qualifier(last) == f"best runner-up: {figures}"
    assert explain_qualifier(adv.qualifiers[0]) == (
        f"winner of pool {adv.qualifiers[0].pool}"
    )


DUTCH = {
    "winner of pool %(pool)s": "winnaar van poule %(pool)s",
    "runner-up, %(order)d of the %(count)d best: %(figures)s": (
        "tweede, %(order)d van de %(count)d beste: %(figures)s"
    ),
    "%(label)s %(value)s": "%(value)s %(label)s",
    "games won": "gewonnen",
    "points scored": "punten",
    "point difference": "saldo",
}


def test_explanations_are_translated_by_the_given_gettext():
    adv = pool_advancement(runner_up_field(), per_pool=1, best_next=2)
    texts = [explain_qualifier(q, gettext=DUTCH.get) for q in adv.qualifiers]
    assert texts[0] == f"winnaar van poule {adv.qualifiers[0].pool}"
    assert texts[-1].startswith("tweede, 2 van de 2 beste: 1 gewonnen, ")


def two_pools(scores_a, scores_b, size=3):
    split = split_pools(entrants(2 * size), size=size)
    return [
        played_pool(p, random.Random(0), scores=s, tiebreaks=TIEBREAKS)
        for p, s in zip(split.pools, (scores_a, scores_b), strict=True)
    ]


def test_an_exact_tie_across_pools_is_left_to_the_director():
    same = [(101, 60), (60, 101), (101, 60)]  # the seeds win, by the same scores
    standings = two_pools(same, same)
    adv = pool_advancement(standings, per_pool=1, best_next=1, tiebreaks=TIEBREAKS)
    assert not adv.complete
    (tie,) = adv.ties
    assert (tie.pool, tie.places, len(tie.candidates)) == (None, 1, 2)
    assert len(adv.qualifiers) == 2
    chosen = tie.candidates[1]
    decided = pool_advancement(
        standings,
        per_pool=1,
        best_next=1,
        tiebreaks=TIEBREAKS,
        chosen={tie.key: [chosen]},
    )
    assert decided.complete
    assert decided.qualifiers[-1].entry_id == chosen
    assert decided.qualifiers[-1].route == DIRECTOR
    assert "chosen by the director" in explain_qualifier(decided.qualifiers[-1])
    with pytest.raises(KnockoutError) as info:
        pool_advancement(
            standings, per_pool=1, best_next=1, chosen={tie.key: list(tie.candidates)}
        )
    assert info.value.code == "bad_choice"


def test_a_tie_for_first_in_a_pool_is_left_to_the_director_and_the_other_drops():
    """Pool A's three each win once, on equal scores: who goes through is asked."""
    circle = [(101, 60), (101, 60), (101, 60)]  # 2 beats 3, 3 beats 1, 1 beats 2
    standings = two_pools(circle, [(101, 90), (60, 101), (101, 60)])
    first = standings[0].rows
    assert first[0].rank == first[1].rank == first[2].rank == 1
    adv = pool_advancement(standings, per_pool=1, best_next=2, tiebreaks=TIEBREAKS)
    (tie,) = adv.ties
    assert (tie.pool, tie.place, tie.places) == ("A", 1, 1)
    assert len(tie.candidates) == 3
    assert "A" not in {c.pool for c in adv.next_place}, "A's runner-up is not known"
    assert [q.pool for q in adv.qualifiers] == ["B"], "nor the best runners-up"
    pick = tie.candidates[0]
    decided = pool_advancement(
        standings,
        per_pool=1,
        best_next=2,
        tiebreaks=TIEBREAKS,
        chosen={tie.key: [pick]},
    )
    assert decided.complete
    winners = [q for q in decided.qualifiers if q.place == 1]
    assert [q.pool for q in winners] == ["B", "A"], "B's won twice, A's once"
    assert (winners[1].entry_id, winners[1].route) == (pick, DIRECTOR)
    others = set(tie.candidates) - {pick}
    nexts = [q for q in decided.qualifiers if q.route == BEST_NEXT]
    assert {q.entry_id for q in nexts} == others, "both share second: runners-up"
    assert {q.place for q in nexts} == {2}
    b_runner_up = standings[1].rows[1].entry_id  # 161 points, -30
    assert b_runner_up not in {q.entry_id for q in decided.qualifiers}


def test_unequal_pools_leave_out_the_games_against_the_last_of_the_larger():
    """A pool of four and one of three: every runner-up counts two games."""
    split = split_pools(entrants(7), size=4)
    assert sorted(len(p.members) for p in split.pools) == [3, 4]
    standings = [played_pool(p, random.Random(3)) for p in split.pools]
    adv = pool_advancement(standings, per_pool=1, best_next=1)
    assert adv.left_out
    larger = max(standings, key=lambda p: len(p.rows))
    last = larger.rows[-1].entry_id
    for c in adv.next_place:
        assert c.figures.games_played == 2
        if c.pool == larger.letter:
            row = larger.rows[1]
            kept = [g for g in row.games if last not in g.opponents]
            assert c.figures.games_won == sum(g.won for g in kept)
    last = adv.qualifiers[-1]
    assert last.left_out
    assert explain_qualifier(last).endswith(
        "(games against the last of the larger pools left out, as the pools differ "
        "in size)"
    )
    assert not adv.qualifiers[0].left_out


def test_a_choice_that_settles_no_tie_changes_nothing():
    standings = runner_up_field()
    plain = pool_advancement(standings, per_pool=1, best_next=1)
    stale = pool_advancement(
        standings,
        per_pool=1,
        best_next=1,
        chosen={
            "A": [plain.qualifiers[0].entry_id],
            ACROSS: [plain.qualifiers[0].entry_id],
        },
    )
    assert stale == plain
    assert DIRECTOR not in {q.route for q in stale.qualifiers}


def test_asking_for_more_of_the_next_place_than_there_are_is_refused():
    standings = runner_up_field()
    with pytest.raises(KnockoutError) as info:
        pool_advancement(standings, per_pool=1, best_next=4)
    assert info.value.code == "too_few_next"
    with pytest.raises(KnockoutError) as info:
        pool_advancement(standings, per_pool=0)
    assert info.value.code == "bad_per_pool"


def test_head_to_head_is_skipped_across_pools():
    """Entrants of different pools never met: the pairwise tiebreak is left out."""
    people = [EntrantInfo(1, "A"), EntrantInfo(2, "B")]
    rows = compute_standings(
        people, [game((1,), (2,), 101, 60, rnd=1)], tiebreaks=["head_to_head"]
    )
    adv = pool_advancement(
        [PoolStanding("A", tuple(rows))], per_pool=1, tiebreaks=["head_to_head"]
    )
    assert adv.qualifiers[0].values == ()


def test_pool_standings_rank_each_pool_on_its_own_games_and_byes():
    split = split_pools(entrants(11), size=4)  # 4, 4, 3: one pool with byes
    games, byes, expected = [], [], []
    for pool in split.pools:
        g, b = pool_games(pool, random.Random(pool.number))
        games += g
        byes += b
        expected.append(played_pool(pool, random.Random(pool.number)))
    stray = game((1,), (2,), 101, 0, rnd=9)  # 1 and 2 are in different pools
    assert len({p.number for p in split.pools for m in p.members if m in (1, 2)}) == 2
    people = [EntrantInfo(id=e, name=name(e)) for e in range(1, 12)]
    got = pool_standings(split.pools, people, [*games, stray], byes=byes)
    strip = [[(r.entry_id, r.rank, r.games_won, r.points) for r in p.rows] for p in got]
    assert strip == [
        [(r.entry_id, r.rank, r.games_won, r.points) for r in p.rows] for p in expected
    ]
    assert [p.letter for p in got] == ["A", "B", "C"]
    assert any(r.bye_rounds for p in got for r in p.rows)
