"""One access rule: an unlisted tournament is hidden from all but its directors.

``Tournament.is_public`` means "listed publicly". An unlisted tournament answers
404 to any other reader on every public page, the API, the version endpoint and
the public PDFs, and answers its directors as if it were listed.

One loader serves them all (issue 22 §4): ``tournaments.access.tournament_for_request``
reads the tournament once per request, and ``tournament_or_404`` turns a hidden one
into a 404 (never a 403).
"""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import Client
from django.urls import reverse

from tests import factories
from tournaments import access, selectors

pytestmark = pytest.mark.django_db

PUBLIC_URLS = [
    ("public:tournament", ()),
    ("public:draw", (1,)),
    ("public:draw_by_name", (1,)),
    ("live:standings", ()),
    ("live:results", (1,)),
    ("live:projector", ()),
    ("live:version", ()),
    ("api:standings", ()),
    ("api:round", (1,)),
    ("pdf:draw", (1,)),
    ("pdf:standings", ()),
]


@pytest.fixture
def unlisted(tournament):
    """The director's tournament, unlisted, with a published round of one table."""
    tournament.is_public = False
    tournament.save()
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    factories.individual_table(round=rnd, number=1)
    return tournament


def _url(name, slug, args):
    return reverse(name, args=[slug, *args])


@pytest.mark.parametrize(("name", "args"), PUBLIC_URLS)
def test_an_unlisted_tournament_is_404_for_an_anonymous_reader(
    client, unlisted, name, args
):
    assert client.get(_url(name, unlisted.slug, args)).status_code == 404


@pytest.mark.parametrize(("name", "args"), PUBLIC_URLS)
def test_an_unlisted_tournament_is_404_for_a_user_who_does_not_direct_it(
    client, unlisted, name, args
):
    stranger = get_user_model().objects.create_user(username="x", password="pw-x-1")
    client.force_login(stranger)
    assert client.get(_url(name, unlisted.slug, args)).status_code == 404


@pytest.mark.parametrize(("name", "args"), PUBLIC_URLS)
def test_its_director_reads_an_unlisted_tournament(
    director_client, unlisted, name, args
):
    assert director_client.get(_url(name, unlisted.slug, args)).status_code == 200


@pytest.mark.parametrize(("name", "args"), PUBLIC_URLS)
def test_a_listed_tournament_is_open_to_everyone(client, tournament, name, args):
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    factories.individual_table(round=rnd, number=1)
    assert client.get(_url(name, tournament.slug, args)).status_code == 200


def test_the_reader_selector_applies_the_rule(unlisted, director):
    anonymous = AnonymousUser()
    assert selectors.tournament_for_reader(slug=unlisted.slug, user=anonymous) is None
    assert (
        selectors.tournament_for_reader(slug=unlisted.slug, user=director) == unlisted
    )
    assert selectors.tournament_for_reader(slug="nothing", user=director) is None


def test_a_draft_or_missing_round_is_none_not_an_exception(tournament):
    factories.RoundFactory(tournament=tournament, number=1, status="draft")
    assert selectors.round_for_public(tournament=tournament, number=1) is None
    assert selectors.round_for_public(tournament=tournament, number=9) is None


def test_the_version_of_a_listed_tournament_costs_one_query_and_no_session(
    client, tournament, django_assert_num_queries
):
    client.force_login(get_user_model().objects.create_user(username="y"))
    url = reverse("live:version", args=[tournament.slug])
    with django_assert_num_queries(1):
        assert client.get(url).status_code == 200


# ------------------------------------------------ the one loader: tournaments.access


@pytest.fixture
def reads(monkeypatch):
    """Count the helper's reads of the access rule, by slug."""
    calls = []
    real = access.tournament_for_reader

    def spy(*, slug, user):
        calls.append(slug)
        return real(slug=slug, user=user)

    monkeypatch.setattr(access, "tournament_for_reader", spy)
    return calls


def _request(rf, user):
    request = rf.get("/")
    request.user = user
    return request


def test_an_unlisted_tournament_is_hidden_from_a_stranger_and_shown_to_its_director(
    rf, unlisted, director
):
    stranger = get_user_model().objects.create_user(username="stranger")
    for user in (AnonymousUser(), stranger):
        assert access.tournament_for_request(_request(rf, user), unlisted.slug) is None
        with pytest.raises(Http404):
            access.tournament_or_404(_request(rf, user), unlisted.slug)
    request = _request(rf, director)
    assert access.tournament_for_request(request, unlisted.slug) == unlisted
    assert access.tournament_or_404(request, unlisted.slug) == unlisted


def test_a_listed_tournament_is_anyones_and_a_missing_one_nobodys(rf, tournament):
    request = _request(rf, AnonymousUser())
    assert access.tournament_or_404(request, tournament.slug) == tournament
    with pytest.raises(Http404):
        access.tournament_or_404(request, "no-such-event")


def test_the_answer_is_read_once_per_request_and_slug_none_included(
    rf, unlisted, tournament, reads
):
    request = _request(rf, AnonymousUser())
    for _ in range(3):
        assert access.tournament_for_request(request, unlisted.slug) is None
    assert reads == [unlisted.slug]
    reads.clear()
    other = _request(rf, AnonymousUser())
    access.tournament_for_request(other, unlisted.slug)  # a new request reads anew
    assert reads == [unlisted.slug]


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("public:tournament", ()),
        ("public:draw", (1,)),
        ("live:standings", ()),
        ("api:standings", ()),
        ("api:round", (1,)),
        ("pdf:standings", ()),
        ("pdf:draw", (1,)),
    ],
)
def test_pages_api_and_pdfs_go_through_the_one_helper(
    director_client, unlisted, reads, name, args
):
    url = reverse(name, args=[unlisted.slug, *args])
    assert Client().get(url).status_code == 404
    assert reads == [unlisted.slug]  # the anonymous reader: read once, refused
    reads.clear()
    assert director_client.get(url).status_code == 200
    assert reads == [unlisted.slug]  # its director: read once, shown
