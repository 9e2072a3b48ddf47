"""Clubs' public pages, the club ranking over a series and every player's record.

The events are played by hand (``people_world.play_event``) so every figure can be
counted on one's fingers; the world is:

event 1 (1 Sept), table 1 = a1 a2 b1 b2, table 2 = a3 b3 a4 b4;
event 2 (8 Sept), table 1 = a1 b1 a2 b2, and a3 has a bye (counted as won).

Games won: a1 4 of 6, a2 4 of 6, b1 2 of 6, b2 2 of 6, a3 2 of 3, a4 0 of 3,
b3 2 of 3, b4 2 of 3.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from manille.chart import Point, percentage_chart
from series import clubs as ranking
from series import records
from series.models import Series, SeriesEvent
from standings.selectors import standings_for
from tests import factories
from tests.series.people_world import play_event, play_pairs_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    club_a = factories.ClubFactory(name="Kaartclub Azen")
    club_b = factories.ClubFactory(name="De Boeren")
    p = {}
    for name, club in (
        ("a1", club_a),
        ("a2", club_a),
        ("a3", club_a),
        ("a4", club_a),
        ("b1", club_b),
        ("b2", club_b),
        ("b3", club_b),
        ("b4", club_b),
    ):
        p[name] = factories.PlayerFactory(first_name=name.upper(), club=club)
    series = Series.objects.create(
        name="Kampioenschap", slug="kampioenschap", kind="championship", language="en"
    )
    e1 = play_event(
        slug="e1",
        date=datetime.date(2026, 9, 1),
        club=club_a,
        series=series,
        tables=[
            # 12-34: a1 a2 win; 13-24: a2 b2 win; 14-23: a1 b2 win.
            ([p["a1"], p["a2"], p["b1"], p["b2"]], [(101, 50), (60, 101), (101, 80)]),
            # 12-34: a3 b3 win; 13-24: b3 b4 win; 14-23: a3 b4 win.
            ([p["a3"], p["b3"], p["a4"], p["b4"]], [(101, 0), (20, 101), (101, 10)]),
        ],
    )
    e2 = play_event(
        slug="e2",
        date=datetime.date(2026, 9, 8),
        club=club_a,
        series=series,
        order=2,
        byes=(p["a3"],),
        tables=[
            # 12-34: a1 b1 win; 13-24: a1 a2 win; 14-23: b1 a2 win.
            ([p["a1"], p["b1"], p["a2"], p["b2"]], [(101, 90), (101, 10), (50, 101)]),
        ],
    )
    e2.bye_wins = True  # even a bye counted as won never counts for a club
    e2.save()
    return {"clubs": (club_a, club_b), "p": p, "series": series, "events": (e1, e2)}


def _tally(row, name):
    return next((t.games, t.wins, t.counted) for t in row.players if t.name == name)


# ------------------------------------------------------------------ club ranking


def test_the_club_percentage_is_games_won_over_games_played():
    """23 of 35 = 65.71 %, whatever the split between the club's players."""
    rows = ranking.rank_clubs(
        [
            ranking.PlayerTally(1, "One", 7, "Azen", games=20, wins=15),
            ranking.PlayerTally(2, "Two", 7, "Azen", games=15, wins=8),
            ranking.PlayerTally(3, "Three", 8, "Boeren", games=35, wins=23),
            ranking.PlayerTally(4, "Four", 9, "Heren", games=30, wins=21),
        ],
        min_games=10,
    )
    assert [(r.name, r.rank, r.shared) for r in rows] == [
        ("Heren", 1, False),
        ("Azen", 2, True),
        ("Boeren", 2, True),
    ]
    assert rows[1].wins == 23 and rows[1].games == 35
    assert rows[1].win_percentage == 65.71


def test_players_below_the_minimum_are_listed_but_not_counted():
    rows = ranking.rank_clubs(
        [
            ranking.PlayerTally(1, "Regular", 7, "Azen", games=12, wins=6),
            ranking.PlayerTally(2, "Once", 7, "Azen", games=3, wins=3),
            ranking.PlayerTally(3, "Newcomer", 8, "Boeren", games=3, wins=3),
            ranking.PlayerTally(4, "No club", None, "", games=30, wins=30),
        ],
        min_games=10,
    )
    assert [(r.name, r.rank) for r in rows] == [("Azen", 1), ("Boeren", None)]
    assert (rows[0].games, rows[0].wins, rows[0].counted_players) == (12, 6, 1)
    assert [p.counted for p in rows[0].players] == [True, False]


