"""The one service of the log: what it keeps, what it refuses, what it skips."""

import pytest
from django.db import transaction

from actionlog.models import ActionEntry
from actionlog.services import acting, action_record, field_changes, field_values
from tests import factories

pytestmark = pytest.mark.django_db


def test_an_entry_keeps_who_what_and_only_the_changed_fields(director):
    player = factories.PlayerFactory(first_name="Anna", last_name="Peeters")
    with transaction.atomic():
        entry = action_record(
            by=director,
            action="player.changed",
            club=player.club,
            target=player,
            before={"first_name": "Ann", "last_name": "Peeters"},
            after={"first_name": "Anna", "last_name": "Peeters"},
        )
    entry.refresh_from_db()
    assert (entry.user, entry.user_name, entry.action) == (
        director,
        "td",
        "player.changed",
    )
    assert entry.club_id == player.club_id and entry.tournament_id is None
    assert (entry.target_type, entry.target_id) == ("clubs.player", player.pk)
    assert entry.target_text == "Anna Peeters"
    assert entry.before == {"first_name": "Ann"}
    assert entry.after == {"first_name": "Anna"}


def test_a_change_that_changed_nothing_is_not_recorded(director):
    with transaction.atomic():
        assert (
            action_record(
                by=director, action="club.changed", before={"a": 1}, after={"a": 1}
            )
            is None
        )
    assert not ActionEntry.objects.exists()


def test_an_unknown_action_is_a_bug_not_an_entry(director):
    with transaction.atomic(), pytest.raises(ValueError, match="unknown action"):
        action_record(by=director, action="club.painted")
    assert not ActionEntry.objects.exists()


def test_the_entry_outlives_its_user_and_keeps_the_name(director):
    with transaction.atomic():
        entry = action_record(by=director, action="club.created")
    director.delete()
    entry.refresh_from_db()
    assert entry.user is None and entry.user_name == "td"


def test_a_relation_is_kept_by_its_name_and_a_date_as_iso_text():
    player = factories.PlayerFactory(club=factories.ClubFactory(name="Troef"))
    tournament = factories.TournamentFactory()
    assert field_values(player, ["club", "substitute"]) == {
        "club": "Troef",
        "substitute": None,
    }
    assert field_values(tournament, ["date"]) == {"date": "2026-10-04"}


def test_field_changes_keeps_the_keys_that_differ():
    assert field_changes({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 4}) == (
        {"b": 2},
        {"b": 3, "c": 4},
    )


def test_writes_inside_acting_are_recorded_as_its_user(director):
    with transaction.atomic(), acting(director):
        entry = action_record(by=None, action="club.created")
    assert entry.user == director
    with transaction.atomic():
        assert action_record(by=None, action="club.created").user is None
