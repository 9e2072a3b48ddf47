"""Test the CSV import of registrations: preview, per-row errors, all or nothing."""

import datetime
from pathlib import Path

import pytest

from clubs.models import Club, Player, Team
from draws import services as draw_services
from tests import factories
from tournaments import registration, services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def individual(director):
    return services.tournament_create(
        by=director, name="WK", slug="wk", date=datetime.date(2026, 10, 4)
    )


@pytest.fixture
def pairs(director):
    return services.tournament_create(
        by=director,
        name="Pairs",
        slug="pairs",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.PAIRS,
    )


def test_the_64_player_sample_imports_with_new_clubs_and_players(individual):
    text = (DATA / "players_64.csv").read_text(encoding="utf-8")
    preview = registration.registrations_import(
        tournament=individual, csv_text=text, commit=False
    )
    assert preview.ok and not preview.committed
    assert preview.new_entries == 64
    assert Entry.objects.count() == 0  # a preview writes nothing
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert result.committed
    assert result.created_entries == 64 and result.created_clubs == 8
    assert Entry.objects.filter(tournament=individual).count() == 64
    assert Entry.objects.filter(status=Entry.Status.REGISTERED).count() == 64
    assert Player.objects.filter(member_number="1001").exists()


def test_importing_the_same_file_again_skips_who_is_registered(individual):
    text = (DATA / "players_64.csv").read_text(encoding="utf-8")
    registration.registrations_import(tournament=individual, csv_text=text, commit=True)
    again = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert again.ok and again.skipped == 64 and again.created_entries == 0
    assert Entry.objects.count() == 64


def test_the_20_pair_sample_makes_teams_of_two(pairs):
    text = (DATA / "pairs_20.csv").read_text(encoding="utf-8")
    result = registration.registrations_import(
        tournament=pairs, csv_text=text, commit=True
    )
    assert result.committed, [r.errors for r in result.rows]
    assert result.created_teams == 20 and result.created_players == 40
    team = Team.objects.get(name="De Manillons")
    assert team.player_one and team.player_two
    assert Entry.objects.filter(tournament=pairs, team__isnull=False).count() == 20


def test_a_bad_row_means_nothing_is_imported(individual):
    text = "first_name,last_name,club\nAnna,Peeters,Zot\n,Claeys,Zot\nBen,Maes,Zot\n"
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert not result.ok and not result.committed
    assert [r.line for r in result.error_rows] == [3]
    assert "first name" in result.error_rows[0].errors[0]
    assert Entry.objects.count() == Player.objects.count() == Club.objects.count() == 0


def test_a_duplicate_in_the_file_is_reported_on_its_row(individual):
    text = "voornaam;achternaam;club\nAnna;Peeters;Zot\nANNA;peeters;zot\n"
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=False
    )
    assert [r.line for r in result.error_rows] == [3]
    assert "line 2" in result.error_rows[0].errors[0]


def test_a_member_number_taken_by_someone_else_is_an_error(individual):
    club = factories.ClubFactory(name="Zot")
    factories.PlayerFactory(
        first_name="Karel", last_name="Vos", club=club, member_number="77"
    )
    text = "prénom,nom,club,numéro de membre\nAnna,Peeters,Zot,77\n"
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert not result.committed
    assert "Karel Vos" in result.error_rows[0].errors[0]


def test_an_existing_player_is_reused_not_duplicated(individual):
    club = factories.ClubFactory(name="De Zot", short_name="DZ")
    player = factories.PlayerFactory(first_name="Éric", last_name="Maes", club=club)
    text = "first_name;last_name;club\néric;MAES;de zot\n"
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert result.committed and result.created_players == 0
    assert Entry.objects.get().player == player


def test_a_bom_semicolons_and_dutch_headers_are_understood(individual):
    text = "\ufeffVoornaam;Achternaam;Club;Lidnummer\r\nJan;Peeters;Zot;12\r\n"
    result = registration.registrations_import(
        tournament=individual, csv_text=text, commit=True
    )
    assert result.committed
    assert Player.objects.get().member_number == "12"


def test_a_file_without_name_columns_is_refused_with_the_columns_found(individual):
    result = registration.registrations_import(
        tournament=individual, csv_text="a,b,c\n1,2,3\n", commit=True
    )
    assert not result.ok and "a, b, c" in result.errors[0]


def test_an_empty_file_is_refused(individual):
    result = registration.registrations_import(
        tournament=individual, csv_text="\n\n", commit=True
    )
    assert result.errors


def test_a_team_with_one_player_is_an_error_on_its_row(pairs):
    text = "first_name,last_name,team\nA,One,Solo\nB,Two,Duo\nC,Three,Duo\n"
    result = registration.registrations_import(
        tournament=pairs, csv_text=text, commit=True
    )
    assert [r.line for r in result.error_rows] == [2]
    assert Team.objects.count() == 0


def test_a_pairs_file_needs_a_team_column(pairs):
    result = registration.registrations_import(
        tournament=pairs, csv_text="first_name,last_name\nA,B\n", commit=False
    )
    assert result.errors


def test_an_import_after_the_draw_began_registers_late_entries(individual, director):
    for _ in range(4):
        factories.EntryFactory(tournament=individual)
    draw_services.round_draw(phase=individual.phases.get(), by=director, seed=1)
    result = registration.registrations_import(
        tournament=individual,
        csv_text="first_name,last_name\nLaat,Komer\n",
        commit=True,
    )
    entry = Entry.objects.get(player__last_name="Komer")
    assert result.committed and entry.late and entry.status == Entry.Status.PRESENT
