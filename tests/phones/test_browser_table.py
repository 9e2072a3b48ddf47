"""Two phones at one card table in a real Chromium: enter, accept, lose nothing.

The players type every deal through the page's buttons (suits, keypad, Save), as
they would at the table; the public standings, the desk and the database are
checked from outside the phones.
"""

import os
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from draws.services import round_draw, round_publish
from phones.models import Acceptance, TableSubmission
from phones.services import table_codes_ensure
from scoring import services
from scoring.models import DealRecord, ScoreSheet
from tests.builders import build_drawn_round
from tournaments.models import Seat, Tournament
from tournaments.personal_codes import entry_codes_ensure

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# Records what the page's Content-Security-Policy blocks (no inline script or style).
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
});
"""


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def login_cookie(user, live_server):
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }


@pytest.fixture
def hall(db):
    """A 16-player individual event entered at the tables: round 1 closed, round 2
    drawn and published through the directors' services; the codes of both."""
    director = get_user_model().objects.create_user("td-table", password="x-123456")
    first = build_drawn_round(players=16, slug="wk-tables", confirmed=True)
    tournament = first.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS, language="en"
    )
    tournament.refresh_from_db()
    tournament.directors.add(director)
    entry_codes_ensure(tournament=tournament)  # as the check-in screen does
    old_codes = table_codes_ensure(round=first)
    services.round_close(round=first, by=director)
    second = round_draw(phase=first.phase, by=director, seed=7)
    round_publish(round=second, by=director)
    codes = table_codes_ensure(round=second)
    table = second.tables.get(number=1)
    names = {
        seat.position: seat.entry.player
        for seat in Seat.objects.filter(table=table).select_related("entry__player")
    }
    return {
        "director": director,
        "tournament": tournament,
        "round": second,
        "table": table,
        "code": codes[1],
        "old_code": old_codes[1],
        "names": names,
    }


def full_name(player):
    return f"{player.first_name} {player.last_name}"


def open_page(page, url):
    """Open the table's page and wait for its script.

    The tests' SQLite database is a file, as the hall's is (config.settings): the
    test server's threads wait for each other's writes, so a page load never
    meets "database table is locked" and any 500 is a real failure.
    """
    answer = page.goto(url)
    assert answer is not None and answer.status == 200, answer and answer.status
    page.wait_for_selector("#table-app[data-ready='1']")


def phone(browser, base, code, seat_name, *, via_box=False):
    """A phone opened on the table's page, held by the player named."""
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    if via_box:
        page.goto(base + reverse("table:enter"))
        page.fill("#id_code", f"{code[:3].lower()} {code[3:].lower()}")
        page.click(".table-enter button[type=submit]")
        page.wait_for_selector("#table-app[data-ready='1']")
    else:
        open_page(page, base + reverse("table:page", kwargs={"code": code}))
    page.locator("#seat-buttons .seat-button", has_text=seat_name).click()
    page.wait_for_selector("#deal-form:not([hidden])")
    return context, page


def deals_shown(page, game):
    return page.locator(f"#game-{game} .deal-row:not(.pending)").count()


def enter_deal(page, trump, points, *, side="A", knocks=0, expect_saved=True):
    """Type a deal through the buttons: trump, knocks, side, keypad, Save."""
    game = int(
        page.locator("#deal-form").evaluate(
            "() => document.querySelector('#games article.game').dataset.game"
        )
    )
    before = deals_shown(page, game)
    page.click(f"#deal-form [data-trump='{trump}']")
    for _ in range(knocks):
        page.click("#deal-form [data-knock='1']")
    page.click(f"#deal-form [data-side='{0 if side == 'A' else 1}']")
    for digit in str(points):
        page.click(f"#deal-form .keypad [data-digit='{digit}']")
    page.click("#save-deal")
    if expect_saved:
        page.wait_for_function(
            "([game, n]) => document.querySelectorAll("
            "`#game-${game} .deal-row:not(.pending)`).length >= n"
            " || (document.querySelector('#game-' + game) || {}).classList"
            " && document.querySelector('#game-' + game).tagName === 'DETAILS'",
            arg=[game, before + 1],
            timeout=5000,
        )


def panel_button(page, scope, action, player):
    """The button of an acceptance panel ("I, <name>, accept") for a player."""
    return page.locator(
        f"[data-accept='{scope}'] [data-action='{action}']", has_text=full_name(player)
    )


def personal_code(player) -> str:
    """The player's personal code, as the director gave it at check-in."""
    return player.entries.get().personal_code


