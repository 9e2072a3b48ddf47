"""Check the printed sheets by reading the PDFs back: pages, names, fonts, QR."""

import io
import shutil
import subprocess

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printing import sheets
from printing.base import PdfError, sort_key
from printing.draw import draw_pdf
from printing.qr import draw_qr
from printing.results import table_results_pdf
from printing.sheet_grid import sheet_columns, sheet_rows
from printing.sheets import score_sheets_pdf
from printing.standings import standings_pdf
from tests import factories
from tests.builders import build_drawn_round
from tests.printing.pdf_helpers import (
    ACCENTED,
    BASE,
    all_fonts,
    is_embedded,
    pages_text,
    player_round,
    seat_names,
)
from tournaments.models import Seat, Table

# ------------------------------------------------------------- score sheets


def test_score_sheets_print_one_page_per_table_with_its_own_players(accented_round):
    data = score_sheets_pdf(round=accented_round, base_url=BASE, lang="en")
    texts = pages_text(data)
    assert len(texts) == 3
    for table, text in zip(
        accented_round.tables.order_by("number"), texts, strict=True
    ):
        assert f"Table {table.number}" in text
        for name in seat_names(table):
            assert name in text
        others = Table.objects.filter(round=accented_round).exclude(pk=table.pk)
        for other in others:
            for name in seat_names(other):
                assert name not in text
        assert "scorer" in text
        assert "Game 3" in text


def test_score_sheets_keep_accented_names_and_suit_symbols_intact(accented_round):
    data = score_sheets_pdf(round=accented_round, base_url=BASE, lang="en")
    text = pages_text(data)[1]
    for first, last in ACCENTED:
        assert f"{first} {last}" in text
    for suit in "♣♦♥♠":
        assert suit in text


def test_every_qr_code_encodes_its_tables_entry_page(accented_round, monkeypatch):
    encoded = []
    real = draw_qr

    def spy(canv, value, *args, **kwargs):
        encoded.append(value)
        return real(canv, value, *args, **kwargs)

    monkeypatch.setattr(sheets, "draw_qr", spy)
    data = score_sheets_pdf(round=accented_round, base_url=BASE + "/", lang="en")
    tables = list(accented_round.tables.order_by("number"))
    expected = [
        BASE + reverse("scoring:sheet", kwargs={"table_id": t.pk}) for t in tables
    ]
    assert encoded == expected
    for url, text in zip(expected, pages_text(data), strict=True):
        assert url in text  # printed under the grid too, for a person


def test_qr_helper_keeps_the_widgets_best_mask_unless_given_one():
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.pdfgen.canvas import Canvas

    url = "http://127.0.0.1:8000/director/sheets/table/7/"
    widget = QrCodeWidget(url, barLevel="M")
    widget.qr.make()
    canvas = Canvas(io.BytesIO())
    assert draw_qr(canvas, url, 0, 0, 80) == widget.qr.getBestMaskPattern()
    assert draw_qr(canvas, url, 0, 0, 80, mask=5) == 5
    assert canvas.getpdfdata().startswith(b"%PDF")


def test_qr_helper_draws_exactly_the_widgets_modules(monkeypatch):
    """What is printed is the matrix reportlab's QR widget encodes, module by module."""
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.pdfgen.canvas import Canvas

    url = "http://hall.example:8000/director/sheets/table/123/"
    widget = QrCodeWidget(url, barLevel="M")
    widget.qr.make()
    modules = widget.qr.modules
    count = len(modules)
    canvas = Canvas(io.BytesIO())
    literals = []
    monkeypatch.setattr(canvas, "addLiteral", lambda s, *a, **k: literals.append(s))
    draw_qr(canvas, url, 0, 0, 80)
    dark = set()
    for op in literals[0].split("\n")[:-1]:
        c, bottom, n, _one, _re = op.split()
        for dc in range(int(n)):
            dark.add((count + 4 - 2 - 1 - int(bottom), int(c) - 2 + dc))
    expected = {(r, c) for r in range(count) for c in range(count) if modules[r][c]}
    assert dark == expected


