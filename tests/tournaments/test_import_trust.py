"""The CSV import never answers 500 and never stores garbage, whatever the file holds.

Issue 12, findings 1 and 2: odd files (only quotes, only separators, a quotation
mark never closed, old Mac line ends) and every encoding a spreadsheet saves as.
"""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Club, Player, Team
from tournaments import registration, services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

NAMES = "voornaam;achternaam;club\nÉric;Ghesquière;Café Zot\nAnna;Maes;Café Zot\n"


@pytest.fixture
def url(tournament):
    return reverse("director:import", kwargs={"slug": tournament.slug})


@pytest.fixture
def pairs(director):
    return services.tournament_create(
        by=director,
        name="Pairs",
        slug="pairs",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.PAIRS,
    )


def _upload(content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", content, "text/csv")


def _nothing_stored():
    return not (
        Entry.objects.exists() or Player.objects.exists() or Club.objects.exists()
    )


def _all_text_in_the_database() -> str:
    names = [
        *Player.objects.values_list("first_name", "last_name", "member_number"),
        *Club.objects.values_list("name", "short_name", "city"),
        *Team.objects.values_list("name"),
    ]
    return "".join("".join(row) for row in names)


# ------------------------------------------------------ files that are not files


@pytest.mark.parametrize(
    "text", ['""', '"   "', ";;;", ",,,\n,,,\n", '"";"";""\n\t\t\n'], ids=repr
)
def test_a_file_of_quotes_or_separators_only_is_empty_not_a_crash(
    director_client, url, text
):
    for data in ({"text": text}, {"file": _upload(text.encode())}):
        response = director_client.post(url, data)
        assert response.status_code == 400, text
        assert "The file is empty." in response.text
    assert _nothing_stored()


def test_a_quotation_mark_never_closed_is_an_error_on_its_line(director_client, url):
    text = 'voornaam;achternaam\nJan;Peeters\n"Anna' + "x" * 140_000 + ";Maes\n"
    for data in ({"text": text}, {"file": _upload(text.encode())}):
        response = director_client.post(url, data)
        assert response.status_code == 400
        assert "Line 3 cannot be read" in response.text
        assert "quotation mark" in response.text
    assert _nothing_stored()


def test_old_mac_line_ends_are_lines(director_client, url):
    text = "voornaam;achternaam\rJan;Peeters\rAnna;Maes\r"
    response = director_client.post(url, {"text": text, "commit": "1"})
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("last_name", flat=True)) == [
        "Maes",
        "Peeters",
    ]


def test_a_cell_over_two_lines_keeps_the_line_numbers_of_the_file(tournament):
    text = 'first_name;last_name\n"Jan\nJozef";Peeters\n;Maes\n'
    result = registration.registrations_import(
        tournament=tournament, csv_text=text, commit=False
    )
    assert [r.line for r in result.rows] == [2, 4]
    assert result.rows[0].first_name == "Jan Jozef"
    assert result.error_rows[0].line == 4


# -------------------------------------------------------------------- encodings


@pytest.mark.parametrize(
    "codec",
    [
        "utf-8",
        "utf-8-sig",
        "utf-16",  # with a byte-order mark (little-endian here)
        "utf-16-le",  # without one: Excel's "Unicode text", a careless script
        "utf-16-be",
        "utf-32",
        "cp1252",  # a Belgian spreadsheet's plain "CSV"
    ],
)
def test_every_encoding_a_spreadsheet_saves_as_imports_the_same_names(
    director_client, url, tournament, codec
):
    preview = director_client.post(url, {"file": _upload(NAMES.encode(codec))})
    assert preview.status_code == 200, preview.text
    assert "Ghesquière" in preview.text and "Café Zot" in preview.text
    text = preview.context["form"].initial["text"]
    done = director_client.post(url, {"text": text, "commit": "1"})
    assert done.status_code == 302
    assert Player.objects.get(last_name="Ghesquière").first_name == "Éric"
    assert Club.objects.get().name == "Café Zot"
    assert Entry.objects.filter(tournament=tournament).count() == 2
    assert "\x00" not in _all_text_in_the_database()


def test_a_file_neither_utf8_nor_windows_1252_says_which_line(director_client, url):
    raw = b"voornaam;achternaam\nJan;Peeters\n\x81ric;Maes\n"
    response = director_client.post(url, {"file": _upload(raw)})
    assert response.status_code == 200
    assert "line 3" in response.text and "0x81" in response.text
    assert "Windows-1252" in response.text
    assert _nothing_stored()


def test_a_truncated_utf16_file_is_refused_not_misread(director_client, url):
    raw = NAMES.encode("utf-16-le") + b"\x00"
    response = director_client.post(url, {"file": _upload(raw)})
    assert response.status_code == 200
    assert "UTF-16-LE" in response.text
    assert _nothing_stored()


# ---------------------------------------------------------- control characters


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x1f", "\x85", "\u2028", "\u202e"])
def test_a_control_character_is_an_error_on_its_line_and_column(
    director_client, url, char
):
    text = f"voornaam;achternaam;club\nJan;Peeters;Zot\nAnna;Ma{char}es;Zot\n"
    for data in (
        {"text": text},
        {"text": text, "commit": "1"},
        {"file": _upload(text.encode())},
    ):
        response = director_client.post(url, data)
        assert response.status_code == 400
        rows = response.context["result"].error_rows
        assert [r.line for r in rows] == [3]
        assert rows[0].errors[0].startswith("Column 2 (last name):")
        assert f"U+{ord(char):04X}" in rows[0].errors[0]
        assert "position 3" in rows[0].errors[0]
        assert "Import now" not in response.text
    assert _nothing_stored()


def test_a_value_too_long_for_its_field_is_an_error_on_its_column(tournament):
    text = "first_name;last_name;club\nJan;Peeters;" + "Z" * 121 + "\n"
    result = registration.registrations_import(
        tournament=tournament, csv_text=text, commit=True
    )
    assert not result.committed
    assert result.error_rows[0].errors[0].startswith("Column 3 (club):")
    assert "120" in result.error_rows[0].errors[0]
    assert _nothing_stored()


def test_a_team_name_with_a_nul_is_an_error_and_never_looked_up(pairs):
    """On PostgreSQL the lookup itself would fail: the row is refused first."""
    text = "first_name,last_name,team\nA,One,Duo\x00\nB,Two,Duo\x00\n"
    result = registration.registrations_import(
        tournament=pairs, csv_text=text, commit=True
    )
    assert not result.committed
    assert [r.line for r in result.error_rows] == [2, 3]
    assert all("Column 3 (team)" in r.errors[0] for r in result.error_rows)
    assert _nothing_stored() and not Team.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"first_name": "Jan\x01", "last_name": "Peeters"},
        {"first_name": "Jan", "last_name": "Peeters", "club": "Zot\x00"},
        {"first_name": "Jan", "last_name": "Peeters", "member_number": "1\t2"},
    ],
)
def test_a_typed_entry_with_a_control_character_is_refused(tournament, fields):
    with pytest.raises(ValidationError) as info:
        registration.registration_add(tournament=tournament, **fields)
    assert "control character" in " ".join(info.value.messages)
    assert _nothing_stored()
