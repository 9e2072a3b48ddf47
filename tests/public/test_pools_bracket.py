"""The pools and bracket: their API (the contract of issue 25) and their live pages.

A simulated event of 12 pairs in 3 pools of 4, the 3 pool winners and the best
runner-up on to a knockout of 4 with a match for third place, played through the
directors' services (``draws.simulation``).
"""

import gzip
import json
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.urls import reverse

from draws.simulation import tournament_simulate
from public.brackets import staged_links
from standings.brackets import tournament_knockouts, tournament_pools
from tests.builders import build_event
from tournaments.models import KnockoutMatch, Round, Tournament
from tournaments.services import tournament_touch

pytestmark = pytest.mark.django_db

STANDINGS_ROW_KEYS = {
    "rank",
    "name",
    "club",
    "entry_id",
    "games_played",
    "games_won",
    "points",
    "point_difference",
    "tiebreaks",
    "shared",
}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def _simulate(**kwargs) -> Tournament:
    options = dict(
        format="pairs", teams=12, draw="pools", pool_size=4, knockout=4, seed=1
    )
    options.update(kwargs)
    sim = tournament_simulate(language="en", **options)
    return Tournament.objects.get(slug=sim.slug)


@pytest.fixture
def played():
    """Pools and the knockout played through: a champion."""
    return _simulate()


@pytest.fixture
def open_final():
    """The knockout's last round published, no result yet (final and third place)."""
    return _simulate(leave_open=True)


def _api(client, name, slug, **headers):
    return client.get(reverse(name, args=[slug]), **headers)


# --------------------------------------------------------------------- the API


def test_the_bracket_answer_has_exactly_the_contracts_shape(client, played):
    response = _api(client, "api:bracket", played.slug)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert list(data) == ["phases"]
    names = [p["name"] for p in data["phases"]]
    assert names == ["Main bracket", "Match for third place"]
    for phase in data["phases"]:
        assert set(phase) == {"name", "rounds"}
        for rnd in phase["rounds"]:
            assert set(rnd) == {"name", "matches"}
            assert isinstance(rnd["name"], str)
            for match in rnd["matches"]:
                assert set(match) == {"a", "b", "winner", "bye"}
                assert match["a"] is None or isinstance(match["a"], str)
                assert match["b"] is None or isinstance(match["b"], str)
                assert match["winner"] in ("a", "b", None)
                assert isinstance(match["bye"], bool)
                if match["bye"]:
                    assert match["b"] is None
    main = data["phases"][0]
    assert [r["name"] for r in main["rounds"]] == ["Semi-finals", "Final"]
    semis, final = main["rounds"]
    assert len(semis["matches"]) == 2 and len(final["matches"]) == 1
    # each later match holds the winners of the two before it; the final is won
    winners = [m[m["winner"]] for m in semis["matches"]]
    assert [final["matches"][0]["a"], final["matches"][0]["b"]] == winners
    assert final["matches"][0]["winner"] in ("a", "b")


def test_the_bracket_answer_names_entrants_as_the_standings_api(client, played):
    standings = _api(client, "api:standings", played.slug).json()["rows"]
    known = {row["name"] for row in standings}
    data = _api(client, "api:bracket", played.slug).json()
    shown = {
        m[side]
        for phase in data["phases"]
        for rnd in phase["rounds"]
        for m in rnd["matches"]
        for side in ("a", "b")
        if m[side] is not None
    }
    assert len(shown) == 4 and shown <= known
    # the read model says the same: one read model for the page and the API
    ko = tournament_knockouts(tournament=played)[0]
    assert data["phases"] == ko.phases_data()


