"""The results desk at many tables: go to a table, filters, arrivals, neighbours."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from scoring import selectors, services
from scoring.models import Correction, ScoreSheet
from scoring.services import DealInput
from tests import factories
from tests.builders import build_drawn_round
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def desk_url(rnd, query=""):
    return reverse("scoring:round", kwargs={"round_id": rnd.pk}) + query


def sheet_url(table, name="scoring:sheet"):
    return reverse(name, kwargs={"table_id": table.pk})


def play_game(sheet, game, director, *, copy=1, points=60):
    """Four deals of hearts: side A reaches 101 (the game ends)."""
    for _ in range(4):
        sheet.refresh_from_db()
        services.deal_record(
            sheet=sheet,
            game=game,
            deal=DealInput("hearts", points),
            by=director,
            version=sheet.version,
            copy=copy,
        )


def play_table(table, director, **kwargs):
    sheet = ScoreSheet.objects.get(table=table)
    for game in Game.objects.filter(table=table).order_by("number"):
        play_game(sheet, game, director, **kwargs)
    sheet.refresh_from_db()
    return sheet


@pytest.fixture
def desk(sheet_round, director):
    """Six tables: 1 and 2 entered (2 first), 3 confirmed, 4 to 6 not entered."""
    tables = [
        factories.individual_table(round=sheet_round, number=n) for n in range(1, 7)
    ]
    play_table(tables[1], director)
    play_table(tables[0], director)
    sheet = play_table(tables[2], director)
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    return sheet_round, tables


def shown_tables(response) -> list[int]:
    """The table numbers in the desk's table, in their order."""
    body = response.text.split('class="table-wrap desk-table"', 1)[1]
    return [
        int(n) for n in re.findall(r'<td class="num"><a href="[^"]+">(\d+)</a>', body)
    ]


# --------------------------------------------------------------- go to a table


def test_the_table_box_opens_a_sheet_by_its_number(director_client, desk):
    rnd, tables = desk
    response = director_client.get(desk_url(rnd, "?table=5"))
    assert response.status_code == 302
    assert response["Location"] == sheet_url(tables[4])


def test_a_table_the_round_does_not_have_is_said_next_to_the_box(director_client, desk):
    rnd, _tables = desk
    response = director_client.get(desk_url(rnd, "?table=87"))
    assert response.status_code == 404
    assert "Round 1 has no table 87." in response.text
    assert 'name="table" value="87"' in response.text


def test_what_is_not_a_number_is_refused_with_a_message(director_client, desk):
    rnd, _tables = desk
    response = director_client.get(desk_url(rnd, "?table=eighty"))
    assert response.status_code == 422
    assert "Enter a whole number." in response.text


def test_the_desk_box_has_the_focus_and_the_sheet_has_one_too(director_client, desk):
    rnd, tables = desk
    page = director_client.get(desk_url(rnd)).text
    assert re.search(r'<input[^>]*name="table"[^>]*autofocus', page)
    sheet = director_client.get(sheet_url(tables[3])).text
    box = re.search(r'<input[^>]*name="table"[^>]*>', sheet).group(0)
    assert "autofocus" not in box  # the sheet's focus stays on the trump box
    assert f'action="{desk_url(rnd)}"' in sheet


# --------------------------------------------------------------- filters


def test_the_filters_count_every_state(director_client, desk):
    rnd, _tables = desk
    response = director_client.get(desk_url(rnd))
    nav = response.text.split('id="desk-filters"', 1)[1].split("</nav>", 1)[0]
    counts = dict(
        re.findall(r'data-filter="(\w+)"[^>]*>[^<]*<span class="count">(\d+)', nav)
    )
    assert counts == {
        "open": "3",
        "entered": "2",
        "confirmed": "1",
        "disputed": "0",
        "corrected": "0",
    }


@pytest.mark.parametrize(
    ("show", "numbers"),
    [
        ("open", [4, 5, 6]),
        ("entered", [1, 2]),
        ("confirmed", [3]),
        ("corrected", []),
        ("nonsense", [1, 2, 3, 4, 5, 6]),
    ],
)
def test_a_filter_lists_only_its_tables(director_client, desk, show, numbers):
    rnd, _tables = desk
    response = director_client.get(desk_url(rnd, f"?show={show}"))
    assert response.status_code == 200
    assert shown_tables(response) == numbers


