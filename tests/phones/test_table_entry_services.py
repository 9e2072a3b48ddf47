"""A table enters its own deals by the code on its sheet; the opponents accept.

The table is ``sheet_table`` (individual format: game 1 is seats 12 against 34,
game 2 is 13 against 24, game 3 is 14 against 23), in a tournament whose tables
enter their results. Two no-trump deals of 60–0 end a game to 101.
"""

import json
import secrets
import threading
import time

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.urls import reverse
from django.utils import timezone

from phones.models import Acceptance, TableCode, TableSubmission
from phones.selectors import table_page_state
from phones.services import (
    CODE_ALPHABET,
    TableCodeRefused,
    code_normalise,
    table_accept,
    table_codes_ensure,
    table_deal_delete,
    table_deal_save,
    table_open,
)
from phones.services import codes as codes_module
from scoring import services
from scoring.models import DealRecord, ScoreSheet
from scoring.selectors import round_desk, sheet_history
from scoring.services import (
    DealInput,
    ResultError,
    SheetConflict,
)
from tests import factories
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

State = ScoreSheet.TableState
ON_POSTGRES = connection.vendor == "postgresql"
WIN = DealInput("no_trump", 60)  # 60 points to side A: two of them end a game


def new_key() -> str:
    return secrets.token_urlsafe(12)


def sheet_of(table) -> ScoreSheet:
    return ScoreSheet.objects.get(table=table)


def set_entry(table, result_entry, **more):
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        result_entry=result_entry, **more
    )


@pytest.fixture
def coded(sheet_table, pinned_table_codes):
    """The table, in a tournament confirmed by the opponents, and its code."""
    set_entry(sheet_table, Tournament.ResultEntry.TABLES_OPPONENTS)
    return sheet_table, table_codes_ensure(round=sheet_table.round)[1]


def deal(code, table, *, seat=1, game=1, d=WIN, number=None, key=None):
    return table_deal_save(
        code=code,
        seat=seat,
        key=key or new_key(),
        version=sheet_of(table).version,
        game=game,
        deal=d,
        number=number,
    )


def finish(code, table, game, *, seat=1):
    deal(code, table, seat=seat, game=game)
    return deal(code, table, seat=seat, game=game)


def personal_code(table, seat) -> str:
    """The personal code of the player at ``seat`` (given at check-in)."""
    return table.seats.get(position=seat).entry.personal_code


def accept(code, table, game, *, seat, accepted=True, reason=""):
    """The opponent at ``seat`` accepts, typing his personal code."""
    return table_accept(
        code=code,
        seat=seat,
        key=new_key(),
        version=sheet_of(table).version,
        game=game,
        accepted=accepted,
        reason=reason,
        personal_code=personal_code(table, seat),
    )


# ------------------------------------------------------------------ codes


def test_a_code_is_normalised_from_what_a_player_types():
    assert code_normalise(" ab c-234 ") == "ABC234"
    assert code_normalise("abc234") == "ABC234"
    assert code_normalise("ABC23O") == ""  # O is not in the alphabet (nor 0, 1, I, L)
    assert code_normalise("ABC2345") == ""
    assert code_normalise("") == ""
    assert code_normalise(None) == ""
    assert code_normalise("A" * 10_000) == ""


def test_every_table_of_a_round_gets_a_unique_code_of_the_alphabet(sheet_round):
    for number in range(1, 7):
        factories.individual_table(round=sheet_round, number=number)
    codes = table_codes_ensure(round=sheet_round)
    assert sorted(codes) == [1, 2, 3, 4, 5, 6]
    assert len(set(codes.values())) == 6
    for code in codes.values():
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("01OIL")
    # Asked again (printing, the command, the desk): the same codes.
    assert table_codes_ensure(round=sheet_round) == codes
    # A new round has new tables, so new codes.
    later = factories.RoundFactory(tournament=sheet_round.tournament, number=2)
    factories.individual_table(round=later, number=1)
    assert table_codes_ensure(round=later)[1] not in codes.values()


def test_a_code_drawn_twice_is_drawn_again(sheet_round, monkeypatch):
    first = factories.individual_table(round=sheet_round, number=1)
    TableCode.objects.create(table=first, code="ABC234")
    factories.individual_table(round=sheet_round, number=2)
    drawn = iter(["ABC234", "XYZ789"])  # the first collides with table 1's
    monkeypatch.setattr(codes_module, "_new_code", lambda: next(drawn))
    assert table_codes_ensure(round=sheet_round) == {1: "ABC234", 2: "XYZ789"}


# ------------------------------------------------------------------ refusals


def refused(code) -> TableCodeRefused:
    with pytest.raises(TableCodeRefused) as exc:
        table_open(code=code)
    return exc.value


def test_an_open_table_opens_by_its_code_typed_loosely(coded):
    table, code = coded
    assert table_open(code=code.lower()).table_id == table.pk
    assert table_open(code=f"{code[:3]} {code[3:]}").table_id == table.pk