def test_the_pools_answer_holds_each_pool_as_the_standings_api_rows(client, played):
    data = _api(client, "api:pools", played.slug).json()
    assert list(data) == ["pools"]
    assert [p["name"] for p in data["pools"]] == ["Pool A", "Pool B", "Pool C"]
    standings = {
        r["entry_id"]: r
        for r in _api(client, "api:standings", played.slug).json()["rows"]
    }
    seen = set()
    for pool in data["pools"]:
        assert set(pool) == {"name", "rows"}
        assert len(pool["rows"]) == 4
        assert [r["rank"] for r in pool["rows"]][0] == 1
        for row in pool["rows"]:
            # the standings API's keys and kinds of values, row for row
            assert set(row) == set(standings[row["entry_id"]]) == STANDINGS_ROW_KEYS
            assert row["name"] == standings[row["entry_id"]]["name"]
            assert row["club"] == standings[row["entry_id"]]["club"]
            assert row["games_played"] == 3  # a round robin of four
            seen.add(row["entry_id"])
    assert len(seen) == 12
    read = tournament_pools(tournament=played)[0]
    assert [r["entry_id"] for r in data["pools"][0]["rows"]] == [
        r.entry_id for r in read.standings[0].rows
    ]


def test_an_unchanged_tournament_answers_304_until_its_version_moves(
    client, played, django_capture_on_commit_callbacks
):
    etags = {}
    for name in ("api:pools", "api:bracket"):
        first = _api(client, name, played.slug)
        etags[name] = first["ETag"]
        assert etags[name]
        again = _api(client, name, played.slug, HTTP_IF_NONE_MATCH=etags[name])
        assert again.status_code == 304
        assert again.content == b""
    assert etags["api:pools"] != etags["api:bracket"]
    with django_capture_on_commit_callbacks(execute=True):
        tournament_touch(tournament=played)
    for name in ("api:pools", "api:bracket"):
        moved = _api(client, name, played.slug, HTTP_IF_NONE_MATCH=etags[name])
        assert moved.status_code == 200
        assert moved["ETag"] != etags[name]


@pytest.mark.parametrize("name", ["api:pools", "api:bracket"])
def test_a_phone_that_takes_gzip_gets_the_same_answer_gzipped(client, played, name):
    """The answer is kept gzipped beside the plain one: a reader that takes gzip
    gets it packed (the same JSON once unpacked), one that does not gets it plain."""
    plain = _api(client, name, played.slug)
    packed = _api(client, name, played.slug, HTTP_ACCEPT_ENCODING="gzip, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"]
    assert json.loads(gzip.decompress(packed.content)) == json.loads(plain.content)
    assert len(packed.content) < len(plain.content)


def test_a_tournament_without_pools_or_knockout_answers_empty_lists(client):
    event = build_event(players=8, rounds=1, final=0, seed=3, clubs=2)
    assert _api(client, "api:pools", event.slug).json() == {"pools": []}
    assert _api(client, "api:bracket", event.slug).json() == {"phases": []}


@pytest.mark.parametrize(
    "name", ["api:pools", "api:bracket", "live:pools", "live:bracket"]
)
def test_a_reader_who_may_not_see_the_tournament_gets_404(client, tournament, name):
    tournament.is_public = False
    tournament.save()
    response = client.get(reverse(name, args=[tournament.slug]))
    assert response.status_code == 404
    assert client.get(reverse(name, args=["no-such-event"])).status_code == 404


@pytest.mark.parametrize(
    "name", ["api:pools", "api:bracket", "live:pools", "live:bracket"]
)
def test_its_directors_see_an_unlisted_tournament(director_client, tournament, name):
    tournament.is_public = False
    tournament.save()
    assert director_client.get(reverse(name, args=[tournament.slug])).status_code == 200


# -------------------------------------------------------------- the live pages


def test_the_pools_page_marks_who_goes_through_with_the_reason(client, played):
    body = client.get(reverse("live:pools", args=[played.slug])).content.decode()
    for letter in "ABC":
        assert f'id="pool-{letter}"' in body
    assert body.count('<tr class="through"') == 4  # three winners, one runner-up
    for letter in "ABC":
        assert f"winner of pool {letter}" in body
    assert "best runner-up: " in body
    assert "The winner of each pool goes through." in body


