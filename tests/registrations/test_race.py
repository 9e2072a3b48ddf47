"""Two people registering for the last place at once: one gets it, one waits.

Real concurrent transactions on PostgreSQL (``DATABASE_URL=postgres://...``): the
second registration waits on the tournament's row lock, then counts the place
taken. SQLite serialises every write anyway.
"""

import threading

import pytest
from django.db import connection, connections

from registrations.models import Registration
from registrations.services import registration_register
from tests.registrations.conftest import upcoming

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://...",
    ),
]


@pytest.mark.django_db(transaction=True)
def test_two_at_once_for_the_last_place_one_confirmed_one_waiting():
    event = upcoming(capacity=1)
    start = threading.Barrier(2)
    errors = []

    def register(n: int) -> None:
        try:
            start.wait(5)
            registration_register(
                tournament=event,
                kind="alone",
                consent=True,
                first_name=f"P{n}",
                last_name="Race",
                email=f"p{n}@example.org",
            )
        except Exception as error:  # reported below, not swallowed
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    statuses = sorted(Registration.objects.values_list("status", flat=True))
    assert statuses == ["confirmed", "waiting"]
    assert Registration.objects.get(status="waiting").position == 1
