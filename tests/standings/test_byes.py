"""Byes never rank anyone above real wins and are shown; no-shows are never listed."""

import html

import pytest
from django.urls import reverse
from django.utils import translation

from manille.standings import (
    ByeRow,
    ByeRule,
    EntrantInfo,
    GameRow,
    compute_club_standings,
    compute_standings,
)
from standings.labels import bye_summary, tiebreak_explanation
from standings.selectors import club_page_data, entrant_page_data, standings_for
from tests import factories
from tests.builders import build_event
from tournaments.models import Bye, Entry, Seat, Tournament

SEEDS = range(1, 9)


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def _game(gid, a, b, score_a, score_b, *, rnd=1):
    return GameRow(
        id=gid,
        round_number=rnd,
        phase_id=1,
        table_number=1,
        side_a=a,
        side_b=b,
        score_a=score_a,
        score_b=score_b,
        winner=0 if score_a > score_b else 1,
    )


def _real_wins(row) -> int:
    """Games won at a table, counted from the game lines (never from a bye)."""
    return sum(1 for g in row.games if g.won)


# ------------------------------------------------------------ the pure calculation


def test_the_default_bye_scores_the_own_average_and_is_not_a_game_won():
    """One real win and a bye stay below two real wins (the old default put the
    bye player first: 1 + 3 games "won")."""
    people = [EntrantInfo(1, "Bye"), EntrantInfo(2, "Two wins"), EntrantInfo(3, "X")]
    games = [
        _game(1, (1,), (3,), 101, 40),
        _game(2, (2,), (3,), 101, 50, rnd=2),
        _game(3, (2,), (3,), 101, 60, rnd=3),
    ]
    rows = compute_standings(
        people, games, byes=[ByeRow(entry_id=1, round_number=2, games=3)]
    )
    by_id = {r.entry_id: r for r in rows}
    assert ByeRule() == ByeRule(score="average", points=0, wins=False)
    assert [r.entry_id for r in rows][:2] == [2, 1]
    bye = by_id[1]
    assert (bye.games_played, bye.games_won) == (1, 1)  # the bye is no game
    assert (bye.bye_points, bye.points) == (303, 101 + 303)  # 101 a game, × 3
    assert (bye.bye_rounds, bye.bye_games) == ((2,), 0)


def test_every_row_says_which_rounds_were_byes_whatever_the_rule():
    for rule in (ByeRule(), ByeRule(score="none"), ByeRule(score="fixed", wins=True)):
        (row,) = compute_standings(
            [EntrantInfo(1, "A")],
            [],
            byes=[ByeRow(1, 3, games=3), ByeRow(1, 1, games=3)],
            bye_rule=rule,
        )
        assert row.bye_rounds == (1, 3)
        assert row.real_games_won == 0 and row.real_games_played == 0


def test_a_bye_never_moves_a_club_even_when_it_counts_as_games_won():
    """Club 10 won 2 of 3 real games, club 20 1 of 3 plus a bye of 3 games: with
    the bye counted, club 20 would be 4 of 6 (66.7 %) and pass club 10 on games
    won; the club ranking counts real games only."""
    people = [
        EntrantInfo(1, "A", 10, "Ten"),
        EntrantInfo(2, "B", 20, "Twenty"),
        EntrantInfo(3, "C", 30, "Thirty"),
    ]
    games = [
        _game(1, (1,), (3,), 101, 0),
        _game(2, (1,), (3,), 101, 0),
        _game(3, (3,), (1,), 101, 0),
        _game(4, (2,), (3,), 101, 0, rnd=2),
        _game(5, (3,), (2,), 101, 0, rnd=2),
        _game(6, (3,), (2,), 101, 0, rnd=2),
    ]
    byes = [ByeRow(entry_id=2, round_number=1, games=3)]
    for rule in (ByeRule(score="fixed", points=101, wins=True), ByeRule()):
        rows = compute_standings(people, games, byes=byes, bye_rule=rule)
        clubs = {c.club_id: c for c in compute_club_standings(rows)}
        assert (clubs[10].rank, clubs[10].games_won, clubs[10].games_played) == (
            1,
            2,
            3,
        )
        assert (clubs[20].games_won, clubs[20].games_played) == (1, 3)
        assert clubs[20].points == 101  # the bye's points are left out too
        assert [c.club_id for c in compute_club_standings(rows)] == [10, 30, 20]