def test_the_series_club_ranking_counts_every_event_and_never_a_bye(world):
    world["series"].club_min_games = 1
    world["series"].save()
    result = ranking.club_ranking(series=world["series"], user=None)
    a, b = result.rows
    assert (a.name, a.rank, a.wins, a.games) == ("Kaartclub Azen", 1, 10, 18)
    assert a.win_percentage == 55.56
    assert (b.name, b.rank, b.wins, b.games) == ("De Boeren", 2, 8, 18)
    # a3's bye (counted as won by the event's rule) is not a game of the club.
    assert _tally(a, "A3 " + world["p"]["a3"].last_name) == (3, 2, True)


def test_the_minimum_of_games_leaves_occasional_players_out(world):
    world["series"].club_min_games = 4
    world["series"].save()
    a, b = ranking.club_ranking(series=world["series"], user=None).rows
    assert (a.wins, a.games, a.counted_players) == (8, 12, 2)
    assert a.win_percentage == 66.67
    assert (b.wins, b.games, b.win_percentage) == (4, 12, 33.33)
    assert _tally(a, "A4 " + world["p"]["a4"].last_name) == (3, 0, False)


def test_a_substitutes_games_count_for_the_member_he_replaced(world):
    """With substitutes="member", the substitute's games are the member's."""
    club_a, _club_b = world["clubs"]
    p = world["p"]
    sub = factories.PlayerFactory(first_name="Sub", club=None)
    extra = [factories.PlayerFactory(club=None) for _ in range(3)]
    play_event(
        slug="e3",
        date=datetime.date(2026, 9, 15),
        series=world["series"],
        order=3,
        plays_for={sub: p["a4"]},
        tables=[([sub, *extra], [(101, 0), (101, 0), (101, 0)])],
    )
    series = world["series"]
    series.club_min_games = 1
    series.save()
    a = ranking.club_ranking(series=series, user=None).row_of(club_a.pk)
    assert _tally(a, "A4 " + p["a4"].last_name) == (6, 3, True)
    assert (a.wins, a.games) == (13, 21)
    series.substitutes = Series.Substitutes.SELF
    series.save()
    a = ranking.club_ranking(series=series, user=None).row_of(club_a.pk)
    assert (a.wins, a.games) == (10, 18)  # the substitute has no club


def test_an_unlisted_event_counts_only_for_those_who_run_it(world):
    e2 = world["events"][1]
    e2.is_public = False
    e2.save()
    world["series"].club_min_games = 1
    world["series"].save()
    public = ranking.club_ranking(series=world["series"], user=None)
    assert public.events == 1
    assert public.rows[0].games == 12
    staff = get_user_model().objects.create_superuser("boss", "b@example.org", "pw")
    assert ranking.club_ranking(series=world["series"], user=staff).events == 2


def test_the_club_ranking_page(client, world, django_assert_max_num_queries):
    world["series"].club_min_games = 4
    world["series"].save()
    with django_assert_max_num_queries(8):
        response = client.get(reverse("series:clubs", args=["kampioenschap"]))
    assert response.status_code == 200
    text = response.text
    assert text.index("Kaartclub Azen") < text.index("De Boeren")
    assert "66.67" in text and "33.33" in text
    assert "too few games" in text  # a3, a4, b3, b4 played 3
    assert reverse("series:player", args=[world["p"]["a1"].pk]) in text


def test_an_unlisted_series_is_hidden_from_the_public(client, world):
    world["series"].is_public = False
    world["series"].save()
    assert client.get(reverse("series:clubs", args=["kampioenschap"])).status_code == (
        404
    )
    assert client.get(reverse("series:clubs", args=["nope"])).status_code == 404


def test_the_ranking_reads_a_fixed_number_of_queries_whatever_the_events():
    from tests.series.builders import build_series

    counts = []
    for events in (2, 6):
        series = build_series(players=24, events=events, per_event=16, seed=events)
        with CaptureQueriesContext(connection) as ctx:
            result = ranking.club_ranking(series=series, user=None)
        assert result.events == events and result.rows
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


# ------------------------------------------------------------ a player's record


def test_a_record_lists_every_event_with_its_place(world):
    a1 = world["p"]["a1"]
    record = records.player_record(player=a1, user=None)
    assert [line.tournament.slug for line in record.lines] == ["e1", "e2"]
    for line in record.lines:
        rows = standings_for(tournament=line.tournament)
        own = next(r for r in rows if r.name == a1.full_name)
        assert (line.place, line.shared, line.total) == (
            own.rank,
            own.shared,
            len(rows),
        )
        assert (line.games_won, line.points) == (own.games_won, own.points)
        assert line.series[0].slug == "kampioenschap"
    assert [(x.games_won, x.games_played) for x in record.lines] == [(2, 3), (2, 3)]
    assert [x.running_percentage for x in record.lines] == [66.67, 66.67]
    assert (record.games_won, record.games_played) == (4, 6)