def hand_to(page, scope, player, *, code=None):
    """The phone is handed to an opponent, who taps their own name ("I am …")
    and types their personal code (``code``: what they type, if not theirs)."""
    button = panel_button(page, scope, "hand", player)
    button.wait_for(timeout=5000)
    button.click()
    panel_button(page, scope, "accept", player).wait_for()
    typed = personal_code(player) if code is None else code
    page.fill(f"[data-accept='{scope}'] [data-personal-code]", typed)


def rows_shown(page, game, count):
    page.wait_for_function(
        "([game, n]) => document.querySelectorAll("
        "`#game-${game} .deal-row:not(.pending)`).length === n",
        arg=[game, count],
    )


def wait_queue_empty(page, timeout=8000):
    page.wait_for_function(
        "() => document.querySelector('#table-app').dataset.queued === '0'",
        timeout=timeout,
    )


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


def test_deals_typed_offline_arrive_once_also_after_a_reload(
    browser, live_server, hall
):
    base = live_server.url
    table = hall["table"]
    context, page = phone(browser, base, hall["code"], full_name(hall["names"][1]))
    enter_deal(page, "hearts", 40)

    # The Wi-Fi drops: two deals are typed; they wait on the phone, shown unsent.
    context.set_offline(True)
    enter_deal(page, "spades", 35, expect_saved=False)
    enter_deal(page, "clubs", 20, side="B", expect_saved=False)
    page.wait_for_selector("#banner[data-kind='offline']")
    assert "No connection" in page.inner_text("#banner")
    assert page.locator("#game-1 .deal-row.pending").count() == 2
    shot(page, "table-phone-offline")
    assert DealRecord.objects.filter(game__table=table).count() == 1

    # Back online: both arrive, in order, once.
    context.set_offline(False)
    wait_queue_empty(page)
    rows_shown(page, 1, 3)
    points = list(
        DealRecord.objects.filter(game__table=table)
        .order_by("number")
        .values_list("trump", "points_a")
    )
    assert points == [("hearts", 40), ("spades", 35), ("clubs", 40)]

    # Offline again; a deal typed, then the page reloaded (it cannot load while
    # offline); back online, the page comes back with the deal still queued and
    # sends it.
    context.set_offline(True)
    enter_deal(page, "diamonds", 33, expect_saved=False)
    with pytest.raises(Exception):  # noqa: B017 - Chromium's offline error page
        page.reload()
    # (Chromium's error page reloads by itself once online: the player closes
    # it and opens the table's page again.)
    page.close()
    context.set_offline(False)
    page = context.new_page()
    open_page(page, base + reverse("table:page", kwargs={"code": hall["code"]}))
    wait_queue_empty(page)
    assert DealRecord.objects.filter(game__table=table).count() == 4

    # A deal that reached the server but whose answer was lost is sent again with
    # the same key and counted once.
    lost = {"done": False}

    def lose_answer(route):
        if not lost["done"]:
            lost["done"] = True
            route.fetch()  # the server saves it...
            route.abort()  # ...and the phone never hears back
        else:
            route.continue_()

    page.route("**/deal/", lose_answer)
    enter_deal(page, "hearts", 31, expect_saved=False)
    wait_queue_empty(page, timeout=10000)
    assert DealRecord.objects.filter(game__table=table).count() == 5
    sheet = ScoreSheet.objects.get(table=table)
    assert TableSubmission.objects.filter(sheet=sheet, action="deal").count() == 5
    context.close()


def test_a_conflict_shows_the_other_phones_deal_and_sends_mine_on_request(
    browser, live_server, hall
):
    base, table, names = live_server.url, hall["table"], hall["names"]
    ctx_a, one = phone(browser, base, hall["code"], full_name(names[1]))
    ctx_b, two = phone(browser, base, hall["code"], full_name(names[2]))
    # Seat 2's phone stops hearing about the sheet (its polls fail) while seat 1's
    # phone saves a deal: seat 2's next deal goes with the old version.
    two.route("**/state/", lambda route: route.abort())
    enter_deal(one, "hearts", 40)
    enter_deal(two, "spades", 50, expect_saved=False)
    conflict = two.locator("#conflict")
    conflict.wait_for(state="visible")
    assert "saved first" in two.inner_text("#unsent")
    # The other phone's deal is shown; this one's waits, unsent, not lost.
    rows_shown(two, 1, 1)
    assert "40–20" in two.inner_text("#game-1 .deal-row:not(.pending)")
    assert two.locator("#game-1 .deal-row.pending").count() == 1
    assert DealRecord.objects.filter(game__table=table).count() == 1
    shot(two, "table-phone-conflict")
    two.click("#conflict [data-action='resend']")
    rows_shown(two, 1, 2)
    assert conflict.is_hidden()
    points = list(
        DealRecord.objects.filter(game__table=table)
        .order_by("number")
        .values_list("trump", "points_a")
    )
    assert points == [("hearts", 40), ("spades", 50)]
    ctx_a.close()
    ctx_b.close()


