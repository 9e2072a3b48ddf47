"""Fuzz every page, form and query parameter: never a 500, nothing written on a refusal.

The site is crawled as its director to learn every form and link, then thousands of
seeded requests post malformed values to every form and POST endpoint and send
malformed query parameters to every page, as five users: anonymous, a logged-in
user who directs nothing, the director of another event, the events' director and
a staff member. Every answer is judged: no 500 (nor an exception escaping the
handler); a refused request (4xx, a form shown again, a redirect with an error
message) changed no row of our apps' tables (their fingerprint); a POST with a
wrong CSRF token is refused with 403.

``FUZZ_REQUESTS=50000`` runs the long profile, ``FUZZ_SEED=n`` another sequence.
The requests are sent by ``FUZZ_SHARDS`` tests (2), each crawling the site and
sending its share, so that two processes (``make test``: pytest-xdist) share them.
``pytest -s`` prints the count and the status histogram.
"""

import os

import pytest

from tests.fuzz.fingerprint import changed, fingerprint, write_counter
from tests.fuzz.runner import Fuzzer
from tests.fuzz.world import build_world

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "5000"))
SEED = int(os.environ.get("FUZZ_SEED", "12"))
SHARDS = int(os.environ.get("FUZZ_SHARDS", "2"))


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Build the events once for the module, inside a transaction rolled back after."""
    from django.db import transaction

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def test_the_fingerprint_sees_one_changed_row_and_the_counter_moves(world, db):
    """The judge works: one renamed player changes the fingerprint and the counter."""
    from clubs.models import Player

    before, counter = fingerprint(), write_counter()
    assert fingerprint() == before and write_counter() == counter  # reads write nothing
    player = Player.objects.order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(first_name=player.first_name + "x")
    assert changed(before, fingerprint()) == ["clubs.Player"]
    assert write_counter() != counter


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_request_answers_500_or_writes_when_refused(world, db, shard):
    """Thousands of malformed requests: 0 × 500, 0 writes on a refused request."""
    fuzzer = Fuzzer(world, seed=SEED, shard=shard, shards=SHARDS)
    report = fuzzer.run(REQUESTS)
    summary = report.summary()
    print(f"\nfuzz (seed {SEED}, shard {shard + 1} of {SHARDS}): {summary}")
    unreached = sorted(
        e.name for e in fuzzer.endpoints if not report.per_endpoint[e.name]
    )
    slowest = report.seconds_per_endpoint.most_common(12)
    slowest = [(k, round(v, 1), report.requests_per_key[k]) for k, v in slowest]
    print("swept:", report.swept, "slowest (s, requests):", slowest)
    print("POST endpoints with a form found:", len(fuzzer.forms), sorted(fuzzer.forms))
    failures = "\n".join(str(f) for f in report.unique_failures()[:40])
    assert report.count - report.crawled >= fuzzer.quota(REQUESTS), summary
    # The fuzzer reached the deep forms and judged real writes: a broken parser or
    # world would otherwise pass on a sea of 403s.
    deep = {
        "scoring:deal_save",
        "scoring:totals_save",
        "tournaments:import",
        "draws:round_swap",
        "tournaments:tournament_edit",
        "tournaments:entry_add",
    }
    assert deep <= set(fuzzer.forms), sorted(deep - set(fuzzer.forms))
    assert report.fingerprints > 0 and report.statuses[302] > 0, summary
    assert not unreached, f"endpoints never fuzzed: {unreached}"
    assert not report.failures, f"{summary}\n{failures}"