def test_a_corrected_sheet_says_so_on_the_desk_and_has_its_filter(
    director_client, desk, director
):
    rnd, tables = desk
    sheet = ScoreSheet.objects.get(table=tables[2])
    for reason in ("paper says 54", "and 55"):
        Correction.objects.create(
            sheet=sheet, by=director, before={}, after={}, reason=reason
        )
    response = director_client.get(desk_url(rnd, "?show=corrected"))
    assert shown_tables(response) == [3]
    assert "corrected 2 times" in response.text
    assert f'href="{sheet_url(tables[2])}#corrections"' in response.text


def test_two_entries_that_differ_are_disputed_until_they_agree(
    director_client, sheet_round, director
):
    Tournament.objects.filter(pk=sheet_round.tournament_id).update(double_entry=True)
    second = get_user_model().objects.create_user("td2", password="secret-td2-1")
    one, two = (factories.individual_table(round=sheet_round, number=n) for n in (1, 2))
    play_table(one, director)
    play_table(one, second, copy=2, points=59)  # one point off, every deal
    play_table(two, director)
    play_table(two, second, copy=2)
    sheet_round.refresh_from_db()
    desk = selectors.round_desk(round=sheet_round)
    assert [r.number for r in desk.shown("disputed")] == [1]
    assert len(selectors.sheet_differences(sheet=one.sheet)) > 0
    assert selectors.sheet_differences(sheet=two.sheet) == []
    response = director_client.get(desk_url(sheet_round, "?show=disputed"))
    assert shown_tables(response) == [1]
    assert "entries differ" in response.text


# --------------------------------------------------------------- arrival order


def test_the_desk_remembers_the_order_the_sheets_arrived_in(director_client, desk):
    rnd, tables = desk
    base = timezone.now()
    for number, minutes in ((3, 30), (2, 10), (1, 20)):
        ScoreSheet.objects.filter(table__round=rnd, table__number=number).update(
            entered_at=base - datetime.timedelta(minutes=minutes)
        )
    response = director_client.get(desk_url(rnd, "?order=arrival"))
    assert shown_tables(response) == [2, 1, 3, 4, 5, 6]
    arrivals = response.text.split('id="arrivals"', 1)[1].split("</section>", 1)[0]
    assert re.findall(r"Table (\d+)</a>", arrivals) == ["2", "1", "3"]
    # A filter keeps the order: the entered ones, last entered first.
    response = director_client.get(desk_url(rnd, "?order=arrival&show=entered"))
    assert shown_tables(response) == [2, 1]


def test_the_progress_bars_count_confirmed_and_typed_sheets(director_client, desk):
    rnd, _tables = desk
    page = director_client.get(desk_url(rnd)).text
    assert 'id="progress-confirmed" max="6" value="1"' in page
    assert 'id="progress-in" class="typed" max="6" value="3"' in page


def test_the_desk_at_144_tables_takes_a_fixed_number_of_queries(
    client, director, django_assert_max_num_queries
):
    rnd = build_drawn_round(players=576, slug="desk-144", confirmed=False)
    rnd.tournament.directors.add(director)
    client.force_login(director)
    with django_assert_max_num_queries(15):
        response = client.get(desk_url(rnd, "?show=open"))
    assert response.status_code == 200
    assert len(shown_tables(response)) == 144


# --------------------------------------------------------------- the sheet's neighbours


def test_neighbours_are_by_number_and_next_not_entered_wraps(desk):
    _rnd, tables = desk
    nav = selectors.sheet_neighbours(table=tables[4])  # table 5
    assert nav.previous == (tables[3].pk, 4)
    assert nav.next == (tables[5].pk, 6)
    assert nav.next_open == (tables[5].pk, 6)
    last = selectors.sheet_neighbours(table=tables[5])  # table 6 wraps to 4
    assert last.next is None and last.next_open == (tables[3].pk, 4)
    first = selectors.sheet_neighbours(table=tables[0])
    assert first.previous is None and first.next_open == (tables[3].pk, 4)
    assert first.open == 3


