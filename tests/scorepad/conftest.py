"""Fixtures of the score pad: a club, its manager, its members, a stranger."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories


@pytest.fixture
def club(db):
    return factories.ClubFactory(name="De Zwarte Kat")


@pytest.fixture
def manager(club):
    user = get_user_model().objects.create_user("manager", password="kaarten-123")
    club.managers.add(user)
    return user


@pytest.fixture
def stranger(db):
    """A user who directs nothing and manages no club."""
    return get_user_model().objects.create_user("stranger", password="kaarten-123")


@pytest.fixture
def other_manager(db):
    """The manager of another club."""
    other = factories.ClubFactory(name="Den Aas")
    user = get_user_model().objects.create_user("other", password="kaarten-123")
    other.managers.add(user)
    return user


@pytest.fixture
def members(club):
    return [
        factories.PlayerFactory(club=club, first_name=first, last_name="Peeters")
        for first in ("Anna", "Bert", "Chris")
    ]
