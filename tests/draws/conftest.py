"""Fixtures of the draw workflow's tests: a published round to repair."""

import datetime

import pytest

from draws import services as draw_services
from tests import factories
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def event(director):
    """An individual event of 9 present players, each of their own club."""
    tournament = services.tournament_create(
        by=director,
        name="Repair cup",
        slug="repair-cup",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        phases=[{"name": "Qualifying", "rounds": 3}],
    )
    for _ in range(9):
        factories.EntryFactory(tournament=tournament, status="present")
    return tournament


@pytest.fixture
def published(event, director, django_capture_on_commit_callbacks):
    """Round 1 of ``event``, drawn (2 tables of 4, 1 bye) and published."""
    rnd = draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_publish(round=rnd, by=director)
    rnd.refresh_from_db()
    return rnd


@pytest.fixture
def type_a_deal(director):
    """Return a function that types one deal on a table's sheet (a result entered)."""
    from scoring.models import ScoreSheet
    from scoring.services import DealInput, deal_record

    def type_deal(table):
        sheet = ScoreSheet.objects.get(table=table)
        return deal_record(
            sheet=sheet,
            game=table.games.order_by("number").first(),
            deal=DealInput(trump="hearts", points_a=40, points_b=20),
            by=director,
            version=sheet.version,
        )

    return type_deal
