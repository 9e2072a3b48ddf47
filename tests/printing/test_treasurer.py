"""The treasurer's report: figures that add up, its JSON, PDF, CSV and XLSX, access."""

import csv
import datetime
import io
import json
from decimal import Decimal

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from cashdesk import services as cash
from cashdesk.models import Payment
from cashdesk.services import RateRow, fee_settings_save
from printing import treasury
from prizes.models import Prize
from prizes.services import (
    PrizeRow,
    prize_settings_save,
    prize_table_save,
    prizes_award,
)
from series.models import Series, SeriesEvent
from standings.selectors import standings_for
from tests import factories
from tests.builders import build_event
from tournaments import services
from tournaments.models import Entry, Tournament

PAYLOAD = '=HYPERLINK("http://evil.example","x")'

# Who pays what (the kaarting's eight entrants, in order): the rate, the method.
PAYS = [
    ("member", "cash"),  # 5.00
    ("member", "transfer"),  # 5.00
    ("member", "card"),  # 5.00
    ("other", "cash"),  # 7.50
    ("other", "transfer"),  # 7.50
    ("youth", "card"),  # 2.50
    ("other", "free"),  # 0.00
    ("other", "cash"),  # 7.50, then withdraws and is refunded
]
HEADERS = ["Section", "Item", "Rate or place", "Method", "When", "Amount (€)"]
FEES = 500 * 3 + 750 * 3 + 250
BY_METHOD = {"cash": 500 + 750 + 750, "transfer": 1250, "card": 750, "free": 0}


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def make_kaarting(director, *, slug="kaarting", name="Kaarting", club=None):
    """An individual club evening of 8 players (3 of the club), its fees set."""
    club = club or factories.ClubFactory(name="De Zwaan")
    tournament = services.tournament_create(
        by=director,
        name=name,
        slug=slug,
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        phases=[{"name": "Qualifying", "rounds": 3}],
    )
    tournament.club = club
    tournament.save(update_fields=["club"])
    tournament.directors.add(director)
    for n in range(8):
        factories.EntryFactory(
            tournament=tournament,
            status="registered",
            player=factories.PlayerFactory(
                club=club if n < 3 else factories.ClubFactory()
            ),
        )
    fees = fee_settings_save(
        tournament=tournament,
        by=director,
        rates=[
            RateRow("member", "Member", 500, "member"),
            RateRow("other", "Non-member", 750, "other"),
            RateRow("youth", "Youth", 250),
        ],
    )
    return tournament, fees


def take_payments(tournament, fees, director) -> list[Entry]:
    """Take every entrant's fee as PAYS says; the last withdraws and is refunded."""
    rates = {r.code: r for r in fees.rates.all()}
    entries = list(tournament.entries.order_by("id"))
    for entry, (rate, method) in zip(entries, PAYS, strict=True):
        cash.payment_take(
            entry=entry, by=director, method=method, rate=rates[rate], check_in=True
        )
    cash.entry_withdraw_refund(entry=entries[-1], by=director, reason="ill")
    return entries


@pytest.fixture
def paid(director):
    """The kaarting with every fee taken, a payment undone and taken again, a refund."""
    tournament, fees = make_kaarting(director)
    entries = take_payments(tournament, fees, director)
    # A mistake at the desk: undone, then taken again (counted once).
    live = Payment.objects.get(entry=entries[0], status="live")
    cash.payment_undo(payment=live, by=director)
    cash.payment_take(entry=entries[0], by=director, method="cash")
    first = entries[1].player
    first.first_name, first.last_name = "Élise", "Lefèvre"
    first.save()
    hostile = entries[2].player
    hostile.first_name, hostile.last_name = PAYLOAD, "Evil"
    hostile.save()
    return tournament


# ---------------------------------------------------------------------- the figures


