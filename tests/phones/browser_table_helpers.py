"""What the two-phone browser tests share: the hall they play in and the player's
gestures on the table's page (open it, pick a seat, type a deal, hand the phone
over, wait for the queue)."""

import os

from django.contrib.auth import get_user_model
from django.urls import reverse

from draws.services import round_draw, round_publish
from phones.services import table_codes_ensure
from scoring import services
from tests.builders import build_drawn_round
from tournaments.models import Seat, Tournament
from tournaments.personal_codes import entry_codes_ensure

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


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


def build_hall():
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
