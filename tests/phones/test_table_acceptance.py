"""The opponents accept a table's games at the table; what the desk and the phone
show of it (the table: ``sheet_table``, see ``test_table_entry_services``)."""

import json

import pytest
from django.urls import reverse

from phones.models import Acceptance, TableSubmission
from phones.selectors import table_page_state
from phones.services import (
    table_accept,
    table_codes_ensure,
)
from scoring import services
from scoring.models import ScoreSheet
from scoring.selectors import round_desk, sheet_history
from scoring.services import (
    DealInput,
    ResultError,
)
from tests import factories
from tests.phones.table_helpers import (
    WIN,
    State,
    accept,
    deal,
    finish,
    new_key,
    personal_code,
    play_and_accept_all,
    refused,
    set_entry,
    sheet_of,
)
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------ acceptance


def test_a_finished_game_awaits_the_opponents_acceptance(coded):
    table, code = coded
    deal(code, table, seat=1)
    with pytest.raises(ResultError) as exc:
        accept(code, table, 1, seat=3)
    assert exc.value.code == "unfinished"
    finish_last = deal(code, table, seat=1)
    assert finish_last.sheet.table_state == State.AWAITING
    # Seat 1 entered game 1 for side A (seats 1 and 2): side B accepts.
    for seat in (1, 2):
        with pytest.raises(ResultError) as exc:
            accept(code, table, 1, seat=seat)
        assert exc.value.code == "not_opponent" and exc.value.field == "seat"
    written = accept(code, table, 1, seat=3)
    assert written.sheet.table_state == State.ENTERING  # game 2 is still to play
    acceptance = Acceptance.objects.get()
    assert (acceptance.game.number, acceptance.seat, acceptance.accepted) == (1, 3, 1)
    log = TableSubmission.objects.get(action="accept")
    assert log.after == {"games": [{"number": 1, "score": [120, 0]}]}


def test_a_game_typed_at_the_desk_may_be_accepted_by_any_seat(coded, director):
    table, code = coded
    for _n in range(2):
        services.deal_record(
            sheet=sheet_of(table),
            game=table.games.get(number=1),
            deal=WIN,
            by=director,
            version=sheet_of(table).version,
        )
    assert sheet_of(table).table_state == State.NONE  # nothing from the table yet
    accept(code, table, 1, seat=1)
    assert sheet_of(table).table_state == State.ENTERING


def test_a_rejection_disputes_the_table_until_a_new_acceptance(coded):
    table, code = coded
    finish(code, table, 1)
    written = accept(code, table, 1, seat=4, accepted=False, reason="deal 2 was 50")
    assert written.sheet.table_state == State.DISPUTED
    assert Acceptance.objects.get().reason == "deal 2 was 50"
    assert TableSubmission.objects.filter(action="reject").count() == 1
    desk = round_desk(round=table.round)
    assert [r.number for r in desk.shown("disputed")] == [1]
    assert desk.rows[0].table_disputed and not desk.rows[0].disputed
    accept(code, table, 1, seat=3)
    assert Acceptance.objects.get().accepted
    assert sheet_of(table).table_state == State.ENTERING


def test_a_rejection_reason_is_checked(coded):
    table, code = coded
    finish(code, table, 1)
    with pytest.raises(ResultError) as exc:
        accept(code, table, 1, seat=3, accepted=False, reason="bad\x00")
    assert exc.value.field == "reason"
    with pytest.raises(ResultError):
        accept(code, table, 1, seat=3, accepted=False, reason="x" * 501)


def test_a_correction_after_acceptance_needs_a_new_acceptance(coded, director):
    table, code = coded
    finish(code, table, 1)
    accept(code, table, 1, seat=3)
    # From the table: a deal of game 1 changed.
    deal(code, table, d=DealInput("no_trump", 55), number=2)
    assert not Acceptance.objects.exists()
    assert sheet_of(table).table_state == State.AWAITING
    accept(code, table, 1, seat=4)
    # From the desk: the same.
    services.deal_record(
        sheet=sheet_of(table),
        game=table.games.get(number=1),
        deal=WIN,
        by=director,
        version=sheet_of(table).version,
        number=2,
    )
    assert not Acceptance.objects.exists()
    assert sheet_of(table).table_state == State.AWAITING


def test_a_change_to_another_game_keeps_a_games_acceptance(coded):
    table, code = coded
    finish(code, table, 1)
    accept(code, table, 1, seat=3)
    deal(code, table, game=2)
    assert Acceptance.objects.count() == 1


