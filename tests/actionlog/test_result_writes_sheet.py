"""The results desk's writes beyond the deals leave one entry each in the action log.

A confirmation, a correction, a forfeit or an award and its removal, a round closed
and reopened, a sheet taken over and given back: each is one entry with only what
changed. A refused close leaves none, and a write from the table's phone (which
files ``table.written`` itself) is not filed twice.
"""

import pytest

from actionlog.display import changes
from actionlog.models import ActionEntry
from phones.services import table_codes_ensure, table_deal_save
from scoring import services
from scoring.models import Correction, TableEvent
from scoring.services import DealInput, GameInput
from tests.actionlog.result_helpers import (
    add,
    confirmed_with_totals,
    entries,
    game,
    only_entry,
    sheet_of,
)
from tournaments.models import Round, RoundLog, Tournament

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------ confirm, correct


def test_a_confirmation_leaves_one_entry(sheet_table, director):
    confirmed_with_totals(sheet_table, director)
    actions = [e.action for e in entries(sheet_table.round.tournament_id)]
    assert actions == ["sheet.saved"] * 3 + ["sheet.confirmed"]
    confirmation = entries(sheet_table.round.tournament_id)[-1]
    assert confirmation.user == director
    assert confirmation.target_id == sheet_of(sheet_table).pk


def test_a_correction_keeps_the_old_and_new_totals_and_the_reason(
    sheet_table, director
):
    sheet = confirmed_with_totals(sheet_table, director)
    services.sheet_correct(
        sheet=sheet,
        data={2: GameInput(totals=(101, 90))},
        by=director,
        version=sheet.version,
        reason="the paper says 90",
    )
    correction = Correction.objects.get()
    entry = entries(sheet_table.round.tournament_id)[-1]
    assert (entry.action, entry.user, entry.note) == (
        "sheet.corrected",
        director,
        "the paper says 90",
    )
    assert entry.before == {"g2.totals": [101, 42], "g2.score": [101, 42]}
    assert entry.after == {"g2.totals": [101, 90], "g2.score": [101, 90]}
    assert entry.at == correction.at  # how the copy of older ones knows it
    assert [(c.label, c.before, c.after) for c in changes(entry)] == [
        ("Game 2, total", "101–42", "101–90"),
        ("Game 2, score", "101–42", "101–90"),
    ]


def test_a_deal_changed_on_a_confirmed_sheet_is_a_correction(sheet_table, director):
    for _ in range(2):  # two 60s end game 1 at 120
        add(sheet_table, DealInput("no_trump", 60), director)
    for number in (2, 3):
        sheet = sheet_of(sheet_table)
        services.table_event_add(
            sheet=sheet,
            game=game(sheet_table, number),
            kind=TableEvent.Kind.FORFEIT,
            side=1,
            reason="left early",
            by=director,
            version=sheet.version,
        )
    sheet = sheet_of(sheet_table)
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    score = game(sheet_table)
    old_score = [score.score_a, score.score_b]
    add(
        sheet_table,
        DealInput("hearts", 50),
        director,
        number=2,
        reason="deal 2 was hearts",
    )
    entry = entries(sheet_table.round.tournament_id)[-1]
    score.refresh_from_db()
    assert entry.action == "sheet.corrected" and entry.note == "deal 2 was hearts"
    assert entry.before["g1.d2"]["trump"] == "no_trump"
    assert entry.after["g1.d2"] == {"trump": "hearts", "points_a": 50, "points_b": 10}
    assert entry.before["g1.score"] == old_score
    assert entry.after["g1.score"] == [score.score_a, score.score_b] != old_score


# ------------------------------------------------------------ forfeits, awards


