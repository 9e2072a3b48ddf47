"""tournaments 0011 gives every entrant a personal code and moves events under way,
whose players were never given one, to the director's confirmation."""

import importlib

import pytest
from django.apps import apps

from actionlog.models import ActionEntry
from tests import factories
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

migration = importlib.import_module("tournaments.migrations.0011_entry_personal_code")


def test_every_entrant_gets_a_code_unique_in_its_tournament():
    first, second = factories.TournamentFactory(), factories.TournamentFactory()
    for tournament in (first, second):
        for _ in range(30):
            factories.EntryFactory(tournament=tournament)
    Entry.objects.update(personal_code="")  # as before the migration
    migration.give_codes(apps, None)
    for tournament in (first, second):
        codes = list(
            Entry.objects.filter(tournament=tournament).values_list(
                "personal_code", flat=True
            )
        )
        assert len(codes) == 30 and len(set(codes)) == 30
        assert all(
            len(c) == migration.LENGTH and set(c) <= set(migration.ALPHABET)
            for c in codes
        )


def test_only_an_event_under_way_moves_to_the_directors_confirmation():
    opponents = Tournament.ResultEntry.TABLES_OPPONENTS
    under_way = factories.TournamentFactory(result_entry=opponents)
    factories.RoundFactory(tournament=under_way, number=1)
    not_started = factories.TournamentFactory(result_entry=opponents)
    at_the_desk = factories.TournamentFactory(result_entry=Tournament.ResultEntry.DESK)
    factories.RoundFactory(tournament=at_the_desk, number=1)

    migration.confirm_started_events_at_the_desk(apps, None)

    result = dict(Tournament.objects.values_list("pk", "result_entry"))
    assert result[under_way.pk] == Tournament.ResultEntry.TABLES_DIRECTOR
    assert result[not_started.pk] == opponents
    assert result[at_the_desk.pk] == Tournament.ResultEntry.DESK
    logged = ActionEntry.objects.get(tournament_id=under_way.pk)
    assert logged.action == "tournament.changed"
    assert logged.before == {"result_entry": "tables_opponents"}
    assert logged.after == {"result_entry": "tables_director"}
    assert "Personal codes" in logged.note
    assert not ActionEntry.objects.filter(
        tournament_id__in=[not_started.pk, at_the_desk.pk]
    ).exists()
