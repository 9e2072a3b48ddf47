"""At time, the games still unfinished are settled by the event's rule.

LEADER: the side ahead wins; DEALS: the game counts its deals, nobody wins it;
DIRECTOR: the director decides each. The sheet is then confirmable and the
standings count the games so settled.
"""

import datetime

import pytest

from scoring import services
from scoring.models import ScoreSheet
from scoring.services import DealInput, ResultConflict
from standings import selectors as live
from tournaments import clock
from tournaments.models import Game, RoundLog, Tournament

pytestmark = pytest.mark.django_db


def game(table, number=1) -> Game:
    return Game.objects.get(table=table, number=number)


def add(table, deal, by, number=1) -> ScoreSheet:
    sheet = ScoreSheet.objects.get(table=table)
    return services.deal_record(
        sheet=sheet, game=game(table, number), deal=deal, by=by, version=sheet.version
    )


def finish(table, by, number):
    """Play game ``number`` to its end: side A takes all 60 points, deal after deal."""
    while not game(table, number).finished:
        add(table, DealInput("hearts", 60), by, number)


def time_up(rnd, by):
    clock.round_clock_start(round=rnd, by=by, minutes=30)
    rnd.refresh_from_db()
    rnd.clock_started_at -= datetime.timedelta(minutes=31)
    rnd.save()


@pytest.fixture
def played(sheet_table, director):
    """Games 1 and 2 played to the end, game 3 stopped at 12–0 after one deal."""
    finish(sheet_table, director, 1)
    finish(sheet_table, director, 2)
    add(sheet_table, DealInput("hearts", 42), director, 3)
    return sheet_table


def rule(table, code):
    Tournament.objects.filter(pk=table.round.tournament_id).update(time_rule=code)


def test_the_rule_waits_for_the_clock(played, director):
    with pytest.raises(ResultConflict, match="has not run out"):
        services.round_time_rule_apply(round=played.round, by=director)
    assert not game(played, 3).decided_by_time


def test_the_leader_wins_a_game_stopped_by_time(played, director):
    time_up(played.round, director)
    settled = services.round_time_rule_apply(round=played.round, by=director)
    assert settled == 1
    g = game(played, 3)
    assert (g.decided_by_time, g.finished, g.winner) == (True, True, 0)
    assert (g.score_a, g.score_b) == (12, 0)
    assert not game(played, 1).decided_by_time
    line = RoundLog.objects.get(action="time_rule")
    assert line.reason.endswith(" (games: 1, tables: 1)")
    sheet = ScoreSheet.objects.get(table=played)
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    with pytest.raises(ResultConflict, match="No entered sheet"):
        services.round_time_rule_apply(round=played.round, by=director)


def test_the_deal_in_play_is_still_added_and_may_end_the_game(played, director):
    time_up(played.round, director)
    services.round_time_rule_apply(round=played.round, by=director)
    add(played, DealInput("hearts", 50), director, 3)  # the deal in play: 12 + 20
    g = game(played, 3)
    assert (g.decided_by_time, g.finished, g.winner, g.score_a) == (True, True, 0, 32)
    for _deal in range(3):  # had they played on to 101: an ordinary game again
        add(played, DealInput("hearts", 60), director, 3)
    g = game(played, 3)
    assert (g.decided_by_time, g.finished, g.winner, g.score_a) == (False, True, 0, 122)


def test_under_the_deals_rule_nobody_wins_and_the_points_count(played, director):
    rule(played, "deals")
    time_up(played.round, director)
    services.round_time_rule_apply(round=played.round, by=director)
    g = game(played, 3)
    assert (g.decided_by_time, g.finished, g.winner) == (True, True, None)
    sheet = ScoreSheet.objects.get(table=played)
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    rows = {r.name: r for r in live.standings_for(tournament=played.round.tournament)}
    assert sum(r.games_played for r in rows.values()) == 12  # 4 players, 3 games


def test_under_the_director_s_rule_the_sheet_waits_for_the_decision(played, director):
    rule(played, "director")
    time_up(played.round, director)
    services.round_time_rule_apply(round=played.round, by=director)
    g = game(played, 3)
    assert (g.decided_by_time, g.finished) == (True, False)
    sheet = ScoreSheet.objects.get(table=played)
    with pytest.raises(ResultConflict, match="decide who wins"):
        services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    with pytest.raises(services.ResultError):
        services.game_time_decide(
            game=g, decision="coin", by=director, version=sheet.version
        )
    sheet = services.game_time_decide(
        game=g, decision="b", by=director, version=sheet.version
    )
    g = game(played, 3)
    assert (g.finished, g.winner, g.time_decision) == (True, 1, "b")
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    ranked = live.standings_for(tournament=played.round.tournament)
    assert sum(r.games_won for r in ranked) == 6  # 3 games, 2 winners each


def test_a_decision_is_refused_under_another_rule(played, director):
    time_up(played.round, director)
    services.round_time_rule_apply(round=played.round, by=director)
    sheet = ScoreSheet.objects.get(table=played)
    with pytest.raises(ResultConflict, match="not the director"):
        services.game_time_decide(
            game=game(played, 3), decision="b", by=director, version=sheet.version
        )
