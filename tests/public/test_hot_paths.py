"""The paths every phone in the hall hits are cheap, and never stale after a bump.

The health check, the version poll, the standings page and "where do I sit?" are
answered from Django's cache while it is warm: no query, no session. Every bump of
a tournament's version writes the cache again (``tournaments.versioning``), so a
confirmed result, a rename or a publication shows on the very next request. The
tournament's cache lifetime is made long in these tests, so what they see after a
bump was written by the bump, not fetched again because the cache had expired.
"""

import gzip
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services as club_services
from draws import services as draw_services
from standings.rounds import seat_lookup
from tests import factories
from tests.builders import build_event
from tournaments import services as tournament_services
from tournaments import versioning
from tournaments.models import Round, Seat, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cache_outlives_the_test(monkeypatch):
    monkeypatch.setattr(versioning, "TOURNAMENT_CACHE_SECONDS", 600)


@pytest.fixture
def event():
    return build_event(players=16, rounds=2, final=0, seed=3, clubs=4)


@pytest.fixture
def field(tournament, director):
    """A published round of nine players: Éric Ghesquière (B-4711, DZM) and eight."""
    factories.PhaseFactory(tournament=tournament, rounds=3)
    club = factories.ClubFactory(name="De Zotte Manille", short_name="DZM")
    factories.EntryFactory(
        tournament=tournament,
        player=factories.PlayerFactory(
            first_name="Éric",
            last_name="Ghesquière",
            member_number="B-4711",
            club=club,
        ),
    )
    for _ in range(8):
        factories.EntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=4)
    draw_services.round_publish(round=rnd, by=director)
    return tournament


def _version_url(tournament):
    return reverse("live:version", args=[tournament.slug])


def _names_url(tournament, number=1):
    return reverse("public:draw_by_name", args=[tournament.slug, number])


class _NameRows(HTMLParser):
    """Read (name, table, seat) from the rows of the page's names table."""

    def __init__(self):
        super().__init__()
        self.rows, self._cells, self._text, self._strong = [], None, None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._cells = []
        elif tag == "td" and self._cells is not None:
            self._text, self._strong = "", None
        elif tag == "strong" and self._text is not None:
            self._strong = ""

    def handle_data(self, data):
        if self._strong is not None:
            self._strong += data
        if self._text is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "strong" and self._strong is not None:
            self._cells.append(("strong", self._strong.strip()))
            self._strong = None
        elif tag == "td" and self._text is not None:
            self._cells.append(("td", self._text.strip()))
            self._text = None
        elif tag == "tr" and self._cells:
            names = [text for kind, text in self._cells if kind == "strong"]
            if not names:  # "Nobody by that name in this round."
                self._cells = None
                return
            name = names[0]
            cells = [text for kind, text in self._cells if kind == "td"]
            table = int(cells[2]) if cells[2].isdigit() else None
            seat = int(cells[3]) if cells[3].isdigit() else None
            self.rows.append((name, table, seat))
            self._cells = None


def _names(client, tournament, query, number=1):
    """The rows a reader sees: parsed from the HTML, cached page or not."""
    response = client.get(_names_url(tournament, number), {"q": query})
    assert response.status_code == 200
    parser = _NameRows()
    parser.feed(response.content.decode())
    return parser.rows


def _no_session_and_no_cookie(response):
    assert not response.wsgi_request.session.accessed
    assert "Set-Cookie" not in response.headers
    assert not response.cookies


# ------------------------------------------------------------------- the bare view


