"""season_simulate plays a club's season through the managers' services."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from clubs.models import Club
from draws.simulation import SimulationError
from scoring.models import ScoreSheet
from series.models import Series
from series.simulation import season_simulate
from tests.series.test_api import _recompute
from tournaments.models import Entry, Round

pytestmark = pytest.mark.django_db


def test_a_season_is_played_evening_by_evening(client):
    simulated = season_simulate(players=16, evenings=3, seed=2)
    series = simulated.series
    assert Series.objects.get(slug=simulated.slug) == series
    assert len(simulated.members) == 16
    assert simulated.manager in series.club.managers.all()
    assert not simulated.manager.is_staff
    assert [e.number for e in simulated.evenings] == [1, 2, 3]
    assert [e.tournament for e in simulated.evenings] == [
        event.tournament for event in series.events.order_by("order")
    ]
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


def test_an_evening_with_too_few_present_is_not_played():
    simulated = season_simulate(players=8, evenings=4, rounds=1, seed=17)
    assert [e.played for e in simulated.evenings] == [True, False, True, True]
    for evening in simulated.evenings:
        rounds = Round.objects.filter(tournament=evening.tournament)
        assert evening.played == (evening.present >= 4) == rounds.exists()
        assert (
            evening.present
            == Entry.objects.filter(
                tournament=evening.tournament, status="present"
            ).count()
        )


@pytest.mark.parametrize(
    ("arguments", "argument"),
    [
        ({"players": 3}, "players"),
        ({"evenings": 0}, "evenings"),
        ({"rounds": 0}, "rounds"),
    ],
)
def test_impossible_arguments_are_refused_before_anything_is_made(arguments, argument):
    with pytest.raises(SimulationError) as refused:
        season_simulate(**arguments)
    assert refused.value.argument == argument
    assert not Club.objects.exists()


def test_the_command_prints_the_time_then_the_slug_last():
    """What the README and other programs read: the same lines as before the move."""
    out, err = StringIO(), StringIO()
    call_command(
        "simulate_season",
        *("--players", "12", "--evenings", "2", "--rounds", "1", "--seed", "4"),
        stdout=out,
        stderr=err,
    )
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"time: \d+\.\d s", lines[0])
    assert lines[1] == Series.objects.get().slug
    progress = re.sub(r"\d+\.\d s\b", "T s", err.getvalue()).splitlines()
    assert [re.sub(r"\d+ players", "N players", line) for line in progress] == [
        "evening 1: N players",
        "evening 2: N players",
        "2 evenings in T s",
    ]
    with pytest.raises(CommandError, match="^--players must be at least 8$"):
        call_command("simulate_season", "--players", "3")