def test_the_sheet_links_to_previous_next_and_next_not_entered(director_client, desk):
    _rnd, tables = desk
    page = director_client.get(sheet_url(tables[1])).text  # table 2
    assert f'href="{sheet_url(tables[0])}" rel="prev"' in page
    assert f'href="{sheet_url(tables[2])}" rel="next"' in page
    assert re.search(
        rf'href="{sheet_url(tables[3])}" id="next-open"[^>]*>Next not entered: table 4',
        page,
    )
    assert 'id="keys-help"' in page and "<kbd>]</kbd>" in page


def test_confirming_opens_the_next_table_not_entered(director_client, desk, director):
    _rnd, tables = desk
    sheet = ScoreSheet.objects.get(table=tables[1])
    response = director_client.post(
        sheet_url(tables[1], "scoring:sheet_confirm"),
        {"version": sheet.version},
        **HTMX,
    )
    assert response.status_code == 204
    assert response["HX-Redirect"] == sheet_url(tables[3])


def test_confirming_the_last_one_not_entered_goes_on_to_one_to_confirm(
    director_client, sheet_round, director
):
    one, two = (factories.individual_table(round=sheet_round, number=n) for n in (1, 2))
    sheet = play_table(one, director)
    play_table(two, director)
    response = director_client.post(
        sheet_url(one, "scoring:sheet_confirm"), {"version": sheet.version}
    )
    assert response["Location"] == sheet_url(two)


# ------------------------------------------------------ markup (finding 15)


def test_the_sheet_has_no_duplicate_ids_and_every_box_has_a_name(
    director_client, sheet_table
):
    page = director_client.get(sheet_url(sheet_table)).text
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    row = page.split('id="entry-row"', 1)[1].split("</tr>", 1)[0]
    boxes = re.findall(r"<(?:input|select)\b[^>]*>", row)
    assert boxes
    for box in boxes:
        assert "aria-label=" in box or 'type="hidden"' in box, box


def test_totals_boxes_have_one_id_each_and_their_labels(director_client, sheet_table):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )
    page = director_client.get(sheet_url(sheet_table)).text
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    for game in Game.objects.filter(table=sheet_table):
        assert f'<label for="id_score_a_{game.pk}">' in page
        assert f'id="id_score_a_{game.pk}"' in page


# ------------------------------------------------------ corrections (finding 14)


@pytest.fixture
def confirmed_sheet(sheet_table, director):
    sheet = play_table(sheet_table, director)
    return services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)


def test_the_edit_row_of_a_confirmed_sheet_has_one_reason_box(
    director_client, sheet_table, confirmed_sheet
):
    game = Game.objects.get(table=sheet_table, number=1)
    page = director_client.get(sheet_url(sheet_table) + f"?edit={game.pk}.2").text
    game_part = page.split('id="game-1"', 1)[1].split("</section>", 1)[0]
    assert game_part.count('name="reason"') == 1  # the event form has its own
    remove = re.search(r"<button[^>]*>Remove deal 2</button>", game_part).group(0)
    assert 'form="deal-form"' in remove
    assert f'hx-post="{sheet_url(sheet_table, "scoring:deal_delete")}"' in remove


def test_removing_without_a_reason_keeps_the_row_and_marks_the_reason_box(
    director_client, sheet_table, confirmed_sheet
):
    game = Game.objects.get(table=sheet_table, number=1)
    data = {
        "game": game.pk,
        "number": 2,
        "trump": "h",
        "points_a": 60,
        "declarer": 1,
        "version": confirmed_sheet.version,
        "reason": "",
    }
    response = director_client.post(
        sheet_url(sheet_table, "scoring:deal_delete"), data, **HTMX
    )
    assert response.status_code == 422
    row = response.text.split('id="entry-row"', 1)[1].split("</tr>", 1)[0]
    box = row.split('class="reason-box field-error"', 1)[1]
    assert "give a reason for the correction." in box
    assert 'name="reason"' in box
    data["reason"] = "deal 2 was typed twice"
    response = director_client.post(
        sheet_url(sheet_table, "scoring:deal_delete"), data, **HTMX
    )
    assert response.status_code == 200
    assert Correction.objects.filter(reason="deal 2 was typed twice").exists()
