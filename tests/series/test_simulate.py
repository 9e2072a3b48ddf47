"""simulate_season plays a club's season through the managers' services."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.models import ScoreSheet
from series.models import Series
from tests.series.test_api import _recompute
from tournaments.models import Entry, Round

pytestmark = pytest.mark.django_db


def simulate(*args) -> list[str]:
    out = StringIO()
    call_command("simulate_season", *args, "-v", "0", stdout=out)
    return out.getvalue().strip().splitlines()


def test_the_last_line_is_the_slug_of_a_played_season(client):
    lines = simulate("--players", "16", "--evenings", "3", "--seed", "2")
    assert lines[-2].startswith("time: ")
    series = Series.objects.get(slug=lines[-1])
    events = list(series.events.select_related("tournament"))
    assert len(events) == 3
    for event in events:
        tournament = event.tournament
        assert tournament.club == series.club
        rounds = Round.objects.filter(tournament=tournament)
        if rounds.exists():  # an evening with fewer than four present is not played
            assert set(rounds.values_list("status", flat=True)) == {"closed"}
            assert not (
                ScoreSheet.objects.filter(table__round__tournament=tournament)
                .exclude(status=ScoreSheet.Status.CONFIRMED)
                .exists()
            )
    # Some members had a substitute; some substitutes came.
    assert series.club.players.filter(substitute__isnull=False).exists()
    assert Entry.objects.filter(
        tournament__series_events__series=series, plays_for__isnull=False
    ).exists()
    # Attendance varies: not every member came to every evening.
    present = Entry.objects.filter(
        tournament__series_events__series=series, status="present"
    )
    assert present.count() < 3 * 16

    data = client.get(
        reverse("series:api_standings", kwargs={"slug": series.slug})
    ).json()
    expected = _recompute(
        client,
        series,
        points_table=series.points_table,
        best_of=series.best_of,
        min_events=series.min_events,
    )
    got = {row["entry_key"]: row for row in data["rows"]}
    assert set(got) == set(expected)
    for key, want in expected.items():
        assert got[key]["series_points"] == want["series_points"]
        assert got[key]["games_won"] == want["games_won"]


def test_impossible_arguments_are_refused():
    with pytest.raises(CommandError):
        simulate("--players", "3")
    with pytest.raises(CommandError):
        simulate("--evenings", "0")