def test_the_health_check_says_ok_without_a_query_or_a_session(
    client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"] == "text/plain"
    _no_session_and_no_cookie(response)


# ---------------------------------------------------------------- the version poll


def test_a_repeated_version_poll_answers_304_without_a_query_or_a_session(
    client, event, django_assert_num_queries
):
    first = client.get(_version_url(event))
    assert first.json() == {"version": event.version}
    assert first["ETag"] == f'"v{event.version}"'
    with django_assert_num_queries(0):
        again = client.get(_version_url(event), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    _no_session_and_no_cookie(first)
    _no_session_and_no_cookie(again)


def test_the_version_moves_on_the_next_poll_after_a_confirmed_result(
    client, event, confirm_table
):
    etag = client.get(_version_url(event))["ETag"]
    rnd = factories.RoundFactory(
        tournament=event,
        phase=factories.PhaseFactory(tournament=event, order=13),
        number=3,
    )
    confirm_table(factories.individual_table(round=rnd, number=1), [(101, 0)] * 3)
    response = client.get(_version_url(event), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    now = Tournament.objects.get(pk=event.pk).version
    assert response.json() == {"version": now} and now > event.version
    assert response["ETag"] != etag


def test_the_version_moves_on_the_next_poll_after_a_rename(
    client, event, django_capture_on_commit_callbacks
):
    etag = client.get(_version_url(event))["ETag"]
    player = event.entries.select_related("player").first().player
    with django_capture_on_commit_callbacks(execute=True):
        club_services.player_update(by=None, player=player, last_name="Zeppelinckx")
    response = client.get(_version_url(event), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] == f'"v{Tournament.objects.get(pk=event.pk).version}"'
    assert response["ETag"] != etag


def test_an_unlisted_tournament_polls_for_its_directors_only(
    client, director, tournament, django_capture_on_commit_callbacks
):
    url = _version_url(tournament)
    assert client.get(url).status_code == 200  # listed: cached as listed
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.tournament_update(
            tournament=tournament, by=director, is_public=False
        )
    assert client.get(url).status_code == 404
    assert client.get(url).status_code == 404  # from the cache as well
    client.force_login(director)
    response = client.get(url)
    assert response.status_code == 200
    assert response.json() == {
        "version": Tournament.objects.get(pk=tournament.pk).version
    }


def test_an_unknown_tournament_polls_404(client):
    assert client.get(reverse("live:version", args=["nope"])).status_code == 404


# ---------------------------------------------------------------- the standings


def test_a_warm_standings_page_and_its_304_read_nothing(
    client, event, django_assert_num_queries
):
    url = reverse("live:standings", args=[event.slug])
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):  # the region comes from the cache
        again = client.get(url)
    assert again.status_code == 200
    assert again["ETag"] == first["ETag"]
    assert again.text.count('<tr id="e') == first.text.count('<tr id="e') == 16
    with django_assert_num_queries(0):
        revalidated = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert revalidated.status_code == 304
    assert "Set-Cookie" not in revalidated.headers


def test_a_warm_standings_page_shows_a_rename_at_once(
    client, event, django_capture_on_commit_callbacks
):
    url = reverse("live:standings", args=[event.slug])
    player = event.entries.select_related("player").first().player
    first = client.get(url)
    assert "Zeppelinckx" not in first.text
    with django_capture_on_commit_callbacks(execute=True):
        club_services.player_update(by=None, player=player, last_name="Zeppelinckx")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Zeppelinckx" in again.text


# --------------------------------------------------------------- where do I sit?


def test_a_warm_name_search_reads_nothing(client, field, django_assert_num_queries):
    _names(client, field, "eric")
    with django_assert_num_queries(0):
        response = client.get(_names_url(field), {"q": "ghesquiere"})
    assert response.status_code == 200
    assert len(response.context["table"].rows) == 1


def test_the_index_ignores_accents_and_case_and_finds_member_numbers(client, field):
    seat = Seat.objects.get(entry__player__last_name="Ghesquière")
    found = [("Ghesquière, Éric", seat.table.number, seat.position)]
    assert _names(client, field, "ÉRIC ghesquiere") == found
    assert _names(client, field, "eric GHESQUIÈRE") == found
    assert _names(client, field, "b-4711") == found
    assert _names(client, field, "dzm") == found  # the club's short name
    assert _names(client, field, "nobody-here") == []
    assert len(_names(client, field, "")) == 9  # eight seated, one bye


def test_the_index_finds_a_team_by_its_players_names(client, director):
    tournament = factories.TournamentFactory(format="pairs")
    factories.PhaseFactory(tournament=tournament, draw_method="random")
    helene = factories.PlayerFactory(first_name="Hélène", last_name="Dubois")
    team = factories.TeamFactory(name="Les Atouts", player_one=helene)
    factories.EntryFactory(tournament=tournament, player=None, team=team)
    for _ in range(3):
        factories.TeamEntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    draw_services.round_publish(round=rnd, by=director)
    response = client.get(_names_url(tournament), {"q": "HELENE dubois"})
    (row,) = response.context["table"].rows
    assert row.record.name == "Les Atouts"
    assert row.record.detail.startswith("Hélène Dubois")


def test_a_renamed_player_is_found_by_the_new_name_after_the_bump(
    client, field, django_capture_on_commit_callbacks
):
    assert len(_names(client, field, "ghesquiere")) == 1  # the index is cached
    player = field.entries.get(player__last_name="Ghesquière").player
    with django_capture_on_commit_callbacks(execute=True):
        club_services.player_update(by=None, player=player, last_name="Zeppelinckx")
    assert [r[0] for r in _names(client, field, "zeppelinckx")] == ["Zeppelinckx, Éric"]
    assert _names(client, field, "ghesquiere") == []


def test_a_withdrawal_shows_after_the_bump(
    client, field, django_capture_on_commit_callbacks
):
    entry = field.entries.get(player__last_name="Ghesquière")
    rnd = Round.objects.get(tournament=field, number=1)
    assert not seat_lookup(round=rnd, query="ghesquiere")[0].seat.withdrawn
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.entry_withdraw(entry=entry)
    rnd = Round.objects.select_related("tournament").get(pk=rnd.pk)
    assert seat_lookup(round=rnd, query="ghesquiere")[0].seat.withdrawn


def test_a_round_published_after_a_visit_shows_after_the_bump(
    client, field, director, django_capture_on_commit_callbacks
):
    assert client.get(_names_url(field, 2)).status_code == 404  # rounds cached
    with django_capture_on_commit_callbacks(execute=True):
        rnd = draw_services.round_draw(phase=field.phases.get(), by=director, seed=5)
    assert client.get(_names_url(field, 2)).status_code == 404  # a draft
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_publish(round=rnd, by=director)
    assert len(_names(client, field, "", number=2)) == 9


def test_the_shared_standings_page_holds_nothing_of_its_reader(event):
    """One stored page for every anonymous reader: no CSRF token, no cookie set."""
    url = reverse("live:standings", args=[event.slug])
    readers = [Client(enforce_csrf_checks=True) for _ in range(2)]
    pages = [reader.get(url) for reader in readers]
    assert pages[0]["ETag"] == pages[1]["ETag"]
    assert pages[0].content == pages[1].content
    for page in pages:
        assert "csrfmiddlewaretoken" not in page.text
        assert "X-CSRFToken" not in page.text
        assert not page.cookies


def test_the_language_links_switch_and_are_remembered(event):
    """The header's switcher is links: the choice holds on the next page."""
    url = reverse("live:standings", args=[event.slug])
    reader = Client()
    page = reader.get(url)
    assert f'href="{url}?lang=fr"' in page.text
    french = reader.get(url, {"lang": "fr"})
    assert french["Content-Language"] == "fr"
    assert french.cookies["django_language"].value == "fr"
    again = reader.get(url)  # no ?lang=: the cookie speaks
    assert again["Content-Language"] == "fr"
    assert "Classement" in again.text
    assert f'href="{url}?lang=nl"' in again.text
    assert not reader.get(url, {"lang": "fr"}).cookies  # already remembered


def test_a_shared_page_goes_compressed_to_a_browser_that_takes_gzip(
    event, django_assert_num_queries
):
    url = reverse("live:standings", args=[event.slug])
    plain = Client().get(url)
    packed = Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) < len(plain.content) / 3
    assert gzip.decompress(packed.content) == plain.content
    for response in (plain, packed):
        assert "Accept-Encoding" in {v.strip() for v in response["Vary"].split(",")}
    with django_assert_num_queries(0):  # the stored, compressed page
        again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert gzip.decompress(again.content) == plain.content


def test_a_signed_in_reader_gets_a_page_of_their_own_never_the_shared_one(
    event, director
):
    event.directors.add(director)
    reader = Client()
    reader.force_login(director)
    page = reader.get(
        reverse("live:standings", args=[event.slug]), HTTP_ACCEPT_ENCODING="gzip"
    )
    assert "Content-Encoding" not in page
    assert "Log out" in page.text and "csrfmiddlewaretoken" in page.text


def test_a_director_never_gets_the_anonymous_page_nor_gives_it_away(
    client, event, director
):
    url = reverse("live:standings", args=[event.slug])
    assert "Director login" in client.get(url).text  # warms the shared page
    event.directors.add(director)
    signed_in = Client()
    signed_in.force_login(director)
    page = signed_in.get(url).text
    assert "Log out" in page and "Director login" not in page
    assert "Log out" not in Client().get(url).text


def test_a_repeated_name_search_is_served_whole_from_the_cache(
    field, django_assert_num_queries
):
    """Players type the same prefixes: one rendering a version, for every reader."""
    url = _names_url(field)
    first, second = Client(), Client()
    page = first.get(url, {"q": "Ghesquière"})
    with django_assert_num_queries(0):
        again = second.get(url, {"q": "GHESQUIERE"})  # folds to the same search
    assert again.status_code == 200
    assert "Ghesquière, Éric" in again.text
    assert again.content == page.content
    assert "csrfmiddlewaretoken" not in again.text
    # htmx asks for the list alone, as the reader types: a page of its own.
    fragment = second.get(url, {"q": "ghesquiere"}, HTTP_HX_REQUEST="true")
    assert "Ghesquière, Éric" in fragment.text
    assert "<html" not in fragment.text


def test_the_live_region_goes_compressed_to_every_poller(
    event, django_assert_num_queries
):
    """After a result, every open page asks for the region at once: sent ready."""
    url = reverse("live:standings", args=[event.slug])
    plain = Client().get(url, HTTP_X_LIVE_REGION="1")
    assert "<html" not in plain.text and "<table" in plain.text
    packed = Client().get(url, HTTP_X_LIVE_REGION="1", HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    with django_assert_num_queries(0):
        again = Client().get(url, HTTP_X_LIVE_REGION="1", HTTP_ACCEPT_ENCODING="gzip")
    assert again.content == packed.content


@pytest.mark.parametrize("name", ["live:standings", "live:version"])
def test_the_quick_304_says_what_djangos_conditional_get_says(event, name):
    """An exact ETag is answered first; a list of ETags goes through Django's."""
    url = reverse(name, args=[event.slug])
    etag = Client().get(url)["ETag"]
    quick = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    django = Client().get(url, HTTP_IF_NONE_MATCH=f'"other", {etag}')
    assert quick.status_code == django.status_code == 304
    for header in ("ETag", "Cache-Control", "Vary", "Content-Language"):
        assert quick.get(header) == django.get(header), header
    assert Client().get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200
