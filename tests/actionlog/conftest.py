"""Fixtures of the action log's tests: an event, a club, its manager, staff."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from tests import factories
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def event(director):
    """An individual event directed by ``director``, 9 present players."""
    tournament = services.tournament_create(
        by=director,
        name="History cup",
        slug="history-cup",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        phases=[{"name": "Qualifying", "rounds": 3}],
    )
    for _ in range(9):
        factories.EntryFactory(tournament=tournament, status="present")
    return tournament


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user(
        username="staff", password="secret-staff-123", is_staff=True
    )


@pytest.fixture
def manager(db):
    return get_user_model().objects.create_user(
        username="manager", password="secret-manager-123"
    )


@pytest.fixture
def club(manager):
    club = factories.ClubFactory(name="De Kaartvrienden")
    club.managers.add(manager)
    return club


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user(
        username="stranger", password="secret-stranger-123"
    )
