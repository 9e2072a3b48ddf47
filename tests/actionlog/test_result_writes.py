"""The results desk's writes leave one entry each in the action log: who, when, what.

A deal saved, changed or removed, a game's total, a confirmation, a correction, a
forfeit, a round closed and reopened, a sheet taken over and given back: each is
one entry with only what changed. A refused write leaves none, and a write from
the table's phone (which files ``table.written`` itself) is not filed twice.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from actionlog.display import changes, deal_text
from actionlog.models import ActionEntry
from phones.services import table_codes_ensure, table_deal_save
from scoring import services
from scoring.models import Correction, ScoreSheet, TableEvent
from scoring.services import DealInput, GameInput, ResultError, SheetConflict
from tournaments.models import Game, Round, RoundLog, Tournament

pytestmark = pytest.mark.django_db

HEARTS_42 = {"trump": "hearts", "points_a": 42, "points_b": 18}


def sheet_of(table) -> ScoreSheet:
    return ScoreSheet.objects.get(table=table)


def game(table, number=1) -> Game:
    return Game.objects.get(table=table, number=number)


def add(table, deal, by, *, number=None, game_number=1, **kw) -> ScoreSheet:
    sheet = sheet_of(table)
    return services.deal_record(
        sheet=sheet,
        game=game(table, game_number),
        deal=deal,
        by=by,
        version=sheet.version,
        number=number,
        **kw,
    )


def entries(tournament_id):
    return list(ActionEntry.objects.filter(tournament_id=tournament_id).order_by("id"))


def only_entry(table) -> ActionEntry:
    [entry] = entries(table.round.tournament_id)
    return entry


def set_totals_mode(table):
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )


def confirmed_with_totals(table, director) -> ScoreSheet:
    """The table's three games ended by their totals, the sheet confirmed."""
    set_totals_mode(table)
    for number in (1, 2, 3):
        sheet = sheet_of(table)
        services.game_totals_record(
            sheet=sheet,
            game=game(table, number),
            totals=(101, 40 + number),
            by=director,
            version=sheet.version,
        )
    sheet = sheet_of(table)
    return services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)


# ------------------------------------------------------------------------ deals


def test_a_desk_deal_save_leaves_one_entry_with_who_when_and_the_deal(
    sheet_table, director
):
    started = timezone.now()
    sheet = add(sheet_table, DealInput("hearts", 42), director)
    entry = only_entry(sheet_table)
    assert entry.action == "sheet.saved"
    assert (entry.user, entry.user_name) == (director, "td")
    assert started <= entry.at <= timezone.now()
    assert entry.tournament_id == sheet_table.round.tournament_id
    assert (entry.target_type, entry.target_id) == ("scoring.scoresheet", sheet.pk)
    assert entry.target_text == "Round 1 · Table 1"
    assert (entry.before, entry.after) == ({}, {"g1.d1": HEARTS_42})


