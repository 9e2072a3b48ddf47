"""The new-tournament form's presets: each fills every rule and phase with values
the model, the draw registry and the engine accept; ``?preset=`` fills the page
without a script, the page's script fills it in place, and saving creates the
tournament with the preset's phases (its History says which preset)."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from actionlog.models import ActionEntry
from manille.draws import registry as draw_registry
from manille.engine import Deal, Rules, score_game
from manille.knockout.pools import pool_count
from tests.tournaments.test_director_views import phase_post
from tournaments import presets, services
from tournaments.forms import (
    PhaseFormSet,
    TournamentForm,
    phase_rows,
    preset_form_values,
)
from tournaments.models import PHASE_FIELDS, Phase, Tournament

PRESETS = {preset.code: preset for preset in presets.PRESETS}
CREATE = "tournaments:tournament_create"


@pytest.fixture
def staff_client(client, director):
    director.is_staff = True
    director.save()
    client.force_login(director)
    return client


def preset_post(code: str, **overrides) -> dict:
    """What the new-tournament page posts once ``code`` filled it (as typed)."""
    preset = PRESETS[code]
    data = {"preset": code, "name": "Kampioenschap", "date": "2026-11-14"}
    for name, value in preset_form_values(preset).items():
        if value is True:
            data[name] = "on"
        elif value is not False:
            data[name] = "" if value is None else str(value)
    rows = [
        {k: "" if v is None else str(v) for k, v in row.items()}
        for row in preset.phase_rows()
    ]
    return data | phase_post(rows) | overrides


def play_until_the_end(rules: Rules):
    """Score a game deal by deal (side A a little ahead each time) until it ends."""
    half = rules.half  # 36–24, or 40–28 with a point a trick (35 + 5, 25 + 3)
    deal = Deal(points=(half + 6, half - 6), trump="hearts", tricks=(5, 3))
    deals = []
    for _ in range(200):
        deals.append(deal)
        game = score_game(deals, rules)
        if game.finished:
            return game
    raise AssertionError("the game never ends")


# ------------------------------------------------------------------ registry


def test_presets_have_distinct_codes_and_a_one_line_description():
    assert len(PRESETS) == len(presets.PRESETS) == 6
    for preset in presets.PRESETS:
        assert re.fullmatch(r"[a-z_]+", preset.code)
        line = str(preset.description)
        assert line and "\n" not in line and len(line) < 400, preset.code
        assert str(preset.name)


def test_a_preset_fills_every_setting_of_the_form_but_the_events_own():
    form_fields = set(TournamentForm().fields) - set(presets.EVENT_OWN)
    tiebreak_positions = {n for n in form_fields if n.startswith("tiebreak_")}
    assert set(presets.PRESET_FIELDS) == (form_fields - tiebreak_positions) | {
        "tiebreaks"
    }
    for preset in presets.PRESETS:
        assert set(preset.fields()) == set(presets.PRESET_FIELDS)


def test_a_preset_naming_a_setting_that_does_not_exist_is_refused_when_written():
    with pytest.raises(TypeError, match="quota"):
        presets.Preset(
            code="x", name="x", description="x", phases=(), settings={"quota": 2}
        )


def test_an_unknown_code_is_a_user_facing_refusal():
    with pytest.raises(ValidationError) as caught:
        presets.preset_for("wk2026")
    assert caught.value.field == "preset"
    assert "wk2026" in str(caught.value)


@pytest.mark.django_db
@pytest.mark.parametrize("code", list(PRESETS))
def test_every_preset_builds_an_event_the_model_draws_and_engine_accept(code, director):
    preset = PRESETS[code]
    t = presets.tournament_create_from_preset(
        by=director, preset=code, name="Preset test", date="2026-11-14"
    )
    t.refresh_from_db()
    t.full_clean(exclude=["directors"])
    for name, value in preset.fields().items():
        assert getattr(t, name) == value, name
    # The engine takes the rules and plays a game under them to its end.
    rules = t.rules()
    assert rules == preset.rules()
    game = play_until_the_end(rules)
    assert game.winner == 0
    # The phases as the preset says, each drawn by a method of its format.
    phases = list(Phase.objects.filter(tournament=t).order_by("order"))
    assert [p.name for p in phases] == [str(p.name) for p in preset.phases]
    for phase, wanted in zip(phases, preset.phases, strict=True):
        assert draw_registry.method(phase.draw_method).serves(t.format)
        # Every setting as the preset says: phases_save took it as it is (nothing
        # refused, filled in or reset).
        for name in PHASE_FIELDS:
            if name != "name":
                assert getattr(phase, name) == getattr(wanted, name), (code, name)
    assert phases[-1].advancement == Phase.Advancement.NONE


@pytest.mark.django_db
@pytest.mark.parametrize("code", list(PRESETS))
def test_every_presets_phases_pass_the_phase_forms_and_phases_save(code, director):
    """As the page posts them: the form's rows, then the service's checks."""
    rows = [
        {k: "" if v is None else str(v) for k, v in row.items()}
        for row in PRESETS[code].phase_rows()
    ]
    formset = PhaseFormSet(phase_post(rows), instance=Tournament(), prefix="phases")
    assert formset.is_valid(), formset.errors
    t = presets.tournament_create_from_preset(
        by=director,
        preset=code,
        phases=phase_rows(formset),
        name="Preset test",
        date="2026-11-14",
    )
    stored = [{name: getattr(p, name) for name in PHASE_FIELDS} for p in t.phases.all()]
    assert stored == PRESETS[code].phase_rows()


def test_the_presets_say_what_the_real_events_play():
    """The facts of docs/rules.md and real-events.md each preset stands for."""
    french = PRESETS["french_concours"].rules()
    assert (french.total, french.half, french.deals, french.target) == (68, 34, 12, 50)
    walloon = PRESETS["walloon"].rules()
    assert walloon.draw_carry and walloon.capot_doubles and walloon.max_knocks
    assert (walloon.target, walloon.deals) == (None, 12)
    open_pairs = PRESETS["open_pairs"]
    assert (open_pairs.rules().target, open_pairs.rules().deals) == (None, 16)
    assert open_pairs.fields()["format"] == Tournament.Format.PAIRS
    # Roeselare's: 60 pairs in 15 pools of four, three rounds, the 15 pool winners
    # and the best runner-up to a knockout from the last 16.
    pools, knockout = open_pairs.phases
    assert (pools.draw_method, pools.pool_size, pools.pool_seeding) == (
        "pools",
        4,
        "snake",
    )
    assert pools.rounds == services.pool_rounds_for(format="pairs", size=4) == 3
    assert (pools.advancement, pools.per_pool, pools.best_next) == ("pools", 1, 1)
    qualifiers = pools.per_pool * pool_count(60, size=4) + pools.best_next
    assert qualifiers == 16
    assert knockout.rounds == services.knockout_rounds_for(entrants=qualifiers) == 4
    assert (knockout.draw_method, knockout.best_of, knockout.third_place) == (
        "knockout",
        1,
        True,
    )
    assert "later" not in str(open_pairs.description)
    assert "not built" not in presets.__doc__ and "come later" not in presets.__doc__
    world = PRESETS["world"]
    assert world.fields()["round_minutes"] == 90
    assert "90-minute rounds" in str(world.description)
    assert [p.advance_count for p in world.phases] == [128, 32, None]
    assert world.phases[1].advancement == Phase.Advancement.TABLE_WINNERS
    for code in ("world", "belgian", "club_evening"):
        assert PRESETS[code].fields()["format"] == Tournament.Format.INDIVIDUAL
        assert PRESETS[code].rules().target == 101


# ---------------------------------------------------------------------- page


def _input(html: str, name: str) -> str:
    return re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', html).group(0)


def _selected(html: str, name: str) -> str | None:
    select = re.search(
        rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S
    ).group(1)
    found = re.search(r'<option value="([^"]*)"[^>]*selected', select)
    return found.group(1) if found else None


def _main_form(html: str) -> str:
    return html[html.index('class="settings-form"') :]


@pytest.mark.django_db
def test_a_get_with_a_preset_renders_the_form_filled(staff_client):
    response = staff_client.get(reverse(CREATE), {"preset": "french_concours"})
    assert response.status_code == 200
    html = response.content.decode()
    form = _main_form(html)
    assert "checked" in _input(form, "trick_points")
    assert 'value="50"' in _input(form, "target")
    assert 'value="12"' in _input(form, "deals")
    assert _selected(form, "language") == "fr"
    assert _selected(form, "format") == "pairs"
    assert _selected(form, "tiebreak_1") == "points"
    assert 'value="Concours"' in _input(form, "phases-0-name")
    assert _selected(form, "phases-0-draw_method") == "ladder"
    assert 'value="4"' in _input(form, "phases-0-rounds")
    # The preset's row, then one empty line.
    assert 'value="2"' in _input(form, "phases-TOTAL_FORMS")
    assert 'value="french_concours"' in _input(form, "preset")
    # The chooser shows the choice and its line.
    chooser = html[: html.index('class="settings-form"')]
    assert _selected(chooser, "preset") == "french_concours"
    assert str(PRESETS["french_concours"].description) in chooser
    # The event's own fields stay empty for the director.
    assert 'value="' not in _input(form, "name")


@pytest.mark.django_db
def test_the_page_without_a_preset_is_the_usual_form(staff_client):
    html = staff_client.get(reverse(CREATE)).content.decode()
    form = _main_form(html)
    assert "checked" not in _input(form, "trick_points")
    assert 'value="101"' in _input(form, "target")
    assert 'value=""' in _input(form, "preset")
    assert "value=" not in _input(form, "phases-0-name")  # an empty phase line
    assert 'value="2"' in _input(form, "phases-TOTAL_FORMS")


@pytest.mark.django_db
def test_the_page_carries_what_its_script_fills(staff_client):
    html = staff_client.get(reverse(CREATE)).content.decode()
    data = json.loads(
        re.search(
            r'<script id="preset-data" type="application/json">(.*?)</script>',
            html,
            re.S,
        ).group(1)
    )
    assert set(data) == {"", *PRESETS}
    walloon = data["walloon"]
    assert walloon["values"]["draw_carry"] is True
    assert walloon["values"]["capot_doubles"] is True
    assert walloon["values"]["target"] is None
    assert walloon["values"]["deals"] == 12
    assert walloon["line"] == str(PRESETS["walloon"].description)
    assert data[""]["values"]["target"] == 101
    assert "name" not in walloon["values"] and "date" not in walloon["values"]
    # One template of phase rows per preset, with its row count.
    for code, preset in PRESETS.items():
        found = re.search(
            rf'<template id="preset-phases-{code}" data-total="(\d+)">(.*?)</template>',
            html,
            re.S,
        )
        assert found, code
        assert int(found.group(1)) == len(preset.phases) + 1
        assert f'value="{preset.phases[0].name}"' in found.group(2)


@pytest.mark.django_db
def test_an_unknown_preset_in_the_address_is_said_next_to_the_choice(staff_client):
    response = staff_client.get(reverse(CREATE), {"preset": "wk2026"})
    assert response.status_code == 200
    html = response.content.decode()
    chooser = html[: html.index('class="settings-form"')]
    assert "There is no preset “wk2026”" in chooser
    assert 'value="101"' in _input(_main_form(html), "target")


# ---------------------------------------------------------------------- save


@pytest.mark.django_db
def test_a_post_creates_the_tournament_with_the_presets_phases(staff_client, director):
    post = preset_post("world", name="WK Manillen 2026")
    response = staff_client.post(reverse(CREATE), post)
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(name="WK Manillen 2026")
    assert t.format == "individual" and t.tiebreaks == ["games_won", "points"]
    assert [
        (p.name, p.rounds, p.draw_method, p.advancement, p.advance_count)
        for p in t.phases.order_by("order")
    ] == [
        ("Qualifying rounds", 3, "individual", "top_n", 128),
        ("Semi-final", 1, "seeded", "table_winners", 32),
        ("Final", 1, "seeded", "none", None),
    ]
    assert t.directors.filter(pk=director.pk).exists()
    actions = list(
        ActionEntry.objects.filter(tournament_id=t.pk)
        .order_by("pk")
        .values_list("action", "target_text", "user_id")
    )
    assert actions[0] == ("tournament.created", "WK Manillen 2026", director.pk)
    assert [a for a, _, _ in actions].count("phase.added") == 3
    assert actions[-1] == (
        "tournament.preset_applied",
        "World championship (IWWA)",
        director.pk,
    )


@pytest.mark.django_db
def test_the_history_says_which_preset_the_event_started_from(staff_client):
    staff_client.post(reverse(CREATE), preset_post("walloon"))
    t = Tournament.objects.get(name="Kampioenschap")
    html = staff_client.get(
        reverse("tournaments:tournament_history", args=[t.slug])
    ).content.decode()
    assert "Started from a preset" in html
    assert "Walloon house rules" in html


@pytest.mark.django_db
def test_a_post_keeps_what_the_director_changed_after_the_preset(staff_client):
    post = preset_post("french_concours", target="44", **{"phases-0-rounds": "5"})
    response = staff_client.post(reverse(CREATE), post)
    assert response.status_code == 302
    t = Tournament.objects.get(name="Kampioenschap")
    assert (t.target, t.deals, t.trick_points, t.language) == (44, 12, True, "fr")
    assert t.phases.get().rounds == 5


@pytest.mark.django_db
def test_a_post_without_a_preset_records_none(staff_client):
    post = preset_post("walloon", preset="")
    assert staff_client.post(reverse(CREATE), post).status_code == 302
    t = Tournament.objects.get(name="Kampioenschap")
    assert t.draw_carry and t.deals == 12  # the fields as posted
    assert not ActionEntry.objects.filter(
        tournament_id=t.pk, action="tournament.preset_applied"
    ).exists()


@pytest.mark.django_db
def test_an_unknown_preset_posted_is_a_form_error_and_nothing_is_saved(staff_client):
    post = preset_post("walloon", preset="pétanque")
    response = staff_client.post(reverse(CREATE), post)
    assert response.status_code == 200
    html = response.content.decode()
    chooser = html[: html.index('class="settings-form"')]
    assert "There is no preset “pétanque”: choose one from the list." in chooser
    assert 'class="field field-error"' in chooser
    assert not Tournament.objects.exists()
    assert not ActionEntry.objects.exists()
    # What was typed is still there to save once the choice is put right.
    assert 'value="Kampioenschap"' in _input(_main_form(html), "name")


def test_the_service_refuses_an_unknown_preset_before_writing(db, director):
    with pytest.raises(ValidationError):
        presets.tournament_create_from_preset(
            by=director, preset="bogus", name="X", date="2026-11-14"
        )
    assert not Tournament.objects.exists()


# ------------------------------------------------------------------- browser


def _log_in(page, live_server, username, password):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_picks_a_preset_edits_a_field_and_saves(live_server, browser):
    get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    _log_in(page, live_server, "wl", "wedstrijd-123")
    page.goto(live_server.url + reverse(CREATE))
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
    get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    _log_in(page, live_server, "wl", "wedstrijd-123")
    page.goto(live_server.url + reverse(CREATE))
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
    get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )
    page = browser.new_page(viewport={"width": width, "height": height})
    _log_in(page, live_server, "wl", "wedstrijd-123")
    page.goto(live_server.url + reverse(CREATE))
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

    # Switching the draw hides and shows them; back to pools, the rounds are left
    # for saving to fill in from the pool size.
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