def test_the_opponents_acceptance_confirms_the_sheet_and_publishes_it(
    coded, django_capture_on_commit_callbacks
):
    table, code = coded
    before = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        written = play_and_accept_all(code, table)
    sheet = sheet_of(table)
    assert written.sheet.status == sheet.status == ScoreSheet.Status.CONFIRMED
    assert sheet.confirmed_by is None and sheet.confirmed_at is not None
    assert sheet.table_state == State.ACCEPTED
    assert Tournament.objects.get().version == before + 1
    assert refused(code).code == "confirmed"


def test_with_director_confirmation_the_accepted_sheet_waits_for_the_desk(
    coded, director, django_capture_on_commit_callbacks
):
    table, code = coded
    set_entry(table, Tournament.ResultEntry.TABLES_DIRECTOR)
    before = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        play_and_accept_all(code, table)
    sheet = sheet_of(table)
    assert sheet.status == ScoreSheet.Status.ENTERED
    assert sheet.table_state == State.ACCEPTED
    assert Tournament.objects.get().version == before  # nothing public yet
    desk = round_desk(round=Round.objects.get(pk=table.round_id))
    assert [r.number for r in desk.shown("accepted")] == [1]
    assert dict((f.code, n) for f, n in desk.filters)["accepted"] == 1
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_one_acceptance_of_the_whole_table(coded, django_capture_on_commit_callbacks):
    table, code = coded
    Tournament.objects.update(acceptance=Tournament.Acceptance.TABLE)
    finish(code, table, 1, seat=1)
    assert sheet_of(table).table_state == State.ENTERING  # no game accepted alone
    with pytest.raises(ResultError) as exc:
        accept(code, table, 1, seat=3)
    assert exc.value.code == "scope"
    with pytest.raises(ResultError) as exc:
        accept(code, table, None, seat=3)
    assert exc.value.code == "unfinished"
    finish(code, table, 2, seat=1)
    finish(code, table, 3, seat=1)
    assert sheet_of(table).table_state == State.AWAITING
    with pytest.raises(ResultError) as exc:
        accept(code, table, None, seat=1)  # the enterer
    assert exc.value.code == "not_opponent"
    with django_capture_on_commit_callbacks(execute=True):
        accept(code, table, None, seat=2)  # opposite seat 1 in games 2 and 3
    acceptance = Acceptance.objects.get()
    assert acceptance.game is None and acceptance.seat == 2
    assert sheet_of(table).status == ScoreSheet.Status.CONFIRMED


def test_with_game_acceptance_a_table_wide_acceptance_is_refused(coded):
    table, code = coded
    finish(code, table, 1)
    with pytest.raises(ResultError) as exc:
        accept(code, table, None, seat=3)
    assert exc.value.code == "scope"


def test_a_resent_acceptance_is_saved_once(coded):
    table, code = coded
    finish(code, table, 1)
    key, version = new_key(), sheet_of(table).version
    values = {"code": code, "seat": 3, "key": key, "game": 1, "accepted": True}
    values["personal_code"] = personal_code(table, 3)
    assert not table_accept(**values, version=version).replayed
    assert table_accept(**values, version=version).replayed
    assert TableSubmission.objects.filter(action="accept").count() == 1


# ------------------------------------------------------------------ pages, history