def test_the_pools_page_marks_nobody_before_the_pools_are_played(
    client, played, django_capture_on_commit_callbacks
):
    """The pools' last round reopened: who goes through is not known any more."""
    Round.objects.filter(tournament=played, number=3).update(
        status=Round.Status.PUBLISHED
    )
    with django_capture_on_commit_callbacks(execute=True):
        tournament_touch(tournament=played)
    body = client.get(reverse("live:pools", args=[played.slug])).content.decode()
    assert 'id="pool-A"' in body and 'id="pool-C"' in body
    assert '<tr class="through"' not in body
    assert "best runner-up" not in body
    assert "Marked once every pool has played." in body


def test_the_bracket_page_shows_the_champion_and_every_match(client, played):
    ko = tournament_knockouts(tournament=played)[0]
    champion = ko.names[ko.knockout.champion]
    body = client.get(reverse("live:bracket", args=[played.slug])).content.decode()
    assert f'<strong class="champion-name">{champion}</strong>' in body
    assert body.count('class="match decided"') == 4  # 2 semi-finals, final, 3rd
    assert body.index("Main bracket") < body.index("Match for third place")
    assert "playing now" not in body


def test_a_match_in_play_shows_its_table_and_round(client, open_final):
    ko = tournament_knockouts(tournament=open_final)[0]
    final = ko.tables[("main", 1, 0)]
    third = ko.tables[("third_place", 0, 0)]
    body = client.get(reverse("live:bracket", args=[open_final.slug])).content.decode()
    assert body.count("playing now") == 2
    assert (
        f"Table {final.table_number} · round {final.round_number}: playing now" in body
    )
    assert (
        f"Table {third.table_number} · round {third.round_number}: playing now" in body
    )
    assert "champion-name" not in body


def test_a_directors_decision_shows_with_its_reason(
    client, open_final, django_capture_on_commit_callbacks
):
    row = KnockoutMatch.objects.get(
        phase__tournament=open_final, bracket="main", round_index=1, match_index=0
    )
    row.decided_winner, row.decision = "b", KnockoutMatch.Decision.WALKOVER
    row.reason = "side A did not come back after the break"
    row.save()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_touch(tournament=open_final)
    body = client.get(reverse("live:bracket", args=[open_final.slug])).content.decode()
    assert "Walkover: side A did not come back after the break" in body
    ko = tournament_knockouts(tournament=open_final)[0]
    assert (
        f'<strong class="champion-name">{ko.names[ko.knockout.champion]}</strong>'
        in body
    )
    assert body.count("playing now") == 1  # the match for third place still is


def test_the_pages_are_linked_only_when_the_tournament_has_such_phases(client, played):
    for slug, linked in (
        (played.slug, True),
        (build_event(players=8, rounds=1, seed=3).slug, False),
    ):
        for name in ("live:standings", "public:tournament"):
            body = client.get(reverse(name, args=[slug])).content.decode()
            assert (reverse("live:pools", args=[slug]) in body) is linked, (name, slug)
            assert (reverse("live:bracket", args=[slug]) in body) is linked, (
                name,
                slug,
            )


def test_the_pages_without_pools_or_knockout_say_so(client):
    event = build_event(players=8, rounds=1, final=0, seed=3, clubs=2)
    pools = client.get(reverse("live:pools", args=[event.slug]))
    bracket = client.get(reverse("live:bracket", args=[event.slug]))
    assert pools.status_code == bracket.status_code == 200
    assert "The pools have not been drawn yet." in pools.content.decode()
    assert "Nobody is seeded into the knockout yet." in bracket.content.decode()


