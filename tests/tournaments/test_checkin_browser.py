"""Drive a real browser: create, import, check in, draw, publish, find my table."""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Entry, Round, Seat, Tournament

DATA = Path(__file__).resolve().parents[1] / "data"
SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


@pytest.fixture
def staff(db, settings):
    return get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def run_event(browser, base, *, slug, pairs, csv_path, expected):
    """Walk a director's day from an empty site to a published round 1."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "wl")
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")

    # 1. Create the tournament and its phases.
    page.click("text=New tournament")
    page.fill("#id_name", slug.replace("-", " ").title())
    page.fill("#id_slug", slug)
    page.fill("#id_date", "2026-10-04")
    if pairs:
        page.select_option("#id_format", "pairs")
        page.fill("#id_phases-0-name", "Swiss rounds")
        page.fill("#id_phases-0-rounds", "5")
        page.select_option("#id_phases-0-draw_method", "swiss")
        page.fill("#id_phases-0-games_per_table", "2")
    else:
        page.fill("#id_phases-0-name", "Qualifying rounds")
        page.fill("#id_phases-0-rounds", "3")
        page.select_option("#id_phases-0-advancement", "table_winners")
        page.fill("#id_phases-1-name", "Final")
        page.fill("#id_phases-1-rounds", "1")
        page.select_option("#id_phases-1-draw_method", "seeded")
    page.click("text=Create the tournament")
    page.wait_for_url(f"**/director/t/{slug}/")

    # 2. Import the registrations: preview, then import.
    page.click("nav.subnav >> text=Import")
    page.set_input_files("#id_file", str(csv_path))
    page.click("text=Preview")
    assert (
        page.locator(".message")
        .first.inner_text()
        .startswith(f"Preview: {expected} entrants")
    )
    shot(page, f"{slug}-import-preview")
    page.click("text=Import now")
    page.wait_for_url(f"**/director/t/{slug}/entries/")

    # 3. Check in: one by name on the keyboard (Enter), a few by their buttons as
    # they arrive, then everyone else present at once (with its confirmation).
    page.fill("#id_q", "ghesqui")
    page.wait_for_function(
        "() => document.querySelectorAll('#entries-table .checkin')"
        f".length < {expected}"
    )
    page.wait_for_load_state("networkidle")
    shot(page, f"{slug}-search")
    if not pairs:  # four Ghesquières play alone: Enter asks which one
        page.press("#id_q", "Enter")
        page.wait_for_selector("#checkin-answer .checkin-choices")
        assert page.evaluate("document.activeElement.id") == "id_q"
        page.type("#id_q", " noel")
    page.press("#id_q", "Enter")
    page.wait_for_selector("#checkin-answer .message:not(.warning)")
    page.wait_for_selector("#entries-table tr.entry-present")
    assert page.input_value("#id_q") == ""  # emptied for the next name
    assert page.evaluate("document.activeElement.id") == "id_q"
    page.fill("#id_q", "")
    page.dispatch_event("#id_q", "input")
    page.wait_for_function(
        "() => document.querySelectorAll('#entries-table .checkin')"
        f".length == {expected}"
    )
    page.wait_for_load_state("networkidle")
    buttons = page.locator("#entries-table button[name=present]")
    for _ in range(3):  # one at a time, as people arrive: wait for each answer
        left = buttons.count()
        buttons.first.click()
        page.wait_for_function(
            "() => document.querySelectorAll('#entries-table button[name=present]')"
            f".length < {left}"
        )
    page.click("text=All present…")
    page.click("#all-present button[type=submit]")
    page.wait_for_url(f"**/director/t/{slug}/entries/")
    page.wait_for_function(
        "() => document.querySelectorAll('#entries-table tr.entry-present').length"
        f" == {expected}"
    )
    page.wait_for_selector(f"#entry-counts strong:text-is('{expected}')")
    shot(page, f"{slug}-checkin")

    # 4. Draw round 1, look at it, publish it.
    page.click("nav.subnav >> text=Rounds and draws")
    page.click("text=Draw round 1 of this phase")
    page.wait_for_url(f"**/director/t/{slug}/rounds/1/")
    shot(page, f"{slug}-draft")
    page.click("text=Publish this round")
    # The draw's seed is random: when it could not keep every table free of a
    # rematch or of one club's players, the director is asked once more.
    page.wait_for_selector(".badge.published, #publish-confirm")
    if page.locator("#publish-confirm").count():
        page.click("text=Publish it as it is")
    page.wait_for_selector(".badge.published")
    page.close()


def find_my_table(browser, base, *, slug, query):
    """A player on a phone finds his table by name."""
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(f"{base}/t/{slug}/")
    # The new page loaded (its scripts too) before typing: htmx listens for the
    # input only once it has run, and a name typed earlier is never searched (it
    # happened once under load: the list kept its 64 rows).
    with page.expect_navigation(wait_until="load"):
        page.click("text=Where do I sit?")
    page.fill("#id_q", query)
    page.wait_for_function(
        "() => document.querySelectorAll('#names tbody tr').length == 1"
    )
    shot(page, f"{slug}-phone")
    table_text = page.locator("#names td.table-no").first.inner_text().strip()
    width = page.evaluate("document.documentElement.scrollWidth")
    phone.close()
    return table_text, width


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_64_player_individual_event_from_csv_to_my_table(live_server, browser, staff):
    run_event(
        browser,
        live_server.url,
        slug="wk-2026",
        pairs=False,
        csv_path=DATA / "players_64.csv",
        expected=64,
    )
    tournament = Tournament.objects.get(slug="wk-2026")
    assert list(tournament.phases.values_list("name", "rounds")) == [
        ("Qualifying rounds", 3),
        ("Final", 1),
    ]
    assert Entry.objects.filter(tournament=tournament, status="present").count() == 64
    rnd = Round.objects.get(tournament=tournament, number=1)
    assert rnd.status == Round.Status.PUBLISHED
    assert Seat.objects.filter(round=rnd).count() == 64
    seat = Seat.objects.get(
        round=rnd, entry__player__last_name="Bossuyt", entry__player__first_name="Rik"
    )
    table, width = find_my_table(
        browser, live_server.url, slug="wk-2026", query="rik bossuyt"
    )
    assert table == str(seat.table.number)
    assert width <= 390  # nothing sticks out sideways on a phone


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_20_pair_swiss_event_from_csv_to_my_table(live_server, browser, staff):
    run_event(
        browser,
        live_server.url,
        slug="pairs-cup",
        pairs=True,
        csv_path=DATA / "pairs_20.csv",
        expected=20,
    )
    rnd = Round.objects.get(tournament__slug="pairs-cup", number=1)
    assert rnd.status == Round.Status.PUBLISHED
    assert Seat.objects.filter(round=rnd).count() == 20
    seat = Seat.objects.get(round=rnd, entry__team__name="De Manillons")
    table, width = find_my_table(
        browser, live_server.url, slug="pairs-cup", query="manillons"
    )
    assert table == str(seat.table.number)
    assert width <= 390


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_check_in_list_fits_a_phone_in_dutch_and_french(
    live_server, browser, staff, lang
):
    """Name, club and the longest buttons ("Terugtrekken", "Retirer") fit in 390 px."""
    from clubs.models import Club, Player
    from tournaments.services import entry_register

    tournament = Tournament.objects.create(
        name="Clubavond", slug="clubavond", date="2026-10-04"
    )
    tournament.directors.add(staff)
    club = Club.objects.create(name="Plankierkoarters Sint-Kruis")
    for n in range(3):
        player = Player.objects.create(
            first_name="Marie-Christine", last_name=f"Vandenbroucke{n}", club=club
        )
        entry = entry_register(tournament=tournament, player=player)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "wl")
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(f"{live_server.url}/director/t/clubavond/entries/?lang={lang}")
    wrap = page.locator("#entries-table .table-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The personal code to hand out stands under the name (its column is hidden).
    row = page.locator(f"#e{entry.pk}")
    assert row.locator(".code-line").inner_text() == entry.personal_code
    assert row.locator(".code-line").is_visible()
    shot(page, f"checkin-390-{lang}")
