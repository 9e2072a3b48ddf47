"""Fixtures shared by the whole suite: users, clubs, players and tournaments."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories


@pytest.fixture
def director(db):
    """A user who directs no tournament until added to one."""
    return get_user_model().objects.create_user(username="td", password="secret-td-123")


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser(
        username="admin", password="secret-admin-123", email="a@example.org"
    )


@pytest.fixture
def tournament(db, director):
    t = factories.TournamentFactory()
    t.directors.add(director)
    return t


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


# --- Result entry (scoring) ---


@pytest.fixture
def sheet_round(tournament):
    """A published round of the director's tournament (individual format)."""
    return factories.RoundFactory(tournament=tournament, number=1)


@pytest.fixture
def sheet_table(sheet_round):
    """Table 1 of ``sheet_round``: four players, three games, an empty sheet."""
    return factories.individual_table(round=sheet_round, number=1)
