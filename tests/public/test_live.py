"""The live public pages: standings, results, entrant and club pages, versions."""

import csv
import io

import openpyxl
import pytest
from django.core.cache import cache
from django.urls import reverse

from standings.selectors import entrant_page_data, standings_for
from tests import factories
from tests.builders import build_event
from tournaments.models import Entry, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


@pytest.fixture
def event():
    return build_event(players=16, rounds=2, final=0, seed=3, clubs=4)


def _fresh_round(tournament, number):
    phase = factories.PhaseFactory(tournament=tournament, order=10 + number)
    return factories.RoundFactory(
        tournament=tournament, phase=phase, number=number, status="published"
    )


@pytest.mark.parametrize("players", [16, 200])
def test_standings_for_runs_four_queries_whatever_the_size(
    players, django_assert_num_queries
):
    t = build_event(players=players, rounds=3, final=8, seed=1)
    t = Tournament.objects.get(pk=t.pk)
    with django_assert_num_queries(4):
        rows = standings_for(tournament=t, kind="players")
    assert len(rows) == players
    assert rows[0].rank == 1 and rows[0].games_won >= rows[-1].games_won


@pytest.mark.parametrize("players", [16, 200])
def test_standings_page_queries_do_not_grow_with_the_event(
    players, client, django_assert_max_num_queries
):
    t = build_event(players=players, rounds=3, final=8, seed=1)
    url = reverse("live:standings", args=[t.slug])
    with django_assert_max_num_queries(8):
        response = client.get(url)
    assert response.status_code == 200
    assert response.content.count(b'<tr id="e') == players


def test_standings_page_ranks_players_and_links_their_pages(client, event):
    rows = standings_for(tournament=event)
    response = client.get(reverse("live:standings", args=[event.slug]))
    html = response.content.decode()
    first = reverse("live:entrant", args=[event.slug, rows[0].entry_id])
    assert first in html
    assert html.index(rows[0].name) < html.index(rows[-1].name)
    assert response["ETag"]


def test_a_confirmed_result_moves_the_standings_and_an_entered_one_does_not(
    client, event, confirm_table
):
    rnd = _fresh_round(event, 3)
    table = factories.individual_table(round=rnd, number=1)
    newcomer = table.seats.get(position=1).entry
    url = reverse("live:standings", args=[event.slug])
    first = client.get(url)

    confirm_table(table, [(101, 20), (101, 30), (101, 40)], confirm=False)
    unchanged = {r.entry_id: r for r in standings_for(tournament=event)}
    assert unchanged[newcomer.pk].games_played == 0

    confirm_table(table, [(101, 20), (101, 30), (101, 40)])
    rows = {r.entry_id: r for r in standings_for(tournament=event)}
    assert (rows[newcomer.pk].games_won, rows[newcomer.pk].points) == (3, 303)
    second = client.get(url)
    assert second["ETag"] != first["ETag"]


def test_an_unchanged_page_answers_304(client, event):
    url = reverse("live:standings", args=[event.slug])
    etag = client.get(url)["ETag"]
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""


def test_the_version_endpoint_answers_304_from_one_query_at_most(
    client, event, django_assert_max_num_queries
):
    url = reverse("live:version", args=[event.slug])
    first = client.get(url)
    assert first.json() == {"version": event.version}
    with django_assert_max_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_version_moves_when_a_sheet_is_confirmed(client, event, confirm_table):
    url = reverse("live:version", args=[event.slug])
    etag = client.get(url)["ETag"]
    table = factories.individual_table(round=_fresh_round(event, 3), number=1)
    confirm_table(table, [(101, 0)] * 3)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["version"] > event.version


def test_the_live_poller_gets_the_region_alone(client, event):
    response = client.get(
        reverse("live:standings", args=[event.slug]), HTTP_X_LIVE_REGION="1"
    )
    assert response.status_code == 200
    assert b"<html" not in response.content
    assert b"live-table" in response.content
    assert "X-Live-Region" in response["Vary"]


