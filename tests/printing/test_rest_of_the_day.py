"""The printed documents of a day in the hall say what they are (issue 21 §4).

Standings printed while a round is under way say how far they go, as the
projector does; a score sheet prints its headers and its signers' names whole,
and a draft round's papers say DRAFT across every page. Read back from the PDFs.
"""

import io

import pytest
from pypdf import PdfReader

from printing.draw import draw_pdf
from printing.sheets import score_sheets_pdf
from printing.standings import standings_pdf
from tests import factories
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db

BASE = "http://hall.example:8000"


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _round(tournament, number: int, tables: int, status="published") -> Round:
    rnd = factories.RoundFactory(tournament=tournament, number=number, status=status)
    for n in range(1, tables + 1):
        factories.individual_table(round=rnd, number=n)
    return rnd


# ------------------------------------------------------------ standings mid-round


@pytest.fixture
def round_three_under_way(tournament, confirm_table):
    """Rounds 1 and 2 complete (two tables each), round 3: 1 of 3 tables in."""
    for number in (1, 2):
        rnd = _round(tournament, number, 2)
        for table in rnd.tables.all():
            confirm_table(table, [(101, 40)] * 3)
    rnd = _round(tournament, 3, 3)
    confirm_table(rnd.tables.get(number=1), [(101, 40)] * 3)
    return rnd


def test_standings_after_a_round_under_way_say_how_much_of_it_counts(
    round_three_under_way,
):
    rnd = round_three_under_way
    text = pages_text(
        standings_pdf(tournament=rnd.tournament, after_round=rnd, lang="en")
    )[0]
    assert "after round 3" not in text
    assert "after round 2, provisional" in text
    assert "Round 3: 1 of 3 tables counted so far." in text


def test_standings_without_a_round_are_not_final_while_one_is_played(
    round_three_under_way,
):
    text = pages_text(
        standings_pdf(tournament=round_three_under_way.tournament, lang="en")
    )[0]
    assert "final" not in text
    assert "after round 2, provisional" in text
    assert "Round 3: 1 of 3 tables counted so far." in text


def test_standings_of_a_complete_round_say_after_that_round_only(
    round_three_under_way,
):
    tournament = round_three_under_way.tournament
    text = pages_text(
        standings_pdf(
            tournament=tournament, after_round=tournament.rounds.get(number=2)
        )
    )[0]
    assert "after round 2" in text
    assert "provisional" not in text and "counted so far" not in text


def test_standings_print_final_once_every_planned_round_is_complete(
    tournament, confirm_table
):
    rnd = _round(tournament, 1, 2)
    tournament.phases.update(rounds=1)  # the event's one round
    for table in rnd.tables.all():
        confirm_table(table, [(101, 40)] * 3)
    text = pages_text(standings_pdf(tournament=tournament, lang="en"))[0]
    assert "final" in text and "provisional" not in text


def test_the_provisional_note_speaks_the_documents_language(round_three_under_way):
    rnd = round_three_under_way
    text = pages_text(
        standings_pdf(tournament=rnd.tournament, after_round=rnd, lang="nl")
    )[0]
    assert "Ronde 3: 1 van de 3 tafels tellen al mee." in text


# ------------------------------------------------------------------ score sheets


@pytest.mark.parametrize(("lang", "label"), [("nl", "verzaakt"), ("fr", "renonce")])
def test_a_sheets_column_headers_print_whole(tournament, lang, label):
    rnd = _round(tournament, 1, 1)
    text = pages_text(score_sheets_pdf(round=rnd, base_url=BASE, lang=lang))[0]
    assert label in text
    assert "…" not in text


def test_the_signature_boxes_print_every_name_whole(tournament):
    rnd = _round(tournament, 1, 1)
    table = Table.objects.get(round=rnd)
    long_names = [
        ("Jozef", "Seynaeve"),
        ("Marie-Christine", "Vandenbroucke"),
        ("Jean-Baptiste", "Van de Walle-Ghesquière"),
        ("Anne-Sophie", "D’Hondt-Verhaeghe"),
    ]
    for seat, (first, last) in zip(
        table.seats.order_by("position"), long_names, strict=True
    ):
        player = seat.entry.player
        player.first_name, player.last_name = first, last
        player.save()
    text = pages_text(score_sheets_pdf(round=rnd, base_url=BASE, lang="nl"))[0]
    assert "…" not in text
    lines = text.splitlines()
    for first, last in long_names:
        # Once on its seat's line, once in its signature box: never cut.
        name = f"{first} {last}"
        whole = [line for line in lines if line.strip() == name]
        assert whole, (name, lines[-12:])


def test_a_draft_rounds_sheets_and_draw_say_draft_on_every_page(tournament):
    rnd = _round(tournament, 1, 3, status=Round.Status.DRAFT)
    for data in (
        score_sheets_pdf(round=rnd, base_url=BASE, lang="en"),
        draw_pdf(round=rnd, lang="en"),
    ):
        pages = pages_text(data)
        assert len(pages) >= 2
        assert all("DRAFT" in page for page in pages)


def test_a_published_rounds_sheets_say_no_draft(tournament):
    rnd = _round(tournament, 1, 2)
    for page in pages_text(score_sheets_pdf(round=rnd, base_url=BASE, lang="en")):
        assert "DRAFT" not in page
