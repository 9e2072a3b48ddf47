"""One loader of "the tournament this reader may see" (issue 22 §4).

``tournaments.access.tournament_for_request`` serves the public pages, the JSON
API and the PDFs alike, and reads the tournament once per request;
``tournament_or_404`` turns a hidden one into a 404 (never a 403).
"""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import Client
from django.urls import reverse

from tests import factories
from tournaments import access

pytestmark = pytest.mark.django_db


@pytest.fixture
def unlisted(tournament):
    tournament.is_public = False
    tournament.save()
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    factories.individual_table(round=rnd, number=1)
    return tournament


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
