"""The table page's poll answers "not modified" from the shared cache, with no query,
and every write to the sheet (at the table or at the desk) moves its ETag at once."""

from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.urls import reverse

from phones.services import table_codes_ensure
from scoring import services
from scoring.models import ScoreSheet
from scoring.services.table_state import TableCached, table_cache_key
from tests import factories
from tournaments.models import Round, Tournament
from tournaments.services import tournament_touch
from tournaments.versioning import local_states_forget

pytestmark = pytest.mark.django_db

KEYS = iter(f"cache-{n:08d}" for n in range(10**6))


@pytest.fixture
def event(db):
    tournament = factories.TournamentFactory(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    codes = table_codes_ensure(round=rnd)
    return SimpleNamespace(tournament=tournament, round=rnd, table=table, code=codes[1])


def url(name, code):
    return reverse(f"table:{name}", kwargs={"code": code})


def sheet_of(table):
    return ScoreSheet.objects.get(table=table)


def poll(client, code, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(url("state", code), **headers)


def post_deal(client, event, **fields):
    data = {
        "key": next(KEYS),
        "seat": 1,
        "version": sheet_of(event.table).version,
        "game": 1,
        "trump": "hearts",
        "points_a": 40,
        **fields,
    }
    return client.post(url("deal", event.code), data)


def cached(code):
    found = cache.get(table_cache_key(code))
    return None if found is None else TableCached(*found)


def test_an_unchanged_poll_is_answered_without_a_query(
    client, event, django_assert_num_queries
):
    # The phone opened its table: its cookie spares the poll the throttle's query.
    client.get(url("page", event.code))
    first = poll(client, event.code)
    assert first.status_code == 200
    etag = first["ETag"]
    with django_assert_num_queries(0):
        again = poll(client, event.code, etag)
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert again["Cache-Control"] == "no-cache, private"
    # A poll without the ETag, or with an old one, still gets the whole state.
    assert poll(client, event.code).status_code == 200
    assert poll(client, event.code, '"0-0-xx"').status_code == 200


def test_a_deal_from_the_table_moves_the_etag_at_once(
    client, event, django_capture_on_commit_callbacks, django_assert_num_queries
):
    etag = poll(client, event.code)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        assert post_deal(client, event).status_code == 200
    version = sheet_of(event.table).version
    assert cached(event.code).version == version  # written after commit
    moved = poll(client, event.code, etag)
    assert moved.status_code == 200
    assert moved.json()["state"]["version"] == version
    # The entry the commit wrote answers the new ETag with no query.
    with django_assert_num_queries(0):
        assert poll(client, event.code, moved["ETag"]).status_code == 304


def test_a_deal_moves_the_etag_even_before_its_commit_is_cached(client, event):
    """The entry is dropped as the sheet is claimed (tests never commit)."""
    etag = poll(client, event.code)["ETag"]
    assert post_deal(client, event).status_code == 200
    moved = poll(client, event.code, etag)
    assert moved.status_code == 200
    assert moved.json()["state"]["version"] == sheet_of(event.table).version


def test_a_deal_at_the_desk_moves_the_etag_at_once(
    client, event, director, django_capture_on_commit_callbacks
):
    event.tournament.directors.add(director)
    etag = poll(client, event.code)["ETag"]
    sheet = sheet_of(event.table)
    game = event.table.games.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_record(
            sheet=sheet,
            game=game,
            deal=services.DealInput("hearts", 40),
            by=director,
            version=sheet.version,
        )
    moved = poll(client, event.code, etag)
    assert moved.status_code == 200
    state = moved.json()["state"]
    assert state["version"] == sheet.version + 1
    assert len(state["games"][0]["deals"]) == 1


def test_a_sheet_taken_over_at_the_desk_stops_the_poll_at_once(
    client, event, director, django_capture_on_commit_callbacks
):
    event.tournament.directors.add(director)
    etag = poll(client, event.code)["ETag"]
    sheet = sheet_of(event.table)
    with django_capture_on_commit_callbacks(execute=True):
        services.sheet_take_over(sheet=sheet, by=director, version=sheet.version)
    assert cached(event.code).usable is False
    refused = poll(client, event.code, etag)
    assert refused.status_code == 403
    assert refused.json()["code"] == "taken_over"


def test_a_closed_round_stops_the_poll_once_the_tournament_moves(
    client, event, django_capture_on_commit_callbacks
):
    """Closing a round (as ``round_close`` does: its status, then the public
    version) is seen by the next poll, though the sheet's version stays."""
    etag = poll(client, event.code)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        Round.objects.filter(pk=event.round.pk).update(status=Round.Status.CLOSED)
        tournament_touch(tournament=event.tournament)
    refused = poll(client, event.code, etag)
    assert refused.status_code == 403
    assert refused.json()["code"] == "round_not_open"


def test_a_miss_in_the_cache_is_answered_from_the_database(
    client, event, django_assert_num_queries
):
    # The phone opened its table: its cookie spares the poll the throttle's query.
    client.get(url("page", event.code))
    etag = poll(client, event.code)["ETag"]
    cache.clear()
    local_states_forget()
    again = poll(client, event.code, etag)  # read again, and cached again
    assert again.status_code == 304
    assert again["ETag"] == etag
    with django_assert_num_queries(0):
        assert poll(client, event.code, etag).status_code == 304
    # A stale entry (an older version) never answers for the newer sheet.
    ScoreSheet.objects.filter(table=event.table).update(version=5)
    cache.delete(table_cache_key(event.code))
    fresh = poll(client, event.code, etag)
    assert fresh.status_code == 200
    assert fresh.json()["state"]["version"] == 5


def test_the_cached_answer_speaks_the_language_the_database_path_does(
    client, event, settings, django_assert_num_queries
):
    # The phone opened its table: its cookie spares the poll the throttle's query.
    client.get(url("page", event.code))
    Tournament.objects.filter(pk=event.tournament.pk).update(language="nl")
    cache.clear()
    local_states_forget()
    tournament_language = poll(client, event.code)["ETag"]
    assert tournament_language.endswith('-nl"')
    with django_assert_num_queries(0):
        assert poll(client, event.code, tournament_language).status_code == 304
    # A reader who chose French gets French, and its own ETag.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    chosen = poll(client, event.code, tournament_language)
    assert chosen.status_code == 200
    assert chosen["ETag"].endswith('-fr"')
    with django_assert_num_queries(0):
        assert poll(client, event.code, chosen["ETag"]).status_code == 304


def test_a_wrong_code_is_never_answered_from_the_cache(client, event):
    etag = poll(client, event.code)["ETag"]
    other = next(c for c in ("222222", "333333") if c != event.code)
    answer = poll(client, other, etag)
    assert answer.status_code == 404
    assert answer.json()["code"] == "unknown"


# ------------------------------------------------------------------ issue 21: load


def test_a_writes_answer_is_tagged_so_the_next_poll_is_a_304_without_a_query(
    client, event, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """The deal's answer carries the sheet's state and its ETag: the phone's next
    poll is "not modified" from the cache, not the same state computed again."""
    poll(client, event.code)
    with django_capture_on_commit_callbacks(execute=True):
        saved = post_deal(client, event)
    assert saved.status_code == 200
    etag = saved["ETag"]
    assert f"-{saved.json()['state']['version']}-" in etag
    with django_assert_num_queries(0):
        again = poll(client, event.code, etag)
    assert again.status_code == 304


def test_a_deal_save_asks_the_database_a_bounded_number_of_times(
    client, event, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    """A deal from the phone, answered with the table's state: the code, its sheet
    and whether a later round is under way in one query, the table's seats and
    whether the key was seen in one, the acceptances read once whether or not a
    change deletes some; the write's line in the action log, one insert (issue
    23 §6). 20 here (a test makes the service's transaction a savepoint: two
    more); 22 before."""
    with django_capture_on_commit_callbacks(execute=True):
        assert post_deal(client, event).status_code == 200
    with (
        django_assert_max_num_queries(20),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert post_deal(client, event).status_code == 200
