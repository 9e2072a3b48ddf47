"""The director's lists find players, teams and clubs without the accents typed.

Issue 13, finding 8: "Therese", "ghesquiere" and "Noel" found nothing on the
players list, and a player's surname did not find their team. The lists now fold
names with the one folding function, as check-in and "where do I sit?" do.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs import selectors
from core.folding import fold
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    liege = factories.ClubFactory(name="Cercle Liégeois", short_name="CL", city="Liège")
    other = factories.ClubFactory(name="De Zotte Manille", short_name="DZM")
    therese = factories.PlayerFactory(
        first_name="Thérèse", last_name="Ghesquière", club=liege, member_number="123"
    )
    noel = factories.PlayerFactory(first_name="Noël", last_name="Vandamme", club=other)
    plain = factories.PlayerFactory(first_name="Jan", last_name="Peeters", club=other)
    team = factories.TeamFactory(
        name="De Kaartvrienden", club=other, player_one=noel, player_two=plain
    )
    return {
        "liege": liege,
        "therese": therese,
        "noel": noel,
        "plain": plain,
        "team": team,
    }


def _last_names(query: str) -> list[str]:
    return [p.last_name for p in selectors.player_list(query=query)]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("Therese", ["Ghesquière"]),
        ("ghesquiere", ["Ghesquière"]),
        ("GHESQUIÈRE", ["Ghesquière"]),
        ("Noel", ["Vandamme"]),
        ("noël vandamme", ["Vandamme"]),
        ("therese liegeois", ["Ghesquière"]),  # a word of the club's name too
        ("123", ["Ghesquière"]),  # a member number, typed whole
        ("12", []),
        ("dzm", ["Peeters", "Vandamme"]),  # a club's short name, typed whole
        ("therese jan", []),  # every word must match
    ],
)
def test_the_player_search_ignores_accents_and_case(people, query, found):
    assert _last_names(query) == found


def test_a_players_name_finds_their_team_accents_or_not(people):
    for query in ("vandamme", "Noel", "noël", "jan peeters", "kaartvrienden"):
        assert [t.name for t in selectors.team_list(query=query)] == [
            "De Kaartvrienden"
        ], query
    assert list(selectors.team_list(query="ghesquiere")) == []


def test_the_club_search_ignores_accents(people):
    assert [c.name for c in selectors.club_list(query="liege")] == ["Cercle Liégeois"]
    assert [c.name for c in selectors.club_list(query="LIÈGE")] == ["Cercle Liégeois"]
    found = selectors.club_list(query="liegeois").get()
    assert found.player_count == 1  # the annotation survives the search


def test_an_empty_search_lists_everybody_in_name_order(people):
    assert _last_names("") == ["Ghesquière", "Peeters", "Vandamme"]
    assert _last_names("   ") == ["Ghesquière", "Peeters", "Vandamme"]


def test_the_search_keeps_to_the_club_asked_for(people):
    assert list(selectors.player_list(query="e", club=people["liege"])) == [
        people["therese"]
    ]


def test_fold_is_the_one_function_every_app_uses():
    from printing.base import sort_key
    from tournaments import selectors as tournament_selectors

    assert tournament_selectors.fold is fold
    assert fold("Thérèse GHESQUIÈRE") == "therese ghesquiere"
    assert fold("Noël") == "noel" and fold(None) == ""
    assert sort_key("Élise")[0] == (fold("Élise"),)  # among the Es


def test_the_directors_pages_search_without_accents(
    client, people, django_assert_max_num_queries
):
    staff = get_user_model().objects.create_user(
        username="staff", password="x", is_staff=True
    )
    client.force_login(staff)
    with django_assert_max_num_queries(12):
        html = client.get(reverse("director:players"), {"q": "ghesquiere"}).content
    html = html.decode()
    assert "Ghesquière" in html and "Vandamme" not in html
    html = client.get(reverse("director:teams"), {"q": "Noel"}).content.decode()
    assert "De Kaartvrienden" in html
    html = client.get(reverse("director:clubs"), {"q": "liege"}).content.decode()
    assert "Cercle Liégeois" in html and "De Zotte Manille" not in html