def test_after_round_counts_only_the_rounds_up_to_it(client, event):
    after_one = standings_for(tournament=event, after_round=1)
    assert max(r.games_played for r in after_one) == 3
    response = client.get(
        reverse("live:standings", args=[event.slug]), {"after_round": 1}
    )
    assert response.status_code == 200
    assert "After round 1." in response.content.decode()


def test_phase_standings_list_only_the_phase(client):
    t = build_event(players=32, rounds=2, final=8, seed=5)
    final = t.phases.get(order=2)
    rows = standings_for(tournament=t, phase=final)
    assert len(rows) == 8 and all(r.games_played == 3 for r in rows)
    response = client.get(reverse("live:standings", args=[t.slug]), {"phase": final.pk})
    assert response.content.count(b'<tr id="e') == 8


def test_club_standings_page_shows_win_percentages(client, event):
    response = client.get(
        reverse("live:standings", args=[event.slug]), {"kind": "clubs"}
    )
    html = response.content.decode()
    clubs = standings_for(tournament=event, kind="clubs")
    assert len(clubs) == 4
    assert f"{clubs[0].win_percentage:.2f}" in html
    assert reverse("live:club", args=[event.slug, clubs[0].club_id]) in html


def test_pairs_tournament_ranks_teams(client):
    t = build_event(players=10, rounds=2, final=0, seed=2, pairs=True, clubs=3)
    rows = standings_for(tournament=t, kind="teams")
    assert len(rows) == 10 and " & " in rows[0].name
    assert standings_for(tournament=t, kind="players") == rows
    response = client.get(reverse("live:standings", args=[t.slug]))
    assert "Standings: teams" in response.content.decode()


@pytest.mark.parametrize(
    "query",
    [{"kind": "luck"}, {"after_round": "x"}, {"after_round": "0"}, {"phase": "-1"}],
)
def test_bad_parameters_give_404_not_500(client, event, query):
    response = client.get(reverse("live:standings", args=[event.slug]), query)
    assert response.status_code == 404


def test_unknown_or_unlisted_tournament_is_404(client, event):
    assert client.get(reverse("live:standings", args=["nope"])).status_code == 404
    event.is_public = False
    event.save()
    assert client.get(reverse("live:standings", args=[event.slug])).status_code == 404
    assert client.get(reverse("live:version", args=[event.slug])).status_code == 404