def test_an_unknown_code_is_refused_as_not_found(coded):
    exc = refused("ZZZZZZ")
    assert exc.code == "unknown" and exc.status == 404 and exc.sheet is None
    assert refused("hello!").code == "unknown"


def test_a_previous_rounds_code_is_refused_once_the_next_round_is_under_way(coded):
    table, code = coded
    later = factories.RoundFactory(
        tournament=table.round.tournament, phase=table.round.phase, number=2
    )
    Round.objects.filter(pk=later.pk).update(status=Round.Status.DRAFT)
    # A draft is not seen by the players: their table still plays round 1.
    assert table_open(code=code).table_id == table.pk
    Round.objects.filter(pk=later.pk).update(status=Round.Status.PUBLISHED)
    exc = refused(code)
    assert exc.code == "round_not_open" and exc.status == 403
    assert exc.sheet.table_id == table.pk  # shown read-only


@pytest.mark.parametrize("status", [Round.Status.CLOSED, Round.Status.DRAFT])
def test_a_code_works_only_while_its_round_is_published(coded, status):
    table, code = coded
    Round.objects.filter(pk=table.round_id).update(status=status)
    exc = refused(code)
    assert exc.code == "round_not_open"
    # A draft is not public: nothing of it is shown.
    assert (exc.sheet is None) == (status == Round.Status.DRAFT)


def test_a_confirmed_sheet_is_read_only_at_its_table(coded):
    table, code = coded
    ScoreSheet.objects.filter(table=table).update(
        status="confirmed", confirmed_at=timezone.now()
    )
    assert refused(code).code == "confirmed"


def test_a_desk_only_tournament_refuses_every_code(coded):
    table, code = coded
    set_entry(table, Tournament.ResultEntry.DESK)
    assert refused(code).code == "desk_only"


def test_a_tournament_not_entering_card_points_refuses_the_code(coded):
    table, code = coded
    set_entry(
        table,
        Tournament.ResultEntry.TABLES_DIRECTOR,
        entry_mode=Tournament.EntryMode.TOTALS,
    )
    assert refused(code).code == "mode"


def test_a_sheet_taken_over_by_the_desk_refuses_its_code_until_given_back(
    coded, director
):
    table, code = coded
    deal(code, table)
    sheet = services.sheet_take_over(
        sheet=sheet_of(table), by=director, version=sheet_of(table).version
    )
    assert sheet.table_state == State.DESK
    assert refused(code).code == "taken_over"
    with pytest.raises(TableCodeRefused):
        deal(code, table)
    # The desk still edits it as any sheet.
    services.deal_record(
        sheet=sheet,
        game=table.games.get(number=1),
        deal=WIN,
        by=director,
        version=sheet_of(table).version,
    )
    assert sheet_of(table).table_state == State.DESK
    sheet = services.sheet_give_back(
        sheet=sheet, by=director, version=sheet_of(table).version
    )
    # Game 1 ended at the desk: it waits for the opponents' acceptance.
    assert sheet_of(table).table_state == sheet.table_state == State.AWAITING
    assert table_open(code=code).pk == sheet.pk


def test_giving_back_a_sheet_the_table_never_touched_leaves_it_the_desks(
    coded, director
):
    table, _code = coded
    sheet = services.sheet_take_over(sheet=sheet_of(table), by=director, version=0)
    sheet = services.sheet_give_back(sheet=sheet, by=director, version=1)
    assert sheet.table_state == sheet_of(table).table_state == State.NONE


# ------------------------------------------------------------------ deals


def test_a_deal_from_the_table_is_saved_scored_and_logged(coded):
    table, code = coded
    key = new_key()
    written = deal(code, table, seat=3, key=key)
    assert not written.replayed
    sheet = sheet_of(table)
    assert sheet.version == 1 and written.sheet.version == 1
    assert sheet.status == ScoreSheet.Status.ENTERED and sheet.entered_by is None
    assert sheet.table_state == State.ENTERING
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b, record.score_a) == (60, 0, 60)
    log = TableSubmission.objects.get()
    assert (log.key, log.code, log.seat, log.action, log.game, log.version) == (
        key,
        code,
        3,
        "deal",
        1,
        1,
    )
    assert log.before["deals"] == [] and log.after["deals"][0]["points_a"] == 60


def test_a_deal_is_changed_and_removed_from_the_table(coded):
    table, code = coded
    deal(code, table)
    deal(code, table, d=DealInput("hearts", 40), number=1)
    assert DealRecord.objects.get().points_a == 40
    table_deal_delete(
        code=code,
        seat=2,
        key=new_key(),
        version=sheet_of(table).version,
        game=1,
        number=1,
    )
    assert not DealRecord.objects.exists()
    assert list(TableSubmission.objects.values_list("action", flat=True)) == [
        "deal",
        "edit",
        "delete",
    ]
    with pytest.raises(ResultError) as exc:
        table_deal_delete(
            code=code,
            seat=2,
            key=new_key(),
            version=sheet_of(table).version,
            game=1,
            number=1,
        )
    assert exc.value.code == "deal"


