"""The tiebreak registry: one list of codes, refused when unknown, shown everywhere.

Every tiebreak the registry knows must reach the live standings, the API, the
printed standings and the entrant's explanations; a code it does not know must be
refused by the form, the model and the service, and never reach a page.
"""

import html
import io
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from manille.tiebreaks import (
    DEFAULT_TIEBREAKS,
    HIGHER,
    LOWER,
    TIEBREAKS,
    UnknownTiebreak,
    metric,
    validate_codes,
)
from standings.selectors import standings_for
from tests import factories
from tests.builders import build_event
from tournaments import services
from tournaments.models import Tournament

REPO_ROOT = Path(__file__).resolve().parents[2]
ALL_CODES = list(TIEBREAKS)


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


@pytest.fixture
def event(db):
    """A played 16-player event ranked on every tiebreak the registry knows."""
    tournament = build_event(players=16, rounds=2, final=0, seed=7, clubs=4)
    tournament.tiebreaks = ALL_CODES
    tournament.save()
    return tournament


def text_of(response) -> str:
    return html.unescape(response.content.decode())


# ------------------------------------------------------------------ the registry


def test_every_metric_knows_its_code_words_and_direction():
    assert ALL_CODES == [
        "games_won",
        "points",
        "point_difference",
        "head_to_head",
        "opponents_strength",
        "deals_won",
        "fewest_revokes",
    ]
    for code, m in TIEBREAKS.items():
        assert m.code == code and metric(code) is m
        assert m.label and m.short_label and m.explanation
        assert m.direction in (HIGHER, LOWER)
    assert TIEBREAKS["fewest_revokes"].direction == LOWER
    assert set(DEFAULT_TIEBREAKS) <= set(TIEBREAKS)


def test_validate_codes_returns_a_tuple_in_the_given_order():
    assert validate_codes(["points", "games_won"]) == ("points", "games_won")
    assert validate_codes([]) == ()


@pytest.mark.parametrize(
    ("codes", "bad"),
    [
        (["games_won", "pointz"], "pointz"),
        (["points", "games_won", "points"], "points"),
    ],
)
def test_validate_codes_refuses_an_unknown_or_repeated_code(codes, bad):
    with pytest.raises(UnknownTiebreak) as caught:
        validate_codes(codes)
    assert caught.value.code == bad
    assert bad in str(caught.value)


# ------------------------------------------------- the model, service and form


def test_the_model_refuses_an_unknown_tiebreak(db):
    tournament = factories.TournamentFactory.build(tiebreaks=["games_won", "pointz"])
    with pytest.raises(ValidationError) as caught:
        tournament.full_clean(exclude=["directors"])
    assert "pointz" in " ".join(caught.value.message_dict["tiebreaks"])


@pytest.mark.parametrize("bad", [[], "games_won,points", ["points", "points"]])
def test_the_model_refuses_an_empty_text_or_repeated_order(db, bad):
    tournament = factories.TournamentFactory.build(tiebreaks=bad)
    with pytest.raises(ValidationError) as caught:
        tournament.full_clean(exclude=["directors"])
    assert "tiebreaks" in caught.value.message_dict


def test_the_update_service_refuses_an_unknown_tiebreak(tournament, director):
    with pytest.raises(ValidationError) as caught:
        services.tournament_update(
            tournament=tournament, by=director, tiebreaks=["games_won", "luck"]
        )
    assert "luck" in " ".join(caught.value.message_dict["tiebreaks"])
    tournament.refresh_from_db()
    assert tournament.tiebreak_list == list(DEFAULT_TIEBREAKS)


def test_a_code_written_around_validation_never_reaches_the_standings(client, event):
    Tournament.objects.filter(pk=event.pk).update(tiebreaks=["games_won", "pointz"])
    event.refresh_from_db()
    assert event.tiebreak_list == ["games_won"]
    assert client.get(reverse("live:standings", args=[event.slug])).status_code == 200
    assert client.get(reverse("api:standings", args=[event.slug])).status_code == 200


@pytest.fixture
def staff_client(client, director):
    director.is_staff = True
    director.save()
    client.force_login(director)
    return client


