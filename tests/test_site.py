"""The site's frame: pages answer, languages switch, constraints hold."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests import factories
from tournaments.models import Entry, Round, Tournament


@pytest.mark.django_db
def test_public_home_lists_public_tournaments(client):
    factories.TournamentFactory(name="WK Manillen", is_public=True)
    factories.TournamentFactory(name="Hidden club evening", is_public=False)
    response = client.get(reverse("public:home"))
    assert response.status_code == 200
    assert "WK Manillen" in response.text
    assert "Hidden club evening" not in response.text


@pytest.mark.django_db
def test_director_home_needs_login(client):
    response = client.get(reverse("director:home"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


@pytest.mark.django_db
def test_static_css_is_served_without_a_cdn(client):
    response = client.get(reverse("public:home"))
    assert "/static/css/site.css" in response.text
    assert "http://" not in response.text.split("<body")[0].replace(
        "http://www.w3.org", ""
    )
    assert "https://" not in response.text.split("<body")[0]


@pytest.mark.django_db
def test_language_switch_translates_the_page(client):
    client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    response = client.get(reverse("public:home"))
    assert response.headers["Content-Language"] == "nl"


@pytest.mark.django_db
def test_an_entry_is_a_player_or_a_team_never_both():
    entry = factories.EntryFactory()
    team = factories.TeamFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.filter(pk=entry.pk).update(team=team)


@pytest.mark.django_db
def test_a_player_enters_a_tournament_once():
    entry = factories.EntryFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=entry.tournament, player=entry.player)


@pytest.mark.django_db
def test_demo_command_creates_a_director_and_two_open_events(client):
    from io import StringIO

    from django.core.management import call_command

    first, again = StringIO(), StringIO()
    call_command("demo", stdout=first)
    call_command("demo", stdout=again)  # twice in a row is fine: nothing made twice
    # What ``make run`` prints: each simulation as it starts, then the login; the
    # second time only the login.
    printed = first.getvalue().splitlines()
    assert printed[:3] == [
        "Simulating Demo WK Manillen (64 spelers) …",
        "Simulating Demo koppeltornooi (20 ploegen, Zwitsers) …",
        "Simulating Manilleclub De Zotte Boer …",
    ]
    assert len(printed) == 4 and "director / manille" in printed[3]
    assert again.getvalue().splitlines() == printed[3:]
    login = {"username": "director", "password": "manille"}
    assert client.post(reverse("login"), login).status_code == 302
    events = Tournament.objects.filter(club__isnull=True)
    assert set(events.values_list("slug", flat=True)) == {"demo-wk", "demo-pairs"}
    # And a club's season of 4 evenings, whose club the demo director manages.
    from series.models import Series

    season = Series.objects.get()
    assert season.events.count() == 4
    assert season.club.managers.filter(username="director").exists()
    for slug in ("demo-wk", "demo-pairs"):
        last = Round.objects.filter(tournament__slug=slug).order_by("number").last()
        # The last round is published and left open for a visitor to enter.
        assert last.status == Round.Status.PUBLISHED
        assert not last.tables.filter(sheet__status="confirmed").exists()
