"""tournament_simulate plays a whole event through the directors' services."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from draws.simulation import SimulationError, tournament_simulate
from scoring.models import DealRecord, ScoreSheet
from tournaments.models import Entry, Game, Round, RoundLog, Tournament

pytestmark = pytest.mark.django_db


def test_a_small_demo_leaves_the_last_round_open():
    simulated = tournament_simulate(
        players=24, format="individual", rounds=2, final=0, seed=1, leave_open=True
    )
    first, last = Round.objects.filter(tournament=simulated.tournament).order_by(
        "number"
    )
    assert simulated.open_round == last
    assert [played.number for played in simulated.rounds] == [first.number]
    assert first.status == Round.Status.CLOSED
    assert last.status == Round.Status.PUBLISHED
    assert not DealRecord.objects.filter(game__table__round=last).exists()
    assert (
        not ScoreSheet.objects.filter(table__round=first)
        .exclude(status=ScoreSheet.Status.CONFIRMED)
        .exists()
    )
    games = Game.objects.filter(table__round=first)
    assert games.count() == 6 * 3
    assert all(g.finished for g in games)
    assert all(max(g.score_a, g.score_b) >= 101 for g in games)
    assert (simulated.entrants, simulated.confirmed) == (24, 6)


def test_an_individual_event_with_a_final_advances_the_qualifiers():
    simulated = tournament_simulate(players=32, rounds=2, final=8, seed=5)
    tournament = simulated.tournament
    final = tournament.phases.get(order=2)
    assert Entry.objects.filter(phase=final).count() == 8
    assert [(a.count, a.phase) for a in simulated.advanced] == [(8, final.name)]
    assert RoundLog.objects.filter(
        round__tournament=tournament, action=RoundLog.Action.ADVANCED
    ).exists()
    assert Round.objects.filter(tournament=tournament).count() == 3
    assert [(r.number, r.tables) for r in simulated.rounds] == [(1, 8), (2, 8), (3, 2)]
    assert simulated.open_round is None
    assert (
        not ScoreSheet.objects.filter(table__round__tournament=tournament)
        .exclude(status=ScoreSheet.Status.CONFIRMED)
        .exists()
    )
    # A realistic mix: more than one trump, some knocks.
    deals = DealRecord.objects.filter(game__table__round__tournament=tournament)
    assert deals.values("trump").distinct().count() == 5
    assert deals.filter(knocks__gt=0).exists()


@pytest.mark.parametrize("draw", ["swiss", "round_robin", "random", "ladder"])
def test_pairs_events_run_with_every_draw(draw):
    simulated = tournament_simulate(
        format="pairs", teams=7, rounds=2, draw=draw, seed=3
    )
    tournament = simulated.tournament
    assert tournament.format == Tournament.Format.PAIRS
    assert Entry.objects.filter(tournament=tournament).count() == 7
    assert (
        Round.objects.filter(tournament=tournament, status=Round.Status.CLOSED).count()
        == 2
    )


def test_a_taken_slug_gets_a_number_and_the_same_seed_the_same_event():
    one = tournament_simulate(players=8, rounds=1, seed=4, slug="club-night")
    two = tournament_simulate(players=8, rounds=1, seed=4, slug="club-night")
    assert (one.slug, two.slug) == ("club-night", "club-night-2")

    def scores(simulated):
        return list(
            Game.objects.filter(table__round__tournament=simulated.tournament)
            .order_by("table__number", "number")
            .values_list("score_a", "score_b")
        )

    assert scores(one) == scores(two)


@pytest.mark.parametrize(
    ("arguments", "argument"),
    [
        ({"players": 3}, "players"),
        ({"final": 6}, "final"),
        ({"format": "pairs", "final": 3}, "final"),
        ({"final": 80}, "final"),
        ({"rounds": 0}, "rounds"),
        ({"format": "pairs", "draw": "by-hand"}, "draw"),
    ],
)
def test_arguments_that_make_no_event_are_refused_before_anything_is_made(
    arguments, argument
):
    with pytest.raises(SimulationError) as refused:
        tournament_simulate(**arguments)
    assert refused.value.argument == argument
    assert not Tournament.objects.exists()


def test_the_command_prints_the_slug_last_and_each_step_on_stderr():
    """What the README and other programs read: the same lines as before the move."""
    out, err = StringIO(), StringIO()
    call_command(
        "simulate_tournament",
        *("--players", "16", "--rounds", "1", "--final", "8", "--seed", "5"),
        *("--language", "en"),
        stdout=out,
        stderr=err,
    )
    assert out.getvalue() == "sim-individual-16-r1-f8-s5\n"
    timings = re.sub(r"\d+\.\d s\b", "T s", err.getvalue())
    assert timings.splitlines() == [
        "16 entrants registered and present",
        "round 1: 4 tables played and confirmed in T s",
        "8 qualifiers advance to Final",
        "round 2: 2 tables played and confirmed in T s",
        "16 entrants, 6 sheets confirmed in T s",
    ]
    with pytest.raises(CommandError, match="^--final must be even for pairs$"):
        call_command("simulate_tournament", "--format", "pairs", "--final", "3")
