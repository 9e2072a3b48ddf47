"""Two phones at one card table in a real Chromium: enter, accept, lose nothing.

The players type every deal through the page's buttons (suits, keypad, Save), as
they would at the table; the public standings, the desk and the database are
checked from outside the phones. Here: entering and accepting; deals typed offline
and conflicts between the phones are in ``test_browser_table_sync.py``.
"""

import time

import pytest
from django.urls import reverse

from phones.models import Acceptance, TableSubmission
from scoring.models import DealRecord, ScoreSheet
from tests.browser_login import login_cookie
from tests.phones.browser_table_helpers import (
    PHONE,
    enter_deal,
    full_name,
    hand_to,
    panel_button,
    personal_code,
    phone,
    rows_shown,
    shot,
    wait_queue_empty,
)
from tournaments.models import Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_phones_enter_a_table_the_opponents_accept_and_it_goes_public(
    browser, live_server, hall
):
    started = time.monotonic()
    base = live_server.url
    code, names = hall["code"], hall["names"]
    table, tournament = hall["table"], hall["tournament"]

    # A wrong code and the code of the previous round are refused.
    stranger = browser.new_context(**PHONE).new_page()
    stranger.goto(base + reverse("table:page", kwargs={"code": "ZZZZZZ"}))
    assert "No table has this code" in stranger.inner_text("main")
    stranger.goto(base + reverse("table:page", kwargs={"code": hall["old_code"]}))
    assert "Round 1 is closed" in stranger.inner_text("main")

    # The public standings are open on a third device, never reloaded.
    scorer = Seat.objects.get(table=table, position=1).entry
    public = browser.new_context(**PHONE).new_page()
    public.goto(base + reverse("live:standings", args=[tournament.slug]))
    points_cell = f"#e{scorer.pk} td:nth-child(6)"
    points_before = public.inner_text(points_cell).strip()
    public.evaluate("window.__notReloaded = true")

    # Seat 1 opens the table by typing the code; seat 3 by the QR code's link.
    ctx_a, one = phone(browser, base, code, full_name(names[1]), via_box=True)
    ctx_b, three = phone(browser, base, code, full_name(names[3]))
    assert full_name(names[2]) in one.inner_text("#game-1")  # game 1: 1 & 2 vs 3 & 4
    shot(one, "table-phone-start")

    # Game 1 (seats 1 & 2 against 3 & 4) on seat 1's phone, one mistake caught.
    enter_deal(one, "hearts", 42)
    enter_deal(one, "spades", 75, expect_saved=False)
    error = one.locator("#form-error")
    error.wait_for(state="visible")
    assert "Points must lie between 0 and 60, not 75." in error.inner_text()
    shot(one, "table-phone-refused")
    one.click("#deal-form .keypad [data-digit='back']")
    one.click("#deal-form .keypad [data-digit='back']")
    one.click("#deal-form [data-knock='1']")  # and the knock forgotten
    one.click("#deal-form .keypad [data-digit='4']")
    one.click("#deal-form .keypad [data-digit='5']")
    one.click("#save-deal")
    rows_shown(one, 1, 2)
    assert error.is_hidden()
    # The other phone at the table sees the deals by itself (it polls).
    three.wait_for_function(
        "() => document.querySelectorAll('#game-1 .deal-row').length === 2",
        timeout=5000,
    )
    enter_deal(one, "no_trump", 60)  # 12 + 30 + 60 = 102: game over
    assert DealRecord.objects.filter(game__table=table).count() == 3

    # The opponents accept game 1 on the other phone: its holder (seat 3) says
    # who has it, then accepts.
    panel_button(three, 1, "hand", names[3]).wait_for(timeout=5000)
    assert panel_button(three, 1, "hand", names[1]).count() == 0
    hand_to(three, 1, names[3])
    assert panel_button(three, 1, "accept", names[1]).count() == 0
    shot(three, "table-phone-accept")
    panel_button(three, 1, "accept", names[3]).click()
    three.wait_for_selector("#game-1 .acceptance-line.accepted", state="attached")

    # Game 2 (1 & 3 against 2 & 4) on seat 3's phone: side B takes it.
    three.wait_for_selector("#games article#game-2")
    enter_deal(three, "no_trump", 60, side="B")
    enter_deal(three, "clubs", 50, side="B", knocks=1)  # (50 − 30) × 2 = 40: 100
    enter_deal(three, "diamonds", 31, side="B")  # 101
    # Seat 1's phone, on the winners' side of game 2, is handed to seat 2.
    hand_to(one, 2, names[2])
    panel_button(one, 2, "accept", names[2]).click()
    one.wait_for_selector("#games article#game-3")

    # Game 3 (1 & 4 against 2 & 3) on seat 1's phone.
    enter_deal(one, "no_trump", 60)
    enter_deal(one, "no_trump", 60)
    # Seat 2 rejects it with a reason: the desk sees the table disputed.
    hand_to(three, 3, names[2])
    three.click("[data-accept='3'] [data-action='reject-open']")
    three.fill("[data-reason='3']", "Deal 2 was 50–10")
    three.locator(
        "[data-accept='3'] [data-action='reject']", has_text=full_name(names[2])
    ).click()
    three.wait_for_selector("#banner[data-kind='disputed']")
    desk = browser.new_context()
    desk.add_cookies([login_cookie(hall["director"], live_server)])
    desk_page = desk.new_page()
    desk_page.goto(
        base + reverse("scoring:round", kwargs={"round_id": hall["round"].pk})
    )
    row = desk_page.locator("tr", has=desk_page.locator("a.badge.table-disputed"))
    assert row.count() == 1
    assert "Disputed" in row.inner_text()
    assert ScoreSheet.objects.get(table=table).table_state == "disputed"

    # They talk it over; seat 3 accepts the game after all: the sheet is confirmed.
    hand_to(three, 3, names[3])
    panel_button(three, 3, "accept", names[3]).click()
    three.wait_for_function(
        "() => document.querySelector('#table-state').dataset.state === 'accepted'"
    )
    confirmed_at = time.monotonic()
    sheet = ScoreSheet.objects.get(table=table)
    assert sheet.status == "confirmed" and sheet.table_state == "accepted"
    shot(three, "table-phone-accepted")

    # The public standings show the result within 5 s, without a reload.
    public.wait_for_function(
        "([sel, before]) => document.querySelector(sel).textContent.trim() !== before",
        arg=[points_cell, points_before],
        timeout=5000,
    )
    assert time.monotonic() - confirmed_at < 5
    assert public.evaluate("window.__notReloaded") is True
    games = list(table.games.order_by("number"))
    own = sum(g.score_a if "1" in g.side_a else g.score_b for g in games)
    assert int(public.inner_text(points_cell)) == int(points_before) + own

    # Every write is in the sheet's history: code and seat, once each.
    subs = TableSubmission.objects.filter(sheet=sheet)
    assert subs.filter(action="deal").count() == 8
    assert set(subs.values_list("code", flat=True)) == {code}
    assert DealRecord.objects.filter(game__table=table).count() == 8
    assert one.evaluate("window.__csp") == []
    assert three.evaluate("window.__csp") == []
    ctx_a.close()
    ctx_b.close()
    assert time.monotonic() - started < 90


