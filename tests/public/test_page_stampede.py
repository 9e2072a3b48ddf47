"""When the version moves and the whole hall asks again, one request rebuilds.

``public.pages.shared_bytes`` takes a short lock in the cache for the page it is
about to build: the others wait for that page, or (the live pages, which catch up
by themselves) are given the page stored just before, with an ETag of its own.
"""

import threading
import time

import pytest
from django.core.cache import cache
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from public import pages
from tests.builders import build_event
from tournaments import versioning
from tournaments.models import Tournament

READERS = 8


def _phone():
    return RequestFactory().get("/", HTTP_ACCEPT_ENCODING="gzip")


def _slow_page(calls: list, content: bytes = b"<p>%d</p>" * 400, seconds=0.2):
    def make() -> bytes:
        calls.append(1)
        time.sleep(seconds)
        return content

    return make


def _at_once(count: int, work) -> list:
    """Run ``work()`` in ``count`` threads released together; their answers."""
    start, answers = threading.Barrier(count), [None] * count

    def reader(i):
        start.wait()
        answers[i] = work()

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return answers


def test_many_readers_at_once_build_a_missing_page_once():
    calls = []
    make = _slow_page(calls)
    key = "test:page:v2"
    answers = _at_once(READERS, lambda: pages.shared_bytes(_phone(), key, make))
    assert len(calls) == 1
    assert {a.status_code for a in answers} == {200}
    assert len({a.content for a in answers}) == 1
    assert all(a["Content-Encoding"] == "gzip" for a in answers)


def test_a_missing_page_asked_by_many_at_once_is_looked_up_once():
    """A round not published at this version: one request finds out, not each."""
    calls = []

    def missing() -> bytes:
        calls.append(1)
        time.sleep(0.1)
        raise Http404("This round is not published.")

    def ask():
        try:
            pages.shared_bytes(_phone(), "test:page:v2", missing)
        except Http404 as exc:
            return str(exc)

    answers = _at_once(READERS, ask)
    assert answers == ["This round is not published."] * READERS
    assert len(calls) == 1


def test_while_one_rebuilds_the_others_are_given_the_page_stored_before():
    """A live page (``stale=True``): the previous version at once, no waiting."""
    before = pages.SharedKey("test:page:v1", "test:latest")
    pages.shared_bytes(_phone(), before, lambda: b"version one", stale=True)
    after = pages.SharedKey("test:page:v2", "test:latest")
    calls = []
    assert cache.add(after + ":lock", "another request", pages.LOCK_SECONDS)
    started = time.monotonic()
    response = pages.shared_bytes(_phone(), after, _slow_page(calls), stale=True)
    # At once: a wait would last WAIT_SECONDS (3 s). Not 0.1 s: a loaded machine
    # (the suite on several processes) can hold a thread that long.
    assert time.monotonic() - started < 1
    assert calls == []
    assert response.content == b"version one"
    # Its own ETag: sent back, it never matches the new version's.
    assert response["ETag"] == '"v1"'


def test_a_stale_page_is_served_at_most_as_long_as_the_lock_lives(monkeypatch):
    monkeypatch.setattr(pages, "LOCK_SECONDS", 1)
    before = pages.SharedKey("test:page:v1", "test:latest")
    pages.shared_bytes(_phone(), before, lambda: b"version one", stale=True)
    after = pages.SharedKey("test:page:v2", "test:latest")
    assert cache.add(after + ":lock", "a request that died", 1)
    assert pages.shared_bytes(_phone(), after, list, stale=True).content == (
        b"version one"
    )
    time.sleep(1.1)  # the lock expired: the next reader builds the page
    response = pages.shared_bytes(_phone(), after, lambda: b"two", stale=True)
    assert response.content == b"two"
    assert "ETag" not in response