def test_the_figures_add_up_by_method_rate_and_balance(paid):
    """Fees by method sum to the fees; the balance is fees − refunds − cash prizes."""
    figures = treasury.tournament_figures(tournament=paid)
    assert figures.fees_cents == FEES
    assert figures.by_method == BY_METHOD
    assert sum(figures.by_method.values()) == figures.fees_cents
    assert figures.by_rate == {"Member": 1500, "Non-member": 2250, "Youth": 250}
    assert sum(figures.by_rate.values()) == figures.fees_cents
    assert figures.refunds_cents == 750
    assert figures.refunds_by_method == {"cash": 750, "transfer": 0}
    assert figures.balance_cents == (
        figures.fees_cents - figures.refunds_cents - figures.cash_prizes_cents
    )
    assert figures.balance_cents == FEES - 750 - figures.cash_prizes_cents


def test_the_report_lists_each_payment_once_undone_ones_left_out(paid):
    report = treasury.treasury_report(tournament=paid)
    assert len(report.payments) == 8
    assert sum(p.amount_cents for p in report.payments) == FEES
    refunded = [p for p in report.payments if p.refund_cents]
    assert [(p.refund_cents, p.refund_method) for p in refunded] == [(750, "cash")]


def test_a_series_sums_its_evenings(director):
    club = factories.ClubFactory(name="De Zwaan")
    one, fees_one = make_kaarting(director, slug="oct", name="October", club=club)
    two, fees_two = make_kaarting(director, slug="nov", name="November", club=club)
    take_payments(one, fees_one, director)
    take_payments(two, fees_two, director)
    season = Series.objects.create(name="Season", slug="season", club=club)
    for order, t in enumerate((one, two), start=1):
        SeriesEvent.objects.create(series=season, tournament=t, order=order)
    report = treasury.series_treasury(series=season)
    assert [e.tournament.slug for e in report.events] == ["oct", "nov"]
    total = report.total
    assert total.fees_cents == 2 * FEES
    assert total.refunds_cents == 2 * 750
    assert total.by_method == {k: 2 * v for k, v in BY_METHOD.items()}
    assert total.balance_cents == sum(e.figures.balance_cents for e in report.events)


# ------------------------------------------------------------------------ command


def test_the_command_prints_exactly_the_json_contract(paid, capsys):
    call_command("treasurer_report", paid.slug, "--json")
    data = json.loads(capsys.readouterr().out)
    assert list(data) == [
        "fees_cents",
        "refunds_cents",
        "cash_prizes_cents",
        "balance_cents",
        "by_method",
    ]
    assert all(type(data[k]) is int for k in list(data)[:4])
    assert data["by_method"] == BY_METHOD
    assert all(type(v) is int for v in data["by_method"].values())
    assert sum(data["by_method"].values()) == data["fees_cents"] == FEES
    assert data["balance_cents"] == (
        data["fees_cents"] - data["refunds_cents"] - data["cash_prizes_cents"]
    )


def test_the_command_without_json_prints_a_table(paid, capsys):
    call_command("treasurer_report", paid.slug)
    out = capsys.readouterr().out
    assert "Fees received" in out and "€40.00" in out
    assert "Refunds" in out and "-€7.50" in out
    balance = next(line for line in out.splitlines() if line.startswith("Balance"))
    assert balance.endswith(treasury.euros(FEES - 750))


def test_the_command_refuses_an_unknown_tournament(db):
    with pytest.raises(CommandError, match="no-such"):
        call_command("treasurer_report", "no-such", "--json")


# ---------------------------------------------------------------------- documents


def test_the_pdf_has_the_figures_and_every_payment(paid):
    text = pdf_text(treasury.treasury_pdf(tournament=paid))
    assert "Treasurer's report" in text
    assert "€40.00" in text  # the fees
    assert "€32.50" in text  # the balance
    assert "Élise Lefèvre" in text
    assert "Non-member" in text and "Transfer" in text


def test_the_pdf_is_in_the_events_language(paid):
    paid.language = "fr"
    paid.save(update_fields=["language"])
    text = pdf_text(treasury.treasury_pdf(tournament=paid))
    assert "octobre 2026" in text  # the header's date, in French
    assert "40,00" in text  # the French decimal mark


