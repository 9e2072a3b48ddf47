"""Test individual elimination by tables of four: the plan and a field played out."""

import random
from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from manille.draws.base import Entrant
from manille.knockout.advancement import pool_advancement
from manille.knockout.errors import KnockoutError
from manille.knockout.tables import (
    LAST_N,
    next_round_order,
    table_plan,
    table_round_seating,
    table_round_title,
)
from tests.manille.knockout_helpers import FIELD, INDIVIDUAL, entrants, played_pool


@FIELD
@given(n=st.integers(min_value=8, max_value=130), advance=st.sampled_from([1, 2]))
def test_every_round_seats_full_tables_and_narrows_to_one_final_table(n, advance):
    plan = table_plan(n, advance=advance)
    rounds = plan.rounds
    assert rounds[0].still_in == n
    assert (rounds[-1].still_in, rounds[-1].tables, rounds[-1].byes) == (4, 1, 0)
    for before, after in zip(rounds, rounds[1:], strict=False):
        assert before.still_in == 4 * before.tables + before.byes
        assert before.going_on == after.still_in == 4 * after.tables
        assert before.fill <= before.tables, "at most one of the next place a table"
        assert before.advance * before.tables + before.byes <= after.still_in
    assert all(r.byes == 0 for r in rounds[1:]), "byes in the first round only"
    last = min(3, len(rounds))
    expected = ["Quarter-finals", "Semi-finals", "Final"][-last:]
    assert [r.name for r in rounds[-last:]] == expected
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


def test_a_kaarting_of_120_goes_on_by_twos_without_a_bye():
    plan = table_plan(120, advance=2)
    shape = [(r.still_in, r.tables, r.byes, r.fill) for r in plan.rounds]
    assert shape == [
        (120, 30, 0, 0),
        (60, 15, 0, 2),  # 30 go on directly, 2 best thirds make 8 tables
        (32, 8, 0, 0),
        (16, 4, 0, 0),
        (8, 2, 0, 0),
        (4, 1, 0, 0),
    ]
    assert [r.name for r in plan.rounds] == [
        LAST_N,
        LAST_N,
        "Last 32",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    titles = [table_round_title(r) for r in plan.rounds[:3]]
    assert titles == ["Last 120", "Last 60", "Last 32"]
    dutch = {LAST_N: "Laatste %(count)d"}.get
    assert table_round_title(plan.rounds[0], gettext=dutch) == "Laatste 120"


def test_byes_go_to_as_few_top_seeds_as_seat_full_tables():
    plan = table_plan(50, advance=2)
    assert plan.rounds[0].byes == 2
    split, byes = table_round_seating(entrants(50), plan.rounds[0])
    assert byes == (1, 2)
    assert all(len(p.members) == 4 for p in split.pools)


@pytest.mark.parametrize(
    ("n", "advance", "code"),
    [(7, 2, "tables_do_not_fill"), (3, 2, "too_few_entrants"), (8, 3, "bad_advance")],
)
def test_a_field_that_cannot_narrow_to_a_final_table_is_refused(n, advance, code):
    with pytest.raises(KnockoutError) as info:
        table_plan(n, advance=advance)
    assert info.value.code == code


@FIELD
@given(
    n=st.integers(min_value=8, max_value=130),
    advance=st.sampled_from([1, 2]),
    seed=st.integers(0, 2**31),
)
# One player left out of his table's tie for second ties again for the best
# thirds: the choices are kept per tie (once a flat list counted him twice).
@example(n=83, advance=2, seed=570062)
def test_a_field_played_out_round_by_round_reaches_one_final_table(n, advance, seed):
    """Seat, play each table's three games, advance, seat again: four at the end."""
    rng = random.Random(seed)
    plan = table_plan(n, advance=advance)
    ranked = entrants(n, clubs=6, rng=rng)
    by_id = {e.id: e for e in ranked}
    for rnd in plan.rounds[:-1]:
        split, byes = table_round_seating(ranked, rnd)
        seated = Counter(m for p in split.pools for m in p.members)
        assert seated == {e.id: 1 for e in ranked[rnd.byes :]}
        tables = [played_pool(p, rng, format=INDIVIDUAL) for p in split.pools]
        adv = pool_advancement(tables, per_pool=rnd.advance, best_next=rnd.fill)
        chosen = {}
        while not adv.complete:  # the director settles each tie
            chosen |= {t.key: t.candidates[: t.places] for t in adv.ties}
            adv = pool_advancement(
                tables, per_pool=rnd.advance, best_next=rnd.fill, chosen=chosen
            )
        order = next_round_order(byes, adv)
        assert len(order) == len(set(order)) == rnd.going_on
        ranked = [by_id[i] for i in order]
    final, byes = table_round_seating(ranked, plan.rounds[-1])
    assert byes == ()
    assert len(final.pools) == 1
    assert len(final.pools[0].members) == 4


def test_seating_refuses_a_field_of_the_wrong_size():
    plan = table_plan(16)
    with pytest.raises(KnockoutError):
        table_round_seating([Entrant(id=i) for i in range(1, 15)], plan.rounds[0])
