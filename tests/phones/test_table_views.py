"""The table pages over HTTP: a code opens its table only, writes answer JSON,
bad input is refused with a message (never a 500), wrong codes are throttled."""

import json
import re
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from phones.models import TableSubmission
from phones.services import table_codes_ensure
from phones.throttle import WRONG_CODE_LIMIT
from scoring.models import DealRecord, ScoreSheet
from tests import factories
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

KEYS = iter(f"key-{n:08d}" for n in range(10**6))


@pytest.fixture
def event(db, pinned_table_codes):
    """Two tables of a published round, results entered at the tables (codes with
    letters: see ``pinned_table_codes``)."""
    tournament = factories.TournamentFactory(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    table = factories.individual_table(round=rnd, number=1)
    other = factories.individual_table(round=rnd, number=2)
    codes = table_codes_ensure(round=rnd)
    return SimpleNamespace(
        tournament=tournament,
        round=rnd,
        table=table,
        other=other,
        code=codes[1],
        other_code=codes[2],
    )


def url(name, code):
    return reverse(f"table:{name}", kwargs={"code": code})


def personal_code(table, seat) -> str:
    """The personal code of the player at ``seat`` (given at check-in)."""
    return table.seats.get(position=seat).entry.personal_code


def version(table):
    return ScoreSheet.objects.get(table=table).version


def deal(client, code, table, **fields):
    data = {
        "key": next(KEYS),
        "seat": 1,
        "version": version(table),
        "game": 1,
        "trump": "hearts",
        "points_a": 40,
    }
    data.update(fields)
    return client.post(url("deal", code), data)


# --------------------------------------------------------------------------- pages


def test_the_code_box_sends_a_typed_code_to_its_table_normalised(client, event):
    page = client.get(reverse("table:enter"))
    assert page.status_code == 200
    assert 'name="code"' in page.content.decode()
    spaced = f"{event.code[:3].lower()} {event.code[3:].lower()}"
    answer = client.get(reverse("table:enter"), {"code": spaced})
    assert answer.status_code == 302
    assert answer["Location"] == url("page", event.code)
    wrong = client.get(reverse("table:enter"), {"code": "0OIL"})
    assert wrong.status_code == 422
    assert "6 letters and digits" in wrong.content.decode()


def test_a_lower_case_code_in_the_address_is_redirected(client, event):
    assert event.code.lower() != event.code
    answer = client.get(f"/table/{event.code.lower()}/")
    assert answer.status_code == 302
    assert answer["Location"] == url("page", event.code)


def test_the_page_shows_its_table_and_nothing_of_another(client, event):
    page = client.get(url("page", event.code))
    assert page.status_code == 200
    html = page.content.decode()
    # The state and the words go to the script as JSON data, no inline script.
    scripts = re.findall(r"<script([^>]*)>", html)
    assert all("src=" in s or 'type="application/json"' in s for s in scripts)
    assert 'id="table-data"' in html and 'id="table-strings"' in html
    names = [s.entry.player.last_name for s in event.table.seats.all()]
    assert all(name in html for name in names)
    others = [s.entry.player.last_name for s in event.other.seats.all()]
    assert not any(name in html for name in others)
    assert event.other_code not in html
    assert "csrftoken" in page.cookies


def test_an_unknown_code_is_refused_with_404(client, event):
    answer = client.get(url("page", "ZZZZZZ"))
    assert answer.status_code == 404
    assert "No table has this code" in answer.content.decode()
    state = client.get(url("state", "ZZZZZZ"))
    assert state.status_code == 404
    assert state.json()["code"] == "unknown"


def test_a_code_of_a_desk_only_tournament_or_a_closed_round_is_refused(client, event):
    Tournament.objects.filter(pk=event.tournament.pk).update(result_entry="desk")
    answer = client.get(url("page", event.code))
    assert answer.status_code == 403
    assert "at the desk" in answer.content.decode()
    Tournament.objects.filter(pk=event.tournament.pk).update(
        result_entry="tables_opponents"
    )
    Round.objects.filter(pk=event.round.pk).update(status=Round.Status.CLOSED)
    assert client.get(url("page", event.code)).status_code == 403
    posted = deal(client, event.code, event.table)
    assert posted.status_code == 403
    assert posted.json()["code"] == "round_not_open"
    assert DealRecord.objects.count() == 0


# --------------------------------------------------------------------------- state


def test_the_state_is_json_with_an_etag_and_304_while_unchanged(client, event):
    answer = client.get(url("state", event.code))
    assert answer.status_code == 200
    state = answer.json()["state"]
    assert state["table"] == 1 and state["current_game"] == 1
    assert [s["seat"] for s in state["seats"]] == [1, 2, 3, 4]
    assert event.other_code not in answer.content.decode()
    etag = answer["ETag"]
    again = client.get(url("state", event.code), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert deal(client, event.code, event.table).status_code == 200
    moved = client.get(url("state", event.code), HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200
    assert len(moved.json()["state"]["games"][0]["deals"]) == 1


# --------------------------------------------------------------------------- writes


def test_a_deal_is_saved_once_even_when_sent_twice(client, event):
    data = {
        "key": "phone-key-0001",
        "seat": 2,
        "version": version(event.table),
        "game": 1,
        "trump": "no_trump",
        "points_a": 42,
        "knocks": 1,
    }
    first = client.post(url("deal", event.code), data)
    assert first.status_code == 200, first.content
    body = first.json()
    assert body["replayed"] is False
    saved = body["state"]["games"][0]["deals"][0]
    assert (saved["points_a"], saved["points_b"], saved["score_a"]) == (42, 18, 48)
    again = client.post(url("deal", event.code), data)  # same key, stale version
    assert again.status_code == 200
    assert again.json()["replayed"] is True
    assert DealRecord.objects.count() == 1
    assert TableSubmission.objects.get().seat == 2


def test_side_b_points_give_side_a_the_rest(client, event):
    answer = deal(client, event.code, event.table, points_a="", points_b=18)
    assert answer.status_code == 200
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (42, 18)


def test_an_impossible_deal_is_refused_with_the_engines_message(client, event):
    answer = deal(client, event.code, event.table, points_a=75)
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"]["message"] == "Points must lie between 0 and 60, not 75."
    assert body["error"]["field"] == "points_a"
    assert body["state"]["games"][0]["deals"] == []
    knocks = deal(client, event.code, event.table, knocks=5)
    assert knocks.status_code == 422
    assert knocks.json()["error"]["field"] == "knocks"
    assert DealRecord.objects.count() == 0


def test_a_stale_version_is_a_conflict_showing_the_other_phones_deals(client, event):
    stale = version(event.table)
    assert deal(client, event.code, event.table, version=stale).status_code == 200
    answer = deal(client, event.code, event.table, version=stale, points_a=50)
    assert answer.status_code == 409
    body = answer.json()
    assert body["conflict"]
    assert body["state"]["games"][0]["deals"][0]["points_a"] == 40
    assert DealRecord.objects.count() == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"key": ""},
        {"key": "short"},
        {"key": "x" * 65},
        {"key": "bad key with spaces"},
        {"seat": 9},
        {"seat": "one"},
        {"version": "abc"},
        {"version": -1},
        {"version": 2**70},
        {"game": 0},
        {"game": 7},
        {"game": "x"},
        {"trump": "joker"},
        {"trump": ""},
        {"points_a": "x"},
        {"points_a": 10**9},
        {"knocks": -1},
        {"revoke": 7},
        {"declarer": 3},
        {"number": 99},
        {"points_a": "\x00"},
    ],
)
def test_garbage_is_refused_with_a_message_not_a_500(client, event, fields):
    answer = deal(client, event.code, event.table, **fields)
    assert answer.status_code == 422, answer.content
    body = answer.json()
    assert body["error"]["message"]
    assert "state" in body
    assert DealRecord.objects.count() == 0