def test_the_csv_reads_back_with_a_formula_made_inert(paid):
    data = treasury.treasury_sheet(tournament=paid, fmt="csv")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert rows[0] == HEADERS
    balance = next(r for r in rows if r[0] == "Balance")
    assert balance[-1] == "32.50"
    cells = [c for r in rows for c in r]
    assert not any(c.startswith(("=", "+", "@")) for c in cells)
    hostile = [r for r in rows if "HYPERLINK" in r[1]]
    assert [r[1] for r in hostile] == ["'" + PAYLOAD + " Evil"]
    assert hostile[0][2:4] == ["Member", "Card"] and hostile[0][-1] == "5.00"
    refund = next(r for r in rows if r[0] == "Refunds" and r[2] == "Non-member")
    assert refund[3] == "Cash" and refund[-1] == "-7.50"


def test_the_csv_in_dutch_uses_semicolons_and_decimal_commas(paid):
    paid.language = "nl"
    paid.save(update_fields=["language"])
    data = treasury.treasury_sheet(tournament=paid, fmt="csv").decode("utf-8")
    assert data.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(data.lstrip("\ufeff")), delimiter=";"))
    assert ["32,50"] == [r[-1] for r in rows if r[-1] == "32,50"]


def test_the_xlsx_holds_numbers_and_no_formula(paid):
    data = treasury.treasury_sheet(tournament=paid, fmt="xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0] == HEADERS
    balance = next(r for r in rows if r[0] == "Balance")
    assert balance[-1] == pytest.approx(32.5)
    fees_total = next(r for r in rows if r[0] == "Fees received" and r[1] == "Total")
    assert fees_total[-1] == pytest.approx(40)
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.data_type != "f", cell.value
    hostile = [v for r in rows for v in r if isinstance(v, str) and "HYPERLINK" in v]
    assert hostile and all("'=" in v for v in hostile)


def test_the_series_sheet_has_one_row_an_evening_and_the_total(director):
    club = factories.ClubFactory(name="De Zwaan")
    one, fees_one = make_kaarting(director, slug="oct", name=PAYLOAD, club=club)
    take_payments(one, fees_one, director)
    season = Series.objects.create(name="Season", slug="season", club=club)
    SeriesEvent.objects.create(series=season, tournament=one, order=1)
    data = treasury.series_treasury_sheet(series=season, fmt="xlsx")
    rows = [
        [c.value for c in row]
        for row in openpyxl.load_workbook(io.BytesIO(data)).active.iter_rows()
    ]
    assert len(rows) == 3  # the headers, the evening, the total
    assert rows[1][2] == "'" + PAYLOAD
    assert rows[2][2] == "Total"
    assert rows[2][3] == pytest.approx(FEES / 100)
    text = pdf_text(treasury.series_treasury_pdf(series=season))
    assert "Season" in text and "€40.00" in text and "€32.50" in text


# ------------------------------------------------------------------------- access


URLS = ("pdf:treasurer", "pdf:treasurer_csv", "pdf:treasurer_xlsx")


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("pdf:treasurer", "application/pdf"),
        ("pdf:treasurer_csv", "text/csv; charset=utf-8"),
        ("pdf:treasurer_xlsx", "application/vnd.openxmlformats"),
    ],
)
def test_the_director_downloads_each_format(paid, director_client, name, kind):
    response = director_client.get(reverse(name, args=[paid.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(kind)
    assert response["Cache-Control"] == "private, no-store"
    body = b"".join(response.streaming_content)
    if name == "pdf:treasurer":
        assert "€32.50" in pdf_text(body)
    else:
        assert "attachment" in response["Content-Disposition"]


@pytest.mark.parametrize("name", URLS)
def test_strangers_are_refused(paid, client, name):
    url = reverse(name, args=[paid.slug])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(get_user_model().objects.create_user("other", password="x"))
    assert client.get(url).status_code == 403


def test_the_payments_page_links_the_reports(paid, director_client):
    season = Series.objects.create(name="Season", slug="season", club=paid.club)
    SeriesEvent.objects.create(series=season, tournament=paid, order=1)
    paid.club.managers.add(get_user_model().objects.get(username="td"))
    page = director_client.get(reverse("cashdesk:payments", args=[paid.slug]))
    html = page.content.decode()
    for name in URLS:
        assert reverse(name, args=[paid.slug]) in html
    assert reverse("pdf:series_treasurer_xlsx", args=["season"]) in html


def test_the_series_report_is_for_its_managers(paid, client, director):
    season = Series.objects.create(
        name="Season", slug="season", club=paid.club, is_public=True
    )
    SeriesEvent.objects.create(series=season, tournament=paid, order=1)
    url = reverse("pdf:series_treasurer", args=["season"])
    assert client.get(url).status_code == 302  # to the login
    client.force_login(get_user_model().objects.create_user("other", password="x"))
    assert client.get(url).status_code == 403
    client.force_login(director)  # directs the evening, does not manage the club
    assert client.get(url).status_code == 403
    paid.club.managers.add(director)
    response = client.get(reverse("pdf:series_treasurer_csv", args=["season"]))
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[-1][2] == "Total" and rows[-1][3] == "40.00"


# ------------------------------------------------------------------ cash prizes


@pytest.fixture
def prized(db, director):
    """A played kaarting of 16 at €10: paid by every method, one refund, a cash pot.

    Half of the fees received less the refund is the pot (€70 + the €10 fixed
    part), split 50 30 20 to the euro; hams for places 4 to 6, a booby prize.
    """
    tournament = build_event(players=16, rounds=2, final=0, clubs=4, slug="prized")
    tournament.directors.add(director)
    fee_settings_save(
        tournament=tournament,
        by=director,
        rates=[RateRow("all", "All", 1000, "other"), RateRow("youth", "Youth", 500)],
    )
    youth = tournament.fee_settings.rates.get(code="youth")
    methods = ["cash"] * 9 + ["transfer"] * 3 + ["card"] * 2 + ["free"]
    entries = list(tournament.entries.order_by("id"))
    for entry, method in zip(entries, methods + ["cash"], strict=True):
        rate = youth if entry == entries[-1] else None
        cash.payment_take(entry=entry, by=director, method=method, rate=rate)
    late = factories.EntryFactory(tournament=tournament, status="registered")
    cash.payment_take(entry=late, by=director, method="transfer")
    cash.entry_withdraw_refund(entry=late, by=director, method="transfer")
    first = standings_for(tournament=tournament)[0]
    winner = tournament.entries.get(pk=first.entry_id).player
    winner.first_name, winner.last_name = PAYLOAD, "Evil"
    winner.save()
    prize_settings_save(
        tournament=tournament,
        by=director,
        cash_share_percent=Decimal("50"),
        cash_fixed_cents=1000,
        percentages="50 30 20",
    )
    prize_table_save(
        tournament=tournament,
        by=director,
        prizes=[
            PrizeRow("Ham", rule=Prize.Rule.RANGE, place_from=4, place_to=6),
            PrizeRow("Wooden spoon", rule=Prize.Rule.BOOBY),
        ],
    )
    prizes_award(tournament=tournament, by=director)
    return tournament


# 9 cash, 3 transfers, 2 cards at €10, one free, one youth at €5 (cash), and the
# late entrant's €10 by transfer, refunded.
PRIZED_METHODS = {"cash": 9500, "transfer": 4000, "card": 2000, "free": 0}
PRIZED_FEES = sum(PRIZED_METHODS.values())
PRIZED_POT = (PRIZED_FEES - 1000) // 2 + 1000


def test_the_cash_prizes_come_out_of_the_balance(prized, capsys):
    figures = treasury.tournament_figures(tournament=prized)
    assert figures.by_method == PRIZED_METHODS
    assert figures.refunds_cents == 1000
    assert figures.cash_prizes_cents == PRIZED_POT == 8250  # (€155 - €10) / 2 + €10
    assert figures.balance_cents == PRIZED_FEES - 1000 - PRIZED_POT
    call_command("treasurer_report", prized.slug, "--json")
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "fees_cents": PRIZED_FEES,
        "refunds_cents": 1000,
        "cash_prizes_cents": PRIZED_POT,
        "balance_cents": PRIZED_FEES - 1000 - PRIZED_POT,
        "by_method": PRIZED_METHODS,
    }


def test_the_report_lists_each_cash_prize(prized):
    report = treasury.treasury_report(tournament=prized)
    assert [p.place for p in report.prizes] == [1, 2, 3]
    assert sum(p.amount_cents for p in report.prizes) == PRIZED_POT
    text = pdf_text(treasury.treasury_pdf(tournament=prized))
    assert "Cash prizes paid out" in text
    assert treasury.euros(-PRIZED_POT) in text
    assert treasury.euros(PRIZED_FEES - 1000 - PRIZED_POT) in text


def test_the_sheet_lists_the_cash_prizes_with_the_winners_name_inert(prized):
    data = treasury.treasury_sheet(tournament=prized, fmt="xlsx")
    rows = [
        [c.value for c in row]
        for row in openpyxl.load_workbook(io.BytesIO(data)).active.iter_rows()
    ]
    prizes = [r for r in rows if r[0] == "Cash prizes paid out" and r[1] != "Total"]
    assert [r[2] for r in prizes] == ["place 1", "place 2", "place 3"]
    assert sum(Decimal(str(r[-1])) for r in prizes) == Decimal(-PRIZED_POT) / 100
    assert prizes[0][1] == "'" + PAYLOAD + " Evil"  # the winner, inert


def test_a_simulated_kaarting_reports_figures_that_add_up(
    db, capsys, django_assert_max_num_queries
):
    """The issue's end to end, smaller: every entrant pays €10 (a few by transfer),
    one withdraws and is refunded, half the fees is the cash pot."""
    call_command(
        "simulate_tournament",
        *("--players", "24", "--rounds", "2", "--final", "0"),
        *("--fee", "10", "--cash-share", "50", "--seed", "1"),
    )
    slug = capsys.readouterr().out.strip().splitlines()[-1]
    call_command("treasurer_report", slug, "--json")
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "fees_cents",
        "refunds_cents",
        "cash_prizes_cents",
        "balance_cents",
        "by_method",
    }
    assert data["fees_cents"] == 24 * 1000
    assert data["refunds_cents"] == 1000
    assert data["by_method"]["transfer"] > 0 and data["by_method"]["cash"] > 0
    assert sum(data["by_method"].values()) == data["fees_cents"]
    assert data["cash_prizes_cents"] == (24 * 1000 - 1000) // 2
    assert data["balance_cents"] == (
        data["fees_cents"] - data["refunds_cents"] - data["cash_prizes_cents"]
    )
    tournament = Tournament.objects.get(slug=slug)
    with django_assert_max_num_queries(8):  # whatever the number of payments
        report = treasury.treasury_report(tournament=tournament)
    assert len(report.payments) == 24
    assert sum(p.amount_cents for p in report.prizes) == data["cash_prizes_cents"]


def test_the_desks_figures_json_counts_the_cash_prizes_as_the_report(
    prized, client, director
):
    """``payments/figures.json`` (the cash desk's) says what ``treasurer_report
    --json`` says: the prizes app tells the cash desk its cash prizes."""
    client.force_login(director)
    url = reverse("cashdesk:figures_json", args=[prized.slug])
    data = client.get(url).json()
    assert data["cash_prizes_cents"] == PRIZED_POT
    assert data["balance_cents"] == PRIZED_FEES - 1000 - PRIZED_POT