def test_a_bye_is_no_game_in_a_record(world):
    """An event of a bye alone is no event played (issue 21: played games only)."""
    record = records.player_record(player=world["p"]["a3"], user=None)
    assert [(x.games_won, x.games_played) for x in record.lines] == [(2, 3)]
    assert record.win_percentage == 66.67


def test_an_unlisted_event_shows_only_to_those_who_run_it(client, world):
    e2 = world["events"][1]
    e2.is_public = False
    e2.save()
    a1 = world["p"]["a1"]
    assert len(records.player_record(player=a1, user=None).lines) == 1
    director = get_user_model().objects.create_user("td2", password="pw-123456")
    e2.directors.add(director)
    assert len(records.player_record(player=a1, user=director).lines) == 2
    response = client.get(reverse("series:player", args=[a1.pk]))
    assert "Event e1" in response.text and "Event e2" not in response.text


def test_the_record_page_draws_the_chart_and_gives_its_numbers(
    client, world, django_assert_max_num_queries
):
    a1 = world["p"]["a1"]
    with django_assert_max_num_queries(9):
        response = client.get(reverse("series:player", args=[a1.pk]))
    assert response.status_code == 200
    text = response.text
    svg = re.search(r"<svg .*?</svg>", text, re.S).group(0)
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert svg.count("<circle") == 2
    assert "66.67" in text  # the running percentage, in the table too
    # Head-to-head links to the players met.
    assert reverse("series:head_to_head", args=[a1.pk, world["p"]["a2"].pk]) in text
    # No inline style or script: the site's policy forbids them.
    assert "style=" not in text and "<script>" not in text


def test_the_record_page_costs_the_same_queries_for_more_events(
    client, world, django_assert_max_num_queries
):
    p = world["p"]
    for n in range(3, 9):
        play_event(
            slug=f"more-{n}",
            date=datetime.date(2026, 10, n),
            tables=[([p["a1"], p["a2"], p["b1"], p["b2"]], [(101, 0)] * 3)],
        )
    with django_assert_max_num_queries(9):
        response = client.get(reverse("series:player", args=[p["a1"].pk]))
    assert response.text.count("<circle") == 8


def test_a_player_without_results_has_a_plain_page(client):
    lonely = factories.PlayerFactory()
    response = client.get(reverse("series:player", args=[lonely.pk]))
    assert response.status_code == 200
    assert "<svg" not in response.text


@pytest.mark.parametrize("pk", ["999999", "9" * 20])
def test_an_unknown_player_or_club_is_a_404(client, pk):
    assert client.get(f"/players/{pk}/").status_code == 404
    assert client.get(f"/clubs/{pk}/").status_code == 404
    assert client.get(f"/players/1/vs/{pk}/").status_code == 404


def test_the_chart_escapes_every_text():
    svg = percentage_chart(
        [Point("1/9", 50.0, note="<b>&"), Point("8/9", 120.0)],
        title="<script>alert(1)</script>",
        description='"quoted"',
    )
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    # A value beyond 100 % is drawn at the top, not outside the chart.
    assert 'cy="16"' in svg


# ------------------------------------------------------------------ head-to-head


def test_head_to_head_counts_games_together_and_against(world):
    p = world["p"]
    data = records.head_to_head(player=p["a1"], other=p["a2"], user=None)
    assert len(data.together) == 2 and data.together_won == 2
    assert len(data.against) == 4
    assert (data.wins, data.other_wins, data.drawn) == (2, 2, 0)
    flipped = records.head_to_head(player=p["a2"], other=p["a1"], user=None)
    assert (flipped.wins, flipped.other_wins) == (2, 2)


def test_head_to_head_page(client, world, django_assert_max_num_queries):
    p = world["p"]
    with django_assert_max_num_queries(9):
        response = client.get(
            reverse("series:head_to_head", args=[p["a1"].pk, p["b4"].pk])
        )
    assert response.status_code == 200
    assert "have not sat at the same table" in response.text
    response = client.get(reverse("series:head_to_head", args=[p["a1"].pk, p["b1"].pk]))
    assert "partners" in response.text and "opponents" in response.text
    assert client.get(
        reverse("series:head_to_head", args=[p["a1"].pk, p["a1"].pk])
    ).status_code == (404)


# ------------------------------------------------------------- the public club page


