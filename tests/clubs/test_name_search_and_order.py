"""A name is found however a phone types it, and lists sort as a reader expects.

Issue 21 §4: "dhondt" and the phone's curly apostrophe "D’Hondt" found nobody,
"vandewalle" did not find "Van de Walle", and "Dewulf, Éric" sorted after
"Dewulf, Rita". The one folding helper (``core.folding``) now ignores
apostrophes, spaces, hyphens, dots and accents for matching and gives a sort key;
every search and list uses it: the director's lists, check-in's search, "where do
I sit?" and the public standings' filter (its JavaScript twin).
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs import selectors
from core.folding import fold, fold_matches, fold_words, sort_key
from standings.rounds import seat_lookup
from tests import factories
from tests.builders import build_event
from tournaments.selectors import entry_search

# ------------------------------------------------------------------- the helper


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("dhondt", "D'Hondt"),
        ("D’Hondt", "D'Hondt"),  # a phone's curly apostrophe
        ("d‘hondt", "D’Hondt"),
        ("Dʼhondt", "D'Hondt"),  # the modifier letter apostrophe
        ("vandewalle", "Van de Walle"),
        ("van de walle", "Vandewalle"),
        ("Van de Walle", "Jan Van de Walle"),
        ("jan walle", "Jan Van de Walle"),
        ("jeanpierre", "Jean-Pierre Ghesquière"),
        ("jean-pierre", "Jean Pierre Ghesquière"),
        ("ghesquiere", "Jean-Pierre Ghesquière"),
        ("st jan", "St.-Jan"),
        ("kmc", "K.M.C."),
        ("ÉRIC", "eric"),
        ("laetitia", "Lætitia"),
    ],
)
def test_a_name_is_found_however_it_is_typed(typed, name):
    assert fold_matches(fold_words(typed), fold(name)), (typed, name)


@pytest.mark.parametrize(
    ("typed", "name"),
    [("walle jan peeters", "Jan Van de Walle"), ("dhond t x", "D'Hondt"), ("ab", "a")],
)
def test_every_word_typed_must_be_found(typed, name):
    assert not fold_matches(fold_words(typed), fold(name))


def test_fold_keeps_one_space_between_words():
    assert fold("Thérèse GHESQUIÈRE") == "therese ghesquiere"
    assert fold("  D’Hondt-Van  de Walle ") == "dhondt van de walle"
    assert fold(None) == "" and fold_words("  ") == []


def test_names_sort_as_a_flemish_or_french_reader_expects():
    names = [
        "Dewulf, Rita",
        "dewulf, Anna",
        "Dewulf, Éric",
        "Dewulfs, Anna",
        "D'Hondt, Jan",
        "Desmet, Zoë",
        "Dhondt, Bart",
        "Élise, Lefèvre",
        "Zoë, Noë",
        "Eric, Dewulf",
        "Éric, Dewulf",
    ]
    assert sorted(names, key=sort_key) == [
        "Desmet, Zoë",
        "dewulf, Anna",
        "Dewulf, Éric",
        "Dewulf, Rita",
        "Dewulfs, Anna",
        "Dhondt, Bart",
        "D'Hondt, Jan",
        "Élise, Lefèvre",
        "Eric, Dewulf",  # accents only break a tie: the plain letter first
        "Éric, Dewulf",
        "Zoë, Noë",
    ]


def test_a_hyphen_or_a_space_parts_words_in_the_order_too():
    names = ["Jeanette", "Jean-Pierre", "Van Damme, Ann", "Vandamme, Bert", "Jean"]
    assert sorted(names, key=sort_key) == [
        "Jean",
        "Jean-Pierre",
        "Jeanette",
        "Van Damme, Ann",
        "Vandamme, Bert",
    ]


def test_the_printed_lists_sort_with_the_same_key():
    from printing.base import sort_key as printed_key

    assert printed_key("Dewulf, Éric") == sort_key("Dewulf, Éric")


# ------------------------------------------------------------ director's lists


@pytest.fixture
def people(db):
    club = factories.ClubFactory(name="De Zotte Manille", short_name="DZM")
    made = {}
    for first, last in [
        ("Jan", "D'Hondt"),
        ("Rita", "Dewulf"),
        ("Éric", "Dewulf"),
        ("Jean-Pierre", "Van de Walle"),
        ("Anna", "Peeters"),
    ]:
        made[last, first] = factories.PlayerFactory(
            first_name=first, last_name=last, club=club
        )
    return made


def _found(query: str) -> list[str]:
    return [p.sort_name for p in selectors.player_list(query=query)]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("dhondt", ["D'Hondt, Jan"]),
        ("D’Hondt", ["D'Hondt, Jan"]),
        ("vandewalle", ["Van de Walle, Jean-Pierre"]),
        ("jeanpierre", ["Van de Walle, Jean-Pierre"]),
    ],
)
def test_the_players_list_finds_a_name_however_it_is_typed(people, query, found):
    assert _found(query) == found


def test_the_players_page_lists_names_in_a_readers_order(
    client, people, django_assert_max_num_queries
):
    staff = get_user_model().objects.create_user(username="staff", is_staff=True)
    client.force_login(staff)
    with django_assert_max_num_queries(12):
        html = client.get(reverse("director:players")).content.decode()
    order = [html.index(name) for name in ("Dewulf, Éric", "Dewulf, Rita")]
    assert order == sorted(order)
    html = client.get(reverse("director:players"), {"q": "D’Hondt"}).content.decode()
    assert "D&#x27;Hondt, Jan" in html and "Dewulf" not in html


# ------------------------------------------------ check-in and "where do I sit?"


@pytest.fixture
def seated(tournament):
    """A published round whose table 1 seats D'Hondt and Van de Walle."""
    rnd = factories.RoundFactory(tournament=tournament, number=1, status="published")
    table = factories.individual_table(round=rnd, number=1)
    for seat, (first, last) in zip(
        table.seats.order_by("position")[:2],
        [("Jan", "D'Hondt"), ("Jean-Pierre", "Van de Walle")],
        strict=True,
    ):
        player = seat.entry.player
        player.first_name, player.last_name = first, last
        player.save()
    return rnd


