"""The new-tournament page's presets in a browser: the page's script fills the form
in place, without a script the choice asks for the page filled, and the chooser and
the phases' settings fit a laptop and a phone."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from actionlog.models import ActionEntry
from tests.tournaments.presets_helpers import CREATE
from tournaments import presets
from tournaments.models import Tournament

# ------------------------------------------------------------------- browser


def _log_in(page, live_server, username, password):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


def _open_the_form(page, live_server):
    """Log in as a staff member and open the new-tournament page."""
    get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )
    _log_in(page, live_server, "wl", "wedstrijd-123")
    page.goto(live_server.url + reverse(CREATE))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_picks_a_preset_edits_a_field_and_saves(live_server, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    _open_the_form(page, live_server)
    page.fill("#id_name", "Concours de Tournai")
    page.fill("#id_date", "2026-11-14")
    assert not page.is_checked("#id_trick_points")
    assert page.input_value("#id_target") == "101"

    # By keyboard: focus the choice, pick the concours, the page fills in place.
    page.focus("#id_preset")
    page.select_option("#id_preset", "french_concours")
    assert page.is_checked("#id_trick_points")
    assert page.input_value("#id_target") == "50"
    assert page.input_value("#id_deals") == "12"
    assert page.input_value("#id_language") == "fr"
    assert page.input_value("#id_format") == "pairs"
    assert page.input_value("#id_phases-0-name") == "Concours"
    assert page.input_value("#id_phases-0-draw_method") == "ladder"
    assert page.input_value("#id_phases-TOTAL_FORMS") == "2"
    assert "68 points a deal" in page.text_content("#preset-line")
    # What the director typed before choosing stays.
    assert page.input_value("#id_name") == "Concours de Tournai"

    assert page.input_value("#id_round_minutes") == ""  # no clock

    # Another preset leaves nothing of the first behind.
    page.select_option("#id_preset", "world")
    assert not page.is_checked("#id_trick_points")
    assert page.input_value("#id_target") == "101"
    assert page.input_value("#id_round_minutes") == "90"
    assert page.input_value("#id_phases-2-name") == "Final"
    page.select_option("#id_preset", "french_concours")
    assert page.input_value("#id_round_minutes") == ""

    # Every field stays editable: the club plays to 44.
    page.fill("#id_target", "44")
    page.click("button.primary[type=submit]")
    page.wait_for_url("**/t/concours-de-tournai/")
    t = Tournament.objects.get(slug="concours-de-tournai")
    assert (t.target, t.deals, t.trick_points, t.format) == (44, 12, True, "pairs")
    assert [p.name for p in t.phases.all()] == ["Concours"]
    assert ActionEntry.objects.filter(
        tournament_id=t.pk,
        action="tournament.preset_applied",
        target_text="French concours",
    ).exists()
    page.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_a_script_the_choice_asks_for_the_page_filled(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    _open_the_form(page, live_server)
    page.select_option("#id_preset", "open_pairs")
    assert page.input_value("#id_deals") == ""  # nothing fills it in place
    page.click("#preset-chooser button[type=submit]")
    page.wait_for_url("**?preset=open_pairs")
    assert page.input_value("#id_deals") == "16"
    assert page.input_value("#id_target") == ""
    assert page.input_value("#id_phases-0-draw_method") == "pools"
    assert page.input_value("#id_phases-0-pool_size") == "4"
    assert page.is_visible("#id_phases-0-pool_size")  # shown by the server
    assert page.is_hidden("#id_phases-0-best_of")
    assert "16 deals" in page.text_content("#preset-line")
    page.fill("#id_name", "Open Roeselare")
    page.fill("#id_date", "2026-11-14")
    page.click("button.primary[type=submit]")
    page.wait_for_url("**/t/open-roeselare/")
    t = Tournament.objects.get(slug="open-roeselare")
    assert (t.target, t.deals, t.format) == (None, 16, "pairs")
    assert ActionEntry.objects.filter(
        tournament_id=t.pk, action="tournament.preset_applied"
    ).exists()
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width,height", [(1366, 900), (390, 844)])
def test_the_chooser_fits_the_screen_and_works_without_a_mouse(
    live_server, browser, width, height, tmp_path
):
    """At 1366 and 390 px: the chooser by keyboard; the open pairs championship's
    pools and knockout settings, shown by draw, edited and saved."""
    page = browser.new_page(viewport={"width": width, "height": height})
    _open_the_form(page, live_server)
    page.focus("#id_preset")
    page.keyboard.press("ArrowDown")  # a closed select changes with the arrows
    assert page.input_value("#id_preset") == presets.PRESETS[0].code
    assert page.input_value("#id_phases-0-name") == "Qualifying rounds"
    line = page.text_content("#preset-line")
    assert "128" in line
    assert_fits(page, width, "#id_phases-2-advance_count")
    page.screenshot(path=str(tmp_path / f"presets-{width}.png"), full_page=True)

    # The open pairs championship: its pools' and its knockout's settings shown
    # and filled, each only on the phase of its draw.
    page.select_option("#id_preset", "open_pairs")
    assert page.input_value("#id_phases-0-draw_method") == "pools"
    assert page.input_value("#id_phases-1-draw_method") == "knockout"
    for selector, value in (
        ("#id_phases-0-pool_size", "4"),
        ("#id_phases-0-pool_seeding", "snake"),
        ("#id_phases-0-per_pool", "1"),
        ("#id_phases-0-best_next", "1"),
        ("#id_phases-1-best_of", "1"),
        ("#id_phases-1-rounds", "4"),
    ):
        assert page.is_visible(selector), selector
        assert page.input_value(selector) == value, selector
    assert page.is_checked("#id_phases-1-third_place")
    assert not page.is_checked("#id_phases-1-consolation")
    for selector in (
        "#id_phases-0-best_of",  # pools play no matches
        "#id_phases-0-advance_count",  # they send on by their pools
        "#id_phases-1-pool_size",
        "#id_phases-1-games_per_table",  # a knockout's follow its best of
        "#id_phases-2-pool_size",  # the empty line's draw has none
        "#id_phases-2-best_of",
    ):
        assert page.is_hidden(selector), selector
    assert_fits(page, width, "#id_phases-0-best_next", "#id_phases-1-consolation")
    page.screenshot(path=str(tmp_path / f"open-pairs-{width}.png"), full_page=True)

    assert_the_settings_follow_the_draw(page)

    # Every field stays the director's: pools seeded by lot, a consolation bracket.
    page.select_option("#id_phases-0-pool_seeding", "random")
    page.check("#id_phases-1-consolation")
    page.fill("#id_name", f"Open Roeselare {width}")
    page.fill("#id_date", "2026-11-14")
    page.click("button.primary[type=submit]")
    page.wait_for_url(f"**/t/open-roeselare-{width}/")
    t = Tournament.objects.get(slug=f"open-roeselare-{width}")
    assert (t.format, t.target, t.deals) == ("pairs", None, 16)
    pools, knockout = t.phases.order_by("order")
    assert (pools.draw_method, pools.rounds, pools.pool_size) == ("pools", 3, 4)
    assert (pools.pool_seeding, pools.per_pool, pools.best_next) == ("random", 1, 1)
    assert (pools.advancement, pools.advance_count) == ("pools", None)
    assert (knockout.draw_method, knockout.rounds, knockout.best_of) == (
        "knockout",
        4,
        1,
    )
    assert (knockout.third_place, knockout.consolation) == (True, True)
    assert knockout.pool_size is None and knockout.games_per_table == 1
    page.close()


def assert_the_settings_follow_the_draw(page):
    """Switching the draw hides and shows the pools' and the knockout's settings;
    back to pools, the rounds are left for saving to fill in from the pool size."""
    page.select_option("#id_phases-0-draw_method", "swiss")
    assert page.is_hidden("#id_phases-0-pool_size")
    assert page.is_visible("#id_phases-0-advance_count")
    page.select_option("#id_phases-0-draw_method", "pools")
    assert page.is_visible("#id_phases-0-pool_size")
    assert page.input_value("#id_phases-0-rounds") == ""
    page.select_option("#id_phases-0-advancement", "none")
    assert page.is_hidden("#id_phases-0-per_pool")
    assert page.is_visible("#id_phases-0-pool_size")
    page.select_option("#id_phases-0-advancement", "pools")
    assert page.is_visible("#id_phases-0-per_pool")
    page.select_option("#id_phases-2-draw_method", "knockout")
    assert page.is_visible("#id_phases-2-best_of")
    assert page.is_hidden("#id_phases-2-games_per_table")
    page.select_option("#id_phases-2-draw_method", "individual")  # left unused
    assert page.is_hidden("#id_phases-2-best_of")


def assert_fits(page, width, *selectors):
    """Nothing on the form scrolls sideways; each of ``selectors`` is on screen."""
    wide = page.evaluate(
        """() => [document.documentElement, ...document.querySelectorAll(
               '#preset-chooser, #preset-chooser *, .phase-table, .settings-form *')]
             .filter(e => e.scrollWidth > e.clientWidth + 1)
             .map(e => e.tagName + '#' + e.id + ' ' + e.scrollWidth
                       + '>' + e.clientWidth)"""
    )
    assert wide == [], wide
    for selector in ("#id_preset", "#preset-chooser button", *selectors):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, selector