def test_standings_export_as_csv_and_xlsx(client, event):
    url = reverse("live:standings", args=[event.slug])
    rows = standings_for(tournament=event)
    response = client.get(url, {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0][:3] == ["#", "name", "club"]
    assert lines[1][1] == rows[0].name and len(lines) == len(rows) + 1

    response = client.get(url, {"_export": "xlsx", "kind": "clubs"})
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = book.active
    assert sheet.cell(row=1, column=2).value == "club"
    assert sheet.max_row == 1 + 4


def test_results_page_lists_every_game_and_exports(client, event):
    url = reverse("live:results", args=[event.slug, 1])
    response = client.get(url)
    assert response.status_code == 200
    assert response.content.count(b"data-table=") == 4 * 3
    exported = client.get(url, {"_export": "csv"}).content.decode()
    assert len(exported.strip().splitlines()) == 1 + 12


def test_results_of_an_unconfirmed_table_show_no_score(client, event, confirm_table):
    table = factories.individual_table(round=_fresh_round(event, 3), number=1)
    confirm_table(table, [(30517, 1), (30517, 1), (30517, 1)], confirm=False)
    html = client.get(reverse("live:results", args=[event.slug, 3])).content.decode()
    assert "awaiting result" in html
    assert "30517" not in html


def test_results_of_a_draft_round_are_404(client, event):
    rnd = _fresh_round(event, 3)
    rnd.status = Round.Status.DRAFT
    rnd.save()
    assert client.get(reverse("live:results", args=[event.slug, 3])).status_code == 404


def test_entrant_page_explains_games_and_neighbours(client, event):
    rows = standings_for(tournament=event)
    middle = rows[len(rows) // 2]
    response = client.get(reverse("live:entrant", args=[event.slug, middle.entry_id]))
    html = response.content.decode()
    assert response.status_code == 200
    assert middle.name in html
    line = middle.games[0]
    names = {r.entry_id: r.name for r in rows}
    assert names[line.partners[0]] in html
    assert all(names[o] in html for o in line.opponents)
    assert f"{line.score}–{line.opponent_score}" in html
    assert "is above you on" in html or "shares your place" in html
    assert "You are above" in html or "shares your place" in html
    # Every tiebreak is explained, with the sum that makes the points.
    assert " + ".join(str(g.score) for g in middle.games) in html


def test_entrant_page_data_names_the_tiebreak_that_separates_neighbours(event):
    rows = standings_for(tournament=event)
    second = rows[1]
    data = entrant_page_data(tournament=event, entry=second.entry_id)
    assert data.row.entry_id == second.entry_id
    assert data.above.row.entry_id == rows[0].entry_id
    if rows[0].rank != second.rank:
        assert data.above.code in ("games_won", "points", "point_difference")
        assert data.above.theirs >= data.above.mine


def test_entrant_page_of_another_tournament_is_404(client, event):
    other = factories.EntryFactory()
    response = client.get(reverse("live:entrant", args=[event.slug, other.pk]))
    assert response.status_code == 404


def test_withdrawn_entrant_without_games_is_not_listed(client, event):
    gone = factories.EntryFactory(tournament=event, status=Entry.Status.WITHDRAWN)
    assert gone.pk not in {r.entry_id for r in standings_for(tournament=event)}
    response = client.get(reverse("live:entrant", args=[event.slug, gone.pk]))
    assert response.status_code == 404


def test_club_page_explains_the_percentage(client, event):
    clubs = standings_for(tournament=event, kind="clubs")
    c = clubs[0]
    response = client.get(reverse("live:club", args=[event.slug, c.club_id]))
    html = response.content.decode()
    assert f"{c.games_won} ÷ {c.games_played} = {c.win_percentage:.2f} %" in html
    assert html.count('<tr id="e') == c.members


def test_tiebreak_order_from_the_tournament_adds_columns(client, event):
    event.tiebreaks = ["games_won", "opponents_strength", "points"]
    event.save()
    html = client.get(reverse("live:standings", args=[event.slug])).content.decode()
    assert "opponents&#x27; strength" in html or "opponents' strength" in html


def test_standings_sort_by_a_column_and_back(client, event):
    url = reverse("live:standings", args=[event.slug])
    html = client.get(url, {"sort": "-points"}).content.decode()
    rows = standings_for(tournament=event)
    most = max(rows, key=lambda r: r.points)
    least = min(rows, key=lambda r: r.points)
    assert html.index(f'id="e{most.entry_id}"') < html.index(f'id="e{least.entry_id}"')
    html = client.get(url, {"sort": "points"}).content.decode()
    assert html.index(f'id="e{least.entry_id}"') < html.index(f'id="e{most.entry_id}"')


def test_results_export_as_xlsx(client, event):
    response = client.get(
        reverse("live:results", args=[event.slug, 2]), {"_export": "xlsx"}
    )
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.active.max_row == 1 + 12


def test_names_are_escaped_on_the_fast_standings_and_results_tables(client, event):
    """The long tables write their rows in Python: a name is text, never markup."""
    entry = Entry.objects.filter(tournament=event).exclude(player=None).first()
    player = entry.player
    player.last_name = "<script>alert(1)</script>"
    player.save()
    club = player.club
    club.name = "<b>Club</b>"
    club.save()
    cache.clear()
    pages = [
        reverse("live:standings", args=[event.slug]),
        reverse("live:standings", args=[event.slug]) + "?kind=clubs",
        reverse("live:results", args=[event.slug, 1]),
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in html
        assert "<b>Club</b>" not in html
    standings = client.get(pages[0]).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in standings
