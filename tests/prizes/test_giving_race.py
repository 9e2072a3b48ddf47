"""Two keys at once at the prize-giving: given once, a prize of the table picked once.

Real concurrent transactions on PostgreSQL (``DATABASE_URL=postgres://...``): the
second service waits on the award's row lock, then finds it given (or the prize
taken) and refuses. SQLite serialises every write anyway.
"""

import threading

import pytest
from django.db import connection, connections

from actionlog.models import ActionEntry
from core.errors import StateConflict
from prizes.giving import giving_for
from prizes.models import Prize, PrizeAward
from prizes.services import prize_give, prize_pick
from tests.prizes.test_giving import awarded, picking  # noqa: F401 (fixtures)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://...",
    ),
]


def _at_once(*calls):
    """Run the calls in threads released together; return what each raised."""
    start = threading.Barrier(len(calls))
    raised = [None] * len(calls)

    def run(n, call):
        try:
            start.wait(5)
            call()
        except Exception as error:  # judged by the test, not swallowed
            raised[n] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=c) for c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return raised


@pytest.mark.django_db(transaction=True)
def test_two_directors_giving_the_same_prize_at_once_give_it_once(
    awarded,  # noqa: F811
    director,
):
    award = giving_for(tournament=awarded).current.award
    raised = _at_once(
        lambda: prize_give(award=award, by=director),
        lambda: prize_give(award=award, by=director),
    )
    assert sorted(type(e).__name__ for e in raised if e) == ["StateConflict"]
    assert PrizeAward.objects.filter(given_at__isnull=False).count() == 1
    assert ActionEntry.objects.filter(action="prize.given").count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_winners_picking_the_same_prize_at_once_one_gets_it(
    picking,  # noqa: F811
    director,
):
    first, second = giving_for(tournament=picking).calls[:2]
    ham = Prize.objects.get(description="Ham")
    raised = _at_once(
        lambda: prize_pick(award=first.award, prize=ham, by=director),
        lambda: prize_pick(award=second.award, prize=ham, by=director),
    )
    refused = [e for e in raised if e]
    assert len(refused) == 1 and isinstance(refused[0], StateConflict)
    assert "picked already" in str(refused[0])
    assert PrizeAward.objects.filter(picked=ham).count() == 1
