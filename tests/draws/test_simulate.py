"""simulate_tournament plays a whole event through the directors' services."""

from io import StringIO

import pytest
from django.core.management import call_command

from scoring.models import DealRecord, ScoreSheet
from tournaments.models import Entry, Game, Round, RoundLog, Tournament

pytestmark = pytest.mark.django_db


def simulate(*args) -> str:
    out = StringIO()
    call_command("simulate_tournament", *args, "-v", "0", stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def test_a_small_demo_leaves_the_last_round_open():
    slug = simulate(
        "--players", "24", "--format", "individual", "--rounds", "2",
        "--final", "0", "--seed", "1", "--leave-open",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug=slug)
    first, last = Round.objects.filter(tournament=tournament).order_by("number")
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


def test_an_individual_event_with_a_final_advances_the_qualifiers():
    slug = simulate(
        "--players", "32", "--rounds", "2", "--final", "8", "--seed", "5"
    )  # fmt: skip
    tournament = Tournament.objects.get(slug=slug)
    final = tournament.phases.get(order=2)
    assert Entry.objects.filter(phase=final).count() == 8
    assert RoundLog.objects.filter(
        round__tournament=tournament, action=RoundLog.Action.ADVANCED
    ).exists()
    assert Round.objects.filter(tournament=tournament).count() == 3
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
    slug = simulate(
        "--format", "pairs", "--teams", "7", "--rounds", "2", "--draw", draw,
        "--seed", "3",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.format == Tournament.Format.PAIRS
    assert Entry.objects.filter(tournament=tournament).count() == 7
    assert (
        Round.objects.filter(tournament=tournament, status=Round.Status.CLOSED).count()
        == 2
    )