@pytest.mark.parametrize(
    ("query", "last_name"),
    [("dhondt", "D'Hondt"), ("D’Hondt", "D'Hondt"), ("vandewalle", "Van de Walle")],
)
def test_check_in_and_where_do_i_sit_find_a_name_however_it_is_typed(
    seated, query, last_name
):
    found = entry_search(tournament=seated.tournament, query=query)
    assert [e.player.last_name for e in found] == [last_name]
    seats = seat_lookup(round=seated, query=query)
    assert [s.name for s in seats] == [
        e.player.full_name for e in found
    ] or last_name in seats[0].name
    assert len(seats) == 1


def test_the_public_where_do_i_sit_page_finds_the_curly_apostrophe(client, seated):
    url = reverse(
        "public:draw_by_name",
        kwargs={"slug": seated.tournament.slug, "number": seated.number},
    )
    html = client.get(url, {"q": "D’Hondt"}).content.decode()
    assert "D&#x27;Hondt" in html and "Van de Walle" not in html
    html = client.get(url, {"q": "vandewalle"}).content.decode()
    assert "Van de Walle" in html and "D&#x27;Hondt" not in html


# ------------------------------------------------------------ the JavaScript twin


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_public_standings_filter_finds_a_name_however_it_is_typed(
    live_server, browser
):
    """live.js folds what is typed as the server folds the rows' names."""
    t = build_event(players=16, rounds=1, final=0, seed=4, clubs=3)
    players = [e.player for e in t.entries.select_related("player").order_by("pk")]
    renamed = [("Jan", "D'Hondt"), ("Jean-Pierre", "Van de Walle")]
    for player, (first, last) in zip(players, renamed, strict=False):
        player.first_name, player.last_name = first, last
        player.save()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + reverse("live:standings", args=[t.slug]))
    visible = page.locator("#live-region tbody tr:not([hidden])")
    for typed, name in [
        ("D’Hondt", "D'Hondt"),
        ("dhondt", "D'Hondt"),
        ("vandewalle", "Van de Walle"),
        ("jeanpierre", "Van de Walle"),
        ("jan d’hondt", "D'Hondt"),
    ]:
        page.fill("#find-me", typed)
        assert visible.count() == 1, typed
        assert name in visible.first.inner_text(), typed
