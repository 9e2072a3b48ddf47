"""Play the results desk at 144 tables in a browser, by keyboard and on a phone."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import DealRecord, ScoreSheet
from tests.builders import build_drawn_round
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "wedstrijd-123"
FITS = "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"


@pytest.fixture
def hall():
    """Round 1 of a 576-player event: tables 1-40 confirmed, the others not entered."""
    rnd = build_drawn_round(players=576, slug="desk-hall", confirmed=False)
    Tournament.objects.filter(pk=rnd.tournament_id).update(language="en")
    user = get_user_model().objects.create_user("desk", password=PASSWORD)
    rnd.tournament.directors.add(user)
    tables = {t.number: t for t in Table.objects.filter(round=rnd)}
    ScoreSheet.objects.bulk_create(
        ScoreSheet(
            table=tables[n],
            status=ScoreSheet.Status.CONFIRMED,
            confirmed_at="2026-10-04T10:00:00Z",
        )
        for n in range(1, 41)
    )
    return rnd, tables


def login(context, base):
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "desk")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    return page, errors


def sheet_path(table):
    return reverse("scoring:sheet", kwargs={"table_id": table.pk})


def test_the_desk_finds_table_87_enters_it_confirms_and_opens_the_next(
    browser, live_server, hall
):
    rnd, tables = hall
    base = live_server.url
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, bypass_csp=True
    )
    page, errors = login(context, base)
    page.goto(base + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    assert page.evaluate("document.activeElement.name") == "table"

    # Leave the box, "1" shows the tables not entered (with their count).
    page.keyboard.press("Escape")
    page.keyboard.press("1")
    page.wait_for_url("**?show=open")
    assert page.locator('[data-filter="open"] .count').inner_text() == "104"
    statuses = page.locator(".desk-table tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.status)"
    )
    assert len(statuses) == 104 and set(statuses) == {"open"}

    # "t" goes to the table box: 87, Enter opens its sheet.
    page.keyboard.press("t")
    page.keyboard.type("87")
    page.keyboard.press("Enter")
    page.wait_for_url(base + sheet_path(tables[87]))
    page.wait_for_selector("#sheet [data-trump]:focus")

    # Enter the sheet by keyboard: three games of four deals of 60 for side A.
    for game in (1, 2, 3):
        for deal in (1, 2, 3, 4):
            for key in ("h", "6", "0", "Enter"):
                page.keyboard.press(key)
            page.locator(f'#game-{game} tr.deal-row[data-deal="{deal}"]').wait_for()
            if (game, deal) != (3, 4):
                page.wait_for_selector("#sheet [data-trump]:focus")
    assert DealRecord.objects.filter(game__table=tables[87]).count() == 12
    assert errors == []  # no console error while saving deals (hx-disabled-elt)

    # Confirm with Enter: the next table not entered (88) opens.
    page.wait_for_selector("#confirm-sheet:focus")
    page.keyboard.press("Enter")
    page.wait_for_url(base + sheet_path(tables[88]))
    assert ScoreSheet.objects.get(table=tables[87]).status == "confirmed"
    assert page.locator("#next-open").get_attribute("href") == sheet_path(tables[89])

    # "?" opens the keyboard help even from the trump box; Esc, "[" goes back to 87.
    page.wait_for_selector("#sheet [data-trump]:focus")
    page.keyboard.press("?")
    assert page.locator("#keys-help").evaluate("d => d.open") is True
    page.keyboard.press("Escape")
    page.keyboard.press("[")
    page.wait_for_url(base + sheet_path(tables[87]))
    assert page.locator("h1 .badge").get_attribute("class").endswith("sheet-confirmed")
    assert errors == []

    # A correction: removing a deal of the confirmed sheet without a reason puts
    # the focus in the one reason box (not in the trump box).
    page.locator('#game-1 tr.deal-row[data-deal="2"] .row-actions a').click()
    page.locator("#entry-row .delete-deal").click()
    page.wait_for_selector("#entry-row .reason-box.field-error input:focus")
    assert page.locator("#game-1 [name=reason]").count() == 1  # events: their own
    context.close()


def test_the_desk_and_the_sheet_fit_a_phone(browser, live_server, hall):
    rnd, tables = hall
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page, errors = login(context, base)
    page.goto(base + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    assert page.evaluate(FITS)

    page.goto(base + sheet_path(tables[90]))
    page.wait_for_selector("#sheet [data-trump]:focus")
    for key in ("h", "4", "2", "Enter"):
        page.keyboard.press(key)
    page.locator('#game-1 tr.deal-row[data-deal="1"]').wait_for()
    page.wait_for_selector("#sheet [data-trump]:focus")
    assert page.evaluate(FITS)
    # The boxes a deal needs are on the screen, not beyond its right edge.
    for selector in (
        "#entry-row [name=trump]",
        "#entry-row [name=points_a]",
        "#entry-row button.primary",
        "#game-1 tr.deal-row .total",
    ):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, selector
    assert errors == []
    context.close()
