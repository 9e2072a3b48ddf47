"""The series services: who may change a series, its events, and a new evening."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from series import services
from series.models import Series, SeriesEvent
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tournaments import services as tournament_services
from tournaments.models import Entry, Phase, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="De Zotte Manille")


@pytest.fixture
def manager(club, django_user_model):
    user = django_user_model.objects.create_user(username="mgr", password="pw-m-123")
    club.managers.add(user)
    return user


@pytest.fixture
def stranger(django_user_model):
    other = ClubFactory()
    user = django_user_model.objects.create_user(username="oth", password="pw-o-123")
    other.managers.add(user)
    return user


@pytest.fixture
def season(club, manager):
    return services.series_create(by=manager, name="Seizoen 2026", club=club)


def test_a_manager_creates_his_clubs_series_with_a_free_address(club, manager):
    one = services.series_create(by=manager, name="Seizoen 2026", club=club)
    two = services.series_create(by=manager, name="Seizoen 2026", club=club)
    assert (one.slug, two.slug) == ("seizoen-2026", "seizoen-2026-2")
    assert one.ranking == Series.Ranking.GAMES_WON
    assert one.tiebreak_list == ["games_won", "points", "point_difference"]


def test_nobody_creates_a_series_for_a_club_he_does_not_manage(club, stranger):
    with pytest.raises(PermissionDenied):
        services.series_create(by=stranger, name="Not mine", club=club)
    with pytest.raises(PermissionDenied):
        services.series_create(by=stranger, name="No club")


def test_staff_create_a_series_without_a_club(django_user_model):
    staff = django_user_model.objects.create_user(username="s", is_staff=True)
    series = services.series_create(
        by=staff, name="Belgian championship", kind=Series.Kind.CHAMPIONSHIP
    )
    assert series.club is None


@pytest.mark.parametrize(
    "fields",
    [
        {"ranking_points": [10, 12]},  # rising
        {"ranking_points": [10, "8"]},
        {"ranking_points": [-1]},
        {"ranking_points": "20,18"},
        {"ranking": "ranking_points", "ranking_points": []},
        {"name": "Seizoen\x00"},
        {"tiebreaks": ["luck"]},
        {"tiebreaks": ["points", "points"]},
        {"best_of": 0},
        {"min_events": 0},
        {"ranking": "kisses"},
        {"substitutes": "nobody"},
    ],
)
def test_bad_settings_are_refused_next_to_their_field(season, manager, fields):
    with pytest.raises(ValidationError) as caught:
        services.series_update(series=season, by=manager, **fields)
    assert set(caught.value.message_dict) <= set(fields) | {"ranking_points"}


def test_another_clubs_manager_cannot_change_the_series(season, stranger):
    with pytest.raises(PermissionDenied):
        services.series_update(series=season, by=stranger, name="Mine now")
    with pytest.raises(PermissionDenied):
        services.evening_new(series=season, by=stranger)


def test_events_are_added_in_order_once_and_removed(season, manager):
    first = TournamentFactory(club=season.club)
    second = TournamentFactory()
    second.directors.add(manager)
    services.series_event_add(series=season, tournament=first, by=manager)
    services.series_event_add(series=season, tournament=second, by=manager)
    assert list(
        SeriesEvent.objects.filter(series=season).values_list("tournament", "order")
    ) == [(first.pk, 1), (second.pk, 2)]
    with pytest.raises(ValidationError):
        services.series_event_add(series=season, tournament=first, by=manager)
    services.series_event_remove(series=season, tournament=first, by=manager)
    assert not SeriesEvent.objects.filter(tournament=first).exists()
    assert Tournament.objects.filter(pk=first.pk).exists()
    with pytest.raises(ValidationError):
        services.series_event_remove(series=season, tournament=first, by=manager)


def test_an_event_the_manager_does_not_run_is_refused(season, manager):
    elsewhere = TournamentFactory()
    with pytest.raises(PermissionDenied):
        services.series_event_add(series=season, tournament=elsewhere, by=manager)


def test_a_new_evening_registers_the_members_and_their_substitutes(
    season, manager, club
):
    ann = PlayerFactory(club=club, first_name="Ann", last_name="Maes")
    bob = PlayerFactory(club=club, first_name="Bob", last_name="Claes")
    sub = PlayerFactory(club=None, first_name="Sub", last_name="Stitute")
    bob.substitute = sub
    bob.save()
    # A member who is also another member's substitute is registered once.
    ann.substitute = bob
    ann.save()
    PlayerFactory()  # another club's player: not registered
    evening = services.evening_new(
        series=season, by=manager, date=datetime.date(2026, 9, 4)
    )
    assert evening.club == club
    assert evening.date == datetime.date(2026, 9, 4)
    rows = set(
        Entry.objects.filter(tournament=evening).values_list(
            "player", "plays_for", "status"
        )
    )
    assert rows == {
        (ann.pk, None, "registered"),
        (bob.pk, None, "registered"),
        (sub.pk, bob.pk, "registered"),
    }
    assert list(
        SeriesEvent.objects.filter(series=season).values_list("tournament", flat=True)
    ) == [evening.pk]
    assert evening.phases.count() == 1


def test_the_next_evening_copies_the_last_evenings_rules_and_phases(season, manager):
    first = services.evening_new(series=season, by=manager)
    phase = first.phases.get()
    tournament_services.tournament_update(
        tournament=first,
        by=manager,
        target=None,
        deals=12,
        trick_points=True,
        bye_score=Tournament.ByeScore.FIXED,
        bye_points=50,
        tiebreaks=["points", "games_won"],
        entry_mode=Tournament.EntryMode.TOTALS,
        venue="Café De Sportwereld",
        phases=[
            {"id": phase.pk, "name": "Avond", "rounds": 4, "draw_method": "individual"},
            {
                "name": "Finale",
                "rounds": 1,
                "draw_method": "seeded",
            },
        ],
    )
    second = services.evening_new(series=season, by=manager)
    assert second.pk != first.pk
    for name in services.COPIED_FIELDS:
        assert getattr(second, name) == getattr(
            Tournament.objects.get(pk=first.pk), name
        )
    assert list(
        Phase.objects.filter(tournament=second).values_list(
            "order", "name", "rounds", "draw_method"
        )
    ) == [(1, "Avond", 4, "individual"), (2, "Finale", 1, "seeded")]
    assert "2" in second.name
    assert list(
        SeriesEvent.objects.filter(series=season).values_list("tournament", flat=True)
    ) == [first.pk, second.pk]
    # The manager runs the evening: the club's managers direct its events.
    assert second.directors.filter(pk=manager.pk).exists()


def test_a_series_may_not_be_called_new_the_address_of_the_creation_page(db):
    """/director/series/new/ is the form: a series there could never be opened."""
    from django.core.exceptions import ValidationError

    from series.models import Series
    from series.services import series_slug_from_name

    assert series_slug_from_name(name="New") == "new-2"
    with pytest.raises(ValidationError) as refused:
        Series(name="New", slug="new").full_clean()
    assert "slug" in refused.value.message_dict
