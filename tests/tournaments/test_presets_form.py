"""The new-tournament page's presets, without a browser: ``?preset=`` fills the page
without a script, the page carries what its script fills, and saving creates the
tournament with the preset's phases (its History says which preset)."""

import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actionlog.models import ActionEntry
from tests.tournaments.presets_helpers import CREATE, PRESETS
from tests.tournaments.test_director_views import phase_post
from tournaments import presets
from tournaments.forms import preset_form_values
from tournaments.models import Tournament


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