def test_the_club_page_lists_members_series_events_and_places(
    client, world, django_assert_max_num_queries
):
    club_a, club_b = world["clubs"]
    Series.objects.create(
        name="Hidden season", slug="hidden", club=club_a, is_public=False
    )
    Series.objects.create(name="Seizoen", slug="seizoen", club=club_a, kind="season")
    world["series"].club_min_games = 1
    world["series"].save()
    with django_assert_max_num_queries(12):
        response = client.get(reverse("series:club", args=[club_b.pk]))
    assert response.status_code == 200
    text = response.text
    # Members by name only, each linked to the record.
    b1 = world["p"]["b1"]
    assert f'href="{reverse("series:player", args=[b1.pk])}"' in text
    assert b1.member_number == "" or b1.member_number not in text
    # Its place in the championship: 2nd of 2.
    assert "Kampioenschap" in text and "2 of 2" in text
    text = client.get(reverse("series:club", args=[club_a.pk])).text
    assert "Seizoen" in text and "Hidden season" not in text
    assert "Event e1" in text and "1 of 2" in text


def test_an_event_in_two_series_counts_in_each(world):
    cup = Series.objects.create(name="Beker", slug="beker", club_min_games=1)
    SeriesEvent.objects.create(series=cup, tournament=world["events"][0], order=1)
    both = ranking.club_rankings(series_list=[world["series"], cup], user=None)
    assert both[cup.pk].events == 1 and both[world["series"].pk].events == 2
    assert sum(r.games for r in both[cup.pk].rows) == 24  # 2 tables, 4 × 3 games


def test_the_club_ranking_speaks_the_series_language_until_the_reader_chooses(
    client, world
):
    world["series"].language = "nl"
    world["series"].save()
    url = reverse("series:clubs", args=["kampioenschap"])
    assert client.get(url).headers["Content-Language"] == "nl"
    assert client.get(url + "?lang=fr").headers["Content-Language"] == "fr"


@pytest.mark.parametrize("n", [0, 1, 2, 9, 40])
def test_the_chart_draws_any_number_of_events(n):
    svg = percentage_chart(
        [Point(f"{i}/9", 50.0) for i in range(n)], title="t", description="d"
    )
    assert svg.count("<circle") == n
    assert ("<polyline" in svg) == (n > 1)
    # At most about eight dates under the axis, whatever the number of events.
    assert svg.count('font-size="13"') - 5 <= 9


def test_a_fixed_pairs_game_is_a_game_of_each_of_its_players(world):
    """In a pairs event, the team's record is each player's; each counts for his
    own club."""
    p = world["p"]
    one = factories.TeamFactory(
        name="Azen-Boeren", player_one=p["a1"], player_two=p["b1"]
    )
    two = factories.TeamFactory(name="Boeren", player_one=p["b2"], player_two=p["b3"])
    play_pairs_event(
        slug="pairs",
        date=datetime.date(2026, 9, 20),
        series=world["series"],
        order=3,
        tables=[(one, two, [(101, 50), (101, 70), (30, 101)])],
    )
    record = records.player_record(player=p["b1"], user=None)
    last = record.lines[-1]
    assert last.tournament.slug == "pairs" and last.name == "Azen-Boeren"
    assert (last.place, last.games_won, last.games_played) == (1, 2, 3)
    series = world["series"]
    series.club_min_games = 1
    series.save()
    club_a, club_b = world["clubs"]
    result = ranking.club_ranking(series=series, user=None)
    assert _tally(result.row_of(club_a.pk), "A1 " + p["a1"].last_name) == (9, 6, True)
    assert _tally(result.row_of(club_b.pk), "B1 " + p["b1"].last_name) == (9, 4, True)
    assert _tally(result.row_of(club_b.pk), "B3 " + p["b3"].last_name) == (6, 3, True)
    h2h = records.head_to_head(player=p["a1"], other=p["b1"], user=None)
    # Partners once in each evening (lost, won), and the three pairs games.
    assert (len(h2h.together), h2h.together_won) == (5, 3)


def test_a_substitutes_record_says_whom_he_replaced(client, world):
    p = world["p"]
    sub = factories.PlayerFactory(first_name="Sub", club=None)
    others = [factories.PlayerFactory(club=None) for _ in range(3)]
    play_event(
        slug="e3",
        date=datetime.date(2026, 9, 15),
        plays_for={sub: p["a4"]},
        tables=[([sub, *others], [(101, 0), (101, 0), (101, 0)])],
    )
    record = records.player_record(player=sub, user=None)
    assert [line.plays_for for line in record.lines] == [p["a4"].full_name]
    text = client.get(reverse("series:player", args=[sub.pk])).text
    assert f"in place of {p['a4'].full_name}" in text
