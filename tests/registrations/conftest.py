"""Fixtures of the registrations' tests: an upcoming event of each format."""

import datetime

import pytest
from django.utils import timezone

from registrations.services import registration_register
from tests import factories


def upcoming(**fields):
    """A public event two weeks ahead, registration open for a week more."""
    fields.setdefault("date", timezone.localdate() + datetime.timedelta(days=14))
    fields.setdefault("registers_online", True)
    fields.setdefault(
        "registration_deadline", timezone.now() + datetime.timedelta(days=7)
    )
    return factories.TournamentFactory(**fields)


@pytest.fixture
def individual(db, director):
    t = upcoming(capacity=48, language="en")
    t.directors.add(director)
    return t


@pytest.fixture
def pairs(db, director):
    t = upcoming(capacity=4, format="pairs", language="en")
    t.directors.add(director)
    return t


@pytest.fixture
def register():
    """Register someone with sensible defaults (a unique e-mail per name)."""

    def make(tournament, first="An", last="Peeters", kind="alone", **fields):
        fields.setdefault("email", f"{first}.{last}@example.org".lower())
        fields.setdefault("club", "De Kaart")
        return registration_register(
            tournament=tournament,
            kind=kind,
            consent=True,
            first_name=first,
            last_name=last,
            base_url="http://testserver",
            **fields,
        )

    return make
