"""The score-sheet screen: permission, bad input, htmx answers, languages."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from scoring import services
from scoring.forms import parse_trump
from scoring.models import DealRecord, ScoreSheet
from scoring.services import DealInput
from tests import factories
from tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def sheet_url(table, name="scoring:sheet"):
    return reverse(name, kwargs={"table_id": table.pk})


def post_deal(client, table, version=0, htmx=True, **fields):
    data = {
        "game": Game.objects.get(table=table, number=1).pk,
        "declarer": "0",
        "version": str(version),
        **fields,
    }
    extra = HTMX if htmx else {}
    return client.post(sheet_url(table, "scoring:deal_save"), data, **extra)


def test_the_sheet_needs_a_login(client, sheet_table):
    response = client.get(sheet_url(sheet_table))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_a_director_of_another_tournament_gets_403(client, sheet_table):
    other = get_user_model().objects.create_user("other", password="x-other-123")
    factories.TournamentFactory().directors.add(other)
    client.force_login(other)
    assert client.get(sheet_url(sheet_table)).status_code == 403
    response = post_deal(client, sheet_table, trump="h", points_a="42")
    assert response.status_code == 403
    assert not DealRecord.objects.exists()


def test_a_forged_table_id_is_404(director_client, sheet_table):
    url = reverse("scoring:sheet", kwargs={"table_id": 999999})
    assert director_client.get(url).status_code == 404


def test_the_sheet_shows_players_and_the_trump_legend(director_client, sheet_table):
    response = director_client.get(sheet_url(sheet_table))
    assert response.status_code == 200
    text = response.text
    assert "Jan" in text and "Peeters" in text
    assert "<kbd>n</kbd>" in text
    assert "Blind" in text


def test_no_blind_column_when_blind_trump_is_off(director_client, sheet_table):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        blind_doubles=False
    )
    response = director_client.get(sheet_url(sheet_table))
    assert "Blind</th>" not in response.text


def test_a_common_deal_through_htmx_answers_the_updated_sheet(
    director_client, sheet_table
):
    response = post_deal(director_client, sheet_table, trump="h", points_a="42")
    assert response.status_code == 200
    assert 'id="sheet"' in response.text and "<html" not in response.text
    assert 'data-score="12-0"' in response.text
    assert DealRecord.objects.get().points_b == 18


def test_a_plain_post_redirects_back_to_the_sheet(director_client, sheet_table):
    response = post_deal(
        director_client, sheet_table, htmx=False, trump="s", points_a="40"
    )
    assert response.status_code == 302
    assert response["Location"] == sheet_url(sheet_table)


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"trump": "h", "points_a": "abc"}, "whole number"),
        ({"trump": "x", "points_a": "42"}, "Unknown trump"),
        ({"trump": "", "points_a": "42"}, "required"),
        ({"trump": "h", "points_a": "75"}, "between 0 and 60, not 75"),
        ({"trump": "h", "points_a": "42", "knocks": "5"}, "At most 2 knocks"),
        ({"trump": "h", "points_a": "42", "declarer": "7"}, "valid choice"),
        ({"trump": "h", "points_a": "42", "revoke": "3"}, "valid choice"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_a_4xx(
    director_client, sheet_table, fields, needle
):
    response = post_deal(director_client, sheet_table, **fields)
    assert response.status_code == 422
    assert needle in response.text
    assert not DealRecord.objects.exists()
    assert ScoreSheet.objects.get().version == 0


def test_an_impossible_deal_keeps_what_was_typed(director_client, sheet_table):
    response = post_deal(
        director_client, sheet_table, trump="h", points_a="75", knocks="1"
    )
    assert response.status_code == 422
    text = response.text
    assert 'name="trump" value="h"' in text
    assert 'name="points_a" value="75"' in text
    assert 'name="knocks" value="1"' in text
    # The message sits in the points cell, next to the field.
    cell = text.split('name="points_a"')[1].split("</td>")[0]
    assert "Points must lie between 0 and 60, not 75." in cell


def test_a_stale_version_answers_409_with_the_other_version(
    director_client, sheet_table, director
):
    services.deal_record(
        sheet=sheet_table.sheet,
        game=Game.objects.get(table=sheet_table, number=1),
        deal=DealInput("spades", 44),
        by=director,
        version=0,
    )
    response = post_deal(
        director_client, sheet_table, version=0, trump="h", points_a="42"
    )
    assert response.status_code == 409
    assert "Someone else saved this sheet" in response.text
    assert 'data-score="14-0"' in response.text  # their deal is shown
    assert 'name="points_a" value="42"' in response.text  # ours is kept
    assert 'name="version" value="1"' in response.text
    assert DealRecord.objects.count() == 1


@pytest.mark.parametrize("version", ["", "x", "-3"])
def test_a_missing_or_garbled_version_is_400(director_client, sheet_table, version):
    response = post_deal(
        director_client, sheet_table, version=version, trump="h", points_a="42"
    )
    assert response.status_code == 400
    assert not DealRecord.objects.exists()


def test_a_game_of_another_table_is_refused(director_client, sheet_table, sheet_round):
    other = factories.individual_table(round=sheet_round, number=2)
    response = post_deal(
        director_client,
        sheet_table,
        trump="h",
        points_a="42",
        game=Game.objects.get(table=other, number=1).pk,
    )
    assert response.status_code == 422
    assert "not played at this table" in response.text
    assert not DealRecord.objects.exists()


def test_a_closed_round_refuses_deals_with_409(director_client, sheet_table):
    Round.objects.filter(pk=sheet_table.round_id).update(status=Round.Status.CLOSED)
    response = post_deal(director_client, sheet_table, trump="h", points_a="42")
    assert response.status_code == 409
    assert "is closed" in response.text
    assert not DealRecord.objects.exists()


def test_get_is_not_allowed_on_the_save_endpoints(director_client, sheet_table):
    for name in ("scoring:deal_save", "scoring:sheet_confirm", "scoring:event_add"):
        assert director_client.get(sheet_url(sheet_table, name)).status_code == 405


@pytest.mark.parametrize(
    ("lang", "key", "trump"),
    [
        ("en", "c", "clubs"),
        ("en", "n", "no_trump"),
        ("nl", "k", "clubs"),
        ("nl", "r", "diamonds"),
        ("nl", "z", "no_trump"),
        ("fr", "t", "clubs"),
        ("fr", "k", "diamonds"),
        ("fr", "c", "hearts"),
        ("fr", "p", "spades"),
        ("fr", "s", "no_trump"),
        ("nl", "♦", "diamonds"),
        ("fr", "♠", "spades"),
        ("en", "H", "hearts"),
    ],
)
def test_trump_keys_follow_the_language(lang, key, trump):
    assert parse_trump(key, lang) == trump


def test_a_dutch_director_types_dutch_keys(director_client, sheet_table):
    director_client.cookies["django_language"] = "nl"
    response = post_deal(director_client, sheet_table, trump="z", points_a="40")
    assert response.status_code == 200
    assert DealRecord.objects.get().trump == "no_trump"
    with translation.override("nl"):
        assert "<kbd>z</kbd>" in director_client.get(sheet_url(sheet_table)).text


def test_confirm_and_correct_through_the_screen(director_client, sheet_table, director):
    for number in (1, 2, 3):
        for points in (60, 58):
            sheet = ScoreSheet.objects.get()
            services.deal_record(
                sheet=sheet,
                game=Game.objects.get(table=sheet_table, number=number),
                deal=DealInput("no_trump", points),
                by=director,
                version=sheet.version,
            )
    version = ScoreSheet.objects.get().version
    response = director_client.post(
        sheet_url(sheet_table, "scoring:sheet_confirm"), {"version": version}
    )
    assert response.status_code == 302
    assert ScoreSheet.objects.get().status == "confirmed"
    game = Game.objects.get(table=sheet_table, number=1)
    data = {
        "game": game.pk,
        "number": "2",
        "trump": "n",
        "points_a": "54",
        "declarer": "1",
        "version": ScoreSheet.objects.get().version,
    }
    refused = director_client.post(
        sheet_url(sheet_table, "scoring:deal_save"), data, **HTMX
    )
    assert refused.status_code == 422
    assert "give a reason" in refused.text
    data["reason"] = "The paper says 54"
    response = director_client.post(
        sheet_url(sheet_table, "scoring:deal_save"), data, **HTMX
    )
    assert response.status_code == 200
    assert "Corrections after confirmation" in response.text
    assert "The paper says 54" in response.text
    assert "deal 2: NT 58–2 → NT 54–6" in response.text


def test_the_round_desk_lists_many_tables_in_few_queries(
    director_client, sheet_round, django_assert_max_num_queries
):
    for number in range(1, 41):
        factories.individual_table(round=sheet_round, number=number)
    url = reverse("scoring:round", kwargs={"round_id": sheet_round.pk})
    with django_assert_max_num_queries(15):
        response = director_client.get(url)
    assert response.status_code == 200
    assert "0 of 40 confirmed" in response.text
    assert response.text.count('class="badge sheet-open"') == 40


def test_the_sheet_page_uses_a_fixed_number_of_queries(
    director_client, sheet_table, director, django_assert_max_num_queries
):
    for _ in range(5):
        sheet = ScoreSheet.objects.get()
        services.deal_record(
            sheet=sheet,
            game=Game.objects.get(table=sheet_table, number=1),
            deal=DealInput("hearts", 35),
            by=director,
            version=sheet.version,
        )
    with django_assert_max_num_queries(20):
        response = director_client.get(sheet_url(sheet_table))
    assert response.status_code == 200


def test_card_counts_mode_shows_the_rank_columns_and_saves(
    director_client, sheet_table
):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.CARDS
    )
    page = director_client.get(sheet_url(sheet_table))
    assert 'name="tens_a"' in page.text and "10 A K Q J" in page.text
    response = post_deal(
        director_client,
        sheet_table,
        trump="d",
        tens_a="2",
        aces_a="3",
        kings_a="1",
        queens_a="2",
        jacks_a="0",
    )
    assert response.status_code == 200
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (10 + 12 + 3 + 4, 60 - 29)
    refused = post_deal(director_client, sheet_table, version=1, trump="d", tens_a="5")
    assert refused.status_code == 422
    assert "A side holds between 0 and 4 tens, not 5." in refused.text


def test_totals_only_mode_takes_a_score_per_game(director_client, sheet_table):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )
    game = Game.objects.get(table=sheet_table, number=1)
    url = sheet_url(sheet_table, "scoring:totals_save")
    page = director_client.get(sheet_url(sheet_table))
    assert 'name="score_a"' in page.text and "Points A" not in page.text
    bad = director_client.post(
        url, {"game": game.pk, "score_a": "x", "score_b": "3", "version": 0}, **HTMX
    )
    assert bad.status_code == 422
    ok = director_client.post(
        url, {"game": game.pk, "score_a": "101", "score_b": "64", "version": 0}, **HTMX
    )
    assert ok.status_code == 200
    game.refresh_from_db()
    assert (game.score_a, game.score_b, game.winner) == (101, 64, 0)


def test_the_second_entry_is_typed_on_its_own_tab(client, sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        double_entry=True
    )
    services.deal_record(
        sheet=sheet_table.sheet,
        game=Game.objects.get(table=sheet_table, number=1),
        deal=DealInput("hearts", 42),
        by=director,
        version=0,
    )
    second = get_user_model().objects.create_user("td2", password="x-secret-2")
    sheet_table.round.tournament.directors.add(second)
    client.force_login(second)
    page = client.get(sheet_url(sheet_table) + "?copy=2")
    assert "Second entry" in page.text
    response = post_deal(
        client, sheet_table, version=1, trump="h", points_a="43", copy="2"
    )
    assert response.status_code == 200
    assert "The two entries differ in 1 place" in response.text
    assert DealRecord.objects.filter(copy=2).get().points_a == 43
    assert Game.objects.get(table=sheet_table, number=1).score_a == 12


def test_a_replaced_deal_shows_its_new_points_though_rows_are_cached(
    director_client, sheet_table, director
):
    """Rendered deal rows are cached; a change to a deal must never show stale."""
    sheet = sheet_table.sheet
    game = Game.objects.get(table=sheet_table, number=1)
    services.deal_record(
        sheet=sheet,
        game=game,
        deal=DealInput(trump="hearts", points_a=37),
        by=director,
        version=sheet.version,
    )
    first = director_client.get(sheet_url(sheet_table))  # fills the row cache
    assert ">37<" in first.text.replace(" ", "")
    sheet.refresh_from_db()
    services.deal_record(
        sheet=sheet,
        game=game,
        deal=DealInput(trump="hearts", points_a=44),
        by=director,
        version=sheet.version,
        number=1,
    )
    second = director_client.get(sheet_url(sheet_table)).text.replace(" ", "")
    assert ">44<" in second
    assert ">37<" not in second