def test_a_resent_deal_is_saved_once_even_with_a_stale_version(coded):
    table, code = coded
    key = new_key()
    first = table_deal_save(code=code, seat=1, key=key, version=0, game=1, deal=WIN)
    again = table_deal_save(code=code, seat=1, key=key, version=0, game=1, deal=WIN)
    assert not first.replayed and again.replayed
    assert again.sheet.version == 1
    assert DealRecord.objects.count() == 1
    assert TableSubmission.objects.count() == 1


def test_a_stale_version_with_a_new_key_is_a_conflict(coded):
    table, code = coded
    deal(code, table)
    with pytest.raises(SheetConflict) as exc:
        table_deal_save(code=code, seat=2, key=new_key(), version=0, game=1, deal=WIN)
    assert exc.value.sheet.version == 1
    assert DealRecord.objects.count() == 1


def test_the_engine_refuses_a_table_deal_with_the_desks_message(
    coded, sheet_round, director
):
    table, code = coded
    other = factories.individual_table(round=sheet_round, number=2)
    impossible = DealInput("hearts", 61)
    with pytest.raises(ResultError) as desk:
        services.deal_record(
            sheet=sheet_of(other),
            game=other.games.get(number=1),
            deal=impossible,
            by=director,
            version=0,
        )
    with pytest.raises(ResultError) as at_table:
        deal(code, table, d=impossible)
    assert str(at_table.value) == str(desk.value)
    assert at_table.value.field == desk.value.field == "points_a"
    assert not TableSubmission.objects.exists()
    assert sheet_of(table).version == 0


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"seat": 5}, "seat"),
        ({"seat": "x"}, "seat"),
        ({"key": "short"}, "key"),
        ({"key": "bad key with spaces"}, "key"),
        ({"game": 4}, "game"),
        ({"game": "one"}, "game"),
        ({"version": None}, "version"),
    ],
)
def test_bad_values_from_the_phone_are_refused_by_field(coded, changes, field):
    table, code = coded
    values = {"code": code, "seat": 1, "key": new_key(), "version": 0, "game": 1}
    with pytest.raises(ResultError) as exc:
        table_deal_save(**{**values, **changes}, deal=WIN)
    assert exc.value.field == field
    assert not DealRecord.objects.exists()


def test_a_seat_not_at_the_table_is_refused(coded):
    table, code = coded
    table.seats.get(position=4).delete()
    with pytest.raises(ResultError) as exc:
        deal(code, table, seat=4)
    assert exc.value.code == "seat"


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


def play_and_accept_all(code, table):
    # Game 1: seat 1 (side 12) enters, seat 3 accepts; game 2: 13 vs 24, seat 2
    # accepts; game 3: 14 vs 23, seat 3 accepts.
    for game, acceptor in ((1, 3), (2, 2), (3, 3)):
        finish(code, table, game, seat=1)
        written = accept(code, table, game, seat=acceptor)
    return written


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


# ------------------------------------------------------------------ concurrency


def _send(code, key, results, *, hold=None, saved=None):
    """Send one deal as the phone does; keep the transaction open on ``hold``."""
    for _attempt in range(200):
        try:
            with transaction.atomic():
                written = table_deal_save(
                    code=code, seat=1, key=key, version=0, game=1, deal=WIN
                )
                if saved is not None:
                    saved.set()
                if hold is not None:
                    hold.wait(10)  # the first request is still being answered
            results.append(written.replayed)
            return
        except OperationalError as exc:
            if ON_POSTGRES or "locked" not in str(exc):
                results.append(exc)
                return
            time.sleep(0.05)  # SQLite's busy timeout, by hand
        except Exception as exc:  # noqa: BLE001 - reported by the assertion
            results.append(exc)
            return
        finally:
            connections.close_all()
    results.append("gave up waiting for the lock")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_resent_while_the_first_is_saving_is_saved_once():
    """The phone resends a deal (same key, same version) while the first request
    still holds the sheet: the resend waits, then answers "replayed".

    On PostgreSQL the resend finds no key yet (the first has not committed), waits
    on the sheet's row lock, loses the version and then finds the key; on SQLite's
    in-memory test database it is told the database is locked, and retries the
    way the file database's busy timeout would.
    """
    tournament = factories.TournamentFactory(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    code = table_codes_ensure(round=rnd)[1]
    key = new_key()
    results: list = []
    hold, saved = threading.Event(), threading.Event()
    first = threading.Thread(
        target=_send, args=(code, key, results), kwargs={"hold": hold, "saved": saved}
    )
    first.start()
    assert saved.wait(10)
    second = threading.Thread(target=_send, args=(code, key, results))
    second.start()
    time.sleep(0.5)  # the resend is now waiting on the lock
    assert second.is_alive()
    hold.set()
    first.join(30)
    second.join(30)
    assert results == [False, True], results
    assert DealRecord.objects.filter(game__table=table).count() == 1
    assert TableSubmission.objects.filter(key=key).count() == 1
    assert ScoreSheet.objects.get(table=table).version == 1
