"""The director's small things: dates in the page's language, real plurals, an
import summary that names the lines to correct and each new club once, and no
internal version number or bare "×" on the score sheet."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournaments import registration

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    "language,shown",
    [("en", "Oct. 4, 2026"), ("nl", "4 oktober 2026"), ("fr", "4 octobre 2026")],
)
def test_the_director_home_shows_dates_in_the_page_language(
    director_client, tournament, language, shown
):
    director_client.cookies["django_language"] = language
    html = director_client.get(reverse("director:home")).content.decode()
    assert shown in html
    assert "10/04/2026" not in html  # the US short date the home used to show


# -------------------------------------------------------------------- plurals


def test_a_team_of_one_in_the_import_is_said_in_the_singular():
    t = factories.TournamentFactory(format="pairs")
    text = "first_name;last_name;club;team\nAn;Aerts;Brugge;De Azen\n"
    result = registration.registrations_import(
        tournament=t, csv_text=text, commit=False
    )
    errors = [e for row in result.rows for e in row.errors]
    assert errors == ["Team “De Azen” has 1 player in the file; a team is two players."]
    assert not any("(s)" in e for e in errors)


def test_a_team_of_three_in_the_import_is_said_in_the_plural():
    t = factories.TournamentFactory(format="pairs")
    text = "first_name;last_name;club;team\n" + "".join(
        f"P{n};Aerts;Brugge;De Azen\n" for n in range(3)
    )
    result = registration.registrations_import(
        tournament=t, csv_text=text, commit=False
    )
    assert "has 3 players in the file" in result.rows[0].errors[0]


# ---------------------------------------------------------------- the import


def test_a_new_club_is_noted_once_not_on_every_line(tournament):
    text = "first_name;last_name;club\n" + "".join(
        f"P{n};Aerts;{club}\n"
        for n, club in enumerate(["Brugge", "Brugge", "Gent", "brugge", "Gent"])
    )
    result = registration.registrations_import(
        tournament=tournament, csv_text=text, commit=False
    )
    notes = [row.notes for row in result.rows]
    assert [("new club" in n) for n in notes] == [True, False, True, False, False]
    assert all("new player" in n for n in notes)


def test_the_import_summary_lists_the_lines_to_correct_at_the_top(
    director_client, tournament
):
    url = reverse("director:import", kwargs={"slug": tournament.slug})
    text = (
        "voornaam;achternaam\nJan;Peeters\n;Zonder Voornaam\nAn;Aerts\n"
        "Jan;Peeters\nEls;\n"
    )
    html = director_client.post(url, {"text": text}).content.decode()
    alert = html[html.index('role="alert"') : html.index("</div>", html.index("alert"))]
    assert "Lines to correct:" in alert
    assert re.findall(r'href="#line-(\d+)"', alert) == ["3", "5", "6"]
    for line in (3, 5, 6):
        assert f'<tr id="line-{line}" class="row-error">' in html


def test_one_line_to_correct_is_said_in_the_singular(director_client, tournament):
    url = reverse("director:import", kwargs={"slug": tournament.slug})
    text = "voornaam;achternaam\nJan;Peeters\n;Zonder Voornaam\n"
    html = director_client.post(url, {"text": text}).content.decode()
    assert "Line to correct:" in html and 'href="#line-3"' in html


# ------------------------------------------------------------------ the sheet


def test_the_sheet_shows_no_version_number_and_names_the_multiplier(
    director_client, sheet_table
):
    url = reverse("scoring:sheet", args=[sheet_table.pk])
    with translation.override("en"):
        html = director_client.get(url).content.decode()
    assert "Version " not in html
    assert '<th class="num ph">×</th>' not in html
    assert re.search(r">\s*×\s*<", html) is None  # no bare "×" anywhere
    assert '<th class="num ph">Multiplier</th>' in html