def between(page, first, middle, last):
    """Whether ``middle`` lies below ``first`` and above ``last`` on the page, and
    close enough to ``last`` to share a phone's screen with it."""
    a, b, c = (page.locator(x).bounding_box() for x in (first, middle, last))
    return (
        a["y"] + a["height"] <= b["y"]
        and b["y"] + b["height"] <= c["y"]
        and c["y"] + c["height"] - b["y"] <= PHONE["viewport"]["height"]
    )


def test_a_conflict_is_shown_by_the_keypad_and_no_deal_typed_is_lost(
    browser, live_server, hall
):
    """Issue 21: the opponents accept on the other phone, then finish the next
    game there, while this phone, hearing nothing, goes on typing: the warning
    sits by the keypad (a live region), every deal typed stays listed there, and
    none is sent to another game or dropped but by the player's choice."""
    base, table, names = live_server.url, hall["table"], hall["names"]
    ctx_a, one = phone(browser, base, hall["code"], full_name(names[1]))
    ctx_b, three = phone(browser, base, hall["code"], full_name(names[3]))
    enter_deal(one, "no_trump", 60)
    enter_deal(one, "no_trump", 60)  # game 1 over on seat 1's phone
    # Seat 1's phone stops hearing from the server (its polls fail)...
    one.route("**/state/", lambda route: route.abort())
    # ...once a poll has failed, none started before is still on its way (they
    # run one after another): it cannot bring the acceptance to this phone. A poll
    # in flight across the acceptance did so under load, and no conflict came.
    one.wait_for_event(
        "requestfailed", predicate=lambda request: "/state/" in request.url
    )
    # Then seat 3 accepts game 1 on the other phone.
    hand_to(three, 1, names[3])
    panel_button(three, 1, "accept", names[3]).click()
    three.wait_for_selector("#games article#game-2")

    # Seat 1 types four deals of game 2: the first meets the conflict.
    one.wait_for_selector("#games article#game-2")
    enter_deal(one, "hearts", 35, expect_saved=False)
    one.locator("#conflict").wait_for(state="visible")
    alert = one.locator("#keypad-alert")
    assert alert.get_attribute("role") == "alert"
    assert "saved first" in alert.inner_text()
    # By the keypad, in the deal form, not at the top of the page.
    assert one.locator("#deal-form #keypad-alert").count() == 1
    assert between(one, "#deal-form .keypad", "#keypad-alert", "#save-deal")
    for points in (36, 37, 38):
        enter_deal(one, "hearts", points, expect_saved=False)
    assert one.locator("#unsent-deals .deal-row").count() == 4
    shot(one, "table-phone-conflict-keypad")

    # Seat 3 plays game 2 to its end on the other phone meanwhile.
    enter_deal(three, "no_trump", 60, side="B")
    enter_deal(three, "no_trump", 60, side="B")
    three.wait_for_selector("#games article#game-3")
    one.unroute("**/state/")
    one.wait_for_selector("#games article#game-3", timeout=8000)
    # The four deals are still by the keypad, in a folded game or not.
    assert one.locator("#unsent-deals .deal-row").count() == 4

    # "Send anyway": game 2 is over, so the deal is not sent but asked about.
    one.click("#conflict [data-action='resend']")
    one.wait_for_selector("#conflict[data-kind='ended']")
    assert "Game 2 has ended" in alert.inner_text()
    assert one.locator("#unsent-deals .deal-row").count() == 4
    shot(one, "table-phone-ended")
    # The player puts three in game 3 and discards one: exactly what is saved.
    for choice in ("move", "discard", "move", "move"):
        before = one.locator("#unsent-deals .deal-row").count()
        one.click(f"#conflict [data-action='{choice}']")
        one.wait_for_function(
            "n => document.querySelectorAll('#unsent-deals .deal-row').length < n",
            arg=before,
        )
    wait_queue_empty(one)
    game_3 = table.games.get(number=3)
    assert list(
        DealRecord.objects.filter(game=game_3)
        .order_by("number")
        .values_list("trump", "points_a")
    ) == [("hearts", 35), ("hearts", 37), ("hearts", 38)]
    assert DealRecord.objects.filter(game__number=2, game__table=table).count() == 2
    assert one.locator("#unsent-list").is_hidden()
    ctx_a.close()
    ctx_b.close()


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
