"""How far the standings have got: "after round n", and the round under way."""

import pytest

from standings.progress import RoundProgress, progress_from, standings_progress
from tests import factories
from tests.builders import build_event


def _round(number, *, closed=False, tables=10, confirmed=0):
    return RoundProgress(
        number=number, closed=closed, tables=tables, confirmed=confirmed
    )


def test_before_any_round_the_standings_are_after_no_round():
    progress = progress_from([])
    assert progress.after_round is None and progress.current is None


def test_closed_rounds_count_and_the_open_one_is_under_way():
    progress = progress_from(
        [_round(1, closed=True), _round(2, closed=True), _round(3, confirmed=4)]
    )
    assert progress.after_round == 2
    assert progress.current == _round(3, confirmed=4)


def test_a_round_with_every_table_confirmed_counts_before_it_is_closed():
    progress = progress_from([_round(1, closed=True), _round(2, confirmed=10)])
    assert progress.after_round == 2 and progress.current is None


def test_a_round_without_tables_is_complete_only_when_closed():
    assert progress_from([_round(1, tables=0)]).after_round is None
    assert progress_from([_round(1, tables=0, closed=True)]).after_round == 1


def test_a_complete_round_after_an_incomplete_one_does_not_move_after_round():
    """Round 2 still counts in part: "after round 3" would hide it."""
    progress = progress_from(
        [_round(1, closed=True), _round(2, confirmed=9), _round(3, confirmed=10)]
    )
    assert progress.after_round == 1
    assert progress.current.number == 2


@pytest.mark.django_db
def test_progress_reads_public_rounds_and_their_confirmed_tables_in_one_query(
    confirm_table, django_assert_num_queries
):
    t = build_event(players=16, rounds=2, final=0, seed=4, clubs=3)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=3)
    first = factories.individual_table(round=rnd, number=1)
    factories.individual_table(round=rnd, number=2)
    draft = factories.RoundFactory(tournament=t, phase=phase, number=4, status="draft")
    factories.individual_table(round=draft, number=1)
    confirm_table(first, [(101, 20)] * 3)
    with django_assert_num_queries(1):
        progress = standings_progress(tournament=t)
    assert progress.after_round == 2
    assert progress.current == RoundProgress(
        number=3, closed=False, tables=2, confirmed=1
    )