def test_every_font_is_embedded_in_every_document(accented_round, confirm_table):
    for table in accented_round.tables.all():
        confirm_table(table, [(101, 40), (55, 101), (101, 99)])
    documents = [
        score_sheets_pdf(round=accented_round, base_url=BASE),
        draw_pdf(round=accented_round),
        table_results_pdf(round=accented_round),
        standings_pdf(tournament=accented_round.tournament, after_round=None),
    ]
    for data in documents:
        fonts = all_fonts(data)
        assert fonts
        names = {str(f.get("/BaseFont")) for f in fonts}
        assert all("DejaVu" in n for n in names), names
        assert all(is_embedded(f) for f in fonts)


def test_sheet_grid_columns_follow_the_tournaments_rules(db):
    t = factories.TournamentFactory(blind_doubles=False, max_knocks=0)
    keys = [c.key for c in sheet_columns(t)]
    assert "blind" not in keys and "knocks" not in keys
    t = factories.TournamentFactory(blind_doubles=True, max_knocks=None)
    keys = [c.key for c in sheet_columns(t)]
    assert keys[:6] == ["deal", "dealer", "trump", "passed", "blind", "knocks"]
    assert keys[-7:] == [
        "points_a",
        "points_b",
        "revoke",
        "score_a",
        "score_b",
        "total_a",
        "total_b",
    ]


def test_a_game_to_101_gets_20_rows_and_a_fixed_deal_game_exactly_its_count():
    assert sheet_rows(target=101, deals=None) == 20
    assert sheet_rows(target=None, deals=12) == 12
    assert sheet_rows(target=151, deals=None) == 30
    assert sheet_rows(target=101, deals=12) == 12


def test_a_fixed_deal_game_prints_numbered_rows_up_to_its_count(tournament):
    tournament.target, tournament.deals = None, 12
    tournament.save()
    rnd = player_round(tournament, tables=1)
    text = pages_text(score_sheets_pdf(round=rnd, base_url=BASE, lang="en"))[0]
    lines = text.split("\n")
    assert "12" in lines and "13" not in lines


def test_a5_sheets_put_two_pair_tables_on_a_landscape_a4(pairs_round):
    data = score_sheets_pdf(round=pairs_round, base_url=BASE, size="a5")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)
    text = reader.pages[0].extract_text()
    assert "Table 1" in text and "Table 2" in text
    assert "Table 3" in reader.pages[1].extract_text()


def test_a5_sheets_refuse_three_games_a_table_with_a_clear_message(accented_round):
    with pytest.raises(PdfError, match="A4"):
        score_sheets_pdf(round=accented_round, base_url=BASE, size="a5")


def test_a_round_without_tables_is_refused_not_printed_blank(tournament):
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    with pytest.raises(PdfError):
        score_sheets_pdf(round=rnd, base_url=BASE)
    with pytest.raises(PdfError):
        draw_pdf(round=rnd)


# ----------------------------------------------------------------- every page


def test_every_page_shows_tournament_date_page_of_total_and_print_time(tournament):
    rnd = player_round(tournament, tables=12)
    data = draw_pdf(round=rnd, lang="en")
    texts = pages_text(data)
    assert len(texts) >= 2
    for number, text in enumerate(texts, start=1):
        assert tournament.name in text
        assert f"page {number} of {len(texts)}" in text
        assert "printed" in text
        assert "2026" in text


def test_documents_come_out_in_the_requested_language(accented_round):
    dutch = pages_text(draw_pdf(round=accented_round, lang="nl"))[0]
    french = pages_text(draw_pdf(round=accented_round, lang="fr"))[0]
    assert "oktober" in dutch
    assert "octobre" in french