def test_a_poller_gets_the_region_alone(client, played):
    for name in ("live:pools", "live:bracket"):
        page = client.get(reverse(name, args=[played.slug]))
        region = client.get(reverse(name, args=[played.slug]), HTTP_X_LIVE_REGION="1")
        assert region.status_code == 200
        assert b"data-live-version-url" in page.content
        assert b"data-live-version-url" not in region.content
        assert region.content.strip() and region.content.strip() in page.content


@pytest.mark.parametrize("name", ["live:pools", "live:bracket"])
def test_an_unchanged_page_answers_304(client, played, name):
    first = client.get(reverse(name, args=[played.slug]))
    again = client.get(
        reverse(name, args=[played.slug]), HTTP_IF_NONE_MATCH=first["ETag"]
    )
    assert again.status_code == 304


# Measured: 19, 11, 7 and 10. The pools page asks draws' advance_preview who goes
# through, which reads the phase's standings and pools once more (9 of its 19).
MOST_QUERIES = {"live:pools": 19, "live:bracket": 11, "api:pools": 7, "api:bracket": 10}


def test_the_pages_read_a_bounded_number_of_queries(
    client, django_assert_max_num_queries
):
    """As many queries for 24 pairs in 6 pools as for 12 in 3: none per row or match."""
    counts = {name: [] for name in MOST_QUERIES}
    for teams, knockout in ((12, 4), (24, 8)):
        t = _simulate(teams=teams, knockout=knockout, seed=5)
        for name, most in MOST_QUERIES.items():
            cache.clear()
            with django_assert_max_num_queries(most) as seen:
                assert client.get(reverse(name, args=[t.slug])).status_code == 200
            counts[name].append(len(seen))
    for name, (small, large) in counts.items():
        assert small == large, (name, counts)


@pytest.mark.parametrize("name", ["live:pools", "live:bracket"])
def test_a_warm_page_reads_no_query(client, played, name, django_assert_num_queries):
    client.get(reverse(name, args=[played.slug]))
    with django_assert_num_queries(0):
        assert client.get(reverse(name, args=[played.slug])).status_code == 200


def test_the_projector_shows_the_pools_and_the_bracket(client, played):
    url = reverse("live:projector", args=[played.slug])
    pools = client.get(url + "?show=pools").content.decode()
    assert pools.count('data-panel="pools-1"') == 1
    assert pools.count("<li>\n      <h2>Pool ") == 3
    assert pools.count('class="pp-row through"') == 4
    bracket = client.get(url + "?show=bracket").content.decode()
    assert 'data-panel="bracket-1-main"' in bracket
    assert 'data-panel="bracket-1-third_place"' in bracket
    assert "champion-name" in bracket
    # its screens' links offer both, and the standings
    assert "?show=pools" in bracket and "?show=standings" in bracket


def test_the_projector_without_such_phases_shows_its_usual_screens(client):
    event = build_event(players=8, rounds=1, final=0, seed=3, clubs=2)
    url = reverse("live:projector", args=[event.slug])
    body = client.get(url + "?show=bracket").content.decode()
    assert 'data-panel="standings"' in body
    assert 'data-panel="bracket' not in body
    assert '?show=bracket"' not in body and '?show=pools"' not in body


def _round(draw_method: str, advancement: str = "none"):
    phase = SimpleNamespace(draw_method=draw_method, advancement=advancement)
    return SimpleNamespace(phase_id=1, phase=phase)


@pytest.mark.parametrize(
    ("rounds", "pools", "bracket"),
    [
        ([], False, False),
        ([_round("swiss")], False, False),
        ([_round("pools")], True, False),  # pools that send nobody on
        ([_round("pools", "pools")], True, True),  # the knockout to come
        ([_round("pools", "pools"), _round("knockout")], True, True),
        ([_round("swiss", "top_n"), _round("knockout")], False, True),
    ],
)
def test_which_pages_are_linked(rounds, pools, bracket):
    assert staged_links(rounds) == {"pools": pools, "bracket": bracket}
