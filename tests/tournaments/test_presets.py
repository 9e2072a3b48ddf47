"""The new-tournament form's presets: each fills every rule and phase with values
the model, the draw registry and the engine accept. The page (``?preset=``, what its
script fills) and saving are checked in ``test_presets_form.py``, the page in a
browser in ``test_presets_browser.py``."""

import re

import pytest
from django.core.exceptions import ValidationError

from manille.draws import registry as draw_registry
from manille.engine import Deal, Rules, score_game
from manille.knockout.pools import pool_count
from tests.tournaments.presets_helpers import PRESETS
from tests.tournaments.test_director_views import phase_post
from tournaments import presets, services
from tournaments.forms import PhaseFormSet, TournamentForm, phase_rows
from tournaments.models import PHASE_FIELDS, Phase, Tournament


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