def test_a_write_needs_the_csrf_token(event):
    browser = Client(enforce_csrf_checks=True)
    page = browser.get(url("page", event.code))
    token = page.cookies["csrftoken"].value
    data = {
        "key": "phone-key-0002",
        "seat": 1,
        "version": version(event.table),
        "game": 1,
        "trump": "spades",
        "points_a": 40,
    }
    assert browser.post(url("deal", event.code), data).status_code == 403
    answer = browser.post(url("deal", event.code), data, HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 200
    assert DealRecord.objects.count() == 1


def test_the_last_deal_can_be_removed(client, event):
    deal(client, event.code, event.table)
    deal(client, event.code, event.table, points_a=20)
    answer = client.post(
        url("delete", event.code),
        {
            "key": next(KEYS),
            "seat": 1,
            "version": version(event.table),
            "game": 1,
            "number": 2,
        },
    )
    assert answer.status_code == 200
    assert [d["points_a"] for d in answer.json()["state"]["games"][0]["deals"]] == [40]
    missing = client.post(
        url("delete", event.code),
        {"key": next(KEYS), "seat": 1, "version": version(event.table), "game": 1},
    )
    assert missing.status_code == 422


def finish_game_one(client, event, seat=1):
    """Two no-trump deals of 60–0 for side A: 60 + 60 ≥ 101."""
    for _ in range(2):
        answer = deal(
            client, event.code, event.table, seat=seat, trump="no_trump", points_a=60
        )
        assert answer.status_code == 200, answer.content
    return answer.json()["state"]


def test_an_opponent_accepts_a_finished_game_and_the_enterers_side_cannot(
    client, event
):
    state = finish_game_one(client, event, seat=1)
    game = state["games"][0]
    assert game["finished"] and game["needs_acceptance"]
    assert 1 not in game["may_accept"] and 2 not in game["may_accept"]
    partner = client.post(
        url("accept", event.code),
        {
            "key": next(KEYS),
            "seat": 2,
            "version": state["version"],
            "game": 1,
            "accepted": "1",
        },
    )
    assert partner.status_code == 422
    assert partner.json()["error"]["field"] == "seat"
    accepted = client.post(
        url("accept", event.code),
        {
            "key": next(KEYS),
            "seat": 3,
            "version": state["version"],
            "game": 1,
            "accepted": "1",
            "personal_code": personal_code(event.table, 3),
        },
    )
    assert accepted.status_code == 200, accepted.content
    after = accepted.json()["state"]["games"][0]
    assert after["acceptance"]["seat"] == 3 and after["acceptance"]["accepted"]
    assert not after["needs_acceptance"]


def test_a_rejection_marks_the_table_disputed(client, event):
    state = finish_game_one(client, event)
    answer = client.post(
        url("accept", event.code),
        {
            "key": next(KEYS),
            "seat": 4,
            "version": state["version"],
            "game": 1,
            "accepted": "0",
            "reason": "Deal 2 was 50–10",
            "personal_code": personal_code(event.table, 4),
        },
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["state"]["table_state"] == "disputed"
    garbage = client.post(
        url("accept", event.code),
        {"key": next(KEYS), "seat": 4, "version": 1, "game": 1, "accepted": "maybe"},
    )
    assert garbage.status_code == 422


# --------------------------------------------------------------------------- throttle


def test_wrong_codes_are_throttled_per_address_but_a_known_table_keeps_working(event):
    phone = Client(REMOTE_ADDR="10.0.0.7")
    assert phone.get(url("page", event.code)).status_code == 200  # opened before
    guesser = Client(REMOTE_ADDR="10.0.0.7")
    for n in range(WRONG_CODE_LIMIT):
        assert guesser.get(url("page", f"ZZZZZ{n + 2}")).status_code == 404
    paused = guesser.get(url("page", event.other_code))  # even a real code now
    assert paused.status_code == 429
    assert "Too many wrong codes" in paused.content.decode()
    assert 0 < int(paused["Retry-After"]) <= 600
    state = guesser.get(url("state", event.code))
    assert state.status_code == 429
    assert state.json()["code"] == "throttled"
    # The phone that opened its table before carries on; another address too.
    assert phone.get(url("state", event.code)).status_code == 200
    assert deal(phone, event.code, event.table).status_code == 200
    elsewhere = Client(REMOTE_ADDR="10.0.0.8")
    assert elsewhere.get(url("page", event.code)).status_code == 200


def test_the_throttle_page_is_json_for_the_writes(event):
    guesser = Client(REMOTE_ADDR="10.0.0.9")
    for _ in range(WRONG_CODE_LIMIT):
        guesser.get(reverse("table:enter"), {"code": "nonsense"})
    answer = guesser.post(url("deal", event.code), {"key": "k" * 10})
    assert answer.status_code == 429
    assert json.loads(answer.content)["code"] == "throttled"
    assert DealRecord.objects.count() == 0


@pytest.mark.parametrize(
    ("sent", "stored"),
    [("true", True), ("1", True), ("false", False), ("0", False), ("", False)],
)
def test_passed_and_blind_read_true_false_and_one_zero(client, event, sent, stored):
    answer = deal(client, event.code, event.table, passed=sent, blind=sent)
    assert answer.status_code == 200, answer.content
    record = DealRecord.objects.get()
    assert (record.passed, record.blind) == (stored, stored)
    assert record.factor == (2 if stored else 1)


def test_a_confirmed_table_shows_its_result_read_only(client, event):
    deal(client, event.code, event.table, trump="no_trump", points_a=60)
    sheet = ScoreSheet.objects.get(table=event.table)
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        status=ScoreSheet.Status.CONFIRMED, confirmed_at=sheet.updated_at
    )
    page = client.get(url("page", event.code))
    assert page.status_code == 403
    html = page.content.decode()
    assert "confirmed" in html
    assert "60 – 0" in html  # game 1 so far, no form
    assert 'id="deal-form"' not in html
    posted = deal(client, event.code, event.table)
    assert posted.status_code == 403
    assert posted.json()["code"] == "confirmed"


def test_the_whole_table_is_accepted_at_once_when_the_tournament_says_so(client, event):
    Tournament.objects.filter(pk=event.tournament.pk).update(
        acceptance=Tournament.Acceptance.TABLE
    )
    for game in (1, 2, 3):
        for _ in range(2):
            answer = deal(
                client,
                event.code,
                event.table,
                game=game,
                trump="no_trump",
                points_a=60,
            )
            assert answer.status_code == 200, answer.content
    state = answer.json()["state"]
    assert state["current_game"] is None and state["table_needs_acceptance"]
    allowed = state["table_may_accept"]
    assert 1 not in allowed
    answer = client.post(
        url("accept", event.code),
        {
            "key": next(KEYS),
            "seat": allowed[0],
            "version": state["version"],
            "game": "",
            "accepted": "1",
            "personal_code": personal_code(event.table, allowed[0]),
        },
    )
    assert answer.status_code == 200, answer.content
    after = answer.json()["state"]
    assert after["table_acceptance"]["accepted"] is True
    assert after["status"] == "confirmed"
    # Confirmed: the code writes no more, and says why.
    assert client.get(url("state", event.code)).json()["code"] == "confirmed"
