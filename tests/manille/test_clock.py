"""Test the round clock's arithmetic on plain datetimes: no database, no real time."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille.clock import (
    NOT_STARTED,
    OVER,
    PAUSED,
    RUNNING,
    ClockMoments,
    clock_extended,
    clock_paused,
    clock_resumed,
    clock_started,
    clock_state,
    time_result,
    warning_for,
)

T0 = datetime.datetime(2026, 12, 4, 14, 0, tzinfo=datetime.UTC)


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


def test_a_clock_not_started_shows_the_whole_round():
    state = clock_state(ClockMoments(minutes=45), at(100))
    assert (state.status, state.seconds_left, state.warning) == (NOT_STARTED, 2700, "")
    assert clock_state(ClockMoments(), at(0)).seconds_left == 0


def test_a_running_clock_counts_down_and_says_when_it_ends():
    moments = clock_started(ClockMoments(), minutes=45, now=T0)
    state = clock_state(moments, at(60))
    assert (state.status, state.seconds_left) == (RUNNING, 2640)
    assert state.ends_at == at(2700)


def test_time_left_is_rounded_up_so_zero_means_time():
    moments = clock_started(ClockMoments(), minutes=1, now=T0)
    assert clock_state(moments, at(59.2)).seconds_left == 1
    assert clock_state(moments, at(59.2)).status == RUNNING
    over = clock_state(moments, at(60))
    assert (over.status, over.seconds_left, over.warning) == (OVER, 0, "over")
    assert clock_state(moments, at(5000)).seconds_left == 0


@pytest.mark.parametrize(
    ("left", "warning"),
    [(601, ""), (600, "ten"), (301, "ten"), (300, "five"), (121, "five"),
     (120, "last"), (0.5, "last"), (0, "over"), (-3, "over")],
)  # fmt: skip
def test_the_warnings_at_ten_and_five_minutes_and_the_last_deal(left, warning):
    assert warning_for(left) == warning


def test_a_pause_freezes_the_clock_and_a_resume_goes_on_from_there():
    moments = clock_started(ClockMoments(), minutes=30, now=T0)
    paused = clock_paused(moments, now=at(600))
    assert clock_state(paused, at(600)).seconds_left == 1200
    later = clock_state(paused, at(4000))
    assert (later.status, later.seconds_left, later.ends_at) == (PAUSED, 1200, None)
    resumed = clock_resumed(paused, now=at(900))
    assert resumed.paused_seconds == 300
    assert clock_state(resumed, at(1000)).seconds_left == 1100


def test_an_extension_adds_to_a_running_clock():
    moments = clock_started(ClockMoments(), minutes=10, now=T0)
    extended = clock_extended(moments, seconds=300, now=at(120))
    assert clock_state(extended, at(120)).seconds_left == 780


def test_an_extension_of_a_clock_that_ran_out_gives_the_whole_extension():
    moments = clock_started(ClockMoments(), minutes=10, now=T0)
    extended = clock_extended(moments, seconds=60, now=at(700))
    state = clock_state(extended, at(700))
    assert (state.status, state.seconds_left) == (RUNNING, 60)


@pytest.mark.parametrize(
    ("rule", "totals", "decision", "result"),
    [
        ("leader", (80, 55), "", (True, 0)),
        ("leader", (12, 40), "", (True, 1)),
        ("leader", (30, 30), "", (True, None)),
        ("deals", (80, 55), "", (True, None)),
        ("director", (80, 55), "", (False, None)),
        ("director", (80, 55), "b", (True, 1)),
        ("director", (80, 55), "level", (True, None)),
    ],
)
def test_the_time_rules_settle_a_game_stopped_by_time(rule, totals, decision, result):
    assert time_result(rule=rule, totals=totals, decision=decision) == result


def test_an_unknown_time_rule_is_a_bug():
    with pytest.raises(ValueError, match="unknown time rule"):
        time_result(rule="coin", totals=(0, 0))


moves = st.lists(
    st.tuples(
        st.sampled_from(["pause", "resume", "extend", "wait"]),
        st.integers(min_value=0, max_value=900),
    ),
    max_size=12,
)


@given(minutes=st.integers(min_value=1, max_value=600), script=moves)
def test_time_left_is_the_round_less_the_running_time(minutes, script):
    """Whatever the director does, the time left is the length (with extensions)
    less the seconds the clock has run, never below 0, frozen while paused."""
    moments = clock_started(ClockMoments(), minutes=minutes, now=T0)
    now, ran, length = 0, 0.0, minutes * 60
    for move, value in script:
        state = clock_state(moments, at(now))
        if move == "wait":
            if state.status == RUNNING:
                ran += value
            now += value
        elif move == "pause" and state.status == RUNNING:
            moments = clock_paused(moments, now=at(now))
        elif move == "resume" and state.status == PAUSED:
            moments = clock_resumed(moments, now=at(now))
        elif move == "extend" and state.status != PAUSED:
            if state.status == OVER:
                ran = length  # what ran over is given back
            moments = clock_extended(moments, seconds=value, now=at(now))
            length += value
        ran = min(ran, length)
        state = clock_state(moments, at(now))
        assert state.seconds_left == max(0, length - ran)
        assert (state.status == OVER) == (length - ran <= 0)
        if state.status == RUNNING:
            assert state.ends_at == at(now + length - ran)
