"""An unlisted evening never leaks through a public series (issue 23 §9).

A stranger (anonymous, or signed in without running it) reading the series' page,
its JSON API, its exports or its PDF sees neither the unlisted event's name, slug
nor date, and its results count in no total: the public ranking is read from the
listed events alone, numbered 1..n among themselves. The series' managers and the
event's own directors still see it, counted, with a note that the public ranking
does not count it; an answer read for them is never served to a stranger.
"""

import csv
import datetime
import io
from collections import Counter

import pytest
from django.urls import reverse
from pypdf import PdfReader

from series.selectors import series_events, series_standings
from standings.selectors import standings_for
from tests.series.builders import build_series

pytestmark = pytest.mark.django_db

HIDDEN_NAME = "Geheime Avond Zeventien"
HIDDEN_DATE = datetime.date(2031, 2, 17)  # the only date in 2031
NOTE = "not counted in the public ranking"


@pytest.fixture
def season():
    """Three played evenings; the second, the latest by date, is unlisted."""
    series = build_series(
        players=14, events=3, per_event=8, clubs=2, seed=5, slug="hid", language="en"
    )
    links = list(series.events.select_related("tournament").order_by("order"))
    hidden = links[1].tournament
    hidden.name, hidden.date, hidden.is_public = HIDDEN_NAME, HIDDEN_DATE, False
    hidden.save()
    return {
        "series": series,
        "hidden": hidden,
        "listed": [links[0].tournament, links[2].tournament],
        "all": [link.tournament for link in links],
    }


@pytest.fixture
def manager(season, django_user_model):
    user = django_user_model.objects.create_user(username="mgr", password="pw-m-123")
    season["series"].club.managers.add(user)
    return user


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="x", password="pw-x-123")


def _games(tournaments) -> Counter:
    """Each player's games over ``tournaments``, from each event's own standings."""
    total: Counter = Counter()
    for t in tournaments:
        for row in standings_for(tournament=t):
            total[row.name] += row.games_played
    return total


def _only_in_hidden(season) -> set[str]:
    names = set(_games([season["hidden"]])) - set(_games(season["listed"]))
    assert names, "the seed must seat someone in the unlisted evening only"
    return names


def _leaks(text: str, season) -> list[str]:
    hidden = season["hidden"]
    marks = [HIDDEN_NAME, hidden.slug, HIDDEN_DATE.isoformat(), "2031"]
    return [m for m in marks if m in text]


def _api_games(client, series) -> Counter:
    url = reverse("series:api_standings", args=[series.slug])
    response = client.get(url)
    assert response.status_code == 200
    return Counter({r["name"]: r["games_played"] for r in response.json()["rows"]})


def _pdf_text(client, series) -> str:
    response = client.get(reverse("pdf:series_standings", args=[series.slug]))
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())


# ------------------------------------------------------------------ a stranger


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_public_page_neither_names_nor_counts_an_unlisted_evening(
    client, season, stranger, signed_in
):
    if signed_in:
        client.force_login(stranger)
    response = client.get(reverse("series:standings", args=["hid"]))
    assert response.status_code == 200
    text = response.text
    assert _leaks(text, season) == []
    assert season["listed"][0].name in text and season["listed"][1].name in text
    for name in _only_in_hidden(season):
        assert name not in text  # played only that evening: no line at all
    assert "2 events so far" in text
    assert '<li value="2">' in text and '<li value="3">' not in text  # no gap
    assert NOTE not in text


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_api_neither_names_nor_counts_an_unlisted_evening(
    client, season, stranger, signed_in
):
    if signed_in:
        client.force_login(stranger)
    series = season["series"]
    detail = client.get(reverse("series:api", args=[series.slug]))
    assert [e["slug"] for e in detail.json()["events"]] == [
        t.slug for t in season["listed"]
    ]
    assert _leaks(detail.text, season) == []
    url = reverse("series:api_standings", args=[series.slug])
    assert _leaks(client.get(url).text, season) == []
    assert _api_games(client, series) == _games(season["listed"])


