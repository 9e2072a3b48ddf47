"""Issue 23 §6: one phone can no longer accept its own table.

The attack, as it was made: one client with the table's printed code enters game 1
as seat 1, game 2 as seat 2 and game 3 as seat 4, and "accepts" each game as an
opponent. The sheet became confirmed and public, and the real table's phone was
refused. Now an acceptance carries the opponent's personal code (given at
check-in): without it, or with a wrong one, it is refused and the sheet stays
open for the real table.

The table is ``sheet_table`` (individual format: game 1 is seats 12 against 34,
game 2 is 13 against 24, game 3 is 14 against 23); two no-trump deals of 60–0 end
a game to 101.
"""

import pytest
from django.test import Client
from django.urls import reverse

from actionlog.models import ActionEntry
from core.models import ThrottleCount
from phones.models import Acceptance
from phones.services import table_codes_ensure
from phones.throttle import WRONG_CODE_LIMIT
from scoring.models import ScoreSheet
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

KEYS = iter(f"attack-{n:08d}" for n in range(10**6))
# Who writes each game, and the opponent the attacker claims to be.
ATTACK = ((1, 1, 3), (2, 2, 1), (3, 4, 2))  # (game, writer seat, "opponent" seat)


@pytest.fixture
def table(sheet_table, pinned_table_codes):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    code = table_codes_ensure(round=sheet_table.round)[1]
    return sheet_table, code


def version(sheet_table) -> int:
    return ScoreSheet.objects.get(table=sheet_table).version


def post(client, name, code, **data):
    return client.post(reverse(f"table:{name}", kwargs={"code": code}), data)


def play(client, code, sheet_table, *, game, seat):
    for _deal in range(2):
        answer = post(
            client,
            "deal",
            code,
            key=next(KEYS),
            seat=seat,
            version=version(sheet_table),
            game=game,
            trump="no_trump",
            points_a=60,
        )
        assert answer.status_code == 200, answer.content


def test_one_client_cannot_accept_the_games_it_entered_itself(table):
    sheet_table, code = table
    attacker = Client()  # one phone, anywhere on the hall's Wi-Fi
    for game, writer, opponent in ATTACK:
        play(attacker, code, sheet_table, game=game, seat=writer)
        answer = post(
            attacker,
            "accept",
            code,
            key=next(KEYS),
            seat=writer,
            player=opponent,
            version=version(sheet_table),
            game=game,
            accepted="1",
        )
        assert answer.status_code == 422, answer.content
        assert answer.json()["error"]["field"] == "personal_code"
    sheet = ScoreSheet.objects.get(table=sheet_table)
    assert sheet.status != ScoreSheet.Status.CONFIRMED
    assert not Acceptance.objects.exists()


def test_a_guessed_personal_code_is_refused_and_counted(table):
    sheet_table, code = table
    opponent = sheet_table.seats.get(position=3).entry
    wrong = "2222" if opponent.personal_code != "2222" else "3333"
    attacker = Client()
    play(attacker, code, sheet_table, game=1, seat=1)
    answer = post(
        attacker,
        "accept",
        code,
        key=next(KEYS),
        seat=1,
        player=3,
        version=version(sheet_table),
        game=1,
        accepted="1",
        personal_code=wrong,
    )
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["code"] == "personal_code"
    assert ThrottleCount.objects.filter(scope="table-wrong-code").exists()
    assert not Acceptance.objects.exists()


def test_guesses_from_many_addresses_pause_the_tables_acceptance(table):
    """Ten wrong personal codes at one table, each from another phone, and the
    table's acceptance waits: the guesses at a table are bounded whatever the
    number of phones (docs/threat-model.md)."""
    sheet_table, code = table
    right = sheet_table.seats.get(position=3).entry.personal_code
    wrong = "2222" if right != "2222" else "3333"
    play(Client(), code, sheet_table, game=1, seat=1)

    def try_code(address, typed):
        return Client(REMOTE_ADDR=address).post(
            reverse("table:accept", kwargs={"code": code}),
            {
                "key": next(KEYS),
                "seat": 1,
                "player": 3,
                "version": version(sheet_table),
                "game": 1,
                "accepted": "1",
                "personal_code": typed,
            },
        )

    for n in range(WRONG_CODE_LIMIT):
        answer = try_code(f"10.0.1.{n + 1}", wrong)
        assert answer.json()["error"]["code"] == "personal_code"
    paused = try_code("10.0.2.1", right)  # a new phone, even with the right code
    assert paused.status_code == 422
    assert paused.json()["error"]["code"] == "throttled"
    assert not Acceptance.objects.exists()


def test_the_tables_writes_are_in_the_action_log(table):
    sheet_table, code = table
    phone = Client()
    play(phone, code, sheet_table, game=1, seat=1)
    answer = post(
        phone,
        "accept",
        code,
        key=next(KEYS),
        seat=1,
        player=3,
        version=version(sheet_table),
        game=1,
        accepted="1",
        personal_code=sheet_table.seats.get(position=3).entry.personal_code,
    )
    assert answer.status_code == 200, answer.content
    entries = ActionEntry.objects.filter(
        tournament_id=sheet_table.round.tournament_id
    ).order_by("id")
    assert [e.action for e in entries] == [
        "table.written",
        "table.written",
        "table.accepted",
    ]
    assert entries[2].note == (
        "Game 1: Result accepted (seat 3, on the phone of seat 1)"
    )
    assert entries[0].target_text == "Round 1 · Table 1"
