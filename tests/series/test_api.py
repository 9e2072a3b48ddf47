"""The series API: its rows agree with the events' own standings APIs, it reads a
fixed number of queries, and an unlisted series is hidden."""

from collections import defaultdict

import pytest
from django.urls import reverse

from series.models import Series
from series.selectors import series_standings
from tests.series.builders import build_series
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _event_rows(client, slug):
    """The event's own standings, as its public API gives them."""
    url = reverse("api:standings", kwargs={"slug": slug})
    response = client.get(url)
    assert response.status_code == 200
    return response.json()["rows"]


def _recompute(client, series, *, points_table, best_of, min_events):
    """Rank the series again from each event's API, by the rules written plainly."""
    events = client.get(reverse("series:api", kwargs={"slug": series.slug})).json()
    per_key = defaultdict(list)  # key -> [(event number, points, games won, …)]
    for number, event in enumerate(events["events"], start=1):
        rows = _event_rows(client, event["slug"])
        players = dict(
            Entry.objects.filter(tournament__slug=event["slug"]).values_list(
                "id", "player_id"
            )
        )
        subs = dict(
            Entry.objects.filter(tournament__slug=event["slug"]).values_list(
                "id", "plays_for_id"
            )
        )
        # The members who played this event themselves.
        here = {players[r["entry_id"]] for r in rows if r["games_played"]}
        for row in rows:
            if not row["games_played"]:
                continue
            player = players[row["entry_id"]]
            member = subs[row["entry_id"]]
            who = member if member is not None and member not in here else player
            score = (
                points_table[row["rank"] - 1] if row["rank"] <= len(points_table) else 0
            )
            per_key[f"player:{who}"].append(
                (number, score, row["games_won"], row["games_played"], row["points"])
            )
    expected = {}
    for key, results in per_key.items():
        best = sorted(results, key=lambda r: (-r[1], r[0]))[:best_of]
        expected[key] = {
            "events_played": len(results),
            "events_counted": len(best),
            "series_points": sum(r[1] for r in best),
            "games_won": sum(r[2] for r in best),
            "games_played": sum(r[3] for r in best),
            "points": sum(r[4] for r in best),
            "ranked": len(results) >= min_events,
        }
    return expected


def test_the_series_rows_agree_with_the_events_own_standings(client):
    """Recomputed from /api/tournaments/<slug>/standings/ of every event."""
    series = build_series(
        players=30,
        events=4,
        per_event=20,
        substitutes=4,
        ranking=Series.Ranking.RANKING_POINTS,
        ranking_points=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=3,
        min_events=2,
    )
    answer = client.get(reverse("series:api_standings", kwargs={"slug": series.slug}))
    assert answer.status_code == 200
    data = answer.json()
    assert data["series"] == series.slug
    expected = _recompute(
        client,
        series,
        points_table=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=3,
        min_events=2,
    )
    got = {row["entry_key"]: row for row in data["rows"]}
    assert set(got) == set(expected)
    for key, want in expected.items():
        row = got[key]
        for name in ("events_played", "events_counted", "series_points"):
            assert row[name] == want[name], (key, name)
        for name in ("games_won", "games_played", "points"):
            assert row[name] == want[name], (key, name)
        assert (row["rank"] is not None) == want["ranked"], key
    ranked = [r for r in data["rows"] if r["rank"] is not None]
    assert ranked == sorted(ranked, key=lambda r: r["rank"])
    assert [r["series_points"] for r in ranked] == sorted(
        (r["series_points"] for r in ranked), reverse=True
    )
    # Every field of the contract, exactly so.
    assert set(data["rows"][0]) == {
        "rank",
        "name",
        "club",
        "entry_key",
        "events_played",
        "events_counted",
        "games_played",
        "games_won",
        "points",
        "point_difference",
        "series_points",
        "tiebreaks",
        "shared",
    }


def test_the_series_answer_lists_its_events_in_order(client):
    series = build_series(players=8, events=3, per_event=8, rounds=1)
    data = client.get(reverse("series:api", kwargs={"slug": series.slug})).json()
    assert data["series"] == series.slug
    assert data["name"] == series.name
    assert [e["slug"] for e in data["events"]] == [
        f"{series.slug}-e1",
        f"{series.slug}-e2",
        f"{series.slug}-e3",
    ]
    assert data["events"][0]["date"] == "2026-09-01"
    assert set(data["events"][0]) == {"slug", "date", "name"}


def test_the_answer_revalidates_with_its_etag(client):
    series = build_series(players=8, events=1, per_event=8, rounds=1)
    url = reverse("series:api_standings", kwargs={"slug": series.slug})
    first = client.get(url)
    assert first.status_code == 200
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    series.best_of = 1
    series.save()
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200


def test_an_unlisted_series_is_hidden_from_the_public(client, django_user_model):
    series = build_series(players=8, events=1, per_event=8, rounds=1, is_public=False)
    for name in ("series:api", "series:api_standings"):
        url = reverse(name, kwargs={"slug": series.slug})
        assert client.get(url).status_code == 404
    manager = django_user_model.objects.create_user(username="m", password="pw-x-123")
    series.club.managers.add(manager)
    client.force_login(manager)
    assert (
        client.get(reverse("series:api", kwargs={"slug": series.slug})).status_code
        == 200
    )


def test_an_unknown_series_is_404(client):
    url = reverse("series:api_standings", kwargs={"slug": "no-such-series"})
    response = client.get(url)
    assert response.status_code == 404
    assert "error" in response.json()


@pytest.mark.parametrize("ranking", ["games_won", "ranking_points"])
def test_the_standings_read_a_fixed_number_of_queries(
    django_assert_num_queries, ranking
):
    """As many queries for 5 events as for 2."""
    small = build_series(players=12, events=2, per_event=8, rounds=1, ranking=ranking)
    large = build_series(players=12, events=5, per_event=8, rounds=2, ranking=ranking)
    small = Series.objects.get(pk=small.pk)
    large = Series.objects.get(pk=large.pk)
    with django_assert_num_queries(5):
        series_standings(series=small)
    with django_assert_num_queries(5):
        rows = series_standings(series=large).rows
    assert max(r.events_played for r in rows) > 2


def test_unchanged_events_come_from_the_cache_and_a_new_result_is_read(
    django_assert_num_queries, django_capture_on_commit_callbacks
):
    from tournaments.versioning import tournament_touch

    series = build_series(players=12, events=3, per_event=8, rounds=1)
    series = Series.objects.get(pk=series.pk)
    before = series_standings(series=series).rows
    with django_assert_num_queries(1):  # the events and their states only
        again = series_standings(series=series).rows
    assert again == before
    event = series.events.first().tournament
    with django_capture_on_commit_callbacks(execute=True):
        tournament_touch(tournament=event)
    with django_assert_num_queries(5):  # the changed event is read again
        assert series_standings(series=series).rows == before
