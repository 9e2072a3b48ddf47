"""Two directors saving one sheet at once: exactly one wins, the other gets a conflict.

Run with DATABASE_URL pointing at PostgreSQL for real concurrent transactions (the
second waits on the first's row lock). On SQLite the same tests run against the
database's write lock; the in-memory test database (shared cache) reports a lock at
once instead of waiting like the file database does (``timeout`` 20 s), so there
the worker waits and retries the way the busy timeout would.
"""

import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, connections, transaction

from scoring import services
from scoring.models import DealRecord, ScoreSheet
from scoring.services import DealInput, SheetConflict
from tests import factories
from tournaments.models import Game

ON_POSTGRES = connection.vendor == "postgresql"


@pytest.fixture
def shared_sheet(db):
    tournament = factories.TournamentFactory()
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    users = [
        get_user_model().objects.create_user(f"td{n}", password="x-secret-123")
        for n in (1, 2)
    ]
    return table, users


def _save(table, user, points, results, *, hold=None, started=None):
    for _attempt in range(200):
        try:
            _save_once(table, user, points, results, hold=hold, started=started)
            return
        except OperationalError as exc:
            if ON_POSTGRES or "locked" not in str(exc):
                results[user.username] = exc
                return
            time.sleep(0.05)  # SQLite's busy timeout, by hand
        finally:
            connections.close_all()
    results[user.username] = "gave up waiting for the lock"


def _save_once(table, user, points, results, *, hold=None, started=None):
    try:
        sheet = ScoreSheet.objects.get(table=table)
        game = Game.objects.get(table=table, number=1)
        with transaction.atomic():
            services.deal_record(
                sheet=sheet,
                game=game,
                deal=DealInput("hearts", points),
                by=user,
                version=0,
            )
            if started is not None:
                started.set()  # the version is claimed, its row locked
            if hold is not None:
                hold.wait(10)  # keep the transaction (and its lock) open
        results[user.username] = "saved"
    except SheetConflict as exc:
        results[user.username] = ("conflict", exc.sheet.version)


def _race(table, users):
    """First director holds the transaction open while the second one saves."""
    results: dict = {}
    hold, started = threading.Event(), threading.Event()
    first = threading.Thread(
        target=_save,
        args=(table, users[0], 42, results),
        kwargs={"hold": hold, "started": started},
    )
    first.start()
    assert started.wait(20)  # the first has claimed the version (not a guess)
    second = threading.Thread(target=_save, args=(table, users[1], 50, results))
    second.start()
    time.sleep(0.5)  # the second is now waiting on the lock
    assert second.is_alive() or users[1].username in results
    hold.set()
    first.join(20)
    second.join(20)
    return results


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_of_one_version_one_wins_one_conflicts(shared_sheet):
    table, users = shared_sheet
    results = _race(table, users)
    assert results[users[0].username] == "saved", results
    assert results[users[1].username] == ("conflict", 1), results
    assert DealRecord.objects.count() == 1
    assert DealRecord.objects.get().points_a == 42
    assert ScoreSheet.objects.get(table=table).version == 1


@pytest.mark.django_db(transaction=True)
def test_two_threads_with_the_same_version_one_wins(shared_sheet):
    """Both threads start together; whichever is first wins, the other conflicts."""
    table, users = shared_sheet
    results: dict = {}
    barrier = threading.Barrier(2)

    def go(user, points):
        barrier.wait(10)
        _save(table, user, points, results)

    threads = [
        threading.Thread(target=go, args=(users[0], 42)),
        threading.Thread(target=go, args=(users[1], 50)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    outcomes = sorted(map(str, results.values()))
    assert outcomes == ["('conflict', 1)", "saved"], results
    assert DealRecord.objects.count() == 1
    assert ScoreSheet.objects.get(table=table).version == 1
