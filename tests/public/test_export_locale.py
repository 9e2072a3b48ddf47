"""The CSV exports open in a Belgian or French Excel: ``;``, a BOM, decimal commas.

Issue 13, finding 13. Dutch and French readers get what their Excel reads on a
double click; English readers keep commas and decimal points. The formula
protection of issue 12 holds in every language.
"""

import csv
import io

import pytest
from django.urls import reverse

from clubs.models import Club, Player
from core.exports import decimal_comma
from tests.builders import build_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

BOM = "\ufeff"


@pytest.fixture
def event():
    t = build_event(players=16, rounds=2, final=0, seed=3, clubs=3)
    entry = Entry.objects.filter(tournament=t).select_related("player").first()
    Player.objects.filter(pk=entry.player_id).update(
        first_name="=HYPERLINK(1)", last_name="Ghesquière"
    )
    Club.objects.filter(pk=entry.player.club_id).update(name="Cercle Liégeois")
    return t


def _download(client, url, language: str, **params) -> str:
    client.cookies["django_language"] = language
    response = client.get(url, {"_export": "csv", **params})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return response.content.decode("utf-8")


@pytest.mark.parametrize("language", ["nl", "fr"])
def test_dutch_and_french_get_semicolons_a_bom_and_decimal_commas(
    client, event, language
):
    url = reverse("live:standings", args=[event.slug])
    text = _download(client, url, language, kind="clubs")
    assert text.startswith(BOM)
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert len(rows[0]) == 7 and all(len(r) == 7 for r in rows)
    percentages = [row[5] for row in rows[1:]]
    assert percentages and all("," in p and "." not in p for p in percentages)
    assert all(float(p.replace(",", ".")) <= 100 for p in percentages)
    assert "Cercle Liégeois" in [row[1] for row in rows]

    players = list(
        csv.reader(io.StringIO(_download(client, url, language)[1:]), delimiter=";")
    )
    assert "'=HYPERLINK(1) Ghesquière" in [row[1] for row in players]
    differences = [row[6] for row in players[1:]]
    assert any(d.startswith("-") for d in differences)  # numbers stay plain
    assert all(d.lstrip("-").isdigit() for d in differences)  # whole, no quote


def test_english_keeps_commas_and_decimal_points(client, event):
    url = reverse("live:standings", args=[event.slug])
    text = _download(client, url, "en", kind="clubs")
    assert not text.startswith(BOM)
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows[0]) == 7
    assert all("." in row[5] for row in rows[1:])


def test_the_results_download_follows_the_language_too(client, event):
    url = reverse("live:results", args=[event.slug, 1])
    text = _download(client, url, "fr")
    assert text.startswith(BOM)
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert len(rows) > 1 and len(rows[0]) == 7


def test_the_xlsx_is_the_same_in_every_language(client, event):
    import openpyxl

    url = reverse("live:standings", args=[event.slug])
    client.cookies["django_language"] = "nl"
    response = client.get(url, {"_export": "xlsx", "kind": "clubs"})
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.cell(row=1, column=1).value == "#"  # no byte order mark


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (66.67, "66,67"),
        ("57.08", "57,08"),
        ("-0.5", "-0,5"),
        (12, 12),
        ("12", "12"),
        ("1.2.3", "1.2.3"),
        ("Dupont.", "Dupont."),
        (None, None),
    ],
)
def test_only_decimal_numbers_get_a_comma(value, written):
    assert decimal_comma(value) == written