def test_the_exports_and_the_pdf_count_the_listed_evenings_only(client, season):
    series = season["series"]
    response = client.get(reverse("series:standings_csv", args=[series.slug]))
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    assert _leaks(text, season) == []
    rows = list(csv.DictReader(io.StringIO(text)))  # English: commas
    games = {r["name"]: int(r["played"]) for r in rows}
    assert games == dict(_games(season["listed"]))
    pdf = _pdf_text(client, series)
    assert _leaks(pdf, season) == []
    assert "2 events" in pdf
    for name in _only_in_hidden(season):
        assert name not in pdf


def test_a_stranger_never_gets_an_answer_read_for_a_manager(client, season, manager):
    """The page's region and the API's body are cached on the series' state, which
    says which events were read: the manager's answers stay his."""
    series = season["series"]
    client.force_login(manager)
    assert HIDDEN_NAME in client.get(reverse("series:standings", args=["hid"])).text
    managed = _api_games(client, series)
    etag = client.get(reverse("series:api_standings", args=["hid"]))["ETag"]
    client.logout()
    assert (
        _leaks(client.get(reverse("series:standings", args=["hid"])).text, season) == []
    )
    assert _api_games(client, series) == _games(season["listed"]) != managed
    again = client.get(
        reverse("series:api_standings", args=["hid"]), HTTP_IF_NONE_MATCH=etag
    )
    assert again.status_code == 200  # not the manager's 304


def test_an_unlisted_evening_listed_again_counts_for_everyone(client, season):
    hidden = season["hidden"]
    hidden.is_public = True
    hidden.save()
    assert _api_games(client, season["series"]) == _games(season["all"])
    assert HIDDEN_NAME in client.get(reverse("series:standings", args=["hid"])).text


# ---------------------------------------------------------- those who run it


def test_the_manager_sees_it_counted_with_a_note(client, season, manager):
    series = season["series"]
    client.force_login(manager)
    page = client.get(reverse("series:standings", args=["hid"])).text
    assert HIDDEN_NAME in page and "3 events so far" in page
    assert "Unlisted evenings are " + NOTE in page
    assert _api_games(client, series) == _games(season["all"])
    detail = client.get(reverse("series:api", args=[series.slug])).json()
    assert HIDDEN_NAME in [e["name"] for e in detail["events"]]
    manage = client.get(reverse("series:manage", args=["hid"])).text
    assert HIDDEN_NAME in manage and "Unlisted evenings are " + NOTE in manage


def test_the_director_of_the_evening_sees_it_too(client, season, stranger):
    season["hidden"].directors.add(stranger)
    client.force_login(stranger)
    assert HIDDEN_NAME in client.get(reverse("series:standings", args=["hid"])).text
    assert _api_games(client, season["series"]) == _games(season["all"])


def test_a_series_of_listed_evenings_carries_no_note(client, season, manager):
    season["hidden"].is_public = True
    season["hidden"].save()
    client.force_login(manager)
    assert NOTE not in client.get(reverse("series:standings", args=["hid"])).text
    assert NOTE not in client.get(reverse("series:manage", args=["hid"])).text


# ------------------------------------------------------------------ selectors


def test_the_selectors_read_a_strangers_events_unless_told_the_reader(
    season, manager, stranger, django_assert_num_queries
):
    series = season["series"]
    with django_assert_num_queries(1):
        public = series_events(series=series)
    assert [(e.number, e.tournament) for e in public] == list(
        enumerate(season["listed"], start=1)
    )
    assert [e.tournament for e in series_events(series=series, user=stranger)] == (
        season["listed"]
    )
    assert [e.tournament for e in series_events(series=series, user=manager)] == (
        season["all"]
    )
    names = {r.name for r in series_standings(series=series).rows}
    assert names == set(_games(season["listed"]))
    counted = series_standings(series=series, user=manager)
    assert {r.name for r in counted.rows} == set(_games(season["all"]))
