"""Two phones at one card table in a real Chromium: nothing typed is lost.

Deals typed offline arrive once, also after a reload; a deal sent with an old
version of the sheet (the other phone saved first) is shown by the keypad and
sent, moved or discarded only by the player's choice.
"""

import pytest
from django.urls import reverse

from phones.models import TableSubmission
from scoring.models import DealRecord, ScoreSheet
from tests.phones.browser_table_helpers import (
    PHONE,
    enter_deal,
    full_name,
    hand_to,
    open_page,
    panel_button,
    phone,
    rows_shown,
    shot,
    wait_queue_empty,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