def test_pdftoppm_renders_the_first_sheet(accented_round, tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is needed: apt-get install poppler-utils")
    source = tmp_path / "sheets.pdf"
    source.write_bytes(score_sheets_pdf(round=accented_round, base_url=BASE))
    subprocess.run(
        ["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", source, tmp_path / "p"],
        check=True,
    )
    assert (tmp_path / "p-1.png").stat().st_size > 5_000


# ------------------------------------------------------------------------ draw


def test_draw_lists_every_player_by_table_then_alphabetically(accented_round):
    data = draw_pdf(round=accented_round, lang="en")
    texts = pages_text(data)
    by_table = next(t for t in texts if "Draw by table" in t)
    by_name = "\n".join(t for t in texts if "Draw by name" in t)
    seats = Seat.objects.filter(round=accented_round).select_related(
        "entry__player", "table"
    )
    for seat in seats:
        player = seat.entry.player
        assert player.full_name in by_table
        assert player.sort_name in by_name
    for n in (1, 2, 3):
        assert f"Table {n}" in by_table
    # Alphabetical, accents ignored: Bruneël before Deçoster before Lefèvre.
    positions = [by_name.index(f"{last}, {first}") for first, last in ACCENTED]
    order = sorted(range(4), key=lambda i: sort_key(ACCENTED[i][1]))
    assert sorted(positions) == [positions[i] for i in order]


def test_draw_by_name_gives_each_player_table_and_seat(accented_round):
    text = "\n".join(pages_text(draw_pdf(round=accented_round, order="name")))
    lines = text.split("\n")
    table = accented_round.tables.get(number=2)
    for seat in table.seats.select_related("entry__player__club"):
        i = lines.index(seat.entry.player.sort_name)
        club, table_number, position = lines[i + 1 : i + 4]
        assert club == seat.entry.player.club.name
        assert (table_number, position) == ("2", str(seat.position))


def test_draw_of_a_576_player_round_names_everyone(db):
    rnd = build_drawn_round(players=576, slug="big-one", confirmed=False)
    data = draw_pdf(round=rnd, order="name", lang="nl")
    text = "\n".join(pages_text(data))
    players = Seat.objects.filter(round=rnd).select_related("entry__player")
    missing = [s for s in players if s.entry.player.sort_name not in text]
    assert len(players) == 576 and not missing


# ------------------------------------------------------------ results, standings


def test_table_results_show_scores_winners_and_sheet_status(
    accented_round, confirm_table
):
    table = accented_round.tables.get(number=1)
    confirm_table(table, [(101, 34), (60, 101), (101, 99)])
    text = "\n".join(pages_text(table_results_pdf(round=accented_round, lang="en")))
    assert "101 – 34" in text and "60 – 101" in text
    assert "Confirmed" in text
    assert "Not entered" in text  # tables 2 and 3 have empty sheets


def test_standings_list_players_in_rank_order_after_a_round(
    accented_round, confirm_table
):
    results = {1: [(101, 20)] * 3, 2: [(20, 101)] * 3, 3: [(101, 100)] * 3}
    for table in accented_round.tables.all():
        confirm_table(table, results[table.number])
    from standings.selectors import standings_for

    rows = standings_for(tournament=accented_round.tournament, after_round=1)
    data = standings_pdf(
        tournament=accented_round.tournament, after_round=accented_round, lang="en"
    )
    text = "\n".join(pages_text(data))
    assert "after round 1" in text
    positions = [text.index(row.name) for row in rows]
    assert positions == sorted(positions)
    assert len(rows) == 12


def test_club_standings_print_clubs(accented_round, confirm_table):
    for table in accented_round.tables.all():
        confirm_table(table, [(101, 50)] * 3)
    data = standings_pdf(tournament=accented_round.tournament, kind="clubs")
    text = "\n".join(pages_text(data))
    assert "Standings: clubs" in text
    table = accented_round.tables.get(number=1)
    assert table.seats.first().entry.player.club.name in text
