"""Each write to a tournament's settings, phases and entrants leaves one entry."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from actionlog.models import ActionEntry
from tests import factories
from tournaments import checkin, registration, services
from tournaments.models import Entry, Phase, Tournament

pytestmark = pytest.mark.django_db


def entries(tournament, action):
    return list(ActionEntry.objects.filter(tournament_id=tournament.pk, action=action))


def test_creating_a_tournament_records_it_and_its_phases(director):
    tournament = services.tournament_create(
        by=director,
        name="Spring cup",
        date=datetime.date(2026, 4, 1),
        phases=[{"name": "Rounds", "rounds": 4}],
    )
    (created,) = entries(tournament, "tournament.created")
    assert created.user == director and created.target_text == "Spring cup"
    assert created.after["name"] == "Spring cup"
    assert created.after["date"] == "2026-04-01"
    assert "multiplier" not in created.after  # left at its default
    (phase,) = entries(tournament, "phase.added")
    assert phase.after["name"] == "Rounds" and phase.after["rounds"] == 4


def test_a_change_of_settings_records_before_and_after_of_what_changed(event, director):
    services.tournament_update(
        tournament=event, by=director, venue="Kortrijk", multiplier="add"
    )
    (changed,) = entries(event, "tournament.changed")
    assert changed.before == {"venue": "", "multiplier": "multiply"}
    assert changed.after == {"venue": "Kortrijk", "multiplier": "add"}


def test_saving_unchanged_settings_records_nothing(event, director):
    services.tournament_update(tournament=event, by=director, venue=event.venue)
    assert not entries(event, "tournament.changed")


def test_a_refused_change_of_settings_records_nothing(event, director):
    with pytest.raises(ValidationError):
        services.tournament_update(
            tournament=event, by=director, target=None, deals=None
        )
    assert not entries(event, "tournament.changed")
    assert Tournament.objects.get(pk=event.pk).target is not None


def test_phases_saved_record_each_added_changed_and_removed_phase(event, director):
    phase = event.phases.get()
    services.phases_save(
        tournament=event,
        by=director,
        rows=[
            {"id": phase.pk, "name": "Qualifiers", "rounds": 3},
            {"name": "Final", "rounds": 1},
        ],
    )
    (changed,) = entries(event, "phase.changed")
    assert changed.before == {"name": "Qualifying"}
    assert changed.after == {"name": "Qualifiers"}
    final = Phase.objects.get(tournament=event, name="Final")
    services.phases_save(
        tournament=event,
        by=director,
        rows=[{"id": phase.pk}, {"id": final.pk, "delete": True}],
    )
    (removed,) = entries(event, "phase.removed")
    assert removed.before["name"] == "Final" and removed.target_id == final.pk


def test_a_refused_phase_list_records_nothing(event, director):
    before = ActionEntry.objects.count()
    with pytest.raises(ValidationError):
        services.phases_save(tournament=event, by=director, rows=[])
    assert ActionEntry.objects.count() == before


def test_adding_a_director_names_the_new_director(event, director, staff):
    services.tournament_add_director(tournament=event, user=staff, by=director)
    (added,) = entries(event, "tournament.director_added")
    assert added.after == {"director": "staff"} and added.user == director


def test_registering_checking_in_and_withdrawing_each_record_one_entry(event, director):
    player = factories.PlayerFactory(first_name="Lies", last_name="Claes")
    entry = services.entry_register(tournament=event, player=player, by=director)
    (registered,) = entries(event, "entry.registered")
    assert registered.target_text == "Lies Claes" and registered.user == director
    services.entry_set_present(entry=entry, present=True, by=director)
    (present,) = entries(event, "entry.present")
    assert present.before == {"status": "registered"}
    assert present.after == {"status": "present"}
    services.entry_set_present(entry=entry, present=True, by=director)
    assert len(entries(event, "entry.present")) == 1  # no change, no entry
    services.entry_withdraw(entry=entry, by=director)
    (withdrawn,) = entries(event, "entry.withdrawn")
    assert withdrawn.after == {"status": "withdrawn"}


def test_a_refused_registration_records_nothing(event, director):
    entry = Entry.objects.filter(tournament=event).first()
    with pytest.raises(ValidationError):
        services.entry_register(tournament=event, player=entry.player, by=director)
    assert not entries(event, "entry.registered")


def test_a_check_in_of_many_is_one_entry_with_its_count(event, director):
    Entry.objects.filter(tournament=event).update(status=Entry.Status.REGISTERED)
    ids = list(Entry.objects.filter(tournament=event).values_list("pk", flat=True))
    checkin.entries_check_in(tournament=event, entry_ids=ids[:4], by=director)
    (many,) = entries(event, "entries.present")
    assert many.after == {"entrants": 4} and many.user == director
    checkin.entries_check_in_undo(tournament=event, entry_ids=ids[:4], by=director)
    (undone,) = entries(event, "entries.absent")
    assert undone.after == {"entrants": 4}


def test_an_import_records_its_counts_and_each_entrant_as_its_user(event, director):
    result = registration.registrations_import(
        tournament=event,
        csv_text="first name;last name;club\nAn;Smet;Nieuwe club\nBen;Maes;\n",
        commit=True,
        by=director,
    )
    assert result.committed
    (imported,) = entries(event, "entries.imported")
    assert imported.after["created_entries"] == 2
    assert imported.after["created_clubs"] == 1
    registered = entries(event, "entry.registered")
    assert len(registered) == 2 and {e.user for e in registered} == {director}
    (club,) = ActionEntry.objects.filter(action="club.created")
    assert club.target_text == "Nieuwe club" and club.user == director


def test_an_import_with_an_error_records_nothing(event, director):
    before = ActionEntry.objects.count()
    result = registration.registrations_import(
        tournament=event,
        csv_text="first name;last name\nAn;Smet\nAn;Smet\n",
        commit=True,
        by=director,
    )
    assert not result.committed
    assert ActionEntry.objects.count() == before
