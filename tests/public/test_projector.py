"""The projector in a big hall: the standings after a named round, "where do I sit?"
by name while a round is under way, a screenful at a time, turning on its own."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests import factories
from tests.builders import build_event
from tournaments.models import Bye, Round
from tournaments.selectors import fold

pytestmark = pytest.mark.django_db


def _url(t, query=""):
    return reverse("live:projector", args=[t.slug]) + query


@pytest.fixture
def open_round(confirm_table):
    """Rounds 1–2 played and closed; round 3 published, 2 tables of 3 left to play,
    and a bye."""
    t = build_event(players=20, rounds=2, final=0, seed=3, clubs=3)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=3)
    tables = [factories.individual_table(round=rnd, number=n) for n in (1, 2, 3)]
    confirm_table(tables[0], [(101, 30), (40, 101), (101, 0)])
    bye = factories.EntryFactory(
        tournament=t, player__first_name="Zoë", player__last_name="Àerts"
    )
    Bye.objects.create(round=rnd, entry=bye)
    return t, rnd, tables


def test_the_title_says_after_which_round_and_how_much_of_the_next(
    client, open_round, confirm_table
):
    t, rnd, tables = open_round
    html = client.get(_url(t)).content.decode()
    assert "Standings after round 2" in html
    assert "Round 3: 1 of 3 tables counted so far." in html
    assert html.count('<tr id="e') == 20 + 12 + 1  # everybody, not a page of them

    for table in tables[1:]:
        confirm_table(table, [(101, 10)] * 3)
    html = client.get(_url(t)).content.decode()
    assert "Standings after round 3" in html  # every table in, not yet closed
    assert "tables counted so far" not in html


def test_before_any_result_the_title_says_so(client):
    t = factories.TournamentFactory()
    factories.EntryFactory(tournament=t)
    response = client.get(_url(t))
    assert response.status_code == 200
    html = response.content.decode()
    assert "No results yet." in html and "after round" not in html
    assert 'data-panel="standings"' in html and 'data-panel="draw"' not in html


def test_an_open_round_lists_everybody_by_name_with_their_table_and_seat(
    client, open_round
):
    t, rnd, tables = open_round
    response = client.get(_url(t))
    names = response.context["names"]
    assert len(names) == 12 + 1
    assert [n["name"] for n in names] == sorted((n["name"] for n in names), key=fold)
    assert names[0]["name"] == "Àerts, Zoë"  # accents do not send it to the end
    assert names[0]["table"] is None and names[0]["where"] == "bye"
    assert names[0]["key"] == "aer"
    seated = {
        s.entry.player.full_name: (s.table.number, s.position)
        for table in tables
        for s in table.seats.select_related("entry__player", "table")
    }
    for n in names[1:]:
        last, first = n["name"].split(", ")
        table, position = seated[f"{first} {last}"]
        assert (n["table"], n["where"]) == (table, f"seat {position}")
    html = response.content.decode()
    assert "Round 3: where do I sit?" in html
    order = [m.group(1) for m in re.finditer(r'<span class="pn-name">([^<]+)', html)]
    assert [o.strip() for o in order] == [n["name"] for n in names]


def test_a_pairs_event_says_which_side_each_team_plays(client):
    entry = factories.TeamEntryFactory()
    t = entry.tournament
    other = factories.TeamEntryFactory(tournament=t)
    rnd = factories.RoundFactory(tournament=t, number=1)
    table = factories.TableFactory(round=rnd, number=7)
    for position, e in ((1, entry), (2, other)):
        table.seats.create(round=rnd, position=position, entry=e)
    names = client.get(_url(t)).context["names"]
    where = {n["name"]: (n["table"], n["where"]) for n in names}
    assert where == {
        entry.team.name: (7, "side A"),
        other.team.name: (7, "side B"),
    }


def test_a_closed_round_has_no_where_do_i_sit_screen(client):
    t = build_event(players=16, rounds=2, final=0, seed=5, clubs=3)
    assert Round.objects.filter(tournament=t, status="published").count() == 0
    for show in ("", "?show=both", "?show=draw"):
        cache.clear()  # each screen rendered, not "both" stored for "" before
        response = client.get(_url(t, show))
        html = response.content.decode()
        assert response.context["names"] is None
        assert 'data-panel="standings"' in html and 'data-panel="draw"' not in html


@pytest.mark.parametrize(
    ("query", "standings", "draw"),
    [
        ("", True, True),
        ("?show=both", True, True),
        ("?show=standings", True, False),
        ("?show=draw", False, True),
        ("?show=DRAW", False, True),
        ("?show=tables", True, True),  # unknown: both
        ("?show=%00", True, True),
        ("?show=" + "x" * 5000, True, True),
    ],
)
def test_show_chooses_the_screens(client, open_round, query, standings, draw):
    t, _rnd, _tables = open_round
    response = client.get(_url(t, query))
    assert response.status_code == 200
    html = response.content.decode()
    assert ('data-panel="standings"' in html) is standings
    assert ('data-panel="draw"' in html) is draw


@pytest.mark.parametrize(
    ("query", "seconds"),
    [
        ("", 8),
        ("?seconds=5", 5),
        ("?seconds=1", 3),  # too fast to read: the shortest allowed
        ("?seconds=0", 3),
        ("?seconds=600", 120),
        ("?seconds=99999999999999999999", 8),
        ("?seconds=" + "9" * 5000, 8),
        ("?seconds=-4", 8),
        ("?seconds=2.5", 8),
        ("?seconds=abc", 8),
        ("?seconds=%EF%BC%91%EF%BC%92", 8),  # full-width digits
        ("?seconds=nan", 8),
    ],
)
def test_seconds_is_bounded_and_never_fails(client, open_round, query, seconds):
    t, _rnd, _tables = open_round
    response = client.get(_url(t, query))
    assert response.status_code == 200
    assert response.context["seconds"] == seconds
    assert f'data-seconds="{seconds}"' in response.content.decode()


def test_the_live_region_holds_both_screens_and_the_title(client, open_round):
    t, _rnd, _tables = open_round
    response = client.get(_url(t), HTTP_X_LIVE_REGION="1")
    html = response.content.decode()
    assert "<html" not in html
    assert "Standings after round 2" in html
    assert 'data-panel="standings"' in html and 'data-panel="draw"' in html


def test_the_projector_reads_no_row_twice_at_144_tables(
    client, django_assert_max_num_queries
):
    """The standings (four queries), the progress (one), the names (cached)."""
    t = build_event(players=576, rounds=1, final=0, seed=2, clubs=20, confirm=False)
    client.get(_url(t))  # warms the tournament and the round caches
    with django_assert_max_num_queries(6):
        response = client.get(_url(t, "?seconds=9"))
    assert len(response.context["names"]) == 576
    assert "Round 1: 0 of 144 tables counted so far." in response.content.decode()


# ----------------------------------------------------------------- in a browser

FITS = "document.scrollingElement.scrollHeight <= window.innerHeight"
LABEL = "document.querySelector('[data-panel]:not([hidden]) [data-page-label]')"


def _in_view(page, selector) -> bool:
    """The element is shown and wholly inside the window."""
    return page.evaluate(
        """(sel) => { const e = document.querySelector(sel);
          if (!e || !e.offsetParent) return false;
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""",
        selector,
    )


def _shown_rows(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll(
          '[data-panel="standings"] tbody > tr:not([hidden])')]
          .map(tr => tr.cells[0].textContent)"""
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_projector_fits_the_screen_turns_pages_and_shows_where_to_sit(
    live_server, confirm_table, browser
):
    t = build_event(players=80, rounds=1, final=0, seed=6, clubs=5)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd = factories.RoundFactory(tournament=t, phase=phase, number=2)
    tables = [factories.individual_table(round=rnd, number=n) for n in range(1, 21)]
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, bypass_csp=True
    )
    page = context.new_page()
    page.goto(live_server.url + _url(t, "?seconds=3"))
    standings = page.locator('[data-panel="standings"]')
    draw = page.locator('[data-panel="draw"]')
    # While round 2 is open its seats come first; → turns to the standings.
    assert draw.is_visible() and not standings.is_visible()
    page.keyboard.press("Space")  # held: turned by hand to the standings
    for _ in range(int(page.get_attribute("[data-projector]", "data-seat-pages"))):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert standings.is_visible() and not draw.is_visible()

    # A page of the standings fits the screen, header row and title included.
    assert page.evaluate(FITS)
    assert _in_view(page, '[data-panel="standings"] thead th')
    assert _in_view(page, '[data-panel="standings"] h1')
    assert "Standings after round 1" in standings.locator("h1").inner_text()
    label = page.evaluate(f"{LABEL}.textContent")
    per_page = len(_shown_rows(page))
    pages = -(-160 // per_page)
    assert per_page >= 8 and label == f"page 1 of {pages}"
    assert _shown_rows(page)[0] == "1" or _shown_rows(page)[0].startswith("1=")

    # It turns by itself, every 3 seconds here; the header is still in view.
    page.wait_for_function(f"{LABEL}.textContent === 'page 2 of {pages}'", timeout=6000)
    assert len(_shown_rows(page)) == per_page
    assert page.evaluate(FITS) and _in_view(page, '[data-panel="standings"] thead th')

    # Space pauses: nothing turns; a result coming in updates the same page.
    page.keyboard.press("Space")
    assert page.locator("[data-paused]").is_visible()
    page.evaluate("window.__notReloaded = true")
    confirm_table(tables[0], [(101, 3), (101, 4), (101, 5)])
    page.wait_for_function(
        "document.querySelector('.projector-note').textContent"
        ".includes('1 of 20 tables')",
        timeout=8000,
    )
    page.wait_for_timeout(3500)
    assert page.evaluate(f"{LABEL}.textContent") == f"page 2 of {pages}"
    assert page.evaluate("window.__notReloaded") is True
    assert page.evaluate(FITS)

    # → and ← turn by hand; ← from the first page goes back to the last page of
    # "where do I sit?", shown while round 2 is open.
    page.keyboard.press("ArrowRight")
    assert page.evaluate(f"{LABEL}.textContent") == f"page 3 of {pages}"
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert draw.is_visible() and not standings.is_visible()
    assert "Round 2: where do I sit?" in draw.locator("h1").inner_text()
    last = page.evaluate(f"{LABEL}.textContent")
    assert re.fullmatch(r"page (\d+) of \1", last), last
    assert page.evaluate(FITS)
    letters = draw.locator("[data-page-letters]").inner_text()
    assert re.fullmatch(r"\w+(–\w+)?", letters), letters
    names = page.evaluate(
        """() => [...document.querySelectorAll(
          '[data-page-items] > li:not([hidden]) .pn-name')].map(e => e.textContent)"""
    )
    assert names and names == sorted(names, key=fold)
    assert _in_view(page, "[data-page-items] > li:not([hidden])")

    # Space again: it goes on by itself, back to the first page of the standings.
    page.keyboard.press("Space")
    assert not page.locator("[data-paused]").is_visible()
    page.wait_for_function(f"{LABEL}.textContent === 'page 1 of {pages}'", timeout=6000)
    assert standings.is_visible() and not draw.is_visible()

    # On a 1080-line projector (or in full screen) the pages grow with the
    # screen: 576 players then take 24 pages or fewer, about 3 minutes at 8 s.
    page.keyboard.press("Space")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(f"!{LABEL}.textContent.endsWith(' of {pages}')")
    assert page.evaluate(FITS)
    assert len(_shown_rows(page)) >= 24
    assert _in_view(page, '[data-panel="standings"] thead th')
    context.close()
