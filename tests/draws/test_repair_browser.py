"""In a real browser: a published round repaired by the director (a swap, the
reserve on the bye, a late entry) shows on a phone's "where do I sit?" within 5 s."""

import time

import pytest
from django.urls import reverse

from clubs.models import Player
from tests import factories
from tests.browser_login import login_cookie
from tournaments import services
from tournaments.models import Bye, Seat

NAMES = ["Aerts", "Bogaert", "Claeys", "Desmet", "Everaert", "Fierens", "Goossens"]


def table_of(phone, live_server, slug: str, name: str) -> str:
    """Ask "where do I sit?" as a phone does; return the table shown ("" on a bye)."""
    url = reverse("public:draw_by_name", args=[slug, 1])
    phone.goto(f"{live_server.url}{url}?q={name}")
    cells = phone.locator("#names td.table-no")
    return cells.first.inner_text().strip() if cells.count() else "absent"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_repaired_round_shows_on_a_phone_within_5_seconds(
    live_server, browser, published, director
):
    slug = published.tournament.slug

    def entry_at(table, position):
        return Seat.objects.get(round=published, table__number=table, position=position)

    def named(seat_or_entry, name):
        entry = getattr(seat_or_entry, "entry", seat_or_entry)
        Player.objects.filter(pk=entry.player_id).update(last_name=name)
        return name

    swap_a, swap_b = entry_at(1, 2), entry_at(2, 3)
    absent_1, absent_2 = entry_at(1, 4), entry_at(2, 1)
    a, b = named(swap_a, NAMES[0]), named(swap_b, NAMES[1])
    gone_1, gone_2 = named(absent_1, NAMES[2]), named(absent_2, NAMES[3])
    reserve = named(Bye.objects.get(round=published).entry, NAMES[4])
    late_entry = services.entry_register(
        tournament=published.tournament,
        player=factories.PlayerFactory(last_name=NAMES[5]),
        late=True,
    )
    late = NAMES[5]

    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    before = {n: table_of(phone, live_server, slug, n) for n in (a, b, reserve, gone_1)}
    assert before == {a: "1", b: "2", reserve: "bye", gone_1: "1"}

    desk = browser.new_context(viewport={"width": 1366, "height": 768})
    desk.add_cookies([login_cookie(director, live_server)])
    page = desk.new_page()
    round_url = live_server.url + reverse("director:round", args=[slug, 1])

    # 1. Swap: tick two players, press the Swap of table 2, give the reason.
    page.goto(round_url)
    page.check(f'input[name="seat"][value="{swap_a.pk}"]')
    page.check(f'input[name="seat"][value="{swap_b.pk}"]')
    page.click('#table-2 button[name="at"]')
    page.fill('input[name="reason"]', "two brothers at one table")
    page.click("text=Swap them")
    page.wait_for_url("**#table-2")
    started = time.monotonic()

    # 2. The reserve (on the bye) in place of a player who did not come back.
    page.click(f'a[href$="/seats/{absent_1.pk}/"]')
    page.select_option('select[name="replace-entry"]', str(Bye.objects.get().entry_id))
    page.fill('input[name="replace-reason"]', "not back after lunch")
    page.click("text=Seat them here")
    page.wait_for_url("**#table-1")

    # 3. A late entry in place of another absentee.
    page.click(f'a[href$="/seats/{absent_2.pk}/"]')
    page.select_option('select[name="replace-entry"]', str(late_entry.pk))
    page.fill('input[name="replace-reason"]', "no-show")
    page.click("text=Seat them here")
    page.wait_for_url("**#table-2")
    repaired = time.monotonic()

    expected = {a: "2", b: "1", reserve: "1", late: "2", gone_1: "absent"}
    expected[gone_2] = "absent"
    while True:
        seen = {n: table_of(phone, live_server, slug, n) for n in expected}
        if seen == expected or time.monotonic() - repaired > 5:
            break
        time.sleep(0.25)
    assert seen == expected
    assert time.monotonic() - repaired < 5
    assert repaired - started < 30  # the director's three repairs, by hand
