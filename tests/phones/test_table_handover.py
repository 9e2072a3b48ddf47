"""Issue 21, the phones at the table: the hand-over to the opponents recorded as
such, what the desk says of sheets entered at their tables, and the confirmed
table's page in one language.

The table is ``sheet_table`` (individual format: game 1 is seats 12 against 34),
in a tournament whose tables enter their results and whose opponents' acceptance
confirms; two no-trump deals of 60–0 end a game to 101.
"""

import secrets

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from phones.models import Acceptance, TableSubmission
from phones.services import table_accept, table_codes_ensure, table_deal_save
from scoring import services
from scoring.models import ScoreSheet
from scoring.selectors import round_desk, sheet_history
from scoring.services import DealInput, ResultError
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

State = ScoreSheet.TableState
WIN = DealInput("no_trump", 60)


def sheet_of(table) -> ScoreSheet:
    return ScoreSheet.objects.get(table=table)


@pytest.fixture
def coded(sheet_table):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    return sheet_table, table_codes_ensure(round=sheet_table.round)[1]


def deal(code, table, *, seat=1, game=1):
    return table_deal_save(
        code=code,
        seat=seat,
        key=secrets.token_urlsafe(12),
        version=sheet_of(table).version,
        game=game,
        deal=WIN,
    )


def finish(code, table, game, *, seat=1):
    deal(code, table, seat=seat, game=game)
    deal(code, table, seat=seat, game=game)


def accept(code, table, game, *, seat, phone_seat, accepted=True, reason=""):
    """The opponent at ``seat`` accepts on ``phone_seat``'s phone, typing his
    personal code."""
    return table_accept(
        code=code,
        seat=seat,
        phone_seat=phone_seat,
        key=secrets.token_urlsafe(12),
        version=sheet_of(table).version,
        game=game,
        accepted=accepted,
        reason=reason,
        personal_code=table.seats.get(position=seat).entry.personal_code,
    )


def name(table, position):
    return table.seats.get(position=position).entry.player.full_name


def play_and_accept_all(code, table):
    """Seat 1's phone enters all three games and is handed to an opponent each
    time (game 1: 12 v 34, game 2: 13 v 24, game 3: 14 v 23)."""
    for game, opponent in ((1, 3), (2, 2), (3, 2)):
        finish(code, table, game)
        accept(code, table, game, seat=opponent, phone_seat=1)


# ------------------------------------------------------------------ the hand-over


def test_an_acceptance_records_the_player_tapped_and_the_phone_it_was_typed_on(
    coded,
):
    table, code = coded
    finish(code, table, 1, seat=1)
    # Seat 1 (a winner) hands the phone to seat 3, who accepts on it.
    accept(code, table, 1, seat=3, phone_seat=1)
    found = Acceptance.objects.get()
    assert (found.seat, found.phone_seat) == (3, 1)
    written = TableSubmission.objects.get(action="accept")
    assert (written.seat, written.phone_seat) == (3, 1)
    # A deal's phone is its enterer's own.
    assert set(
        TableSubmission.objects.filter(action="deal").values_list("seat", "phone_seat")
    ) == {(1, 1)}
    history = sheet_history(sheet=sheet_of(table))
    assert history[0].who == (
        f"table code {code}, accepted by {name(table, 3)} (seat 3), "
        "on the phone of seat 1"
    )
    assert history[1].who == f"table code {code}, seat 1 ({name(table, 1)})"


