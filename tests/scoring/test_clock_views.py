"""The round clock over HTTP: the desk's controls, the JSON answers the pages poll,
the pages that show it, and the time rule's button and decisions on the desk."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.services import DealInput, deal_record
from tournaments.models import Game, Round, RoundLog

pytestmark = pytest.mark.django_db


def post(client, rnd, move, **data):
    url = reverse("scoring:round_clock", kwargs={"round_id": rnd.pk, "move": move})
    return client.post(url, data)


def desk(client, rnd):
    return client.get(reverse("scoring:round", kwargs={"round_id": rnd.pk}))


def test_the_desk_starts_pauses_resumes_and_extends_the_clock(
    director_client, sheet_table
):
    rnd = sheet_table.round
    page = desk(director_client, rnd).content.decode()
    assert 'data-clock-move="start"' in page
    assert 'data-clock-move="pause"' not in page
    assert post(director_client, rnd, "start", minutes="25").status_code == 302
    page = desk(director_client, rnd).content.decode()
    assert 'data-clock-move="pause"' in page
    assert 'data-clock-move="extend-5"' in page
    post(director_client, rnd, "pause")
    assert 'data-clock-move="resume"' in desk(director_client, rnd).content.decode()
    post(director_client, rnd, "resume")
    post(director_client, rnd, "extend", minutes="5")
    rnd.refresh_from_db()
    assert (rnd.clock_minutes, rnd.clock_extra_seconds) == (25, 300)
    assert list(RoundLog.objects.values_list("action", flat=True)) == [
        "clock_start", "clock_pause", "clock_resume", "clock_extend",
    ]  # fmt: skip


def test_a_refused_move_is_a_message_not_a_500(director_client, sheet_table):
    rnd = sheet_table.round
    response = post(director_client, rnd, "start")  # no minutes, no round length
    assert response.status_code == 302
    page = desk(director_client, rnd).content.decode()
    assert "no round length" in page
    response = post(director_client, rnd, "start", minutes="ten")
    assert "whole number of minutes" in desk(director_client, rnd).content.decode()
    assert post(director_client, rnd, "wind-up").status_code == 404
    assert not RoundLog.objects.exists()


def test_only_the_round_s_directors_move_its_clock(client, sheet_table):
    from django.contrib.auth import get_user_model

    other = get_user_model().objects.create_user(username="x", password="pw-x-12345")
    client.force_login(other)
    assert post(client, sheet_table.round, "start", minutes="20").status_code == 403
    assert Round.objects.get().clock_started_at is None


def test_the_api_answers_the_clock_with_the_server_s_time(
    client, director_client, sheet_table, django_capture_on_commit_callbacks
):
    rnd = sheet_table.round
    tournament = rnd.tournament
    url = reverse("api:clock", kwargs={"slug": tournament.slug})
    assert client.get(url).json()["status"] == "none"  # no length, not started
    with django_capture_on_commit_callbacks(execute=True):  # the cache written
        post(director_client, rnd, "start", minutes="30")
    response = client.get(url)
    answer = response.json()
    assert response["Cache-Control"].startswith("no-store")
    assert answer["status"] == "running"
    assert answer["round"] == 1
    assert 1790 <= answer["seconds_left"] <= 1800
    assert answer["ends_at"] > answer["server_time"]
    missing = reverse("api:clock", kwargs={"slug": "no-such-event"})
    assert client.get(missing).status_code == 404


def test_the_pages_show_the_clock(client, sheet_table, pinned_table_codes):
    from phones.services import table_codes_ensure
    from tests.phones.table_helpers import set_entry
    from tournaments.models import Tournament

    tournament = sheet_table.round.tournament
    api = reverse("api:clock", kwargs={"slug": tournament.slug})
    projector = client.get(reverse("live:projector", kwargs={"slug": tournament.slug}))
    assert f'data-clock-url="{api}"' in projector.content.decode()
    names = reverse(
        "public:draw_by_name", kwargs={"slug": tournament.slug, "number": 1}
    )
    assert f'data-clock-url="{api}"' in client.get(names).content.decode()
    set_entry(sheet_table, Tournament.ResultEntry.TABLES_OPPONENTS)
    code = table_codes_ensure(round=sheet_table.round)[1]
    phone = client.get(reverse("phones:page", kwargs={"code": code}))
    own = reverse("phones:clock", kwargs={"code": code})
    assert f'data-clock-url="{own}"' in phone.content.decode()
    assert client.get(own).json()["status"] == "none"
    assert client.get(
        reverse("phones:clock", kwargs={"code": "QQQQQQ"})
    ).status_code in (403, 404)


def test_at_time_the_desk_applies_the_rule_and_shows_the_games(
    director_client, sheet_table, director
):
    rnd = sheet_table.round
    sheet = ScoreSheet.objects.get(table=sheet_table)
    game = Game.objects.get(table=sheet_table, number=1)
    deal_record(
        sheet=sheet, game=game, deal=DealInput("hearts", 42), by=director, version=0
    )
    post(director_client, rnd, "start", minutes="20")
    Round.objects.filter(pk=rnd.pk).update(
        clock_started_at=datetime.datetime.now(datetime.UTC)
        - datetime.timedelta(minutes=21)
    )
    page = desk(director_client, rnd).content.decode()
    assert 'id="apply-time-rule"' in page
    assert "3 unfinished games on the entered sheets" in page
    url = reverse("scoring:round_time_rule", kwargs={"round_id": rnd.pk})
    assert director_client.post(url).status_code == 302
    page = desk(director_client, rnd).content.decode()
    assert "Games decided by time" in page
    assert page.count("data-time-game=") == 3
    assert "Side A wins (by time)" in page  # game 1: 12–0
    assert page.count("Nobody wins (by time)") == 2  # games 2 and 3: 0–0
