"""The series calculation on plain rows: best N of M, minimum events, ranking
points, ties and substitutes (no database)."""

import subprocess
import sys

import pytest

from manille.rankings import (
    EntrantKey,
    EventInfo,
    EventResult,
    SeriesError,
    SeriesRules,
    compute_series,
    event_score,
)

ANN = EntrantKey("player:1", "Ann Maes", "Harelbeke", 1)
BOB = EntrantKey("player:2", "Bob Claes", "Harelbeke", 1)
CAS = EntrantKey("player:3", "Cas Devos", "Deerlijk", 2)
SUB = EntrantKey("player:9", "Sub Stitute", "", None)
EVENTS = [EventInfo(10, 1), EventInfo(20, 2), EventInfo(30, 3)]


def res(event, who, rank, won, *, points=0, diff=0, played=3, plays_for=None):
    return EventResult(
        event_id=event,
        entrant=who,
        rank=rank,
        games_played=played,
        games_won=won,
        points=points,
        point_difference=diff,
        plays_for=plays_for,
    )


def by_key(rows):
    return {r.key: r for r in rows}


def test_games_won_are_summed_over_every_event_by_default():
    results = {
        10: [res(10, ANN, 1, 3), res(10, BOB, 2, 1)],
        20: [res(20, ANN, 2, 1), res(20, BOB, 1, 2)],
    }
    rows = compute_series(EVENTS, results, SeriesRules())
    assert [(r.rank, r.key, r.series_points) for r in rows] == [
        (1, "player:1", 4),
        (2, "player:2", 3),
    ]
    assert rows[0].events_played == rows[0].events_counted == 2
    assert rows[0].counted_numbers == (1, 2)
    assert rows[0].dropped_numbers == ()


def test_best_of_counts_the_best_events_and_drops_the_lowest():
    results = {
        10: [res(10, ANN, 1, 3, points=300)],
        20: [res(20, ANN, 1, 1, points=200)],
        30: [res(30, ANN, 1, 2, points=250)],
    }
    (row,) = compute_series(EVENTS, results, SeriesRules(best_of=2))
    assert row.series_points == 5
    assert row.events_played == 3 and row.events_counted == 2
    assert row.counted_numbers == (1, 3)
    assert row.dropped_numbers == (2,)
    # Every figure of the row is summed over the counted events only.
    assert row.points == 550
    assert row.games_played == 6


def test_best_of_keeps_the_earlier_of_two_equal_events():
    results = {10: [res(10, ANN, 1, 2)], 20: [res(20, ANN, 1, 2)]}
    (row,) = compute_series(EVENTS, results, SeriesRules(best_of=1))
    assert row.counted_numbers == (1,)
    assert row.dropped_numbers == (2,)


def test_too_few_events_leaves_a_player_unranked_and_listed_last():
    results = {
        10: [res(10, ANN, 1, 3), res(10, BOB, 2, 2)],
        20: [res(20, BOB, 1, 3)],
    }
    rows = compute_series(EVENTS, results, SeriesRules(min_events=2))
    assert [(r.key, r.rank) for r in rows] == [("player:2", 1), ("player:1", None)]
    assert not rows[1].ranked


def test_ranking_points_follow_the_place_and_stop_after_the_table():
    rules = SeriesRules(ranking="ranking_points", ranking_points=(20, 18, 16))
    results = {
        10: [res(10, ANN, 1, 3), res(10, BOB, 2, 2), res(10, CAS, 4, 0)],
        20: [res(20, CAS, 1, 3), res(20, ANN, 3, 1)],
    }
    rows = by_key(compute_series(EVENTS, results, rules))
    assert rows["player:1"].series_points == 20 + 16
    assert rows["player:2"].series_points == 18
    assert rows["player:3"].series_points == 0 + 20
    assert event_score(res(10, ANN, 4, 0), rules) == 0


