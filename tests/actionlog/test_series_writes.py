"""Series, their events and a new evening land on the club's History."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from actionlog.models import ActionEntry
from series import services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club, manager):
    return services.series_create(by=manager, name="Seizoen 2026", club=club)


def logged(action) -> list[ActionEntry]:
    return list(ActionEntry.objects.filter(action=action).order_by("id"))


def test_a_series_created_and_changed_is_filed_under_its_club(season, club, manager):
    services.series_update(series=season, by=manager, best_of=10)
    (created,) = logged("series.created")
    assert created.club_id == club.pk and created.after["name"] == "Seizoen 2026"
    assert created.after["club"] == club.name
    (changed,) = logged("series.changed")
    assert changed.before == {"best_of": None} and changed.after == {"best_of": 10}


def test_a_refused_series_change_records_nothing(season, stranger):
    count = ActionEntry.objects.count()
    with pytest.raises(PermissionDenied):
        services.series_update(series=season, by=stranger, best_of=3)
    assert ActionEntry.objects.count() == count


def test_events_added_and_removed_name_the_event(season, club, manager):
    event = factories.TournamentFactory(name="Open van Tielt")
    event.directors.add(manager)
    services.series_event_add(series=season, tournament=event, by=manager)
    services.series_event_remove(series=season, tournament=event, by=manager)
    (added,) = logged("series.event_added")
    (removed,) = logged("series.event_removed")
    assert added.after == {"event": "Open van Tielt"}
    assert added.tournament_id == event.pk and added.club_id == club.pk
    assert removed.before == {"event": "Open van Tielt"}


def test_a_new_evening_is_on_the_club_and_the_evening_history(season, club, manager):
    factories.PlayerFactory.create_batch(4, club=club)
    evening = services.evening_new(
        series=season, by=manager, date=datetime.date(2026, 9, 1)
    )
    (opened,) = logged("series.evening_opened")
    assert opened.club_id == club.pk and opened.tournament_id == evening.pk
    registered = ActionEntry.objects.filter(
        tournament_id=evening.pk, action="entry.registered"
    )
    assert registered.count() == 4 and {e.user for e in registered} == {manager}
