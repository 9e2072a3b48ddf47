"""The History pages: who may read them, what a row says, the filter, the cost."""

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from actionlog.models import ActionEntry
from actionlog.services import action_record
from clubs import services as club_services
from draws import services as draw_services
from tests import factories
from tournaments import services

pytestmark = pytest.mark.django_db


def tournament_url(event):
    return reverse("director:tournament_history", args=[event.slug])


def club_url(club):
    return reverse("director:club_history", args=[club.pk])


# ----------------------------------------------------------------------- access


def test_a_tournaments_directors_and_staff_read_its_history(
    client, event, director, superuser
):
    for user in (director, superuser):
        client.force_login(user)
        assert client.get(tournament_url(event)).status_code == 200


def test_anyone_else_is_refused_the_tournaments_history(client, event, stranger):
    assert client.get(tournament_url(event)).status_code == 302  # to the login
    client.force_login(stranger)
    assert client.get(tournament_url(event)).status_code == 403
    missing = reverse("director:tournament_history", args=["no-such-event"])
    assert client.get(missing).status_code == 404


def test_a_clubs_managers_and_staff_read_its_history(client, club, manager, staff):
    for user in (manager, staff):
        client.force_login(user)
        assert client.get(club_url(club)).status_code == 200


def test_anyone_else_is_refused_the_clubs_history(client, club, event, director):
    assert client.get(club_url(club)).status_code == 302  # to the login
    client.force_login(director)  # directs a tournament, not this club
    assert client.get(club_url(club)).status_code == 403
    missing = reverse("director:club_history", args=[2**63])
    assert client.get(missing).status_code == 404


def test_the_director_pages_link_to_the_history(client, event, director, club, staff):
    client.force_login(director)
    page = client.get(reverse("director:tournament", args=[event.slug]))
    assert tournament_url(event) in page.content.decode()
    client.force_login(staff)
    page = client.get(reverse("director:club_people", args=[club.pk]))
    assert club_url(club) in page.content.decode()


# ------------------------------------------------------------------ what it says


def test_a_row_says_when_who_what_and_before_after_with_field_labels(
    client, event, director
):
    services.tournament_update(tournament=event, by=director, multiplier="add")
    client.force_login(director)
    html = client.get(tournament_url(event)).content.decode()
    assert "Settings changed" in html and ">td<" in html
    assert "doublings" in html  # the field's label, not "multiplier"
    assert "Multiply (each step doubles)" in html and "Add (each step adds one)" in html


def test_a_round_line_is_said_in_the_readers_language(client, event, director):
    with translation.override("en"):
        draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    client.force_login(director)
    client.cookies["django_language"] = "nl"
    html = client.get(tournament_url(event)).content.decode()
    assert "lotingsnummer 5" in html and "seed 5" not in html


def test_the_filter_keeps_one_kind_of_action(client, event, director):
    draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    client.force_login(director)
    html = client.get(tournament_url(event), {"kind": "draws"}).content.decode()
    assert "Round drawn" in html and "Tournament created" not in html
    html = client.get(tournament_url(event), {"kind": "nonsense"}).content.decode()
    assert "Round drawn" in html and "Tournament created" in html


def test_the_clubs_history_shows_its_people_not_other_clubs(client, club, staff):
    other = factories.ClubFactory(name="Elders")
    club_services.club_update(club=club, by=staff, city="Tielt")
    club_services.club_update(club=other, by=staff, city="Aalst")
    client.force_login(staff)
    html = client.get(club_url(club)).content.decode()
    assert "Tielt" in html and "Aalst" not in html


def test_a_long_history_is_paginated_newest_first_in_few_queries(
    client, event, director, django_assert_max_num_queries
):
    with transaction.atomic():
        for n in range(120):
            action_record(
                by=director,
                action="tournament.changed",
                tournament=event,
                target=event,
                before={"venue": f"Zaal {n}"},
                after={"venue": f"Zaal {n + 1}"},
            )
    client.force_login(director)
    with django_assert_max_num_queries(12):
        html = client.get(tournament_url(event)).content.decode()
    assert html.count("<tr") == 51  # the header and 50 rows
    assert "Zaal 120" in html and "Zaal 60" not in html
    with django_assert_max_num_queries(12):
        html = client.get(tournament_url(event), {"page": 3}).content.decode()
    assert "Zaal 1<" in html or "Zaal 1</ins>" in html
    assert ActionEntry.objects.filter(tournament_id=event.pk).count() > 120
