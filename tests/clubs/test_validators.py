"""The text validators: no NUL or control character in any text field of the models."""

import datetime
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from clubs import services
from clubs.forms import ClubForm, PlayerForm
from clubs.models import Club, Player, Team
from core.validators import (
    forbidden_character,
    strip_control_characters,
    validate_line,
    validate_text,
)
from scoring.models import Correction
from tournaments import services as tournament_services

REFUSED = [
    "\x00",  # NUL: PostgreSQL cannot store it
    "\x01",
    "\x1b",  # escape
    "\x7f",  # delete
    "\x85",  # a C1 control (what Latin-1 makes of a Windows-1252 byte)
    "\ud800",  # a lone surrogate
    "\u2028",  # line separator
    "\u202e",  # right-to-left override: "evil.exe" shown as "exe.live"
    "\ufeff",  # a byte-order mark left inside a name
    "\uffff",
]


@pytest.mark.parametrize("char", REFUSED)
def test_a_name_with_a_control_character_is_refused(char):
    with pytest.raises(ValidationError) as info:
        validate_line(f"Jan{char}Peeters")
    assert info.value.code == "control_character"
    assert f"U+{ord(char):04X}" in info.value.messages[0]
    assert "position 4" in info.value.messages[0]


@pytest.mark.parametrize("char", REFUSED)
def test_a_reason_with_a_control_character_is_refused(char):
    with pytest.raises(ValidationError):
        validate_text(f"late{char}")


@pytest.mark.parametrize("char", ["\t", "\n", "\r"])
def test_tabs_and_line_breaks_are_for_reasons_not_names(char):
    validate_text(f"first line{char}second line")
    with pytest.raises(ValidationError):
        validate_line(f"Jan{char}Peeters")


@pytest.mark.parametrize(
    "name", ["Éric Ghesquière", "Ø. Ñúñez-O'Brien", "Zoë 🂡", "محمد", "李小龍", ""]
)
def test_real_names_in_any_script_pass(name):
    validate_line(name)
    assert forbidden_character(name) == (0, "")


def test_an_export_keeps_the_text_around_the_characters_it_drops():
    assert strip_control_characters("A\x00B\x1bC\td\n") == "ABC\td\n"


def test_every_free_text_field_of_the_models_carries_a_validator():
    """A new CharField or TextField without one fails here (choices excepted)."""
    ours = {
        config.label
        for config in apps.get_app_configs()
        if Path(config.path).is_relative_to(settings.BASE_DIR)
        and ".venv" not in Path(config.path).parts
    }
    assert {"clubs", "tournaments", "scoring"} <= ours
    missing = []
    for model in apps.get_models():
        if model._meta.app_label not in ours:
            continue
        for f in model._meta.concrete_fields:
            if not isinstance(f, models.CharField | models.TextField) or f.choices:
                continue
            if isinstance(f, models.SlugField):
                continue  # Django's slug validator allows letters, digits, - and _
            expected = (
                validate_text if isinstance(f, models.TextField) else validate_line
            )
            if expected not in f.validators:
                missing.append(f"{model.__name__}.{f.name}")
            if isinstance(f, models.TextField) and not any(
                getattr(v, "limit_value", None) for v in f.validators
            ):
                missing.append(f"{model.__name__}.{f.name} (no length limit)")
    assert missing == []


@pytest.mark.django_db
def test_model_forms_refuse_a_control_character_on_its_field():
    form = ClubForm({"name": "Zot\x1b[31m", "short_name": "", "city": ""})
    assert not form.is_valid()
    assert "U+001B" in form.errors["name"][0]
    form = PlayerForm({"first_name": "Jan", "last_name": "Pee\u202eters"})
    assert not form.is_valid() and "last_name" in form.errors


@pytest.mark.django_db
@pytest.mark.parametrize(
    "create",
    [
        lambda: services.club_create(name="Zot\x00"),
        lambda: services.club_create(name="Zot", city="Gent\x00"),
        lambda: services.player_create(first_name="Jan\x00", last_name="Peeters"),
        lambda: services.player_create(
            first_name="Jan", last_name="Peeters", member_number="1\x00"
        ),
        lambda: services.team_create(name="\x00De Zotten"),
    ],
)
def test_the_services_refuse_a_nul_before_any_lookup_uses_it(create):
    """On PostgreSQL a lookup with a NUL is a database error; it is a user error."""
    with pytest.raises(ValidationError) as info:
        create()
    assert "U+0000" in " ".join(info.value.messages)
    assert not Club.objects.exists() and not Player.objects.exists()
    assert not Team.objects.exists()


@pytest.mark.django_db
def test_a_tournament_name_with_a_control_character_is_refused(director):
    with pytest.raises(ValidationError) as info:
        tournament_services.tournament_create(
            by=director,
            name="WK\x07",
            slug="wk",
            date=datetime.date(2026, 10, 4),
        )
    assert "name" in info.value.message_dict


def test_a_reason_holds_line_breaks_but_no_nul_and_at_most_500_characters():
    field = Correction._meta.get_field("reason")
    field.run_validators("Two lines:\r\nthe second one.")
    with pytest.raises(ValidationError):
        field.run_validators("x" * 501)
    with pytest.raises(ValidationError):
        field.run_validators("late\x00")
