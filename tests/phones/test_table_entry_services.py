"""A table enters its own deals by the code on its sheet; the opponents accept.

The table is ``sheet_table`` (individual format: game 1 is seats 12 against 34,
game 2 is 13 against 24, game 3 is 14 against 23), in a tournament whose tables
enter their results. Two no-trump deals of 60–0 end a game to 101.
"""

import threading
import time

import pytest
from django.db import OperationalError, connections, transaction
from django.utils import timezone

from phones.models import TableCode, TableSubmission
from phones.services import (
    CODE_ALPHABET,
    TableCodeRefused,
    code_normalise,
    table_codes_ensure,
    table_deal_delete,
    table_deal_save,
    table_open,
)
from phones.services import codes as codes_module
from scoring import services
from scoring.models import DealRecord, ScoreSheet
from scoring.services import (
    DealInput,
    ResultError,
    SheetConflict,
)
from tests import factories
from tests.phones.table_helpers import (
    ON_POSTGRES,
    WIN,
    State,
    deal,
    new_key,
    refused,
    set_entry,
    sheet_of,
)
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

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
