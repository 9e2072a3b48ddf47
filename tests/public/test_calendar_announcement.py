"""The public calendar's announcement (issue 26): edited on the tournament's settings.

The start time, place, capacity and registration deadline are saved from the
settings, refused when wrong, shown on the calendar and carried by the event file;
the fields fit a phone.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tests.factories import PhaseFactory, TournamentFactory
from tests.public.calendar_helpers import _day, _page
from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments.forms import ANNOUNCEMENT_FIELDS
from transfer import services as transfer

# ------------------------------------------------------------------ the settings


def test_the_announcement_is_edited_on_the_tournaments_settings(
    director_client, tournament
):
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    page = director_client.get(url).content.decode()
    assert "Announcement" in page
    for name in ("start_time", "postcode", "region", "capacity"):
        assert f'name="{name}"' in page
    assert 'name="registration_deadline"' in page


def _settings_post(tournament, **announcement) -> dict:
    phase = tournament.phases.get()
    row = {
        "id": str(phase.pk),
        "name": phase.name,
        "rounds": "3",
        "draw_method": "individual",
        "games_per_table": "3",
        "advancement": "none",
    }
    data = tournament_post(slug=tournament.slug, **announcement) | phase_post([row])
    data["phases-INITIAL_FORMS"] = "1"
    return data


def test_the_announcement_is_saved_from_the_settings_and_shown(
    client, director_client, tournament, django_capture_on_commit_callbacks
):
    PhaseFactory(tournament=tournament)
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    data = _settings_post(
        tournament,
        date=_day(4).isoformat(),
        start_time="13:30",
        postcode="8500",
        region="Kortrijk",
        capacity="120",
        registration_deadline=f"{_day(2).isoformat()}T18:00",
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.start_time == datetime.time(13, 30)
    assert (tournament.postcode, tournament.region) == ("8500", "Kortrijk")
    assert tournament.capacity == 120
    deadline = timezone.localtime(tournament.registration_deadline)
    assert (deadline.date(), deadline.time()) == (_day(2), datetime.time(18))
    client.logout()
    html = _page(client, place="8500")
    assert tournament.get_absolute_url() in html and "120 of 120" in html


@pytest.mark.parametrize(
    "field, value",
    [
        ("capacity", "0"),
        ("capacity", "-5"),
        ("start_time", "25:00"),
        ("postcode", "85\x01 00"),
        ("registration_deadline", "morgen"),
    ],
)
def test_a_wrong_announcement_is_refused_on_the_form(
    director_client, tournament, field, value
):
    PhaseFactory(tournament=tournament)
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    response = director_client.post(url, _settings_post(tournament, **{field: value}))
    assert response.status_code == 200
    assert "field-error" in response.content.decode()
    tournament.refresh_from_db()
    assert getattr(tournament, field) in (None, "")


def test_the_announcement_travels_in_the_event_file(calendar, director):
    """The event file exports every concrete field: the announcement too."""
    full = calendar["full"]
    data = json.loads(transfer.event_to_json(transfer.export_event(full)))
    moved = transfer.import_event(data, slug="wk-again", by=director)
    for name in ANNOUNCEMENT_FIELDS:
        assert getattr(moved, name) == getattr(full, name), name
    assert moved.capacity == 3 and moved.start_time == datetime.time(10)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1366])
def test_the_announcement_fields_fit_the_settings_page(live_server, browser, width):
    user = get_user_model().objects.create_user(username="wl", password="wl-123-abc")
    t = TournamentFactory(capacity=60, postcode="8500", region="Kortrijk")
    t.directors.add(user)
    PhaseFactory(tournament=t)
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "wl")
    page.fill("#id_password", "wl-123-abc")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(live_server.url + reverse("tournaments:tournament_edit", args=[t.slug]))
    fieldset = page.locator("fieldset", has_text="Announcement")
    for name in ("start_time", "postcode", "region", "capacity"):
        box = page.locator(f"#id_{name}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, name
    box = page.locator("#id_registration_deadline").bounding_box()
    assert box and box["x"] + box["width"] <= width
    scroll, client_width = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"
    )
    assert scroll <= client_width
    shots = Path("/tmp/calendar-shots")
    shots.mkdir(exist_ok=True)
    fieldset.screenshot(path=str(shots / f"announcement-{width}.png"))
    page.close()
