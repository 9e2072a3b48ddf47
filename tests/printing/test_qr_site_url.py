"""Every printed QR code and address points at SITE_URL: sheets, command, poster.

The QR codes are read back the way a phone would: the real PDF rendered by
poppler's ``pdftoppm`` at 150 dpi, decoded by zbar's ``zbarimg``.
"""

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from printing.poster import poster_pdf, tournament_public_url
from printing.qr import site_url
from printing.registry import DOCUMENTS, document
from tests import factories

HALL = "http://192.168.1.20:8000/"

needs_decoder = pytest.mark.skipif(
    shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
    reason="needs zbarimg (Debian zbar-tools) and pdftoppm (poppler-utils)",
)


# ------------------------------------------------------------------ helpers


def decode_pages(data: bytes, tmp_path: Path) -> list[list[str]]:
    """Return the QR codes zbarimg reads on each page of a PDF, page by page."""
    source = tmp_path / "doc.pdf"
    source.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", str(source), str(tmp_path / "page")],
        check=True,
        timeout=120,
    )
    pages = sorted(tmp_path.glob("page-*.png"))
    assert pages, "pdftoppm wrote no page"
    decoded = []
    for png in pages:
        result = subprocess.run(
            ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        # zbarimg exits 4 when it finds no symbol on the page.
        assert result.returncode in (0, 4), result.stderr
        decoded.append(result.stdout.splitlines())
        png.unlink()
    return decoded


def pdf_text(data: bytes) -> str:
    """Return the text of a PDF, wrapped lines joined by single spaces."""
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())


def sheet_path(table) -> str:
    return reverse("scoring:sheet", kwargs={"table_id": table.pk})


@pytest.fixture
def hall(settings):
    """The laptop's address on the hall's Wi-Fi, as the settings give it."""
    settings.SITE_URL = HALL
    return HALL


@pytest.fixture
def drawn_round(tournament):
    """A published round of three individual tables."""
    rnd = factories.RoundFactory(tournament=tournament, number=1, status="published")
    for n in range(1, 4):
        factories.individual_table(round=rnd, number=n)
    return rnd


# ------------------------------------------------------------ the base address


