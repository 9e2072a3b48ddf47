"""A deal the desk's queue sends twice (a lost answer, a reload) is saved once."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scoring import services
from scoring.models import DealRecord, DeskWrite
from scoring.services import DealInput, ResultError
from tournaments.models import Game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
KEY = "d0123456789abcdef"


def game_one(table):
    return Game.objects.get(table=table, number=1)


def test_a_key_saved_before_saves_nothing_even_with_a_stale_version(
    director, sheet_table
):
    deal = DealInput(trump="hearts", points_a=42)
    first = services.deal_record(
        sheet=sheet_table.sheet, game=game_one(sheet_table), deal=deal, by=director,
        version=0, key=KEY,
    )
    again = services.deal_record(
        sheet=sheet_table.sheet, game=game_one(sheet_table), deal=deal, by=director,
        version=0, key=KEY,
    )
    assert DealRecord.objects.filter(copy=1).count() == 1
    assert again.version == first.version == 1
    assert DeskWrite.objects.get().version == 1


def test_a_new_key_with_a_stale_version_is_still_a_conflict(director, sheet_table):
    deal = DealInput(trump="hearts", points_a=42)
    services.deal_record(
        sheet=sheet_table.sheet, game=game_one(sheet_table), deal=deal, by=director,
        version=0, key=KEY,
    )
    with pytest.raises(services.SheetConflict):
        services.deal_record(
            sheet=sheet_table.sheet, game=game_one(sheet_table), deal=deal,
            by=director, version=0, key="d-another-key",
        )
    assert DealRecord.objects.filter(copy=1).count() == 1


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space!", "ключ-ключ-ключ"])
def test_a_malformed_key_is_refused_and_saves_nothing(director, sheet_table, key):
    with pytest.raises(ResultError):
        services.deal_record(
            sheet=sheet_table.sheet, game=game_one(sheet_table),
            deal=DealInput(trump="hearts", points_a=42), by=director, version=0,
            key=key,
        )
    assert not DealRecord.objects.exists()


def test_a_refused_deal_keeps_its_key_free_for_the_corrected_one(director, sheet_table):
    with pytest.raises(ResultError):
        services.deal_record(
            sheet=sheet_table.sheet, game=game_one(sheet_table),
            deal=DealInput(trump="hearts", points_a=75), by=director, version=0,
            key=KEY,
        )
    assert not DeskWrite.objects.exists()
    services.deal_record(
        sheet=sheet_table.sheet, game=game_one(sheet_table),
        deal=DealInput(trump="hearts", points_a=45), by=director, version=0, key=KEY,
    )
    assert DealRecord.objects.get().points_a == 45


def test_the_database_refuses_a_key_twice_on_one_sheet(sheet_table):
    DeskWrite.objects.create(sheet=sheet_table.sheet, key=KEY, version=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeskWrite.objects.create(sheet=sheet_table.sheet, key=KEY, version=2)


def test_the_desk_view_answers_a_resent_deal_with_the_sheet_and_saves_once(
    director_client, sheet_table
):
    url = reverse("scoring:deal_save", kwargs={"table_id": sheet_table.pk})
    data = {
        "game": game_one(sheet_table).pk, "declarer": "0", "version": "0",
        "trump": "h", "points_a": "42", "key": KEY,
    }
    first = director_client.post(url, data, **HTMX)
    again = director_client.post(url, data, **HTMX)
    assert first.status_code == again.status_code == 200
    assert DealRecord.objects.filter(copy=1).count() == 1
    assert 'data-version="1"' in again.text
    bad = director_client.post(url, {**data, "key": "bad key"}, **HTMX)
    assert bad.status_code == 422
    assert "malformed request" in bad.text
    assert DealRecord.objects.filter(copy=1).count() == 1


def test_the_sheet_page_carries_the_queue_and_its_words(director_client, sheet_table):
    page = director_client.get(reverse("scoring:sheet", args=[sheet_table.pk]))
    assert 'id="desk-queue"' in page.text
    assert 'id="desk-queue-text"' in page.text
    assert "desk_queue.js" in page.text
    assert f'data-current-game="{game_one(sheet_table).pk}"' in page.text
