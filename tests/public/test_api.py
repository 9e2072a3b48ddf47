"""The read-only JSON API agrees with the pages and shows only published data."""

from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.urls import reverse

from standings.selectors import standings_for
from tests import factories
from tests.builders import build_event

pytestmark = pytest.mark.django_db

ROW_KEYS = {
    "rank",
    "name",
    "club",
    "games_played",
    "games_won",
    "points",
    "point_difference",
    "tiebreaks",
}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


@pytest.fixture
def event():
    return build_event(players=16, rounds=2, final=0, seed=7, clubs=4)


def test_standings_answer_has_the_documented_shape(client, event):
    response = client.get(reverse("api:standings", args=[event.slug]))
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"tournament", "kind", "after_round", "rows"}
    assert (data["tournament"], data["kind"], data["after_round"]) == (
        event.slug,
        "players",
        2,
    )
    assert len(data["rows"]) == 16
    for row in data["rows"]:
        assert ROW_KEYS <= set(row)
        assert set(row["tiebreaks"]) == {"games_won", "points", "point_difference"}
    assert [r["rank"] for r in data["rows"]] == sorted(r["rank"] for r in data["rows"])


class _Rows(HTMLParser):
    """Collect the cell texts of every <tr> of the live table's body."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell, self._in_body = [], None, None, False

    def handle_starttag(self, tag, attrs):
        if tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._row = []
        elif tag == "td" and self._row is not None:
            self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        elif tag == "tbody":
            self._in_body = False


def page_rows(html: str) -> list[list[str]]:
    parser = _Rows()
    parser.feed(html)
    return parser.rows


def test_standings_answer_matches_the_standings_page_row_for_row(client, event):
    data = client.get(reverse("api:standings", args=[event.slug])).json()
    html = client.get(reverse("live:standings", args=[event.slug])).content.decode()
    # Page columns: rank, name, club, played, won, points, difference.
    page = [
        (r[1], r[2], int(r[3]), int(r[4]), int(r[5]), int(r[6]))
        for r in page_rows(html)
    ]
    api = [
        (
            r["name"],
            r["club"],
            r["games_played"],
            r["games_won"],
            r["points"],
            r["point_difference"],
        )
        for r in data["rows"]
    ]
    assert page == api
    ranks = [r[0].rstrip("=") for r in page_rows(html)]
    assert ranks == [str(r["rank"]) for r in data["rows"]]


def test_after_round_and_clubs(client, event):
    url = reverse("api:standings", args=[event.slug])
    data = client.get(url, {"after_round": 1}).json()
    assert data["after_round"] == 1
    assert max(r["games_played"] for r in data["rows"]) == 3
    clubs = client.get(url, {"kind": "clubs"}).json()
    assert clubs["kind"] == "clubs"
    expected = standings_for(tournament=event, kind="clubs")
    assert [r["name"] for r in clubs["rows"]] == [c.name for c in expected]
    assert clubs["rows"][0]["tiebreaks"]["win_percentage"] == expected[0].win_percentage


def test_teams_kind_in_a_pairs_tournament(client):
    t = build_event(players=8, rounds=1, final=0, seed=1, pairs=True, clubs=2)
    data = client.get(reverse("api:standings", args=[t.slug]), {"kind": "teams"}).json()
    assert data["kind"] == "teams" and len(data["rows"]) == 8


@pytest.mark.parametrize(
    "query", [{"kind": "everyone"}, {"after_round": "two"}, {"after_round": "-3"}]
)
def test_bad_query_is_400_with_a_message(client, event, query):
    response = client.get(reverse("api:standings", args=[event.slug]), query)
    assert response.status_code == 400
    assert response.json()["error"]


def test_unknown_tournament_is_404(client):
    response = client.get(reverse("api:standings", args=["nowhere"]))
    assert response.status_code == 404
    assert client.get(reverse("api:round", args=["nowhere", 1])).status_code == 404


def test_standings_answer_304_while_nothing_changed(client, event, confirm_table):
    url = reverse("api:standings", args=[event.slug])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    phase = factories.PhaseFactory(tournament=event, order=5)
    rnd = factories.RoundFactory(tournament=event, phase=phase, number=3)
    confirm_table(factories.individual_table(round=rnd, number=1), [(101, 0)] * 3)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_round_answer_lists_tables_seats_and_games(client, event):
    data = client.get(reverse("api:round", args=[event.slug, 1])).json()
    assert (data["round"], data["status"]) == (1, "closed")
    assert len(data["tables"]) == 4
    table = data["tables"][0]
    assert table["confirmed"] is True
    assert [s["position"] for s in table["seats"]] == [1, 2, 3, 4]
    assert all({"entry_id", "name"} <= set(s) for s in table["seats"])
    game = table["games"][0]
    assert (game["side_a"], game["side_b"]) == ([1, 2], [3, 4])
    assert game["winner"] in (0, 1)
    winner_total = game["score_a"] if game["winner"] == 0 else game["score_b"]
    assert winner_total >= 101


def test_round_answer_agrees_with_the_results_page(client, event):
    data = client.get(reverse("api:round", args=[event.slug, 2])).json()
    html = client.get(reverse("live:results", args=[event.slug, 2])).content.decode()
    for table in data["tables"]:
        for game in table["games"]:
            names_a = " &amp; ".join(
                table["seats"][p - 1]["name"] for p in game["side_a"]
            )
            assert names_a in html
            assert f'<td class="num">{game["score_a"]}</td>' in html


def test_round_answer_hides_unconfirmed_scores(client, event, confirm_table):
    phase = factories.PhaseFactory(tournament=event, order=5)
    rnd = factories.RoundFactory(tournament=event, phase=phase, number=3)
    table = factories.individual_table(round=rnd, number=1)
    confirm_table(table, [(30517, 1)] * 3, confirm=False)
    response = client.get(reverse("api:round", args=[event.slug, 3]))
    data = response.json()
    game = data["tables"][0]["games"][0]
    assert data["tables"][0]["confirmed"] is False
    assert (game["score_a"], game["score_b"], game["winner"]) == (None, None, None)
    assert b"30517" not in response.content


def test_round_answer_for_a_draft_round_is_404(client, event):
    phase = factories.PhaseFactory(tournament=event, order=5)
    factories.RoundFactory(tournament=event, phase=phase, number=3, status="draft")
    response = client.get(reverse("api:round", args=[event.slug, 3]))
    assert response.status_code == 404
    assert response.json()["error"]
