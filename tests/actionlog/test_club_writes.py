"""Writes to clubs, players, teams and managers land on the club's History."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from actionlog.models import ActionEntry
from clubs import imports, services
from tests import factories

pytestmark = pytest.mark.django_db


def logged(action) -> list[ActionEntry]:
    return list(ActionEntry.objects.filter(action=action).order_by("id"))


def test_a_club_created_and_renamed_is_filed_under_the_club(staff):
    club = services.club_create(name="Troef Zeven", city="Gent", by=staff)
    services.club_update(club=club, by=staff, name="Troef Acht", city="Gent")
    (created,) = logged("club.created")
    assert created.club_id == club.pk and created.user == staff
    assert created.after == {"name": "Troef Zeven", "short_name": "", "city": "Gent"}
    (renamed,) = logged("club.changed")
    assert renamed.before == {"name": "Troef Zeven"}
    assert renamed.after == {"name": "Troef Acht"}


def test_a_refused_club_change_records_nothing(club, stranger):
    with pytest.raises(PermissionDenied):
        services.club_update(club=club, by=stranger, city="Brugge")
    with pytest.raises(ValidationError):
        services.club_create(name=club.name)
    assert not ActionEntry.objects.exists()


def test_a_players_change_shows_his_substitute_by_name(club, manager):
    member = factories.PlayerFactory(club=club, first_name="Piet", last_name="Maes")
    sub = factories.PlayerFactory(club=club, first_name="Jef", last_name="Goris")
    services.player_update(player=member, by=manager, substitute=sub)
    (changed,) = logged("player.changed")
    assert changed.club_id == club.pk and changed.target_text == "Piet Maes"
    assert changed.before == {"substitute": None}
    assert changed.after == {"substitute": "Jef Goris"}


def test_players_and_teams_created_are_recorded(club, staff):
    one = services.player_create(first_name="A", last_name="B", club=club, by=staff)
    two = services.player_create(first_name="C", last_name="D", club=club, by=staff)
    team = services.team_create(
        name="Duo", club=club, player_one=one, player_two=two, by=staff
    )
    services.team_update(team=team, by=staff, name="Duo twee")
    assert len(logged("player.created")) == 2
    (created,) = logged("team.created")
    assert created.after["player_one"] == "A B" and created.club_id == club.pk
    (renamed,) = logged("team.changed")
    assert renamed.after == {"name": "Duo twee"}


def test_managers_added_and_removed_are_named(club, staff, stranger):
    services.club_manager_add(club=club, user=stranger, by=staff)
    services.club_manager_remove(club=club, user=stranger, by=staff)
    (added,) = logged("club.manager_added")
    (removed,) = logged("club.manager_removed")
    assert added.after == {"manager": "stranger"} and added.club_id == club.pk
    assert removed.before == {"manager": "stranger"}


def test_a_refused_manager_change_records_nothing(club, manager, stranger):
    with pytest.raises(PermissionDenied):
        services.club_manager_add(club=club, user=stranger, by=manager)
    assert not ActionEntry.objects.exists()


def test_a_member_import_records_its_counts_and_each_player_as_its_user(
    club, manager
):
    result = imports.members_import(
        club=club,
        text="first name;last name\nMia;Wouters\nTom;Jacobs\n",
        commit=True,
        by=manager,
    )
    assert result.committed
    (imported,) = logged("club.members_imported")
    assert imported.after == {"created_players": 2, "joined": 0, "numbered": 0}
    created = logged("player.created")
    assert len(created) == 2 and {e.user for e in created} == {manager}
    assert {e.club_id for e in created} == {club.pk}


def test_a_member_import_with_an_error_records_nothing(club, manager):
    result = imports.members_import(
        club=club,
        text="first name;last name\nMia;Wouters\nMia;Wouters\n",
        commit=True,
        by=manager,
    )
    assert not result.committed
    assert not ActionEntry.objects.exists()
