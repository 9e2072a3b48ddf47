"""Test the club, player and team services and the lookups the import relies on."""

import pytest
from django.core.exceptions import ValidationError

from clubs import selectors, services
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_club_name_is_unique_whatever_its_case():
    services.club_create(name="De Zotte Manille")
    with pytest.raises(ValidationError):
        services.club_create(name="de zotte manille")


def test_a_club_is_found_by_its_short_name_too():
    club = services.club_create(name="Plankierkoarters", short_name="PK")
    assert selectors.club_find(name="pk") == club
    assert selectors.club_find(name="PLANKIERKOARTERS") == club
    assert selectors.club_find(name="") is None


def test_a_player_name_is_unique_per_club_even_with_accents():
    club = factories.ClubFactory()
    services.player_create(first_name="Éric", last_name="Ghesquière", club=club)
    with pytest.raises(ValidationError):
        services.player_create(first_name="éric", last_name="GHESQUIÈRE", club=club)
    # The same name in another club is another player.
    services.player_create(
        first_name="Éric", last_name="Ghesquière", club=factories.ClubFactory()
    )


def test_a_member_number_belongs_to_one_player_of_a_club():
    club = factories.ClubFactory()
    services.player_create(first_name="A", last_name="B", club=club, member_number="7")
    with pytest.raises(ValidationError) as info:
        services.player_create(
            first_name="C", last_name="D", club=club, member_number="7"
        )
    assert "member_number" in info.value.message_dict


def test_a_player_needs_both_names():
    with pytest.raises(ValidationError):
        services.player_create(first_name=" ", last_name="Maes")


def test_a_team_is_two_different_players():
    player = factories.PlayerFactory()
    with pytest.raises(ValidationError):
        services.team_create(name="Solo", player_one=player, player_two=player)


def test_updating_a_player_keeps_the_checks():
    club = factories.ClubFactory()
    services.player_create(first_name="Jan", last_name="Maes", club=club)
    other = services.player_create(first_name="Piet", last_name="Maes", club=club)
    with pytest.raises(ValidationError):
        services.player_update(by=None, player=other, first_name="JAN")
    services.player_update(by=None, player=other, member_number="12")
    other.refresh_from_db()
    assert other.member_number == "12"


def test_player_search_matches_every_word():
    club = factories.ClubFactory(name="Troefboer")
    factories.PlayerFactory(first_name="Jan", last_name="Maes", club=club)
    factories.PlayerFactory(first_name="Jan", last_name="Peeters")
    assert [p.last_name for p in selectors.player_list(query="jan troefboer")] == [
        "Maes"
    ]
