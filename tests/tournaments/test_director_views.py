"""Test the director's pages: setup, check-in, import, draw, swap and publish."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from draws import services as draw_services
from scoring.models import DealRecord, Game
from tests import factories
from tournaments.models import (
    RULE_FIELDS,
    Entry,
    Phase,
    Round,
    RoundLog,
    Seat,
    Tournament,
)

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def staff_client(client, director):
    director.is_staff = True
    director.save()
    client.force_login(director)
    return client


def phase_post(rows):
    data = {
        "phases-TOTAL_FORMS": str(len(rows)),
        "phases-INITIAL_FORMS": "0",
        "phases-MIN_NUM_FORMS": "1",
        "phases-MAX_NUM_FORMS": "1000",
    }
    for i, row in enumerate(rows):
        for key, value in row.items():
            data[f"phases-{i}-{key}"] = value
    return data


def tournament_post(**overrides):
    data = {
        "name": "WK Manillen",
        "slug": "wk-2026",
        "date": "2026-10-04",
        "venue": "Jabbeke",
        "format": "individual",
        "language": "nl",
        "is_public": "on",
        "multiplier": "multiply",
        "no_trump_doubles": "on",
        "blind_doubles": "on",
        "max_knocks": "2",
        "target": "101",
        "bye_score": "fixed",
        "bye_points": "0",
        "bye_wins": "on",
        "entry_mode": "deals",
        "forfeit_points": "101",
        "tiebreak_1": "games_won",
        "tiebreak_2": "points",
    }
    data.update(overrides)
    return data


@pytest.fixture
def drawn(tournament, director):
    """The conftest tournament with 10 present players and round 1 drawn (draft)."""
    phase = factories.PhaseFactory(tournament=tournament, rounds=3)
    for _ in range(10):
        factories.EntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=phase, by=director, seed=11)
    return rnd


# ---------------------------------------------------------------- tournaments


def test_staff_creates_a_tournament_with_a_qualifying_phase_and_a_final(
    staff_client, director
):
    phases = [
        {
            "name": "Qualifying",
            "rounds": "3",
            "draw_method": "individual",
            "games_per_table": "3",
            "advancement": "table_winners",
        },
        {
            "name": "Final",
            "rounds": "1",
            "draw_method": "seeded",
            "games_per_table": "3",
            "advancement": "none",
        },
    ]
    response = staff_client.post(
        reverse("director:tournament_create"), tournament_post() | phase_post(phases)
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="wk-2026")
    assert director in tournament.directors.all()
    assert list(tournament.phases.values_list("name", "rounds")) == [
        ("Qualifying", 3),
        ("Final", 1),
    ]


def test_a_non_staff_user_cannot_create_a_tournament(director_client):
    response = director_client.get(reverse("director:tournament_create"))
    assert response.status_code == 403


def test_a_phase_draw_that_does_not_fit_the_format_is_shown_not_saved(staff_client):
    phases = [
        {
            "name": "Swiss",
            "rounds": "3",
            "draw_method": "swiss",
            "games_per_table": "1",
            "advancement": "none",
        }
    ]  # noqa: E501
    response = staff_client.post(
        reverse("director:tournament_create"), tournament_post() | phase_post(phases)
    )
    assert response.status_code == 200
    assert "does not fit" in response.text
    assert not Tournament.objects.exists()


def test_the_rules_form_explains_every_engine_setting(director_client, tournament):
    response = director_client.get(
        reverse("director:tournament_edit", kwargs={"slug": tournament.slug})
    )
    for name in RULE_FIELDS:
        field = Tournament._meta.get_field(name)
        assert f'name="{name}"' in response.text
        assert str(field.help_text) in response.text.replace("&#x27;", "'")


def test_the_rules_are_locked_once_results_exist(director_client, tournament, drawn):
    game = Game.objects.filter(table__round=drawn).first()
    DealRecord.objects.create(
        game=game, number=1, trump="clubs", points_a=40, points_b=20
    )
    url = reverse("director:tournament_edit", kwargs={"slug": tournament.slug})
    page = director_client.get(url)
    assert "can no longer change" in page.text
    phase = tournament.phases.get()
    data = tournament_post(slug=tournament.slug, target="61") | phase_post(
        [
            {
                "id": str(phase.pk),
                "name": phase.name,
                "rounds": "3",
                "draw_method": "individual",
                "games_per_table": "3",
                "advancement": "none",
            }
        ]
    )
    data["phases-INITIAL_FORMS"] = "1"
    director_client.post(url, data)
    tournament.refresh_from_db()
    assert tournament.target == 101  # the disabled field kept its value
    assert tournament.venue == "Jabbeke"  # the rest was saved


# --------------------------------------------------------------- entries


def test_check_in_page_lists_and_searches_entrants_in_few_queries(
    director_client, tournament, django_assert_max_num_queries
):
    club = factories.ClubFactory(name="De Zotte Manille")
    factories.EntryFactory(
        tournament=tournament,
        player=factories.PlayerFactory(first_name="Éric", last_name="Maes", club=club),
        status="registered",
    )
    for _ in range(60):
        factories.EntryFactory(tournament=tournament, status="registered")
    url = reverse("director:entries", kwargs={"slug": tournament.slug})
    with django_assert_max_num_queries(12):
        response = director_client.get(url)
    assert response.text.count('class="checkin"') == 61
    response = director_client.get(url, {"q": "eric zotte"}, HTTP_HX_REQUEST="true")
    assert "Maes" in response.text and "<html" not in response.text
    assert response.text.count('class="checkin"') == 1


def test_checking_in_by_htmx_returns_the_updated_cell(director_client, tournament):
    entry = factories.EntryFactory(tournament=tournament, status="registered")
    url = reverse(
        "director:entry_status", kwargs={"slug": tournament.slug, "entry_id": entry.pk}
    )
    response = director_client.post(url, {"action": "present"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'class="entry-present"' in response.text
    assert response["HX-Trigger"] == "entries-changed"
    assert Entry.objects.get(pk=entry.pk).status == "present"
    director_client.post(url, {"action": "withdraw"})
    assert Entry.objects.get(pk=entry.pk).status == "withdrawn"


def test_an_unknown_check_in_action_is_a_400(director_client, tournament):
    entry = factories.EntryFactory(tournament=tournament)
    url = reverse(
        "director:entry_status", kwargs={"slug": tournament.slug, "entry_id": entry.pk}
    )
    assert director_client.post(url, {"action": "explode"}).status_code == 400


def test_another_tournaments_entry_is_a_404(director_client, tournament):
    entry = factories.EntryFactory()
    url = reverse(
        "director:entry_status", kwargs={"slug": tournament.slug, "entry_id": entry.pk}
    )
    assert director_client.post(url, {"action": "present"}).status_code == 404


def test_a_late_entry_is_added_from_the_check_in_page(director_client, tournament):
    url = reverse("director:entry_add", kwargs={"slug": tournament.slug})
    response = director_client.post(
        url, {"first_name": "Noël", "last_name": "Deleu", "club": "Troefboer"}
    )
    assert response.status_code == 302
    assert Entry.objects.filter(
        tournament=tournament, player__last_name="Deleu"
    ).exists()
    again = director_client.post(
        url, {"first_name": "Noël", "last_name": "Deleu", "club": "Troefboer"}
    )
    assert again.status_code == 400 and "registered already" in again.text


# ----------------------------------------------------------------- import


def test_import_previews_then_commits_the_64_players(director_client, tournament):
    url = reverse("director:import", kwargs={"slug": tournament.slug})
    upload = SimpleUploadedFile(
        "players.csv", (DATA / "players_64.csv").read_bytes(), "text/csv"
    )
    preview = director_client.post(url, {"file": upload})
    assert preview.status_code == 200
    assert "64 entrants will be registered" in preview.text
    assert not Entry.objects.exists()
    text = preview.context["form"].initial["text"]
    done = director_client.post(url, {"text": text, "commit": "1"})
    assert done.status_code == 302
    assert Entry.objects.filter(tournament=tournament).count() == 64


def test_import_shows_bad_rows_and_imports_nothing(director_client, tournament):
    url = reverse("director:import", kwargs={"slug": tournament.slug})
    text = "voornaam;achternaam\nJan;Peeters\n;Zonder Voornaam\nJan;Peeters\n"
    response = director_client.post(url, {"text": text, "commit": "1"})
    assert response.status_code == 400
    assert "The first name is missing." in response.text
    assert "already on line 2" in response.text
    assert "Import now" not in response.text
    assert not Entry.objects.exists()


def test_import_refuses_a_file_it_cannot_decode(director_client, tournament):
    # UTF-16 and Windows-1252 are read (tests/tournaments/test_import_trust.py);
    # byte 0x81 is neither UTF-8 here nor a Windows-1252 character.
    url = reverse("director:import", kwargs={"slug": tournament.slug})
    upload = SimpleUploadedFile("p.csv", b"pr\xe9nom;nom\n\x81ric;Maes\n", "text/csv")
    response = director_client.post(url, {"file": upload})
    assert response.status_code == 200 and "UTF-8" in response.text
    assert not Entry.objects.exists()


# ------------------------------------------------------------------ draws


def test_drawing_from_the_phase_page_makes_a_draft_and_opens_it(
    director_client, tournament
):
    phase = factories.PhaseFactory(tournament=tournament)
    for _ in range(8):
        factories.EntryFactory(tournament=tournament)
    response = director_client.post(
        reverse(
            "director:round_draw",
            kwargs={"slug": tournament.slug, "phase_id": phase.pk},
        ),
        {"seed": "42"},
    )
    rnd = Round.objects.get(tournament=tournament)
    assert response["Location"] == reverse(
        "director:round", kwargs={"slug": tournament.slug, "number": 1}
    )
    assert rnd.seed == 42 and rnd.status == Round.Status.DRAFT


def test_a_draw_with_too_few_players_is_a_message_not_an_error(
    director_client, tournament
):
    phase = factories.PhaseFactory(tournament=tournament)
    url = reverse(
        "director:round_draw", kwargs={"slug": tournament.slug, "phase_id": phase.pk}
    )
    response = director_client.post(url, follow=True)
    assert response.status_code == 200
    assert "check entrants in first" in response.text
    assert not Round.objects.exists()


def test_the_round_page_flags_rematches_and_same_club_tables(
    director_client, tournament, director, django_assert_max_num_queries
):
    club = factories.ClubFactory()
    phase = factories.PhaseFactory(tournament=tournament)
    # Eight at two tables: some must meet again, and two of the three of one club
    # must meet (a club of nearly everyone would not be flagged).
    for n in range(8):
        factories.EntryFactory(
            tournament=tournament, **({"player__club": club} if n < 3 else {})
        )
    r1 = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=r1, by=director)
    draw_services.round_draw(phase=phase, by=director, seed=2)
    url = reverse("director:round", kwargs={"slug": tournament.slug, "number": 2})
    with django_assert_max_num_queries(15):
        response = director_client.get(url)
    assert "rematch" in response.text and "same club" in response.text
    assert "Publish this round" in response.text


def test_the_published_round_links_to_the_score_sheets(
    director_client, tournament, drawn, director
):
    draw_services.round_publish(round=drawn, by=director)
    response = director_client.get(
        reverse("director:round", kwargs={"slug": tournament.slug, "number": 1})
    )
    assert reverse("scoring:round", kwargs={"round_id": drawn.pk}) in response.text
    table = drawn.tables.first()
    assert reverse("scoring:sheet", kwargs={"table_id": table.pk}) in response.text


def test_swapping_two_ticked_seats(director_client, tournament, drawn):
    a = Seat.objects.get(round=drawn, table__number=1, position=1)
    b = Seat.objects.get(round=drawn, table__number=2, position=4)
    url = reverse("director:round_swap", kwargs={"slug": tournament.slug, "number": 1})
    director_client.post(url, {"seat": [a.pk, b.pk]})
    assert Seat.objects.get(round=drawn, table__number=1, position=1).entry == b.entry
    assert Seat.objects.get(round=drawn, table__number=2, position=4).entry == a.entry


def test_swapping_a_seat_with_a_bye(director_client, tournament, drawn):
    seat = Seat.objects.get(round=drawn, table__number=1, position=3)
    bye = drawn.byes.first()
    url = reverse("director:round_swap", kwargs={"slug": tournament.slug, "number": 1})
    director_client.post(url, {"seat": [seat.pk], "bye": [bye.pk]})
    assert Seat.objects.get(round=drawn, table__number=1, position=3).entry == bye.entry


def test_swapping_needs_two_ticks(director_client, tournament, drawn):
    seat = Seat.objects.filter(round=drawn).first()
    url = reverse("director:round_swap", kwargs={"slug": tournament.slug, "number": 1})
    response = director_client.post(url, {"seat": [seat.pk]}, follow=True)
    assert "Tick exactly two seats" in response.text


def test_redraw_then_publish(director_client, tournament, drawn, director):
    base = {"slug": tournament.slug, "number": 1}
    director_client.post(reverse("director:round_redraw", kwargs=base), {"seed": "77"})
    drawn.refresh_from_db()
    assert drawn.seed == 77
    director_client.post(reverse("director:round_publish", kwargs=base))
    drawn.refresh_from_db()
    assert drawn.status == Round.Status.PUBLISHED
    response = director_client.post(
        reverse("director:round_redraw", kwargs=base), follow=True
    )
    assert "can no longer change" in response.text
    assert list(
        RoundLog.objects.filter(round=drawn).values_list("action", flat=True)
    ) == ["drawn", "redrawn", "published"]


def test_the_phase_page_advances_table_winners(director_client, tournament, director):
    qualifying = factories.PhaseFactory(
        tournament=tournament,
        order=1,
        rounds=1,
        advancement=Phase.Advancement.TABLE_WINNERS,
    )
    factories.PhaseFactory(
        tournament=tournament, order=2, rounds=1, draw_method="seeded"
    )
    for _ in range(16):
        factories.EntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=qualifying, by=director, seed=3)
    draw_services.round_publish(round=rnd, by=director)
    url = reverse(
        "director:phase_advance",
        kwargs={"slug": tournament.slug, "phase_id": qualifying.pk},
    )
    response = director_client.post(url, follow=True)
    assert "Close every round" in response.text  # round still open: refused, explained
    assert not Entry.objects.filter(phase__order=2).exists()


# --------------------------------------------------------- clubs and players


def test_clubs_players_and_teams_are_added_and_searched(director_client, tournament):
    director_client.post(reverse("director:club_create"), {"name": "Troefboer"})
    club = factories.ClubFactory._meta.model.objects.get(name="Troefboer")
    response = director_client.post(
        reverse("director:player_create"),
        {"first_name": "Jan", "last_name": "Maes", "club": club.pk},
    )
    assert response.status_code == 302
    duplicate = director_client.post(
        reverse("director:player_create"),
        {"first_name": "JAN", "last_name": "maes", "club": club.pk},
    )
    assert duplicate.status_code == 400
    # A director's list holds the players entered in their tournaments.
    page = director_client.get(reverse("director:players"), {"q": "maes"})
    assert "Maes, Jan" not in page.text
    factories.EntryFactory(
        tournament=tournament, player=club.players.get(last_name="Maes")
    )
    page = director_client.get(reverse("director:players"), {"q": "maes"})
    assert "Maes, Jan" in page.text
    assert director_client.get(reverse("director:teams")).status_code == 200