def test_a_changed_deal_keeps_its_values_before_and_after(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    add(sheet_table, DealInput("clubs", 30), director)
    add(sheet_table, DealInput("diamonds", 40), director, number=2)
    changed = entries(sheet_table.round.tournament_id)[-1]
    assert changed.before == {
        "g1.d2": {"trump": "clubs", "points_a": 30, "points_b": 30}
    }
    assert changed.after == {
        "g1.d2": {"trump": "diamonds", "points_a": 40, "points_b": 20}
    }
    [line] = changes(changed)
    assert (line.label, line.before, line.after) == (
        "Game 1, deal 2",
        "♣ 30–30",
        "♦ 40–20",
    )


def test_a_removed_deal_is_said_before_only(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    add(sheet_table, DealInput("clubs", 30), director)
    add(sheet_table, DealInput("spades", 50), director)
    sheet = sheet_of(sheet_table)
    services.deal_delete(
        sheet=sheet,
        game=game(sheet_table),
        number=2,
        by=director,
        version=sheet.version,
    )
    removed = entries(sheet_table.round.tournament_id)[-1]
    assert removed.action == "sheet.saved"
    # Deal 3 moved up to 2 as the service says; the log names the one removed.
    assert removed.before == {
        "g1.d2": {"trump": "clubs", "points_a": 30, "points_b": 30}
    }
    assert removed.after == {}
    [line] = changes(removed)
    assert (line.label, line.before, line.after) == ("Game 1, deal 2", "♣ 30–30", None)


def test_a_game_total_is_logged_as_typed(sheet_table, director):
    set_totals_mode(sheet_table)
    sheet = sheet_of(sheet_table)
    services.game_totals_record(
        sheet=sheet,
        game=game(sheet_table, 2),
        totals=(101, 77),
        by=director,
        version=sheet.version,
    )
    entry = only_entry(sheet_table)
    assert (entry.action, entry.user) == ("sheet.saved", director)
    assert (entry.before, entry.after) == ({}, {"g2.totals": [101, 77]})
    [line] = changes(entry)
    assert (line.label, line.before, line.after) == ("Game 2, total", None, "101–77")


def test_the_second_directors_copy_is_marked_so(sheet_table, director, superuser):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        double_entry=True
    )
    add(sheet_table, DealInput("hearts", 42), director)
    add(sheet_table, DealInput("hearts", 42), superuser, copy=2)
    second = entries(sheet_table.round.tournament_id)[-1]
    assert second.user == superuser and second.after == {"c2.g1.d1": HEARTS_42}
    [line] = changes(second)
    assert line.label == "Game 1, deal 1 (second entry)"


def test_a_whole_sheet_saved_keeps_only_the_games_that_changed(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    sheet = sheet_of(sheet_table)
    services.sheet_save(
        sheet=sheet,
        data={
            1: GameInput([DealInput("hearts", 42)]),
            2: GameInput([DealInput("no_trump", 35)]),
        },
        by=director,
        version=sheet.version,
    )
    saved = entries(sheet_table.round.tournament_id)[-1]
    assert saved.before == {}
    assert saved.after == {
        "g2.d1": {"trump": "no_trump", "points_a": 35, "points_b": 25}
    }


# ------------------------------------------------------------- refused, replayed


def test_a_refused_save_leaves_no_entry(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    before = ActionEntry.objects.count()
    with pytest.raises(ResultError):
        add(sheet_table, DealInput("clubs", 75), director)  # no side takes 75
    with pytest.raises(SheetConflict):
        services.deal_record(
            sheet=sheet_of(sheet_table),
            game=game(sheet_table),
            deal=DealInput("clubs", 30),
            by=director,
            version=0,  # stale
        )
    assert ActionEntry.objects.count() == before


def test_a_save_sent_again_with_its_key_is_filed_once(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director, key="desk-key-000001")
    add(sheet_table, DealInput("hearts", 42), director, key="desk-key-000001")
    assert [e.action for e in entries(sheet_table.round.tournament_id)] == [
        "sheet.saved"
    ]


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


# ------------------------------------------------------------- the hot path


def test_a_desk_deal_save_costs_one_insert_more_and_no_select(
    sheet_table, director, django_assert_num_queries
):
    """9 queries before the log (measured on SQLite: savepoint, the versioned
    UPDATE, the sheet, its games, deals and events, the deal's INSERT, the game's
    UPDATE, release); the log adds its INSERT and nothing else."""
    sheet = add(sheet_table, DealInput("hearts", 42), director)
    first = game(sheet_table)
    with CaptureQueriesContext(connection) as queries:
        sheet = services.deal_record(
            sheet=sheet,
            game=first,
            deal=DealInput("clubs", 30),
            by=director,
            version=sheet.version,
        )
    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 10
    logged = [s for s in sql if "actionlog_actionentry" in s]
    assert len(logged) == 1 and logged[0].startswith("INSERT")
    with django_assert_num_queries(10):
        services.deal_record(
            sheet=sheet,
            game=first,
            deal=DealInput("spades", 20),
            by=director,
            version=sheet.version,
        )


# ---------------------------------------------------------------- the page


def test_the_history_page_shows_results_readably_and_filters_them(
    client, sheet_table, director
):
    add(sheet_table, DealInput("hearts", 42), director)
    add(sheet_table, DealInput("diamonds", 40), director, number=1)
    client.force_login(director)
    url = reverse(
        "tournaments:tournament_history", args=[sheet_table.round.tournament.slug]
    )
    html = client.get(url, {"kind": "results"}).content.decode()
    assert "Results entered" in html and "Round 1 · Table 1" in html
    assert "Game 1, deal 1" in html
    assert "<del>♥ 42–18</del> → <ins>♦ 40–20</ins>" in html
    html = client.get(url, {"kind": "draws"}).content.decode()
    assert "Results entered" not in html


def test_a_deal_is_said_with_what_is_not_plain():
    assert deal_text({"trump": "no_trump", "points_a": 58, "points_b": 2}) == "NT 58–2"
    assert (
        deal_text(
            {
                "trump": "spades",
                "points_a": 0,
                "points_b": 60,
                "knocks": 2,
                "blind": True,
                "revoke": 0,
            }
        )
        == "♠ 0–60 2 knocks blind revoke A"
    )
    assert deal_text({"trump": "hearts", "cards_a": [2, 3, 1, 2, 0]}) == "♥ [2 3 1 2 0]"


def test_a_long_results_history_is_one_page_of_50_in_few_queries(
    client, sheet_table, director, django_assert_max_num_queries
):
    add(sheet_table, DealInput("hearts", 42), director)
    for points in range(0, 60):  # deal 1 typed again 60 times: 61 entries
        add(sheet_table, DealInput("clubs", points), director, number=1)
    client.force_login(director)
    url = reverse(
        "tournaments:tournament_history", args=[sheet_table.round.tournament.slug]
    )
    with django_assert_max_num_queries(12):
        html = client.get(url, {"kind": "results"}).content.decode()
    assert html.count("<tr") == 51  # the header and 50 rows
    assert "<ins>♣ 59–1</ins>" in html and "<ins>♥ 42–18</ins>" not in html
    with django_assert_max_num_queries(12):
        html = client.get(url, {"kind": "results", "page": 2}).content.decode()
    assert "<ins>♥ 42–18</ins>" in html