def test_the_explanations_name_the_bye_and_what_it_gave():
    (row,) = compute_standings(
        [EntrantInfo(1, "A")],
        [_game(1, (1,), (9,), 101, 0)],
        byes=[ByeRow(entry_id=1, round_number=2, games=3)],
    )
    won = tiebreak_explanation("games_won", row, names={}, head_to_head_name="")
    assert "1 of 1 games won" in won
    assert "a bye in round 2 is not counted as a game won" in won
    points = tiebreak_explanation("points", row, names={}, head_to_head_name="")
    assert "303 for a bye" in points
    assert bye_summary(row) == (
        "Bye in round 2: not counted as a game played or won; 303 points for it."
    )
    (counted,) = compute_standings(
        [EntrantInfo(1, "A")],
        [],
        byes=[ByeRow(entry_id=1, round_number=2, games=3)],
        bye_rule=ByeRule(score="none", wins=True),
    )
    assert "(3 of them for a bye)" in tiebreak_explanation(
        "games_won", counted, names={}, head_to_head_name=""
    )
    assert "(0 for a bye in round 2)" in tiebreak_explanation(
        "points", counted, names={}, head_to_head_name=""
    )


# ------------------------------------------------ a simulated event, on the database


@pytest.mark.django_db
@pytest.mark.parametrize("seed", SEEDS)
def test_a_bye_never_ranks_above_more_real_wins(seed):
    """19 players: 3 byes in every round, over several seeds, on the real selector
    and the tournament's default bye rule."""
    t = build_event(players=19, rounds=3, final=0, seed=seed, clubs=5)
    t = Tournament.objects.get(pk=t.pk)
    assert (t.bye_score, t.bye_wins) == ("average", False)
    bye_ids = set(Bye.objects.filter(round__tournament=t).values_list("entry_id"))
    bye_ids = {e for (e,) in bye_ids}
    assert len(bye_ids) >= 3
    for after_round in (1, 2, None):
        rows = standings_for(tournament=t, after_round=after_round)
        assert len(rows) == 19
        for p in (r for r in rows if r.entry_id in bye_ids and r.bye_rounds):
            assert p.games_won == _real_wins(p)
            for q in rows:
                if _real_wins(q) > _real_wins(p):
                    assert q.rank < p.rank, (after_round, p, q)
        clubs = standings_for(tournament=t, kind="clubs", after_round=after_round)
        for c in clubs:
            members = [r for r in rows if r.club_id == c.club_id]
            assert c.games_won == sum(_real_wins(r) for r in members)
            assert c.games_played == sum(len(r.games) for r in members)


@pytest.mark.django_db
def test_a_director_may_still_count_a_bye_as_games_won_but_not_for_the_clubs():
    t = build_event(players=19, rounds=2, final=0, seed=4, clubs=5)
    before = [(c.club_id, c.rank) for c in standings_for(tournament=t, kind="clubs")]
    Tournament.objects.filter(pk=t.pk).update(bye_wins=True, bye_score="none")
    t = Tournament.objects.get(pk=t.pk)
    rows = standings_for(tournament=t)
    bye_rows = [r for r in rows if r.bye_rounds]
    assert bye_rows and all(r.games_won == _real_wins(r) + r.bye_games for r in rows)
    assert all(r.bye_games == 3 * len(r.bye_rounds) for r in bye_rows)
    after = [(c.club_id, c.rank) for c in standings_for(tournament=t, kind="clubs")]
    assert after == before


@pytest.mark.django_db
def test_the_bye_is_shown_on_the_player_page_results_and_standings(client):
    t = build_event(players=19, rounds=2, final=0, seed=2, clubs=5)
    bye = Bye.objects.filter(round__tournament=t, round__number=2).first()
    rows = standings_for(tournament=t)
    index = next(i for i, r in enumerate(rows) if r.entry_id == bye.entry_id)
    row = rows[index]

    page = html.unescape(
        client.get(
            reverse("live:entrant", args=[t.slug, row.entry_id])
        ).content.decode()
    )
    assert 'id="byes"' in page
    assert "Round 2: bye (no table)" in page
    assert "Bye in round 2: not counted as a game played or won" in page
    assert "It scores the entrant's own average per game." in page

    results = client.get(reverse("live:results", args=[t.slug, 2])).content.decode()
    assert 'id="byes"' in results and 'class="badge bye"' in results
    assert "A bye is not counted as a game played or won." in html.unescape(results)

    standings = client.get(reverse("live:standings", args=[t.slug])).content.decode()
    tr = standings.split(f'<tr id="e{row.entry_id}"', 1)[1].split("</tr>", 1)[0]
    assert 'class="badge bye"' in tr
    assert "bye-legend" in standings
    no_bye = next(r for r in rows if not r.bye_rounds)
    tr = standings.split(f'<tr id="e{no_bye.entry_id}"', 1)[1].split("</tr>", 1)[0]
    assert "badge bye" not in tr

    # The "why" list of the player just below names the bye above him.
    if index + 1 < len(rows):
        below = rows[index + 1]
        page = html.unescape(
            client.get(
                reverse("live:entrant", args=[t.slug, below.entry_id])
            ).content.decode()
        )
        assert f"{row.name} — Bye in round 2" in page


