"""The public CSV and XLSX exports open in a spreadsheet as text, never as formulas.

Issue 12, finding 5 (formula injection) and the XLSX export's 500 on a stored
control character (finding 2). The real files are parsed: csv for the CSV,
openpyxl for the XLSX.
"""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import Club, Player
from core.exports import spreadsheet_safe
from tests.builders import build_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://evil","x")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "-2+3",
    "\tTAB=1+1",
]


@pytest.fixture
def event():
    tournament = build_event(players=16, rounds=2, final=0, seed=3, clubs=4)
    players = Player.objects.filter(
        pk__in=Entry.objects.filter(tournament=tournament).values("player_id")
    ).order_by("pk")
    for player, name in zip(players, HOSTILE, strict=False):
        # Straight to the database: a first name is all the attack needs.
        Player.objects.filter(pk=player.pk).update(first_name=name, last_name="X")
    Club.objects.filter(pk=players[0].club_id).update(name="=1+1")
    return tournament


def _csv(client, url, **params) -> list[list[str]]:
    response = client.get(url, {"_export": "csv", **params})
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


def _xlsx(client, url, **params):
    response = client.get(url, {"_export": "xlsx", **params})
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(response.content)).active


def _cells(sheet):
    return [cell for row in sheet.iter_rows() for cell in row]


def test_a_formula_name_is_text_in_the_standings_csv(client, event):
    rows = _csv(client, reverse("live:standings", args=[event.slug]))
    names = [row[1] for row in rows[1:]]
    assert sorted(f"'{name} X" for name in HOSTILE) == sorted(
        n for n in names if n[0] == "'"
    )
    assert not any(n.startswith(("=", "+", "-", "@", "\t")) for n in names)
    clubs = {row[2] for row in rows[1:]}
    assert "'=1+1" in clubs and "=1+1" not in clubs


def test_a_formula_name_is_a_text_cell_in_the_standings_xlsx(client, event):
    cells = _cells(_xlsx(client, reverse("live:standings", args=[event.slug])))
    assert not [c.value for c in cells if c.data_type == "f"]  # no live formula
    for name in HOSTILE:
        hostile = [c for c in cells if c.value == f"'{name} X"]
        assert len(hostile) == 1 and hostile[0].data_type == "s", name


def test_numbers_stay_numbers_negative_ones_too(client, event):
    url = reverse("live:standings", args=[event.slug])
    sheet = _xlsx(client, url)
    header = [c.value for c in sheet[1]]
    difference = header.index("difference") + 1
    values = [sheet.cell(row=r, column=difference) for r in range(2, sheet.max_row + 1)]
    assert any(c.value < 0 for c in values)
    assert all(c.data_type == "n" and isinstance(c.value, int) for c in values)
    rank = [sheet.cell(row=r, column=1).data_type for r in range(2, sheet.max_row + 1)]
    assert set(rank) == {"n"}
    rows = _csv(client, url)
    negative = [
        row[difference - 1] for row in rows[1:] if row[difference - 1][0] == "-"
    ]
    assert negative and all(int(v) < 0 for v in negative)


def test_the_club_standings_and_the_results_are_safe_too(client, event):
    clubs = _xlsx(client, reverse("live:standings", args=[event.slug]), kind="clubs")
    assert "'=1+1" in [c.value for c in _cells(clubs)]
    assert not [c for c in _cells(clubs) if c.data_type == "f"]
    url = reverse("live:results", args=[event.slug, 1])
    text = "\n".join(",".join(row) for row in _csv(client, url))
    cells = [cell for row in _csv(client, url) for cell in row]
    assert not any(c.startswith(("=", "+", "-", "@", "\t")) for c in cells), text
    results = _xlsx(client, url)
    assert not [c for c in _cells(results) if c.data_type == "f"]


def test_a_stored_control_character_does_not_break_the_xlsx(client, event):
    """An old row from before the validators (a UTF-16 file read as UTF-8).

    Its NULs are no test on PostgreSQL, which never stored them; the other control
    characters are what openpyxl refuses too.
    """
    player = Player.objects.filter(first_name="@SUM(1+1)").get()
    Player.objects.filter(pk=player.pk).update(
        first_name="J\x01a\x02n\x03", last_name="P\x1be\x0bters"
    )
    sheet = _xlsx(client, reverse("live:standings", args=[event.slug]))
    assert "Jan Peters" in [c.value for c in _cells(sheet)]


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+32 475 12 34 56", "'+32 475 12 34 56"),
        ("\rX", "'\rX"),
        ("-3", "-3"),
        ("+2.5", "+2.5"),
        ("-3-60", "'-3-60"),
        ("60-40", "60-40"),
        ("Dupont-Durand", "Dupont-Durand"),
        (-12, -12),
        (1.5, 1.5),
        (None, None),
    ],
)
def test_only_text_that_a_spreadsheet_would_run_is_quoted(value, safe):
    assert spreadsheet_safe(value) == safe
