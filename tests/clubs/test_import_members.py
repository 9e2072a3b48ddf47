"""A club imports its members from a CSV or Excel list (issue 21), as a tournament
imports its registrations: the same reader, header names in English, Dutch or
French, a preview with every row's errors and duplicates, nothing written until
every row is right; members are matched by member number or name."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from clubs.imports import members_import
from clubs.models import Player
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return factories.ClubFactory(name="De Zotte Boer", short_name="ZB")


@pytest.fixture
def manager(club):
    user = get_user_model().objects.create_user("manager", password="pw-manager-1")
    club.managers.add(user)
    return user


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


@pytest.fixture
def known(club):
    """Two members already (one with a number), and a player of no club."""
    return {
        "jef": factories.PlayerFactory(
            club=club, first_name="Jef", last_name="Claeys", member_number="12"
        ),
        "mia": factories.PlayerFactory(
            club=club, first_name="Mia", last_name="Vermeulen", member_number=""
        ),
        "free": factories.PlayerFactory(
            club=None, first_name="Rik", last_name="Bossuyt", member_number=""
        ),
        "other": factories.PlayerFactory(
            first_name="Els", last_name="Ghesquière", member_number="7"
        ),
    }


MEMBERS = (
    "voornaam;achternaam;lidnummer\n"
    "Jef;Claeys;12\n"  # already a member, same number
    "Mia;Vermeulen;13\n"  # a member, who gets her number
    "Rik;Bossuyt;\n"  # no club yet: joins
    "Ann;Debaene;14\n"  # new
)


def test_the_preview_says_what_happens_and_writes_nothing(club, manager, known):
    result = members_import(club=club, text=MEMBERS, commit=False, by=manager)
    assert result.ok and not result.committed
    what = {r.first_name: " ".join(r.notes) for r in result.rows}
    assert what == {
        "Jef": "already a member",
        "Mia": "already a member; member number added",
        "Rik": "a known player without a club: joins the club",
        "Ann": "new player",
    }
    assert result.new_members == 2 and result.unchanged == 1
    assert Player.objects.filter(club=club).count() == 2


def test_the_import_adds_the_members_and_matches_the_known_ones(club, manager, known):
    result = members_import(club=club, text=MEMBERS, commit=True, by=manager)
    assert result.committed
    assert (result.created_players, result.joined, result.numbered) == (1, 1, 1)
    members = {p.first_name: p.member_number for p in Player.objects.filter(club=club)}
    assert members == {"Jef": "12", "Mia": "13", "Rik": "", "Ann": "14"}
    known["free"].refresh_from_db()
    assert known["free"].club == club  # the same player, not a second one
    assert Player.objects.filter(first_name="Rik").count() == 1
    # Imported again: nothing new.
    again = members_import(club=club, text=MEMBERS, commit=True, by=manager)
    assert again.committed and again.unchanged == 4 and again.created_players == 0


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("Ann;Debaene;12", "Member number 12 belongs to Jef Claeys."),
        ("Jef;Claeys;99", "Jef Claeys has member number 12, not 99."),
        ("Mia;Vermeulen;5\nmia;VERMEULEN;6", "mia VERMEULEN is already on line 2."),
        ("Ann;Debaene;20\nBob;Peeters;20", "Member number 20 is already on line 2."),
        ("Ann;;20", "The last name is missing."),
        ("Ann;Debaene\x07;20", "control character"),
    ],
)
def test_every_wrong_row_is_named_and_nothing_is_imported(
    club, manager, known, line, error
):
    text = "first_name;last_name;member_number\n" + line + "\nZoë;Aerts;30\n"
    result = members_import(club=club, text=text, commit=True, by=manager)
    assert not result.committed and not result.ok
    assert any(error in e for r in result.error_rows for e in r.errors), [
        r.errors for r in result.rows
    ]
    assert not Player.objects.filter(last_name="Aerts").exists()


def test_a_line_for_another_club_is_refused(club, manager):
    text = "prénom;nom;club\nAnn;Debaene;De Zotte Boer\nBob;Peeters;Den Aas\n"
    text += "Eva;Maes;ZB\n"
    result = members_import(club=club, text=text, commit=False, by=manager)
    assert [r.errors for r in result.rows] == [
        [],
        ["This line is for the club “Den Aas”, not De Zotte Boer."],
        [],
    ]


def test_only_the_clubs_managers_and_staff_import(client, club, known):
    other = get_user_model().objects.create_user("other", password="pw-other-1")
    factories.ClubFactory(name="Den Aas").managers.add(other)
    client.force_login(other)
    url = reverse("director:club_import", args=[club.pk])
    assert client.get(url).status_code == 403
    response = client.post(url, {"text": MEMBERS, "commit": "1"})
    assert response.status_code == 403
    assert Player.objects.filter(club=club).count() == 2


def _xlsx(rows) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_page_previews_an_excel_list_then_imports_it(manager_client, club, known):
    people = reverse("director:club_people", args=[club.pk])
    url = reverse("director:club_import", args=[club.pk])
    assert f'href="{url}"' in manager_client.get(people).content.decode()
    workbook = _xlsx(
        [
            ["Voornaam", "Achternaam", "Lidnummer"],
            ["Ann", "Debaene", 14],  # a number cell: 14, not 14.0
            [None, None, None],  # an empty row keeps the rows' numbers
            ["Rik", "Bossuyt", None],
        ]
    )
    upload = SimpleUploadedFile("leden.xlsx", workbook)
    response = manager_client.post(url, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="line-2"' in html and 'id="line-4"' in html
    assert "Ann Debaene <span class=\"muted\">(14)</span>" in html
    assert "Preview: 2 members will be added." in html
    assert not Player.objects.filter(last_name="Debaene").exists()
    text = response.context["form"].initial["text"]
    response = manager_client.post(url, {"text": text, "commit": "1"})
    assert response.status_code == 302 and response["Location"] == people
    assert Player.objects.get(last_name="Debaene").member_number == "14"
    assert Player.objects.get(last_name="Bossuyt").club == club


def test_a_file_that_is_no_workbook_nor_text_is_a_clear_error(manager_client, club):
    url = reverse("director:club_import", args=[club.pk])
    upload = SimpleUploadedFile("leden.xlsx", b"PK\x03\x04 not really a zip")
    response = manager_client.post(url, {"file": upload})
    assert response.status_code == 200
    assert "cannot be read as an Excel workbook" in response.content.decode()


def test_the_page_shows_every_rows_error_and_offers_no_import(
    manager_client, club, known
):
    url = reverse("director:club_import", args=[club.pk])
    text = "first_name;last_name;member_number\nAnn;Debaene;12\nBob;Peeters;15\n"
    response = manager_client.post(url, {"text": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Member number 12 belongs to Jef Claeys." in html
    assert "Nothing has been imported" in html and 'id="import-now"' not in html