def test_without_stale_the_others_wait_for_the_new_page_not_the_old():
    before = pages.SharedKey("test:page:v1", "test:latest")
    pages.shared_bytes(_phone(), before, lambda: b"version one", stale=True)
    after = pages.SharedKey("test:page:v2", "test:latest")
    assert cache.add(after + ":lock", "another request", pages.LOCK_SECONDS)
    threading.Timer(0.2, lambda: cache.set(after, b"version two")).start()
    calls = []
    response = pages.shared_bytes(_phone(), after, _slow_page(calls))
    assert calls == []
    assert response.content == b"version two"


def test_a_reader_builds_the_page_itself_once_the_builder_gave_up():
    """The builder's page raised (a 404, a failure): the lock goes, nobody hangs."""
    key = pages.SharedKey("test:page:v2", "test:latest")
    assert cache.add(key + ":lock", "a request that raised", pages.LOCK_SECONDS)
    threading.Timer(0.1, lambda: cache.delete(key + ":lock")).start()
    started = time.monotonic()
    response = pages.shared_bytes(_phone(), key, lambda: b"built here")
    assert response.content == b"built here"
    assert time.monotonic() - started < pages.WAIT_SECONDS - 1  # gave up waiting


def test_a_page_that_raises_lets_its_lock_go():
    key = pages.SharedKey("test:page:v2", "test:latest")

    def broken() -> bytes:
        raise LookupError

    with pytest.raises(LookupError):
        pages.shared_bytes(_phone(), key, broken)
    assert cache.get(key + ":lock") is None
    assert pages.shared_bytes(_phone(), key, lambda: b"fine").content == b"fine"


# ------------------------------------------------------------- the standings


@pytest.fixture
def event(db, monkeypatch):
    monkeypatch.setattr(versioning, "TOURNAMENT_CACHE_SECONDS", 600)
    return build_event(players=16, rounds=2, final=0, seed=3, clubs=4)


def _bump(tournament):
    """A confirmed result's bump, as ``tournaments.versioning`` writes it."""
    Tournament.objects.filter(pk=tournament.pk).update(version=tournament.version + 1)
    versioning._tournaments_cache(Tournament.objects.filter(pk=tournament.pk))


def _standings_key(tournament) -> str:
    """The key of the standings page as an anonymous English reader gets it now."""
    with translation.override("en"):
        return pages.shared_page_key(
            RequestFactory().get("/"), tournament.slug, "live:standings"
        )


def test_after_a_bump_the_standings_are_served_while_one_request_rebuilds(
    event, django_assert_num_queries
):
    url = reverse("live:standings", args=[event.slug])
    first = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    _bump(event)
    lock = _standings_key(event) + ":lock"
    assert cache.add(lock, "the request rebuilding it", 2)
    with django_assert_num_queries(0):  # nothing rebuilt, nothing read
        waiting = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert waiting.status_code == 200
    assert waiting.content == first.content  # the page stored before the bump
    assert waiting["ETag"] != first["ETag"]
    cache.delete(lock)  # rebuilt: sent back, the stale page's ETag gets it
    fresh = Client().get(url, HTTP_IF_NONE_MATCH=waiting["ETag"])
    assert fresh.status_code == 200
    assert fresh["ETag"] not in (waiting["ETag"], first["ETag"])
    assert f'data-live-version="{event.version + 1}"' in fresh.text
    assert Client().get(url, HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304


# ------------------------------------------------------- the tournament's state


def test_a_busy_process_reads_an_expired_state_once_not_once_a_thread(monkeypatch):
    """Every thread finds the state gone at the same moment: one reads it again.

    Each read is a database connection (a PostgreSQL pool opens them one after the
    other): 8 threads reading at once waited for connections the pool was opening.
    """
    from public.versioning import reader_state

    tournament = Tournament(pk=1, slug="hall", version=7, is_public=True)
    reads = []

    def slow_read(*, slug):
        reads.append(slug)
        time.sleep(0.1)  # a query waiting for a connection
        return tournament

    monkeypatch.setattr(versioning, "tournament_cached", slow_read)
    states = _at_once(READERS, lambda: reader_state(RequestFactory().get("/"), "hall"))
    assert len(reads) == 1
    assert {s.version for s in states} == {7}