def test_a_shared_place_gives_both_that_places_points():
    rules = SeriesRules(ranking="ranking_points", ranking_points=(10, 8, 6))
    results = {
        10: [
            res(10, ANN, 1, 3),
            EventResult(10, BOB, 2, shared=True, games_won=1, games_played=3),
            EventResult(10, CAS, 2, shared=True, games_won=1, games_played=3),
        ]
    }
    rows = by_key(compute_series(EVENTS, results, rules))
    assert rows["player:2"].series_points == rows["player:3"].series_points == 8


def test_equal_series_points_are_separated_by_the_tiebreaks():
    rules = SeriesRules(tiebreaks=("games_won", "points"))
    results = {
        10: [res(10, ANN, 1, 2, points=250), res(10, BOB, 2, 2, points=300)],
    }
    rows = compute_series(EVENTS, results, rules)
    assert [(r.key, r.rank, r.shared) for r in rows] == [
        ("player:2", 1, False),
        ("player:1", 2, False),
    ]
    assert rows[0].tiebreaks == {"games_won": 2, "points": 300}


def test_entrants_equal_on_everything_share_a_rank_listed_by_name():
    results = {
        10: [
            res(10, CAS, 1, 3, points=300),
            res(10, BOB, 2, 1, points=100),
            res(10, ANN, 2, 1, points=100),
        ],
    }
    rows = compute_series(EVENTS, results, SeriesRules())
    assert [(r.name, r.rank, r.shared) for r in rows] == [
        ("Cas Devos", 1, False),
        ("Ann Maes", 2, True),
        ("Bob Claes", 2, True),
    ]


def test_head_to_head_is_skipped_in_a_series():
    rules = SeriesRules(tiebreaks=("head_to_head", "points"))
    results = {10: [res(10, ANN, 1, 2, points=10), res(10, BOB, 2, 2, points=20)]}
    rows = compute_series(EVENTS, results, rules)
    assert [r.key for r in rows] == ["player:2", "player:1"]
    assert rows[0].tiebreaks == {"head_to_head": None, "points": 20}


def test_a_substitutes_result_counts_for_the_member_under_the_member_rule():
    results = {
        10: [res(10, ANN, 1, 3)],
        20: [res(20, SUB, 1, 2, plays_for=ANN)],
    }
    rows = compute_series(EVENTS, results, SeriesRules(substitutes="member"))
    (row,) = rows
    assert row.key == "player:1" and row.name == "Ann Maes"
    assert row.series_points == 5
    assert row.events_played == 2
    assert row.results[1].substitute == "Sub Stitute"


def test_a_substitutes_result_counts_for_himself_under_the_self_rule():
    results = {
        10: [res(10, ANN, 1, 3)],
        20: [res(20, SUB, 1, 2, plays_for=ANN)],
    }
    rows = by_key(compute_series(EVENTS, results, SeriesRules(substitutes="self")))
    assert rows["player:1"].series_points == 3
    assert rows["player:9"].series_points == 2
    assert rows["player:9"].results[0].replaced == "Ann Maes"


def test_a_substitute_counts_for_himself_when_the_member_played_too():
    results = {
        10: [res(10, ANN, 1, 3), res(10, SUB, 2, 1, plays_for=ANN)],
    }
    rows = by_key(compute_series(EVENTS, results, SeriesRules(substitutes="member")))
    assert rows["player:1"].series_points == 3
    assert rows["player:9"].series_points == 1


def test_two_substitutes_for_one_member_give_him_the_better_place():
    other = EntrantKey("player:8", "Other Sub")
    results = {
        10: [
            res(10, SUB, 2, 1, plays_for=ANN),
            res(10, other, 1, 3, plays_for=ANN),
        ]
    }
    (row,) = compute_series(EVENTS, results, SeriesRules())
    assert row.key == "player:1"
    assert row.series_points == 3
    assert row.events_played == 1


def test_bad_rules_are_refused():
    with pytest.raises(SeriesError):
        SeriesRules(ranking="kisses")
    with pytest.raises(SeriesError):
        SeriesRules(substitutes="nobody")
    with pytest.raises(SeriesError):
        SeriesRules(tiebreaks=("luck",))
    with pytest.raises(SeriesError):
        SeriesRules(best_of=0)


def test_the_series_calculation_imports_no_django():
    code = (
        "import manille.rankings, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