@pytest.mark.django_db
def test_the_tournament_form_explains_the_bye_options(director_client, tournament):
    url = reverse("director:tournament_edit", args=[tournament.slug])
    page = html.unescape(director_client.get(url).content.decode())
    assert "The entrant's own average is the fairest" in page
    assert "never ranks anyone above a player with more real wins" in page


# ---------------------------------------------------------------------- no-shows


@pytest.mark.django_db
def test_a_no_show_is_absent_from_the_standings_and_from_place_n_of_n(client):
    t = build_event(players=16, rounds=2, final=0, seed=5, clubs=4)
    no_show = factories.EntryFactory(tournament=t, status=Entry.Status.REGISTERED)
    club_id = no_show.player.club_id
    ids = {r.entry_id for r in standings_for(tournament=t)}
    assert no_show.pk not in ids and len(ids) == 16
    assert no_show.pk not in {
        r.entry_id for r in standings_for(tournament=t, after_round=1)
    }
    assert club_id not in {c.club_id for c in standings_for(tournament=t, kind="clubs")}
    assert club_page_data(tournament=t, club=club_id) is None
    first = standings_for(tournament=t)[0]
    data = entrant_page_data(tournament=t, entry=first.entry_id)
    assert data.total == 16
    page = client.get(reverse("live:entrant", args=[t.slug, first.entry_id]))
    assert "of 16" in page.content.decode()
    response = client.get(reverse("live:entrant", args=[t.slug, no_show.pk]))
    assert response.status_code == 404


@pytest.mark.django_db
def test_a_no_show_team_is_absent_from_the_team_standings():
    t = build_event(players=8, rounds=2, final=0, seed=5, clubs=2, pairs=True)
    no_show = factories.TeamEntryFactory(tournament=t, status=Entry.Status.REGISTERED)
    rows = standings_for(tournament=t, kind="teams")
    assert no_show.pk not in {r.entry_id for r in rows} and len(rows) == 8


@pytest.mark.django_db
def test_who_showed_up_stays_listed():
    """Checked in and waiting, played then withdrew, played then checked out."""
    t = build_event(players=16, rounds=2, final=0, seed=5, clubs=4)
    waiting = factories.EntryFactory(tournament=t, status=Entry.Status.PRESENT)
    played = list(Entry.objects.filter(tournament=t).order_by("pk")[:2])
    Entry.objects.filter(pk=played[0].pk).update(status=Entry.Status.WITHDRAWN)
    Entry.objects.filter(pk=played[1].pk).update(status=Entry.Status.REGISTERED)
    ids = {r.entry_id for r in standings_for(tournament=t)}
    assert {waiting.pk, played[0].pk, played[1].pk} <= ids
    # After round 1, only who was there: the one checked in since is not.
    after = {r.entry_id for r in standings_for(tournament=t, after_round=1)}
    assert waiting.pk not in after and played[1].pk in after


@pytest.mark.django_db
def test_a_registered_entrant_seated_in_an_unconfirmed_round_is_listed():
    """Seated counts as showing up, even before the sheet is confirmed."""
    t = build_event(players=16, rounds=1, final=0, seed=5, clubs=4, confirm=False)
    seated = Seat.objects.filter(round__tournament=t).first().entry_id
    Entry.objects.filter(pk=seated).update(status=Entry.Status.REGISTERED)
    rows = standings_for(tournament=t)
    assert seated in {r.entry_id for r in rows} and len(rows) == 16
    assert all(r.games_played == 0 for r in rows)  # nothing confirmed yet
