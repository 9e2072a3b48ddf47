"""The desk of a tournament whose tables enter their own results.

Each table says where its sheet stands (entered at the table, awaiting
acceptance, accepted, disputed, taken over); the director's sheet page shows the
table's code and takes the sheet over from the table or gives it back.
"""

import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from phones import services as phone_services
from phones.models import TableCode
from phones.services import TableCodeRefused
from scoring.models import ScoreSheet
from scoring.services import DealInput
from tests import factories
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def desk_url(rnd):
    return reverse("scoring:round", kwargs={"round_id": rnd.pk})


def sheet_url(table, name="scoring:sheet"):
    return reverse(name, kwargs={"table_id": table.pk})


def key() -> str:
    return uuid.uuid4().hex


@pytest.fixture
def tables(tournament, sheet_round):
    """Three tables of a round the tables enter, confirmed by the opponents."""
    Tournament.objects.filter(pk=tournament.pk).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    return [factories.individual_table(round=sheet_round, number=n) for n in (1, 2, 3)]


def code_of(table) -> str:
    return phone_services.table_codes_ensure(round=table.round)[table.number]


def play_game_at_table(table, *, seat=1, game=1):
    """Four deals of hearts typed on the table's phone: side A reaches 101."""
    code = code_of(table)
    for _ in range(4):
        version = ScoreSheet.objects.get(table=table).version
        phone_services.table_deal_save(
            code=code,
            seat=seat,
            key=key(),
            version=version,
            game=game,
            deal=DealInput("hearts", 60),
        )
    return ScoreSheet.objects.get(table=table)


def state_cells(html: str) -> dict[str, str]:
    """Table number → the text of its row's "at the table" badge ("" if none)."""
    rows = re.findall(
        r'<tr[^>]*data-table-state="([a-z]*)"[^>]*>(.*?)</tr>', html, re.S
    )
    found = {}
    for state, row in rows:
        number = re.search(r"/director/sheets/table/\d+/\">(\d+)</a>", row).group(1)
        badge = re.search(r'class="badge table-[a-z]+"[^>]*>([^<]+)<', row)
        found[number] = (state, badge.group(1) if badge else "")
    return found


def test_the_desk_says_where_each_tables_sheet_stands(director_client, tables):
    play_game_at_table(tables[0])  # a finished game, not yet accepted
    sheet = play_game_at_table(tables[1])
    phone_services.table_accept(
        code=code_of(tables[1]),
        personal_code=tables[1].seats.get(position=3).entry.personal_code,
        seat=3,
        key=key(),
        version=sheet.version,
        game=1,
        accepted=False,
        reason="Deal 2 was diamonds",
    )
    html = director_client.get(desk_url(tables[0].round)).content.decode()
    assert "At the table" in html
    cells = state_cells(html)
    assert cells["1"] == ("awaiting", "Awaiting acceptance")
    assert cells["2"] == ("disputed", "Disputed")
    assert cells["3"] == ("", "")


def test_the_desk_shows_every_table_state_by_its_name(director_client, tables):
    states = ["entering", "accepted", "desk"]
    for table, state in zip(tables, states, strict=True):
        ScoreSheet.objects.filter(table=table).update(table_state=state)
    cells = state_cells(director_client.get(desk_url(tables[0].round)).content.decode())
    assert cells == {
        "1": ("entering", "Entered at the table"),
        "2": ("accepted", "Accepted"),
        "3": ("desk", "Taken over by the desk"),
    }


def test_a_desk_tournament_has_no_column_for_the_tables(director_client, sheet_table):
    html = director_client.get(desk_url(sheet_table.round)).content.decode()
    assert "At the table" not in html
    assert (
        "table-code" not in director_client.get(sheet_url(sheet_table)).content.decode()
    )
    assert not TableCode.objects.exists()


def test_the_sheet_page_shows_the_directors_the_tables_code(director_client, tables):
    html = director_client.get(sheet_url(tables[1])).content.decode()
    code = TableCode.objects.get(table=tables[1]).code
    assert re.search(rf'id="table-code">{code}<', html)
    assert "nothing entered at the table yet" in html
    assert 'id="take-over"' in html
    # Every table of the round got its code at once (the desk needs them all).
    assert TableCode.objects.filter(table__round=tables[0].round).count() == 3


def test_taking_a_sheet_over_stops_its_code_and_giving_it_back_restarts_it(
    director_client, tables
):
    table = tables[0]
    sheet = play_game_at_table(table)
    assert sheet.table_state == "awaiting"
    url = sheet_url(table, "scoring:sheet_take_over")
    response = director_client.post(url, {"version": sheet.version, "action": "x"})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.table_state == "desk"
    with pytest.raises(TableCodeRefused) as refused:
        phone_services.table_open(code=code_of(table))
    assert refused.value.code == "taken_over"
    html = director_client.get(sheet_url(table)).content.decode()
    assert 'id="give-back"' in html and 'id="take-over"' not in html
    assert "Taken over by the desk" in html

    # Given back (htmx, as the page's button posts it): the table enters again.
    response = director_client.post(
        url, {"version": sheet.version, "action": "give_back"}, **HTMX
    )
    assert response.status_code == 200
    sheet.refresh_from_db()
    assert sheet.table_state == "awaiting"
    assert 'id="take-over"' in response.content.decode()
    assert phone_services.table_open(code=code_of(table)).pk == sheet.pk


def test_a_stale_take_over_is_refused_and_changes_nothing(director_client, tables):
    table = tables[0]
    sheet = play_game_at_table(table)
    url = sheet_url(table, "scoring:sheet_take_over")
    response = director_client.post(url, {"version": sheet.version - 1}, **HTMX)
    assert response.status_code == 409
    sheet.refresh_from_db()
    assert sheet.table_state == "awaiting"
    for bad in ({}, {"version": "x"}, {"version": "9" * 40}):
        assert director_client.post(url, bad).status_code == 400
    assert director_client.get(url).status_code == 405


def test_only_the_tournaments_directors_take_a_sheet_over(client, tables):
    stranger = get_user_model().objects.create_user("stranger", password="x")
    client.force_login(stranger)
    table = tables[0]
    url = sheet_url(table, "scoring:sheet_take_over")
    assert client.post(url, {"version": 0}).status_code == 403
    assert ScoreSheet.objects.get(table=table).table_state == ""
