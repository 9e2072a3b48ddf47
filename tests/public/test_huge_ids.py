"""Ids from a query string or a form are bounded: 20 digits is no row, not a 500.

Issue 12, finding 4: ``?phase=99999999999999999999`` on the public standings and
the API, and a swap with a 20-digit seat id, raised ``OverflowError`` on SQLite
(PostgreSQL's bigint overflows the same way). ``core.params`` reads every such
id.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from core.params import MAX_ID, IdField, parse_id
from draws import services as draw_services
from standings.selectors import StandingsRequestError, standings_for
from tests import factories
from tests.builders import build_event
from tournaments.models import RoundLog, Seat

HUGE = "9" * 20
PAST_BIGINT = str(2**63)


# ----------------------------------------------------------- the helper


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", 1),
        (" 42 ", 42),
        (7, 7),
        (str(MAX_ID), MAX_ID),
        (MAX_ID, MAX_ID),
        (PAST_BIGINT, None),
        (2**63, None),
        (HUGE, None),
        ("9" * 5000, None),  # past Python's own limit for int("…")
        ("0", None),
        ("-1", None),
        ("+1", None),
        ("1.0", None),
        ("1e3", None),
        ("١٢", None),  # Arabic-Indic digits: str.isdigit() says yes
        ("", None),
        (None, None),
        (True, None),
        ([1], None),
    ],
)
def test_parse_id_takes_only_ids_the_database_can_hold(raw, expected):
    assert parse_id(raw) == expected


def test_the_id_field_refuses_numbers_past_bigint():
    field = IdField()
    assert field.clean(str(MAX_ID)) == MAX_ID
    for raw in (PAST_BIGINT, HUGE, "0"):
        with pytest.raises(ValidationError):
            field.clean(raw)


# ------------------------------------------------------- public standings


@pytest.fixture
def event(db):
    return build_event(players=16, rounds=2, final=0, seed=7, clubs=4)


@pytest.mark.django_db
@pytest.mark.parametrize("value", [HUGE, PAST_BIGINT])
@pytest.mark.parametrize("kind", ["players", "clubs"])
def test_a_huge_phase_on_the_standings_page_is_404(client, event, value, kind):
    url = reverse("live:standings", args=[event.slug])
    response = client.get(url, {"phase": value, "kind": kind})
    assert response.status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["phase", "after_round"])
def test_a_huge_number_in_the_api_is_400_with_a_message(client, event, name):
    url = reverse("api:standings", args=[event.slug])
    response = client.get(url, {name: HUGE})
    assert response.status_code == 400
    assert response.json()["error"]


@pytest.mark.django_db
def test_the_largest_id_is_read_and_matches_no_phase(client, event):
    url = reverse("api:standings", args=[event.slug])
    response = client.get(url, {"phase": str(MAX_ID)})
    assert response.status_code == 200
    assert response.json()["rows"] == []


@pytest.mark.django_db
def test_the_standings_selector_refuses_a_huge_phase(event):
    with pytest.raises(StandingsRequestError):
        standings_for(tournament=event, phase=HUGE)


# ------------------------------------------------------------------ swap


@pytest.fixture
def drawn(tournament, director):
    phase = factories.PhaseFactory(tournament=tournament, rounds=3)
    for _ in range(10):
        factories.EntryFactory(tournament=tournament)
    return draw_services.round_draw(phase=phase, by=director, seed=11)


def _seating(rnd):
    return sorted(Seat.objects.filter(round=rnd).values_list("pk", "entry_id"))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "post",
    [
        lambda s, b: {"seat": [HUGE, s]},
        lambda s, b: {"seat": [HUGE, PAST_BIGINT]},
        lambda s, b: {"seat": [HUGE], "bye": [b]},
        lambda s, b: {"seat": [s], "bye": [HUGE]},
    ],
)
def test_a_swap_with_a_twenty_digit_id_is_refused_with_a_message(
    director_client, tournament, drawn, post
):
    seat = str(Seat.objects.filter(round=drawn).first().pk)
    bye = str(drawn.byes.first().pk)
    before = _seating(drawn)
    url = reverse("director:round_swap", kwargs={"slug": tournament.slug, "number": 1})
    response = director_client.post(url, post(seat, bye), follow=True)
    assert response.status_code == 200
    assert "Tick exactly two seats" in response.text
    assert _seating(drawn) == before
    assert not RoundLog.objects.filter(round=drawn, action="swapped").exists()
