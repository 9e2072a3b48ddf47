"""tournaments 0010 copies the rounds' history written before the action log."""

import importlib

import pytest
from django.apps import apps

from actionlog.models import ActionEntry
from tests import factories
from tournaments.models import RoundLog

pytestmark = pytest.mark.django_db

migration = importlib.import_module(
    "tournaments.migrations.0010_round_log_in_action_log"
)


def test_every_old_round_log_line_is_copied_once_with_who_when_and_why(director):
    rnd = factories.RoundFactory(number=2)
    drawn = RoundLog.objects.create(
        round=rnd, action=RoundLog.Action.DRAWN, reason="4 tables", by=director
    )
    reopened = RoundLog.objects.create(
        round=rnd, action=RoundLog.Action.REOPENED, reason="typo at table 3"
    )
    migration.copy_round_log(apps, None)
    copies = list(ActionEntry.objects.order_by("id"))
    assert [(e.action, e.note) for e in copies] == [
        ("round.drawn", "4 tables"),
        ("round.reopened", "typo at table 3"),
    ]
    first, second = copies
    assert (first.at, first.user, first.user_name) == (drawn.at, director, "td")
    assert (second.at, second.user, second.user_name) == (reopened.at, None, "")
    assert {e.tournament_id for e in copies} == {rnd.tournament_id}
    assert (first.target_type, first.target_id, first.target_text) == (
        "tournaments.round",
        rnd.pk,
        "2",
    )
    migration.remove_copies(apps, None)
    assert not ActionEntry.objects.exists()
