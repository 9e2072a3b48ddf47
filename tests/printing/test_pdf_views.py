"""Serve and print the documents: the views, the print_round command, the registry."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from printing.base import PdfError
from printing.registry import DOCUMENTS, document, round_buttons
from tests import factories
from tests.builders import build_drawn_round
from tests.printing.pdf_helpers import (
    BASE,
    pages_text,
    player_round,
)

# ----------------------------------------------------------------------- views


def test_public_can_download_the_draw_and_standings_of_a_published_round(
    client, accented_round
):
    slug = accented_round.tournament.slug
    response = client.get(reverse("pdf:draw", args=[slug, 1]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content).startswith(b"%PDF")
    response = client.get(reverse("pdf:round_standings", args=[slug, 1]))
    assert response.status_code == 200
    response = client.get(reverse("pdf:standings", args=[slug]))
    assert response.status_code == 200


def test_public_gets_404_for_a_draft_rounds_draw(client, tournament):
    rnd = player_round(tournament, tables=1, status="draft")
    slug = rnd.tournament.slug
    assert client.get(reverse("pdf:draw", args=[slug, 1])).status_code == 404
    url = reverse("pdf:round_standings", args=[slug, 1])
    assert client.get(url).status_code == 404


def test_director_can_print_a_draft_rounds_draw(director_client, tournament):
    player_round(tournament, tables=1, status="draft")
    url = reverse("pdf:draw", args=[tournament.slug, 1])
    assert director_client.get(url).status_code == 200


def test_score_sheets_and_results_need_a_director(client, accented_round):
    slug = accented_round.tournament.slug
    for name in ("pdf:sheets", "pdf:results"):
        url = reverse(name, args=[slug, 1])
        response = client.get(url)
        assert response.status_code == 302
        assert reverse("login") in response["Location"]
        stranger = get_user_model().objects.create_user(
            username=f"x{name[-3:]}", password="pw-123456"
        )
        client.force_login(stranger)
        assert client.get(url).status_code == 403
        client.logout()


def test_director_prints_score_sheets_with_qr_codes_to_this_site(
    director_client, accented_round, django_assert_max_num_queries, settings
):
    settings.SITE_URL = BASE + "/"
    url = reverse("pdf:sheets", args=[accented_round.tournament.slug, 1])
    with django_assert_max_num_queries(12):
        response = director_client.get(url)
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    table = accented_round.tables.get(number=1)
    sheet_url = BASE + reverse("scoring:sheet", kwargs={"table_id": table.pk})
    assert sheet_url in pages_text(data)[0]
    assert director_client.get(url + "?size=a4").status_code == 200


def test_bad_print_options_get_a_400_with_the_reason(director_client, accented_round):
    slug = accented_round.tournament.slug
    sheets = reverse("pdf:sheets", args=[slug, 1])
    response = director_client.get(sheets + "?size=a3")
    assert response.status_code == 400
    assert "A4" in response.content.decode()
    response = director_client.get(sheets + "?size=a5")  # three games a table
    assert response.status_code == 400
    draw = reverse("pdf:draw", args=[slug, 1])
    assert director_client.get(draw + "?order=sideways").status_code == 400
    standings = reverse("pdf:standings", args=[slug])
    assert director_client.get(standings + "?kind=dogs").status_code == 400


def test_unknown_round_or_hidden_tournament_is_404(client, accented_round):
    slug = accented_round.tournament.slug
    assert client.get(reverse("pdf:draw", args=[slug, 9])).status_code == 404
    accented_round.tournament.is_public = False
    accented_round.tournament.save()
    assert client.get(reverse("pdf:draw", args=[slug, 1])).status_code == 404


def test_draw_and_standings_views_read_a_big_round_in_few_queries(
    client, db, django_assert_max_num_queries
):
    rnd = build_drawn_round(players=96, slug="queries")
    slug = rnd.tournament.slug
    with django_assert_max_num_queries(8):
        assert client.get(reverse("pdf:draw", args=[slug, 1])).status_code == 200
    with django_assert_max_num_queries(12):
        url = reverse("pdf:round_standings", args=[slug, 1])
        assert client.get(url).status_code == 200


# --------------------------------------------------------------------- command


def test_print_round_writes_each_document(accented_round, tmp_path):
    slug = accented_round.tournament.slug
    for what in ("sheets", "draw", "standings", "results"):
        out = tmp_path / f"{what}.pdf"
        call_command(
            "print_round",
            slug,
            "1",
            "--what",
            what,
            "--out",
            str(out),
            "--base-url",
            "http://10.0.0.5:8000",
            stdout=io.StringIO(),
        )
        assert out.read_bytes().startswith(b"%PDF")
    sheets = pages_text((tmp_path / "sheets.pdf").read_bytes())
    assert len(sheets) == 3
    assert "http://10.0.0.5:8000/director/sheets/table/" in sheets[0]


def test_print_round_uses_the_tournaments_language_unless_told(
    accented_round, tmp_path
):
    slug = accented_round.tournament.slug
    accented_round.tournament.language = "fr"
    accented_round.tournament.save()
    out = tmp_path / "draw.pdf"
    call_command(
        "print_round",
        slug,
        "1",
        "--what",
        "draw",
        "--out",
        str(out),
        stdout=io.StringIO(),
    )
    assert "octobre" in pages_text(out.read_bytes())[0]
    call_command(
        "print_round",
        slug,
        "1",
        "--what",
        "draw",
        "--out",
        str(out),
        "--lang",
        "nl",
        stdout=io.StringIO(),
    )
    assert "oktober" in pages_text(out.read_bytes())[0]


def test_print_round_explains_an_unknown_tournament_or_round(accented_round, tmp_path):
    out = str(tmp_path / "x.pdf")
    with pytest.raises(CommandError, match="No tournament"):
        call_command("print_round", "nope", "1", "--out", out)
    with pytest.raises(CommandError, match="no round 4"):
        call_command("print_round", accented_round.tournament.slug, "4", "--out", out)


# -------------------------------------------------------------------- registry


def test_the_registry_lists_each_printed_document_once():
    assert list(DOCUMENTS) == [
        "sheets",
        "draw",
        "standings",
        "results",
        "poster",
        "checkin_list",
        "treasurer",
        "press",
        "prize_list",
        "pools",
        "bracket",
    ]
    assert {d for d, doc in DOCUMENTS.items() if doc.directors_only} == {
        "sheets",
        "results",
        "checkin_list",  # names and fees owed: the directors'
        "treasurer",  # the money
        "press",  # the prizes before the prize-giving
        "prize_list",  # who wins what, before it is called
    }
    for doc in DOCUMENTS.values():
        assert str(doc.verbose_name)


def test_registry_fills_in_defaults_and_refuses_an_unknown_option(db):
    individual = factories.TournamentFactory()
    pairs = factories.TournamentFactory(format="pairs")
    standings = document("standings")
    assert standings.clean(tournament=individual, params={}) == {"kind": "players"}
    assert standings.clean(tournament=pairs, params={}) == {"kind": "teams"}
    sheets_doc = document("sheets")
    assert sheets_doc.clean(tournament=individual, params={"size": "A5"}) == {
        "size": "a5"
    }
    with pytest.raises(PdfError, match="by table, by name, or both"):
        document("draw").clean(tournament=individual, params={"order": "sideways"})
    with pytest.raises(PdfError, match="players, teams or clubs"):
        standings.clean(tournament=individual, params={"kind": "dogs"})


def test_every_document_renders_through_the_registry(accented_round):
    """Every document prints this round's event; the pools and the bracket, which
    it has not, are refused with the reason (printed for real in
    test_pools_bracket.py)."""
    tournament = accented_round.tournament
    for doc in DOCUMENTS.values():
        options = doc.clean(tournament=tournament, params={})
        if doc.identifier in ("pools", "bracket"):
            with pytest.raises(PdfError, match="no pools yet|no knockout yet"):
                doc.render(
                    tournament=tournament,
                    round=accented_round,
                    options=options,
                    lang="en",
                    base_url=BASE,
                )
            continue
        data = doc.render(
            tournament=tournament,
            round=accented_round,
            options=options,
            lang="en",
            base_url=BASE,
        )
        assert data.startswith(b"%PDF")
        name = doc.filename(
            tournament=tournament, round=accented_round, options=options
        )
        assert name.startswith(f"{tournament.slug}-") and name.endswith(".pdf")


def test_the_directors_round_page_shows_the_registrys_print_buttons(
    director_client, director, pairs_round
):
    tournament = pairs_round.tournament
    tournament.directors.add(director)
    pairs_round.phase.games_per_table = 1  # room on an A5 sheet
    pairs_round.phase.save()
    page = director_client.get(reverse("director:round", args=[tournament.slug, 1]))
    html = page.content.decode()
    buttons = round_buttons(tournament=tournament, round=pairs_round)
    assert [b.label for b in buttons] == [
        "Print score sheets",
        "Score sheets, two A5 per A4",
        "Print the draw",
        "Print standings after this round",
        "Print table results",
    ]
    for button in buttons:
        assert f'href="{button.url}"' in html
        assert button.label in html
    assert reverse("pdf:sheets", args=[tournament.slug, 1]) + "?size=a5" in html


def test_an_individual_round_offers_no_a5_sheets(director_client, accented_round):
    slug = accented_round.tournament.slug
    html = director_client.get(reverse("director:round", args=[slug, 1])).content
    assert b"Print score sheets" in html
    assert b"?size=a5" not in html
