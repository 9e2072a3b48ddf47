"""The desk of a hall whose tables enter their own results, in a browser.

Each table's state is a badge in the desk's column "At the table", readable at
1366 and 390 px; the sheet page shows the director the table's code and takes the
sheet over from the table (htmx, under the strict CSP) and gives it back.
"""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from phones.models import TableCode
from phones.services import table_codes_ensure
from scoring.models import ScoreSheet
from tests.builders import build_drawn_round
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "wedstrijd-123"
FITS = "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
# Screenshots keep the caret: hiding it injects a style the page's CSP refuses.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))
STATES = {1: "entering", 2: "awaiting", 3: "accepted", 4: "disputed", 5: "desk"}


@pytest.fixture
def hall():
    """Round 1 of a 64-player event entered at the tables, five tables under way."""
    rnd = build_drawn_round(players=64, slug="tables-hall", confirmed=False)
    Tournament.objects.filter(pk=rnd.tournament_id).update(
        language="en", result_entry=Tournament.ResultEntry.TABLES_DIRECTOR
    )
    user = get_user_model().objects.create_user("desk", password=PASSWORD)
    rnd.tournament.directors.add(user)
    tables = {t.number: t for t in Table.objects.filter(round=rnd)}
    ScoreSheet.objects.bulk_create(
        ScoreSheet(table=tables[n], status="entered", table_state=state)
        for n, state in STATES.items()
    )
    table_codes_ensure(round=rnd)
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


@pytest.mark.parametrize("width", [1366, 390])
def test_the_desk_shows_each_tables_state_on_a_screen_and_a_phone(
    browser, live_server, hall, width
):
    rnd, _tables = hall
    context = browser.new_context(viewport={"width": width, "height": 900})
    page, errors = login(context, live_server.url)
    page.goto(live_server.url + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    badges = page.locator(".desk-table tbody tr").evaluate_all(
        "rows => rows.slice(0, 6).map(r => [r.dataset.tableState,"
        " (r.querySelector('.badge[class*=table-]') || {}).textContent || ''])"
    )
    assert badges == [
        ["entering", "Entered at the table"],
        ["awaiting", "Awaiting acceptance"],
        ["accepted", "Accepted"],
        ["disputed", "Disputed"],
        ["desk", "Taken over by the desk"],
        ["", ""],
    ]
    # One badge a table shows: in its column on a screen, in the sheet's cell on
    # a phone (the column is hidden there).
    for state in STATES.values():
        assert page.locator(f".badge.table-{state}:visible").count() == 1, state
    column = page.locator("th", has_text="At the table")
    assert column.is_visible() == (width > 600)
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"desk-tables-{width}.png"), caret="initial")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("width", [1366, 390])
def test_the_sheet_shows_the_code_and_is_taken_over_and_given_back(
    browser, live_server, hall, width
):
    _rnd, tables = hall
    table = tables[2]
    code = TableCode.objects.get(table=table).code
    context = browser.new_context(viewport={"width": width, "height": 900})
    page, errors = login(context, live_server.url)
    page.goto(live_server.url + reverse("scoring:sheet", kwargs={"table_id": table.pk}))
    assert page.locator("#table-code").inner_text() == code
    assert page.locator("#table-entry .badge").inner_text() == "Awaiting acceptance"
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"sheet-table-entry-{width}.png"), caret="initial")

    page.click("#take-over")
    page.wait_for_selector("#give-back")
    assert page.locator("#table-entry .badge").inner_text() == "Taken over by the desk"
    assert ScoreSheet.objects.get(table=table).table_state == "desk"
    page.screenshot(path=str(SHOTS / f"sheet-taken-over-{width}.png"), caret="initial")

    page.click("#give-back")
    page.wait_for_selector("#take-over")
    # Nothing came from the table yet: it is the desk's own sheet again.
    assert ScoreSheet.objects.get(table=table).table_state == ""
    assert not errors, errors
    context.close()