def test_the_winners_phone_is_handed_to_an_opponent_who_accepts_on_it(
    browser, live_server, hall
):
    """Issue 21: the phone of the side that won says to give it to an opponent;
    the opponent taps their own name, then accepts; both seats are recorded."""
    base, table, names = live_server.url, hall["table"], hall["names"]
    ctx, one = phone(browser, base, hall["code"], full_name(names[1]))
    enter_deal(one, "no_trump", 60)
    enter_deal(one, "no_trump", 60)
    panel = one.locator("[data-accept='1']")
    panel.wait_for(timeout=5000)
    text = panel.inner_text()
    assert f"Give the phone to {full_name(names[3])} or {full_name(names[4])}" in text
    assert panel_button(one, 1, "accept", names[3]).count() == 0  # not yet
    assert panel_button(one, 1, "hand", names[2]).count() == 0  # a winner
    shot(one, "table-phone-hand-over")
    hand_to(one, 1, names[4])
    assert f"{full_name(names[4])}, check the result" in panel.inner_text()
    shot(one, "table-phone-hand-over-confirm")
    panel_button(one, 1, "accept", names[4]).click()
    one.wait_for_selector(".handed-back")
    assert f"Give the phone back to {full_name(names[1])}" in one.inner_text(
        ".handed-back"
    )
    wait_queue_empty(one)
    found = Acceptance.objects.get(sheet__table=table)
    assert (found.seat, found.phone_seat) == (4, 1)
    written = TableSubmission.objects.get(sheet__table=table, action="accept")
    assert (written.seat, written.phone_seat) == (4, 1)
    ctx.close()


def test_an_opponent_accepts_with_the_personal_code_in_a_few_taps(
    browser, live_server, hall
):
    """Issue 23 §6, the table's quick flow on a 390 px phone: game over, the phone
    goes to an opponent, who taps their name, types their 4-character code and
    accepts. A wrong code is refused beside the field, the same opponent types it
    again there, and nothing is accepted until the right one."""
    base, table, names = live_server.url, hall["table"], hall["names"]
    context, one = phone(browser, base, hall["code"], full_name(names[1]))
    enter_deal(one, "no_trump", 60)
    enter_deal(one, "no_trump", 60)  # game 1 (seats 12 against 34) is over
    right = personal_code(names[3])
    wrong = "2222" if right != "2222" else "3333"
    hand_to(one, 1, names[3], code=wrong)
    field = one.locator("[data-accept='1'] [data-personal-code]")
    assert field.get_attribute("type") == "password"
    assert field.bounding_box()["width"] < 390
    panel_button(one, 1, "accept", names[3]).click()
    message = one.locator("[data-accept='1'] .error[role='alert']")
    message.wait_for(timeout=5000)
    assert "not" in message.inner_text() and full_name(names[3]) in message.inner_text()
    assert not Acceptance.objects.filter(sheet__table=table).exists()
    # Still in the opponent's hands: the code again, lower case, and accept.
    one.fill("[data-accept='1'] [data-personal-code]", right.lower())
    panel_button(one, 1, "accept", names[3]).click()
    one.locator(".handed-back").wait_for()
    # The server's answer: game 1 shows its acceptance, read from the sheet.
    one.locator("#game-1 .acceptance-line.accepted").wait_for(
        state="attached", timeout=5000
    )
    found = Acceptance.objects.get(sheet__table=table)
    assert (found.seat, found.phone_seat, found.accepted) == (3, 1, True)
    # The code never stays on the phone: not in its stored queue.
    stored = one.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    assert right not in stored
    assert one.evaluate("() => window.__csp") == []
    shot(one, "personal-code-accepted")
    context.close()