def tournament_post(**overrides) -> dict:
    data = {
        "name": "WK Manillen",
        "slug": "wk-2026",
        "date": "2026-10-04",
        "venue": "Jabbeke",
        "format": "individual",
        "language": "en",
        "is_public": "on",
        "multiplier": "multiply",
        "no_trump_doubles": "on",
        "blind_doubles": "on",
        "max_knocks": "2",
        "target": "101",
        "bye_score": "fixed",
        "bye_points": "0",
        "bye_wins": "on",
        "entry_mode": "deals",
        "forfeit_points": "101",
        "phases-TOTAL_FORMS": "1",
        "phases-INITIAL_FORMS": "0",
        "phases-MIN_NUM_FORMS": "1",
        "phases-MAX_NUM_FORMS": "1000",
        "phases-0-name": "Qualifying",
        "phases-0-rounds": "3",
        "phases-0-draw_method": "individual",
        "phases-0-games_per_table": "3",
        "phases-0-advancement": "none",
    }
    data.update(overrides)
    return data


def test_the_form_offers_one_select_per_position_with_the_registrys_labels(
    staff_client,
):
    response = staff_client.get(reverse("director:tournament_create"))
    page = text_of(response)
    for n in range(1, len(TIEBREAKS) + 1):
        assert f'<select name="tiebreak_{n}"' in page
    for m in TIEBREAKS.values():
        assert f'<option value="{m.code}"' in page
        assert m.label.capitalize() in page
    assert 'name="tiebreaks"' not in page  # no codes to type


def test_the_form_saves_the_picked_order(staff_client):
    response = staff_client.post(
        reverse("director:tournament_create"),
        tournament_post(
            tiebreak_1="points", tiebreak_2="head_to_head", tiebreak_4="deals_won"
        ),
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="wk-2026")
    assert tournament.tiebreaks == ["points", "head_to_head", "deals_won"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tiebreaks": "games_won,pointz"}, "Unknown tiebreak “pointz”."),
        (
            {"tiebreak_1": "games_won", "tiebreak_2": "pointz"},
            "Unknown tiebreak “pointz”.",
        ),
        (
            {"tiebreak_1": "points", "tiebreak_3": "points"},
            "The tiebreak “points scored” is listed twice.",
        ),
        ({"tiebreaks": "points,games_won,points"}, "is listed twice"),
        ({}, "Choose at least one tiebreak."),
    ],
)
def test_the_form_refuses_an_unknown_repeated_or_missing_tiebreak(
    staff_client, fields, message
):
    response = staff_client.post(
        reverse("director:tournament_create"), tournament_post(**fields)
    )
    assert response.status_code == 200
    assert message in text_of(response)
    assert not Tournament.objects.filter(slug="wk-2026").exists()


def test_an_old_style_post_of_known_codes_is_still_accepted(staff_client):
    response = staff_client.post(
        reverse("director:tournament_create"),
        tournament_post(tiebreaks="opponents_strength, games_won"),
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="wk-2026")
    assert tournament.tiebreaks == ["opponents_strength", "games_won"]


# ------------------------------------------------------ every tiebreak renders


def test_every_tiebreak_renders_in_the_live_standings(client, event):
    response = client.get(reverse("live:standings", args=[event.slug]))
    assert response.status_code == 200
    page = text_of(response)
    labels = ", ".join(m.label for m in TIEBREAKS.values())
    assert f"Ranked on {labels};" in page
    for code in ALL_CODES:
        if code not in DEFAULT_TIEBREAKS:  # those have columns of their own
            assert f">{TIEBREAKS[code].short_label}<" in page, code


def test_every_tiebreak_is_a_key_of_every_api_row(client, event):
    response = client.get(reverse("api:standings", args=[event.slug]))
    assert response.status_code == 200
    rows = response.json()["rows"]
    assert len(rows) == 16
    for row in rows:
        assert list(row["tiebreaks"]) == ALL_CODES


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_tiebreak_renders_in_the_printed_standings(client, director, event, code):
    event.tiebreaks = [code]
    event.save()
    event.directors.add(director)
    client.force_login(director)
    response = client.get(reverse("pdf:standings", args=[event.slug]))
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert TIEBREAKS[code].short_label in text
    ranked = standings_for(tournament=event)
    assert ranked[0].name in text


def test_every_tiebreak_is_explained_on_the_entrant_page(client, event):
    rows = standings_for(tournament=event)
    row = rows[len(rows) // 2]
    names = {r.entry_id: r.name for r in rows}
    response = client.get(reverse("live:entrant", args=[event.slug, row.entry_id]))
    assert response.status_code == 200
    page = text_of(response)
    for code, m in TIEBREAKS.items():
        assert f"<td>{m.label}</td>" in page, code
        rival = names.get(row.head_to_head_with, "")
        how = m.explain(row, names=names, head_to_head_name=rival)
        assert how in page, code
