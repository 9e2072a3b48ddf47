"""Results entered at the tables: each printed score sheet carries its table's code.

The QR code opens ``SITE_URL/table/<code>/`` (read back from the real PDF as a
phone would: poppler's ``pdftoppm``, zbar's ``zbarimg``), the code is printed in
large type with the address where it can be typed, and a tournament entered at
the desk prints exactly the sheets it printed before (the director's page).
"""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from phones.models import TableCode
from printing.sheets import score_sheets_pdf
from tests import factories
from tests.builders import build_drawn_pairs_round
from tests.printing.test_qr_site_url import (
    HALL,
    decode_pages,
    needs_decoder,
    pdf_text,
    sheet_path,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(settings):
    settings.SITE_URL = HALL
    return HALL


@pytest.fixture
def table_round(tournament):
    """A published round of three individual tables, entered at the tables."""
    Tournament.objects.filter(pk=tournament.pk).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    rnd = factories.RoundFactory(tournament=tournament, number=1, status="published")
    for n in range(1, 4):
        factories.individual_table(round=rnd, number=n)
    return rnd


def _codes(rnd) -> list[str]:
    """The round's codes in table order."""
    return list(
        TableCode.objects.filter(table__round=rnd)
        .order_by("table__number")
        .values_list("code", flat=True)
    )


def _sheets(client, rnd, size=None) -> bytes:
    url = reverse("pdf:sheets", args=[rnd.tournament.slug, rnd.number])
    response = client.get(url, {"size": size} if size else {})
    assert response.status_code == 200
    return b"".join(response.streaming_content)


@needs_decoder
def test_each_sheets_qr_code_opens_its_tables_page_by_code(
    hall, director_client, table_round, tmp_path
):
    data = _sheets(director_client, table_round)
    codes = _codes(table_round)
    assert len(codes) == 3 and len(set(codes)) == 3
    assert all(re.fullmatch(r"[2-9A-HJ-NP-Z]{6}", c) for c in codes)
    expected = [[f"{HALL}table/{code}/"] for code in codes]
    assert decode_pages(data, tmp_path) == expected
    assert [f"{HALL}table/{code}/" for code in codes] == [
        HALL + reverse("table:page", kwargs={"code": c}).lstrip("/") for c in codes
    ]


def test_the_code_is_printed_large_with_where_to_type_it(
    hall, director_client, table_round
):
    data = _sheets(director_client, table_round)
    codes = _codes(table_round)
    pages = PdfReader(io.BytesIO(data)).pages
    assert len(pages) == 3
    for page, code in zip(pages, codes, strict=True):
        text = " ".join(page.extract_text().split())
        assert code in text
        assert f"or type it at {HALL}table/" in text
        assert "Director's entry page" not in text
        # Large type: the code is drawn bigger than the table's title line.
        sizes = []

        def visit(text_, cm, tm, font, size, code=code, sizes=sizes):
            if text_.strip() == code:
                sizes.append(size * tm[0])

        page.extract_text(visitor_text=visit)
        assert sizes and max(sizes) >= 18, sizes


def test_printing_again_keeps_the_codes(hall, director_client, table_round):
    first = _sheets(director_client, table_round)
    codes = _codes(table_round)
    second = _sheets(director_client, table_round)
    assert _codes(table_round) == codes
    assert all(code in pdf_text(second) for code in codes)
    assert pdf_text(first) == pdf_text(second)


def test_a_desk_tournament_prints_the_directors_page_and_makes_no_code(
    hall, director_client, tournament
):
    rnd = factories.RoundFactory(tournament=tournament, number=1, status="published")
    table = factories.individual_table(round=rnd, number=1)
    text = pdf_text(_sheets(director_client, rnd))
    assert HALL + sheet_path(table).lstrip("/") in text
    assert "or type it at" not in text
    assert not TableCode.objects.exists()


@needs_decoder
def test_pairs_on_a5_two_sheets_a_page_each_with_its_code(hall, db, tmp_path):
    rnd = build_drawn_pairs_round(teams=8, slug="paires-comines")
    Tournament.objects.filter(pk=rnd.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_DIRECTOR
    )
    rnd.tournament.refresh_from_db()
    data = score_sheets_pdf(round=rnd, base_url=HALL, size="a5", lang="fr")
    codes = _codes(rnd)
    assert len(codes) == 4
    pages = decode_pages(data, tmp_path)
    assert len(pages) == 2
    assert sorted(sum(pages, [])) == sorted(f"{HALL}table/{c}/" for c in codes)
    text = pdf_text(data)
    assert all(code in text for code in codes)
    assert f"{HALL}table/" in text


def test_print_round_prints_the_codes_too(hall, table_round, tmp_path):
    out = tmp_path / "sheets.pdf"
    slug = table_round.tournament.slug
    call_command("print_round", slug, "1", "--out", str(out), stdout=io.StringIO())
    text = pdf_text(out.read_bytes())
    assert all(code in text for code in _codes(table_round))