def test_site_url_is_the_setting_with_one_trailing_slash(settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    assert site_url() == HALL
    settings.SITE_URL = "http://192.168.1.20:8000//"
    assert site_url() == HALL


def test_an_explicit_base_url_overrides_site_url(hall):
    assert site_url("http://10.0.0.5:8000") == "http://10.0.0.5:8000/"


def test_without_site_url_the_requests_own_address_is_used(settings, rf):
    settings.SITE_URL = None
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    request = rf.get("/print/x/poster.pdf", HTTP_HOST="scores.example.org")
    assert site_url(request=request) == "http://scores.example.org/"


# ------------------------------------------------------------ score sheets


@needs_decoder
def test_every_score_sheets_qr_code_decodes_to_site_url_and_its_table(
    hall, director_client, drawn_round, tmp_path
):
    url = reverse("pdf:sheets", args=[drawn_round.tournament.slug, 1])
    response = director_client.get(url, HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    tables = drawn_round.tables.order_by("number")
    expected = [[HALL + sheet_path(t).lstrip("/")] for t in tables]
    assert decode_pages(data, tmp_path) == expected
    # The address printed under the code, for a reader without a camera.
    assert HALL + sheet_path(tables[0]).lstrip("/") in pdf_text(data)
    assert "127.0.0.1" not in pdf_text(data)


@needs_decoder
def test_print_round_without_base_url_points_the_sheets_at_site_url(
    hall, drawn_round, tmp_path
):
    out = tmp_path / "out" / "sheets.pdf"
    slug = drawn_round.tournament.slug
    call_command("print_round", slug, "1", "--out", str(out), stdout=io.StringIO())
    table = drawn_round.tables.get(number=1)
    pages = decode_pages(out.read_bytes(), tmp_path)
    assert pages[0] == [HALL + sheet_path(table).lstrip("/")]


@needs_decoder
def test_print_round_base_url_still_overrides_site_url(hall, drawn_round, tmp_path):
    out = tmp_path / "sheets.pdf"
    slug = drawn_round.tournament.slug
    call_command(
        "print_round",
        slug,
        "1",
        "--out",
        str(out),
        "--base-url",
        "http://10.0.0.5:8000",
        stdout=io.StringIO(),
    )
    table = drawn_round.tables.get(number=1)
    pages = decode_pages(out.read_bytes(), tmp_path)
    assert pages[0] == ["http://10.0.0.5:8000" + sheet_path(table)]


# ------------------------------------------------------------------ poster


def test_the_poster_is_a_registered_document_of_the_tournament(db):
    poster = document("poster")
    assert "poster" in DOCUMENTS
    assert str(poster.verbose_name) == "Poster for the hall entrance"
    assert not poster.directors_only and not poster.needs_round
    tournament = factories.TournamentFactory(slug="spring-cup")
    name = poster.filename(tournament=tournament, round=None, options={})
    assert name == "spring-cup-poster.pdf"


@needs_decoder
def test_anyone_can_print_the_poster_and_its_qr_code_opens_the_tournament(
    hall, client, tournament, tmp_path
):
    response = client.get(reverse("pdf:poster", args=[tournament.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    public = f"{HALL}t/{tournament.slug}/"
    assert decode_pages(data, tmp_path) == [[public]]
    text = pdf_text(data)
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    assert tournament.name in text
    assert tournament.venue in text
    assert public in text
    assert "Scan to find your table and follow the standings" in text


def test_a_hidden_tournaments_poster_is_for_its_directors_only(
    hall, client, director_client, tournament
):
    tournament.is_public = False
    tournament.save()
    url = reverse("pdf:poster", args=[tournament.slug])
    assert director_client.get(url).status_code == 200
    director_client.logout()
    assert client.get(url).status_code == 404
    assert client.get(reverse("pdf:poster", args=["nope"])).status_code == 404


def test_the_poster_speaks_the_tournaments_language_with_its_accents(hall, db):
    tournament = factories.TournamentFactory(
        name="Grand tournoi d’Écaussinnes",
        venue="Salle Saint-Rémy",
        language="fr",
    )
    text = pdf_text(poster_pdf(tournament=tournament, base_url=site_url()))
    assert "Grand tournoi d’Écaussinnes" in text
    assert "Salle Saint-Rémy" in text
    assert "octobre" in text  # the date, in French


@needs_decoder
def test_a_long_address_is_printed_whole_and_still_decodes(hall, db, tmp_path):
    tournament = factories.TournamentFactory(
        name="Kampioenschap Manille van de provincies Henegouwen en Vlaams-Brabant "
        "met de langste naam die een toernooi ooit droeg",
        slug="kampioenschap-manille-henegouwen-vlaams-brabant-2026",
    )
    data = poster_pdf(tournament=tournament, base_url=site_url())
    public = tournament_public_url(tournament=tournament, base_url=site_url())
    assert public == f"{HALL}t/{tournament.slug}/"
    # Broken after a "/" when too long for one line, never cut short.
    assert public in pdf_text(data).replace("/ ", "/")
    assert decode_pages(data, tmp_path) == [[public]]


@needs_decoder
def test_print_poster_writes_the_poster_pointing_at_site_url(
    hall, tournament, tmp_path
):
    out = tmp_path / "poster.pdf"
    stdout = io.StringIO()
    call_command("print_poster", tournament.slug, "--out", str(out), stdout=stdout)
    assert "Wrote" in stdout.getvalue()
    public = f"{HALL}t/{tournament.slug}/"
    assert decode_pages(out.read_bytes(), tmp_path) == [[public]]
    call_command(
        "print_poster",
        tournament.slug,
        "--out",
        str(out),
        "--base-url",
        "http://10.0.0.5:8000/",
        stdout=io.StringIO(),
    )
    other = f"http://10.0.0.5:8000/t/{tournament.slug}/"
    assert decode_pages(out.read_bytes(), tmp_path) == [[other]]


def test_print_poster_explains_an_unknown_tournament(db, tmp_path):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("print_poster", "nope", "--out", str(tmp_path / "x.pdf"))


def test_the_directors_tournament_page_offers_the_hall_poster(
    director_client, tournament
):
    page = director_client.get(reverse("director:tournament", args=[tournament.slug]))
    html = page.content.decode()
    assert f'href="{reverse("pdf:poster", args=[tournament.slug])}"' in html
    assert "Print the hall poster" in html


@needs_decoder
def test_print_round_prints_the_poster_too(hall, drawn_round, tmp_path):
    out = tmp_path / "poster.pdf"
    slug = drawn_round.tournament.slug
    call_command(
        "print_round",
        slug,
        "1",
        "--what",
        "poster",
        "--out",
        str(out),
        stdout=io.StringIO(),
    )
    assert decode_pages(out.read_bytes(), tmp_path) == [[f"{HALL}t/{slug}/"]]
