"""Fixtures of the cash desk's tests: a kaarting with a member and a non-member rate."""

import datetime

import pytest

from cashdesk.services import RateRow, fee_settings_save
from tests import factories
from tournaments import services
from tournaments.models import Tournament

IBAN = "BE71096123456769"  # a valid Belgian IBAN (mod 97 gives 1)


@pytest.fixture
def club(db):
    return factories.ClubFactory(name="De Zwaan", short_name="DZ")


@pytest.fixture
def kaarting(director, club):
    """An individual event of the club: 8 registered players, 3 of them members."""
    tournament = services.tournament_create(
        by=director,
        name="Kaarting",
        slug="kaarting",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        phases=[{"name": "Qualifying", "rounds": 3}],
    )
    tournament.club = club
    tournament.save(update_fields=["club"])
    tournament.directors.add(director)
    for n in range(8):
        factories.EntryFactory(
            tournament=tournament,
            status="registered",
            player=factories.PlayerFactory(
                club=club if n < 3 else factories.ClubFactory()
            ),
        )
    return tournament


@pytest.fixture
def fees(kaarting, director):
    """€5.00 for the club's members, €7.50 for others, a €2.50 youth rate."""
    return fee_settings_save(
        tournament=kaarting,
        by=director,
        rates=[
            RateRow("member", "Member", 500, "member"),
            RateRow("other", "Non-member", 750, "other"),
            RateRow("youth", "Youth", 250),
        ],
        beneficiary="Manilleclub De Zwaan",
        iban=IBAN,
    )
