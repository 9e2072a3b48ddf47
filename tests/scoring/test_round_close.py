"""Closing a round: only when every table is confirmed; reopening needs a reason."""

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import ScoreSheet
from scoring.services import DealInput, GameInput, ResultError
from tests import factories
from tournaments.models import Round, RoundLog, Tournament

pytestmark = pytest.mark.django_db


def confirm(table, by):
    sheet = ScoreSheet.objects.get(table=table)
    data = {
        n: GameInput([DealInput("no_trump", 60), DealInput("no_trump", 58)])
        for n in (1, 2, 3)
    }
    sheet = services.sheet_save(sheet=sheet, data=data, by=by, version=sheet.version)
    return services.sheet_confirm(sheet=sheet, by=by, version=sheet.version)


@pytest.fixture
def two_tables(sheet_round):
    return [factories.individual_table(round=sheet_round, number=n) for n in (1, 2)]


def test_a_round_with_an_unconfirmed_table_does_not_close(two_tables, director):
    confirm(two_tables[0], director)
    with pytest.raises(ResultError) as exc:
        services.round_close(round=two_tables[0].round, by=director)
    assert "1 of 2 tables" in exc.value.message
    assert Round.objects.get().status == Round.Status.PUBLISHED


def test_closing_logs_touches_and_freezes_the_sheets(
    two_tables, director, django_capture_on_commit_callbacks
):
    for table in two_tables:
        confirm(table, director)
    version = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_close(round=two_tables[0].round, by=director)
    assert rnd.status == Round.Status.CLOSED and rnd.closed_at
    log = RoundLog.objects.get(action=RoundLog.Action.CLOSED)
    assert log.by == director
    assert Tournament.objects.get().version == version + 1
    sheet = ScoreSheet.objects.get(table=two_tables[0])
    with pytest.raises(ResultError) as exc:
        services.deal_record(
            sheet=sheet,
            game=two_tables[0].games.get(number=1),
            deal=DealInput("hearts", 40),
            number=1,
            by=director,
            version=sheet.version,
            reason="late fix",
        )
    assert exc.value.code == "round_closed"
    with pytest.raises(ResultError):
        services.round_close(round=rnd, by=director)


def test_reopening_needs_a_reason_and_is_logged(
    two_tables, director, django_capture_on_commit_callbacks
):
    for table in two_tables:
        confirm(table, director)
    rnd = services.round_close(round=two_tables[0].round, by=director)
    with pytest.raises(ResultError) as exc:
        services.round_reopen(round=rnd, by=director, reason="   ")
    assert exc.value.field == "reason"
    version = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_reopen(round=rnd, by=director, reason="Table 2 complained")
    assert rnd.status == Round.Status.PUBLISHED and rnd.closed_at is None
    log = RoundLog.objects.get(action=RoundLog.Action.REOPENED)
    assert log.reason == "Table 2 complained" and log.by == director
    assert Tournament.objects.get().version == version + 1
    with pytest.raises(ResultError):
        services.round_reopen(round=rnd, by=director, reason="again")


def test_the_desk_shows_progress_and_closes_and_reopens(
    director_client, two_tables, director
):
    rnd = two_tables[0].round
    url = reverse("scoring:round", kwargs={"round_id": rnd.pk})
    confirm(two_tables[0], director)
    page = director_client.get(url)
    assert "1 of 2 confirmed" in page.text
    refused = director_client.post(
        reverse("scoring:round_close", kwargs={"round_id": rnd.pk})
    )
    assert refused.status_code == 409
    assert "not confirmed yet" in refused.text
    confirm(two_tables[1], director)
    closed = director_client.post(
        reverse("scoring:round_close", kwargs={"round_id": rnd.pk})
    )
    assert closed.status_code == 302
    assert Round.objects.get().status == Round.Status.CLOSED
    no_reason = director_client.post(
        reverse("scoring:round_reopen", kwargs={"round_id": rnd.pk}), {"reason": ""}
    )
    assert no_reason.status_code == 422
    assert Round.objects.get().status == Round.Status.CLOSED
    reopened = director_client.post(
        reverse("scoring:round_reopen", kwargs={"round_id": rnd.pk}),
        {"reason": "Wrong score at table 2"},
    )
    assert reopened.status_code == 302
    page = director_client.get(url)
    assert "Wrong score at table 2" in page.text


def test_another_tournaments_round_is_403(client, two_tables):
    from django.contrib.auth import get_user_model

    other = get_user_model().objects.create_user("o", password="x-other-123")
    client.force_login(other)
    rnd = two_tables[0].round
    assert (
        client.get(reverse("scoring:round", kwargs={"round_id": rnd.pk})).status_code
        == 403
    )
    response = client.post(reverse("scoring:round_close", kwargs={"round_id": rnd.pk}))
    assert response.status_code == 403
