"""Fixtures of the prizes' tests: an evening of eight players, one round, with ties."""

import pytest

from prizes.services import prize_settings_save
from tests import factories


@pytest.fixture
def evening(tournament, confirm_table):
    """Eight players, one closed round of two tables; side A wins every game.

    Table 2's winner (three wins, +183) is first, table 1's (three wins, +153)
    second, separated by the point difference; table 1's other three share
    third place (one win, 201 points, -51 each) and table 2's other three share
    sixth, the last. Returns the tournament with ``seats``: each table's entries
    in seat order.
    """
    phase = factories.PhaseFactory(tournament=tournament, rounds=1, name="Rounds")
    rnd = factories.RoundFactory(
        tournament=tournament, phase=phase, number=1, status="closed"
    )
    seats = []
    for number, loser in ((1, 50), (2, 40)):
        table = factories.individual_table(round=rnd, number=number)
        confirm_table(table, [(101, loser)] * 3)
        seats.append([s.entry for s in table.seats.order_by("position")])
    tournament.seats = seats
    return tournament


@pytest.fixture
def hundred_euros(evening, director):
    """A fixed pot of €100 split 50 30 20 to the euro, the remainder to first."""
    return prize_settings_save(
        tournament=evening,
        by=director,
        cash_fixed_cents=10_000,
        percentages="50 30 20",
        rounding_cents=100,
        remainder_to="first",
    )