def test_the_history_names_the_table_code_and_seat(coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    accept(code, table, 1, seat=3, accepted=False, reason="two deals missing")
    history = sheet_history(sheet=sheet_of(table))
    assert [item.action for item in history] == [
        "Result rejected",
        "Deal added",
        "Deal added",
    ]
    name = table.seats.get(position=3).entry.player.full_name
    # Sent without the phone's seat (as the page before the hand-over did).
    assert history[0].who == f"table code {code}, rejected by {name} (seat 3)"
    assert history[0].reason == "two deals missing"
    assert history[0].changes == ["Game 1: 120–0"]
    assert history[1].changes == ["Game 1, deal 2: — → NT 60–0"]


def test_the_sheet_page_shows_the_tables_history(coded, director_client):
    table, code = coded
    finish(code, table, 1, seat=1)
    page = director_client.get(reverse("scoring:sheet", kwargs={"table_id": table.pk}))
    assert page.status_code == 200
    text = page.content.decode()
    assert "History of the sheet" in text
    assert f"table code {code}, seat 1" in text
    assert "Game 1, deal 1: — → NT 60–0" in text


def test_the_desk_rows_carry_the_table_state(coded, sheet_round):
    table, code = coded
    factories.individual_table(round=sheet_round, number=2)
    finish(code, table, 1)
    desk = round_desk(round=Round.objects.get(pk=sheet_round.pk))
    first, second = desk.rows
    assert first.table_state == State.AWAITING and first.awaiting_acceptance
    assert str(first.table_state_label) == "Awaiting acceptance"
    assert second.table_state == "" and second.table_state_label == ""
    assert [r.number for r in desk.shown("awaiting")] == [1]
    codes = [f.code for f, _n in desk.filters]
    assert "awaiting" in codes and "accepted" in codes
    Tournament.objects.update(result_entry=Tournament.ResultEntry.DESK)
    desk = round_desk(round=Round.objects.get(pk=sheet_round.pk))
    assert [f.code for f, _n in desk.filters] == [
        "open",
        "entered",
        "confirmed",
        "disputed",
        "corrected",
    ]


def test_the_phone_page_state_holds_the_table_and_nothing_private(coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    deal(code, table, seat=2, game=2)
    state = table_page_state(sheet=sheet_of(table))
    text = json.dumps(state)
    assert code not in text
    assert state["version"] == sheet_of(table).version
    assert state["table_state"] == "awaiting"
    assert state["mode"] == "tables_opponents" and state["acceptance"] == "game"
    assert (state["round"], state["table"]) == (1, 1)
    assert state["rules"]["target"] == 101 and state["rules"]["blind"] is True
    assert [s["seat"] for s in state["seats"]] == [1, 2, 3, 4]
    one, two, three = state["games"]
    assert one["finished"] and one["score_a"] == 120 and one["winner"] == 0
    assert one["needs_acceptance"] and one["may_accept"] == [3, 4]
    assert one["deals"][0] == {
        "number": 1,
        "trump": "no_trump",
        "declarer": 0,
        "passed": False,
        "blind": False,
        "knocks": 0,
        "points_a": 60,
        "points_b": 0,
        "revoke": None,
        "score_a": 60,
        "score_b": 0,
        "factor": 2,
    }
    # Game 2 (13 against 24) was entered by seat 2: seats 1 and 3 accept it.
    assert two["may_accept"] == [1, 3] and not two["needs_acceptance"]
    assert three["may_accept"] == [1, 2, 3, 4]  # nothing from the table yet
    assert state["current_game"] == 2
    assert state["table_acceptance"] is None and not state["table_needs_acceptance"]
    accept(code, table, 1, seat=4)
    one = table_page_state(sheet=sheet_of(table))["games"][0]
    assert one["acceptance"]["seat"] == 4 and one["acceptance"]["accepted"]
    assert not one["needs_acceptance"]


def test_in_fixed_pairs_the_other_team_accepts(sheet_round):
    from tournaments.models import Game, Seat, Table

    tournament = sheet_round.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        format=Tournament.Format.PAIRS,
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS,
    )
    table = Table.objects.create(round=sheet_round, number=1)
    for position in (1, 2):
        entry = factories.TeamEntryFactory(tournament=tournament)
        Seat.objects.create(
            round=sheet_round, table=table, position=position, entry=entry
        )
    Game.objects.create(table=table, number=1, side_a="1", side_b="2")
    ScoreSheet.objects.create(table=table)
    code = table_codes_ensure(round=sheet_round)[1]
    with pytest.raises(ResultError) as exc:
        deal(code, table, seat=3)  # no third team at a pairs table
    assert exc.value.code == "seat"
    finish(code, table, 1, seat=2)
    state = table_page_state(sheet=sheet_of(table))
    assert state["games"][0]["may_accept"] == [1]
    assert state["seats"][1]["name"] == table.seats.get(position=2).entry.team.name
    with pytest.raises(ResultError):
        accept(code, table, 1, seat=2)
    accept(code, table, 1, seat=1)
    assert sheet_of(table).status == ScoreSheet.Status.CONFIRMED


def test_a_confirmed_sheet_asks_the_phone_for_no_acceptance(coded, director):
    table, code = coded
    set_entry(table, Tournament.ResultEntry.TABLES_DIRECTOR)
    for game in (1, 2, 3):
        finish(code, table, game)
    sheet = sheet_of(table)
    assert table_page_state(sheet=sheet)["games"][0]["needs_acceptance"]
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    state = table_page_state(sheet=sheet)
    assert not any(g["needs_acceptance"] for g in state["games"])


def test_the_phone_page_state_is_read_in_a_few_queries(
    coded, django_assert_max_num_queries
):
    table, code = coded
    play_and_accept_all(code, table)
    sheet = sheet_of(table)
    with django_assert_max_num_queries(6):
        table_page_state(sheet=sheet)
