"""The pages a whole hall opens when a round is published are served whole.

The draw by table, the whole "where do I sit?" list, the tournament's front page and
the projector (its page and the region it fetches after a bump) are stored whole,
as bytes and gzip-compressed, on the tournament's version, like the standings: a
warm one reads nothing, holds nothing of its reader, speaks the reader's language,
and never outlives a change (a round taken back to draft is a 404 at once). A
signed-in director still gets a page of their own.
"""

import gzip

import pytest
from django.test import Client
from django.urls import reverse

from draws import repair
from draws import services as draw_services
from public import pages
from tests import factories
from tournaments import versioning
from tournaments.models import Round

pytestmark = pytest.mark.django_db

PHONE = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.fixture(autouse=True)
def _cache_outlives_the_test(monkeypatch):
    """What a test sees after a bump was written by the bump, not expired."""
    monkeypatch.setattr(versioning, "TOURNAMENT_CACHE_SECONDS", 600)


@pytest.fixture
def field(tournament, director, django_capture_on_commit_callbacks):
    """A published first round of nine players (two tables and a bye)."""
    factories.PhaseFactory(tournament=tournament, rounds=3)
    factories.EntryFactory(
        tournament=tournament,
        player=factories.PlayerFactory(first_name="Éric", last_name="Ghesquière"),
    )
    for _ in range(8):
        factories.EntryFactory(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = draw_services.round_draw(
            phase=tournament.phases.get(), by=director, seed=4
        )
        draw_services.round_publish(round=rnd, by=director)
    return tournament


def _draw_url(t, number=1):
    return reverse("public:draw", args=[t.slug, number])


def _names_url(t, number=1):
    return reverse("public:draw_by_name", args=[t.slug, number])


def _front_url(t):
    return reverse("public:tournament", args=[t.slug])


def _projector_url(t):
    return reverse("live:projector", args=[t.slug])


def _holds_nothing_of_its_reader(response):
    assert "csrfmiddlewaretoken" not in response.text
    assert "X-CSRFToken" not in response.text
    assert "Log out" not in response.text
    assert not response.cookies


def _assert_served_whole(url, marker: str, django_assert_num_queries, **headers):
    """The first reader's page, then every other reader's: the same, no query."""
    plain = Client().get(url, **headers)
    assert plain.status_code == 200
    assert marker in plain.text
    _holds_nothing_of_its_reader(plain)
    with django_assert_num_queries(0):
        packed = Client().get(url, **PHONE, **headers)
    assert packed.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert "Accept-Encoding" in {v.strip() for v in packed["Vary"].split(",")}
    assert not packed.cookies
    with django_assert_num_queries(0):
        again = Client().get(url, **headers)
    assert again.content == plain.content
    return plain


# ------------------------------------------------------------ served whole, warm


def test_a_warm_draw_is_served_whole_and_compressed_without_a_query(
    field, django_assert_num_queries
):
    page = _assert_served_whole(
        _draw_url(field), "Ghesquière, Éric", django_assert_num_queries
    )
    assert 'id="table-1"' in page.text


def test_the_whole_where_do_i_sit_list_is_served_whole_without_a_query(
    field, django_assert_num_queries
):
    """Every phone at round start opens the list without a query: one page."""
    page = _assert_served_whole(
        _names_url(field), "Ghesquière, Éric", django_assert_num_queries
    )
    assert page.text.count("<strong>") == 9  # eight seated and the bye
    assert 'href="?q=' not in page.text  # the links of the list, not of a search


def test_the_whole_list_and_an_empty_search_keep_their_own_links(field):
    """``?q=`` and no query show the same rows, each page with its own links."""
    everyone = Client().get(_names_url(field))
    empty = Client().get(_names_url(field), {"q": ""})
    assert f'href="{_names_url(field)}?lang=fr"' in everyone.text
    assert f'href="{_names_url(field)}?q=&amp;lang=fr"' in empty.text


def test_a_warm_front_page_is_served_whole_without_a_query(
    field, django_assert_num_queries
):
    _assert_served_whole(
        _front_url(field), "Where do I sit? (round 1)", django_assert_num_queries
    )


def test_the_projector_and_its_region_are_served_whole_without_a_query(
    field, django_assert_num_queries
):
    page = _assert_served_whole(
        _projector_url(field), "data-projector", django_assert_num_queries
    )
    region = _assert_served_whole(
        _projector_url(field),
        "Ghesquière",
        django_assert_num_queries,
        HTTP_X_LIVE_REGION="1",
    )
    assert "<html" in page.text and "<html" not in region.text
    draw_only = Client().get(_projector_url(field), {"show": "draw"})
    assert 'data-panel="standings"' not in draw_only.text  # a page of its own


# -------------------------------------------------------------- never outlived


def test_a_round_taken_back_to_draft_is_never_served_from_the_cache(
    field, director, django_capture_on_commit_callbacks, monkeypatch
):
    for url in (_draw_url(field), _names_url(field)):
        assert Client().get(url, **PHONE).status_code == 200  # stored
    with django_capture_on_commit_callbacks(execute=True):
        repair.round_unpublish(
            round=Round.objects.get(tournament=field, number=1),
            by=director,
            reason="wrong players checked in",
        )
    for url in (_draw_url(field), _names_url(field)):
        assert Client().get(url, **PHONE).status_code == 404
    # Even while another request holds the lock of the new version's page, the
    # page stored before (the round published) is never given out.
    monkeypatch.setattr(pages, "WAIT_SECONDS", 0.05)
    monkeypatch.setattr(pages.cache, "add", lambda *args, **kwargs: False)
    for url in (_draw_url(field), _names_url(field)):
        assert Client().get(url, **PHONE).status_code == 404
    assert Client().get(_front_url(field)).context is not None  # built afresh


def test_a_draft_round_has_no_page_even_beside_a_stored_one(
    field, director, django_capture_on_commit_callbacks
):
    assert Client().get(_draw_url(field)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_draw(phase=field.phases.get(), by=director, seed=5)
    assert Client().get(_draw_url(field, 2)).status_code == 404
    assert Client().get(_names_url(field, 2)).status_code == 404
    assert "Round 2" not in Client().get(_front_url(field)).text


def test_a_seat_swapped_shows_on_the_next_visit(
    field, director, django_capture_on_commit_callbacks
):
    before = Client().get(_draw_url(field)).text
    rnd = Round.objects.get(tournament=field, number=1)
    one, two = (
        rnd.tables.get(number=1).seats.get(position=1),
        rnd.tables.get(number=2).seats.get(position=1),
    )
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_swap_seats(
            round=rnd, seat_a=one, seat_b=two, by=director, reason="a late arrival"
        )
    after = Client().get(_draw_url(field)).text
    assert after != before


# ------------------------------------------------------------ who sees which page


def test_a_director_gets_a_draw_of_their_own_and_never_gives_it_away(field, director):
    assert "Director login" in Client().get(_draw_url(field)).text  # stored
    signed_in = Client()
    signed_in.force_login(director)
    for url in (_draw_url(field), _names_url(field), _front_url(field)):
        page = signed_in.get(url, **PHONE)
        assert "Content-Encoding" not in page
        assert "Log out" in page.text and "Director login" not in page.text
    for url in (_draw_url(field), _names_url(field), _front_url(field)):
        assert "Log out" not in Client().get(url).text


def test_the_stored_draw_speaks_the_readers_language(field):
    english = Client().get(_draw_url(field))
    french = Client()
    french.cookies["django_language"] = "fr"
    page = french.get(_draw_url(field))
    assert page["Content-Language"] == "fr" and '<html lang="fr">' in page.text
    assert english["Content-Language"] == "en" and '<html lang="en">' in english.text
    again = Client().get(_draw_url(field))
    assert again.content == english.content
