"""actionlog 0002 copies the corrections made before the results desk logged them."""

import importlib

import pytest
from django.apps import apps

from actionlog.display import changes
from actionlog.models import ActionEntry
from scoring import services
from scoring.models import Correction, ScoreSheet, TableEvent
from scoring.services import GameInput
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db

migration = importlib.import_module(
    "actionlog.migrations.0002_corrections_in_action_log"
)

OLD_DEAL = {"trump": "no_trump", "points_a": 58, "points_b": 2}
NEW_DEAL = {"trump": "no_trump", "points_a": 54, "points_b": 6}


def old_correction(sheet, director, **more) -> Correction:
    """A correction as the desk wrote it before the log: its two snapshots."""
    values = {
        "sheet": sheet,
        "by": director,
        "reason": "the paper says 54",
        "before": {
            "games": [
                {
                    "number": 1,
                    "deals": [OLD_DEAL, OLD_DEAL],
                    "totals": None,
                    "events": [],
                }
            ]
        },
        "after": {
            "games": [
                {
                    "number": 1,
                    "deals": [OLD_DEAL, NEW_DEAL],
                    "totals": None,
                    "events": [
                        {"kind": "award", "side": 1, "points": 10, "reason": "x"}
                    ],
                }
            ]
        },
    }
    return Correction.objects.create(**{**values, **more})


def test_an_old_correction_is_copied_with_who_when_what_and_why(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(language="nl")
    sheet = ScoreSheet.objects.get(table=sheet_table)
    correction = old_correction(sheet, director)
    migration.copy_corrections(apps, None)
    entry = ActionEntry.objects.get()
    assert (entry.action, entry.at, entry.user, entry.user_name) == (
        "sheet.corrected",
        correction.at,
        director,
        "td",
    )
    assert entry.tournament_id == sheet_table.round.tournament_id
    assert (entry.target_type, entry.target_id) == ("scoring.scoresheet", sheet.pk)
    assert entry.target_text == "Ronde 1 · Tafel 1"  # the event's language
    assert entry.note == "the paper says 54"
    # Only what changed, keyed as the live log keys it.
    assert entry.before == {"g1.d2": OLD_DEAL}
    assert entry.after == {
        "g1.d2": NEW_DEAL,
        "g1.e1": {"kind": "award", "side": 1, "points": 10, "reason": "x"},
    }
    assert [(c.label, c.before, c.after) for c in changes(entry)] == [
        ("Game 1, deal 2", "NT 58–2", "NT 54–6"),
        ("Game 1", None, "Points awarded by the director, side B (+10) — x"),
    ]


def test_running_it_again_copies_nothing_twice(sheet_table, director):
    sheet = ScoreSheet.objects.get(table=sheet_table)
    old_correction(sheet, director)
    migration.copy_corrections(apps, None)
    migration.copy_corrections(apps, None)
    assert ActionEntry.objects.count() == 1


def test_a_correction_the_desk_logged_itself_is_not_copied(sheet_table, director):
    """A correction made since is in the log at its own time: not copied again."""
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )
    for number in (1, 2, 3):
        sheet = ScoreSheet.objects.get(table=sheet_table)
        services.game_totals_record(
            sheet=sheet,
            game=Game.objects.get(table=sheet_table, number=number),
            totals=(101, 50),
            by=director,
            version=sheet.version,
        )
    sheet = ScoreSheet.objects.get(table=sheet_table)
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    services.sheet_correct(
        sheet=sheet,
        data={1: GameInput(totals=(101, 60))},
        by=director,
        version=sheet.version,
        reason="60, not 50",
    )
    logged = ActionEntry.objects.filter(action="sheet.corrected").count()
    migration.copy_corrections(apps, None)
    assert logged == 1
    assert ActionEntry.objects.filter(action="sheet.corrected").count() == 1


def test_a_forfeit_added_on_a_confirmed_sheet_since_is_not_copied(
    sheet_table, director
):
    """Its correction row is filed as table_event.added at the correction's time."""
    for number in (1, 2, 3):
        sheet = ScoreSheet.objects.get(table=sheet_table)
        services.table_event_add(
            sheet=sheet,
            game=Game.objects.get(table=sheet_table, number=number),
            kind=TableEvent.Kind.FORFEIT,
            side=1,
            reason="no-show",
            by=director,
            version=sheet.version,
        )
    sheet = ScoreSheet.objects.get(table=sheet_table)
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    services.table_event_remove(
        sheet=sheet,
        event=TableEvent.objects.filter(game__number=2).get(),
        by=director,
        version=sheet.version,
        reason="he came after all",
    )
    assert Correction.objects.count() == 1
    count = ActionEntry.objects.count()
    migration.copy_corrections(apps, None)
    assert ActionEntry.objects.count() == count


def test_a_correction_that_changed_nothing_is_not_copied(sheet_table, director):
    sheet = ScoreSheet.objects.get(table=sheet_table)
    same = {"games": [{"number": 1, "deals": [OLD_DEAL], "totals": None}]}
    old_correction(sheet, director, before=same, after=same, by=None)
    migration.copy_corrections(apps, None)
    assert not ActionEntry.objects.exists()


def test_going_back_removes_nothing(sheet_table, director):
    sheet = ScoreSheet.objects.get(table=sheet_table)
    old_correction(sheet, director)
    migration.copy_corrections(apps, None)
    [operation] = migration.Migration.operations
    assert operation.reversible
    operation.reverse_code(apps, None)
    assert ActionEntry.objects.count() == 1
