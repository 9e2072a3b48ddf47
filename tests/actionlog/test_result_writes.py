"""The results desk's writes leave one entry each in the action log: who, when, what.

A deal saved, changed or removed, a game's total, a whole sheet: each is one entry
with only what changed; a refused write leaves none, a write sent again is filed
once, and the log costs the deal's save one INSERT. The history page shows them
readably. Confirmations, corrections, forfeits, rounds and the table's phone are
checked in ``test_result_writes_sheet.py``.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from actionlog.display import changes, deal_text
from actionlog.models import ActionEntry
from scoring import services
from scoring.services import DealInput, GameInput, ResultError, SheetConflict
from tests.actionlog.result_helpers import (
    HEARTS_42,
    add,
    entries,
    game,
    only_entry,
    set_totals_mode,
    sheet_of,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


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