def test_a_forfeit_and_its_removal_leave_an_entry_each(sheet_table, director):
    sheet = sheet_of(sheet_table)
    services.table_event_add(
        sheet=sheet,
        game=game(sheet_table, 3),
        kind=TableEvent.Kind.FORFEIT,
        side=0,
        reason="did not come back",
        by=director,
        version=sheet.version,
    )
    added = only_entry(sheet_table)
    assert (added.action, added.user, added.note) == (
        "table_event.added",
        director,
        "did not come back",
    )
    assert added.after == {
        "g3.e1": {
            "kind": "forfeit",
            "side": 0,
            "points": 0,
            "reason": "did not come back",
        }
    }
    [line] = changes(added)
    # The reason is the note already: not said twice.
    assert (line.label, line.before, line.after) == ("Game 3", None, "Forfeit, side A")
    sheet = sheet_of(sheet_table)
    services.table_event_remove(
        sheet=sheet, event=TableEvent.objects.get(), by=director, version=sheet.version
    )
    removed = entries(sheet_table.round.tournament_id)[-1]
    assert removed.action == "table_event.removed"
    assert removed.before == added.after and removed.after == {}
    [line] = changes(removed)
    assert line.before == "Forfeit, side A — did not come back"


def test_points_awarded_are_said_with_their_points(sheet_table, director):
    sheet = sheet_of(sheet_table)
    services.table_event_add(
        sheet=sheet,
        game=game(sheet_table),
        kind=TableEvent.Kind.AWARD,
        side=1,
        points=30,
        reason="a revoke the table missed",
        by=director,
        version=sheet.version,
    )
    [line] = changes(only_entry(sheet_table))
    assert line.after == "Points awarded by the director, side B (+30)"


# -------------------------------------------------------------------- rounds


def test_a_round_closed_and_reopened_leaves_an_entry_each(sheet_table, director):
    confirmed_with_totals(sheet_table, director)
    rnd = sheet_table.round
    services.round_close(round=rnd, by=director)
    services.round_reopen(round=rnd, by=director, reason="table 1 typed wrong")
    closed, reopened = entries(rnd.tournament_id)[-2:]
    assert (closed.action, closed.user, closed.target_id) == (
        "round.closed",
        director,
        rnd.pk,
    )
    assert (reopened.action, reopened.note) == ("round.reopened", "table 1 typed wrong")
    # The round's own history says the same (the round's page reads it).
    assert list(RoundLog.objects.filter(round=rnd).values_list("action", flat=True))[
        -2:
    ] == [RoundLog.Action.CLOSED, RoundLog.Action.REOPENED]


def test_a_refused_close_leaves_no_entry(sheet_table, director):
    before = ActionEntry.objects.count()
    with pytest.raises(services.ResultConflict):
        services.round_close(round=sheet_table.round, by=director)  # unconfirmed
    assert ActionEntry.objects.count() == before
    assert Round.objects.get(pk=sheet_table.round_id).status == Round.Status.PUBLISHED


# --------------------------------------------------------- the table's phone


@pytest.fixture
def coded(sheet_table, pinned_table_codes):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    return sheet_table, table_codes_ensure(round=sheet_table.round)[1]


def test_a_phones_write_is_filed_once_as_the_tables(coded):
    table, code = coded
    table_deal_save(
        code=code,
        seat=1,
        key="phone-key-00001",
        version=sheet_of(table).version,
        game=1,
        deal=DealInput("hearts", 42),
    )
    assert [e.action for e in entries(table.round.tournament_id)] == ["table.written"]


def test_a_take_over_and_a_give_back_leave_an_entry_each(coded, director):
    table, code = coded
    table_deal_save(
        code=code,
        seat=1,
        key="phone-key-00002",
        version=sheet_of(table).version,
        game=1,
        deal=DealInput("hearts", 42),
    )
    was = sheet_of(table).table_state
    sheet = sheet_of(table)
    services.sheet_take_over(sheet=sheet, by=director, version=sheet.version)
    sheet = sheet_of(table)
    services.sheet_take_over(sheet=sheet, by=director, version=sheet.version)  # again
    sheet = sheet_of(table)
    services.sheet_give_back(sheet=sheet, by=director, version=sheet.version)
    written, taken, given = entries(table.round.tournament_id)
    assert written.action == "table.written"
    assert (taken.action, taken.user) == ("sheet.taken_over", director)
    assert (taken.before, taken.after) == (
        {"table_state": was},
        {"table_state": "desk"},
    )
    assert (given.action, given.before, given.after) == (
        "sheet.given_back",
        {"table_state": "desk"},
        {"table_state": sheet_of(table).table_state},
    )
    [line] = changes(taken)
    assert (line.label, line.after) == ("at the table", "Taken over by the desk")
