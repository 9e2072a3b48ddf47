"""Test the public draw pages: by table, by name, "where do I sit?", drafts hidden."""

import pytest
from django.urls import reverse

from draws import services as draw_services
from tests import factories
from tournaments import selectors
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(tournament):
    """Nine present players of three clubs, one of them Éric Ghesquière."""
    factories.PhaseFactory(tournament=tournament, rounds=3)
    club = factories.ClubFactory(name="De Zotte Manille", short_name="DZM")
    factories.EntryFactory(
        tournament=tournament,
        player=factories.PlayerFactory(
            first_name="Éric", last_name="Ghesquière", club=club
        ),
    )
    for _ in range(8):
        factories.EntryFactory(tournament=tournament)
    return tournament


@pytest.fixture
def draft(field, director):
    return draw_services.round_draw(phase=field.phases.get(), by=director, seed=4)


@pytest.fixture
def published(draft, director):
    return draw_services.round_publish(round=draft, by=director)


def urls(tournament, number=1):
    kwargs = {"slug": tournament.slug, "number": number}
    return reverse("public:draw", kwargs=kwargs), reverse(
        "public:draw_by_name", kwargs=kwargs
    )


def test_a_draft_round_is_never_shown_to_the_public(client, field, draft):
    for url in urls(field):
        assert client.get(url).status_code == 404
    page = client.get(reverse("public:tournament", kwargs={"slug": field.slug}))
    assert "has not been published yet" in page.text
    current = client.get(reverse("public:current_draw", kwargs={"slug": field.slug}))
    assert current["Location"] == reverse(
        "public:tournament", kwargs={"slug": field.slug}
    )


def test_a_round_that_does_not_exist_is_a_404(client, field):
    assert client.get(urls(field, 9)[0]).status_code == 404


def test_the_published_draw_by_table_shows_every_table_and_the_bye(
    client, field, published, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        response = client.get(urls(field)[0])
    assert response.status_code == 200
    assert response.text.count('class="draw-table card"') == 2
    assert "Ghesquière, Éric" in response.text
    assert "Byes" in response.text


def test_the_draw_by_name_is_alphabetical_with_table_numbers(client, field, published):
    response = client.get(urls(field)[1])
    rows = response.context["table"].rows
    names = [row.record.name for row in rows]
    assert names == sorted(names, key=selectors.fold)
    assert len(names) == 9  # eight seated, one bye


def test_where_do_i_sit_ignores_accents_and_case(client, field, published):
    seat = Seat.objects.get(round=published, entry__player__first_name="Éric")
    response = client.get(urls(field)[1], {"q": "eric GHESQUIERE"})
    rows = list(response.context["table"].rows)
    assert len(rows) == 1
    assert rows[0].record.table == seat.table.number
    assert rows[0].record.position == seat.position


def test_where_do_i_sit_answers_htmx_with_the_list_only(client, field, published):
    response = client.get(urls(field)[1], {"q": "ghesq"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "<html" not in response.text and 'id="names"' in response.text
    assert "Ghesquière" in response.text


def test_a_long_name_list_takes_a_fixed_handful_of_queries(
    client, tournament, director, django_assert_max_num_queries
):
    phase = factories.PhaseFactory(tournament=tournament)
    for _ in range(120):
        factories.EntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=rnd, by=director)
    with django_assert_max_num_queries(8):
        response = client.get(urls(tournament)[1])
    assert response.status_code == 200
    assert len(response.context["table"].rows) == 120


def test_current_draw_goes_to_the_latest_published_round(client, field, published):
    response = client.get(reverse("public:current_draw", kwargs={"slug": field.slug}))
    assert response["Location"] == urls(field)[1]


def test_a_pairs_team_is_found_by_a_players_name(client, director):
    tournament = factories.TournamentFactory(format="pairs")
    factories.PhaseFactory(tournament=tournament, draw_method="random")
    alice = factories.PlayerFactory(first_name="Hélène", last_name="Dubois")
    team = factories.TeamFactory(name="Les Atouts", player_one=alice)
    factories.EntryFactory(tournament=tournament, player=None, team=team)
    for _ in range(3):
        factories.TeamEntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    draw_services.round_publish(round=rnd, by=director)
    response = client.get(urls(tournament)[1], {"q": "helene"})
    rows = list(response.context["table"].rows)
    assert [r.record.name for r in rows] == ["Les Atouts"]