def test_a_rejection_on_a_handed_phone_names_both_seats(coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    accept(code, table, 1, seat=4, phone_seat=2, accepted=False, reason="no")
    history = sheet_history(sheet=sheet_of(table))
    assert history[0].who == (
        f"table code {code}, rejected by {name(table, 4)} (seat 4), "
        "on the phone of seat 2"
    )
    assert history[0].reason == "no"


def test_the_winners_phone_is_handed_over_but_a_winner_never_accepts(coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    with pytest.raises(ResultError) as refused:
        accept(code, table, 1, seat=2, phone_seat=1)
    assert refused.value.code == "not_opponent"
    with pytest.raises(ResultError) as refused:
        accept(code, table, 1, seat=3, phone_seat=5)
    assert refused.value.field == "seat"
    assert not Acceptance.objects.exists()
    accept(code, table, 1, seat=4, phone_seat=2)
    assert Acceptance.objects.get().phone_seat == 2


def test_the_accept_post_carries_the_phones_seat_and_the_player(client, coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    url = reverse("table:accept", kwargs={"code": code})
    answer = client.post(
        url,
        {
            "key": secrets.token_urlsafe(12),
            "seat": 1,  # the phone's holder
            "player": 3,  # the opponent it was handed to
            "version": sheet_of(table).version,
            "game": 1,
            "accepted": "1",
            "personal_code": table.seats.get(position=3).entry.personal_code,
        },
    )
    assert answer.status_code == 200, answer.content
    found = Acceptance.objects.get()
    assert (found.seat, found.phone_seat) == (3, 1)
    state = answer.json()["state"]
    assert state["games"][0]["acceptance"]["name"] == name(table, 3)


def test_an_acceptance_queued_by_the_page_before_the_hand_over_still_saves(
    client, coded
):
    """A phone's queue may hold a write of the earlier page (no ``player``: its
    seat was the player tapped): without a personal code (that page asked for
    none) it is refused with a message, not counted as a guess; with the code it
    saves, with the phone's seat unknown."""
    table, code = coded
    finish(code, table, 1, seat=1)
    post = {
        "key": secrets.token_urlsafe(12),
        "seat": 3,
        "version": sheet_of(table).version,
        "game": 1,
        "accepted": "1",
    }
    url = reverse("table:accept", kwargs={"code": code})
    refused = client.post(url, post)
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "personal_code_missing"
    post["personal_code"] = table.seats.get(position=3).entry.personal_code.lower()
    answer = client.post(url, post)
    assert answer.status_code == 200, answer.content
    found = Acceptance.objects.get()
    assert (found.seat, found.phone_seat) == (3, None)
    history = sheet_history(sheet=sheet_of(table))
    assert history[0].who == f"table code {code}, accepted by {name(table, 3)} (seat 3)"


# ------------------------------------------------------------------ the desk


def test_a_director_correction_of_a_table_accepted_sheet_keeps_it_accepted(
    coded, director
):
    """Nobody can accept a confirmed sheet again: its correction leaves it
    accepted (and corrected once), never awaiting acceptance."""
    table, code = coded
    play_and_accept_all(code, table)
    sheet = sheet_of(table)
    assert sheet.status == "confirmed" and sheet.table_state == State.ACCEPTED
    services.deal_record(
        sheet=sheet,
        game=table.games.get(number=1),
        deal=DealInput("no_trump", 60, knocks=1),
        by=director,
        version=sheet.version,
        number=2,
        reason="deal 2 was knocked on the paper",
    )
    assert sheet_of(table).table_state == State.ACCEPTED
    assert Acceptance.objects.filter(accepted=True).count() == 3
    row = round_desk(round=Round.objects.get(pk=table.round_id)).rows[0]
    assert row.corrections == 1
    assert row.accepted and not row.awaiting_acceptance


def test_the_desk_names_the_table_not_a_question_mark(coded, director_client):
    table, code = coded
    play_and_accept_all(code, table)
    page = director_client.get(
        reverse("scoring:round", kwargs={"round_id": table.round_id})
    )
    assert page.status_code == 200
    text = page.content.decode()
    sheet = sheet_of(table)
    assert sheet.entered_by is None and sheet.confirmed_by is None
    assert "? " not in text
    assert text.count("at the table ") >= 2  # Entered and Confirmed


def test_the_desk_list_shows_who_rejected_and_why(coded, director_client):
    table, code = coded
    finish(code, table, 1, seat=1)
    accept(code, table, 1, seat=3, phone_seat=1, accepted=False, reason="deal 2 was 50")
    row = round_desk(round=Round.objects.get(pk=table.round_id)).rows[0]
    assert row.table_disputed
    assert (row.rejection.name, row.rejection.reason) == (
        name(table, 3),
        "deal 2 was 50",
    )
    page = director_client.get(
        reverse("scoring:round", kwargs={"round_id": table.round_id})
    )
    text = page.content.decode()
    assert f"rejected by {name(table, 3)}: “deal 2 was 50”" in text
    # Accepted after all: the reason leaves the desk's list.
    accept(code, table, 1, seat=4, phone_seat=1)
    row = round_desk(round=Round.objects.get(pk=table.round_id)).rows[0]
    assert row.rejection is None


def test_the_desk_reads_the_rejections_in_one_query(coded):
    table, code = coded
    finish(code, table, 1, seat=1)
    accept(code, table, 1, seat=3, phone_seat=1, accepted=False)
    rnd = Round.objects.select_related("tournament", "phase").get(pk=table.round_id)
    rnd.tournament.result_entry = Tournament.ResultEntry.DESK
    with CaptureQueriesContext(connection) as desk_only:
        round_desk(round=rnd)  # the desk alone: no rejection asked for
    rnd.tournament.result_entry = Tournament.ResultEntry.TABLES_OPPONENTS
    with CaptureQueriesContext(connection) as at_tables:
        desk = round_desk(round=rnd)
    assert len(at_tables) == len(desk_only) + 1
    assert desk.rows[0].rejection.reason == ""


# ------------------------------------------------------------------ one language


@pytest.mark.parametrize(
    ("tournament_language", "phone_language"), [("nl", "fr"), ("fr", "nl")]
)
def test_a_confirmed_tables_page_speaks_one_language(
    client, coded, tournament_language, phone_language
):
    """A phone whose browser asks for one language opens a table of a tournament
    in another: the refusal and the page around it are in the tournament's."""
    table, code = coded
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        language=tournament_language
    )
    play_and_accept_all(code, table)
    page = client.get(
        reverse("table:page", kwargs={"code": code}),
        HTTP_ACCEPT_LANGUAGE=phone_language,
    )
    assert page.status_code == 403
    text = page.content.decode()
    with translation.override(tournament_language):
        confirmed = translation.gettext(
            "This table's result is confirmed: it can no longer change here."
        )
        another = translation.gettext("Type another code")
    with translation.override(phone_language):
        foreign = translation.gettext(
            "This table's result is confirmed: it can no longer change here."
        )
    assert confirmed in text and another in text
    assert foreign not in text
    # The phone's script asks the same in JSON: the same language.
    state = client.get(
        reverse("table:state", kwargs={"code": code}),
        HTTP_ACCEPT_LANGUAGE=phone_language,
    )
    assert state.json()["refused"] == confirmed
