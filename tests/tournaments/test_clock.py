"""The round clock's services and selector: stored moments, refusals, history, cache."""

import datetime

import pytest
from django.utils import timezone

from actionlog.models import ActionEntry
from core.errors import InvalidInput, StateConflict
from tests import factories
from tournaments import clock
from tournaments.models import Round, RoundLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def rnd(tournament):
    return factories.RoundFactory(tournament=tournament, number=1)


def back(rnd: Round, seconds: int) -> None:
    """Move the stored moments ``seconds`` into the past, as if time had passed."""
    delta = datetime.timedelta(seconds=seconds)
    rnd.refresh_from_db()
    rnd.clock_started_at -= delta
    if rnd.clock_paused_at is not None:
        rnd.clock_paused_at -= delta
    rnd.save()


def test_a_start_stores_the_moment_and_the_event_s_minutes(rnd, director):
    rnd.tournament.round_minutes = 40
    rnd.tournament.save()
    before = timezone.now()
    clock.round_clock_start(round=rnd, by=director)
    rnd.refresh_from_db()
    assert rnd.clock_minutes == 40
    assert before <= rnd.clock_started_at <= timezone.now()
    state = clock.round_clock_state(round=rnd)
    assert (state.status, state.total_seconds) == ("running", 2400)
    line = RoundLog.objects.get(round=rnd)
    assert (line.action, line.reason, line.by) == (
        "clock_start",
        "40 minutes",
        director,
    )
    assert ActionEntry.objects.filter(action="round.clock_start").count() == 1


def test_a_start_without_minutes_in_an_event_without_a_length_is_refused(rnd, director):
    with pytest.raises(InvalidInput, match="no round length"):
        clock.round_clock_start(round=rnd, by=director)
    for bad in (0, 601, "10", True):
        with pytest.raises(InvalidInput, match="whole number of minutes"):
            clock.round_clock_start(round=rnd, by=director, minutes=bad)
    assert not RoundLog.objects.exists()


def test_the_clock_runs_only_in_an_open_round(tournament, director):
    for status in ("draft", "closed"):
        rnd = factories.RoundFactory(tournament=tournament, status=status)
        with pytest.raises(StateConflict, match="not open"):
            clock.round_clock_start(round=rnd, by=director, minutes=30)


def test_pause_resume_extend_and_reset(rnd, director):
    clock.round_clock_start(round=rnd, by=director, minutes=30)
    with pytest.raises(StateConflict, match="already running"):
        clock.round_clock_start(round=rnd, by=director, minutes=30)
    with pytest.raises(StateConflict, match="not paused"):
        clock.round_clock_resume(round=rnd, by=director)
    back(rnd, 600)
    clock.round_clock_pause(round=rnd, by=director)
    rnd.refresh_from_db()
    assert clock.round_clock_state(round=rnd).seconds_left == 1200
    with pytest.raises(StateConflict, match="not running"):
        clock.round_clock_pause(round=rnd, by=director)
    back(rnd, 300)  # five minutes paused: nothing runs
    rnd.refresh_from_db()
    assert clock.round_clock_state(round=rnd).status == "paused"
    assert clock.round_clock_state(round=rnd).seconds_left == 1200
    clock.round_clock_resume(round=rnd, by=director)
    clock.round_clock_extend(round=rnd, by=director, minutes=5)
    rnd.refresh_from_db()
    left = clock.round_clock_state(round=rnd).seconds_left
    assert 1500 - 2 <= left <= 1500
    with pytest.raises(InvalidInput):
        clock.round_clock_extend(round=rnd, by=director, minutes=0)
    clock.round_clock_reset(round=rnd, by=director)
    rnd.refresh_from_db()
    assert rnd.clock_started_at is None
    assert list(RoundLog.objects.values_list("action", flat=True)) == [
        "clock_start", "clock_pause", "clock_resume", "clock_extend", "clock_reset",
    ]  # fmt: skip
    assert RoundLog.objects.get(action="clock_pause").reason == "20:00 left"


def test_a_clock_that_ran_out_is_over_and_may_be_extended_or_started_again(
    rnd, director
):
    clock.round_clock_start(round=rnd, by=director, minutes=10)
    back(rnd, 700)
    rnd.refresh_from_db()
    assert clock.round_clock_state(round=rnd).status == "over"
    with pytest.raises(StateConflict, match="not running"):
        clock.round_clock_pause(round=rnd, by=director)
    clock.round_clock_extend(round=rnd, by=director, minutes=2)
    rnd.refresh_from_db()
    state = clock.round_clock_state(round=rnd)
    assert state.status == "running"
    assert 118 <= state.seconds_left <= 121  # the overshoot's fraction given back


def test_the_read_answers_the_open_round_from_the_cache(
    rnd, director, django_assert_num_queries, django_capture_on_commit_callbacks
):
    tournament = rnd.tournament
    assert not clock.clock_read(tournament=tournament).shown  # no length, no clock
    tournament.round_minutes = 45
    tournament.save()
    read = clock.clock_read(tournament=tournament)  # cached: still the round
    assert (read.round_number, read.state.status) == (1, "not_started")
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_start(round=rnd, by=director)
    with django_assert_num_queries(0):
        read = clock.clock_read(tournament=tournament)
    answer = read.as_json()
    assert answer["status"] == "running"
    assert answer["round"] == 1
    to_go = answer["ends_at"] - answer["server_time"]  # milliseconds
    assert 0 <= answer["seconds_left"] * 1000 - to_go <= 1001  # rounded up
    assert answer["time_rule"] == "leader"


def test_no_clock_without_an_open_round(tournament):
    tournament.round_minutes = 30
    factories.RoundFactory(tournament=tournament, status="closed")
    assert clock.clock_read(tournament=tournament).as_json()["status"] == "none"


def test_clock_text():
    assert clock.clock_text(0) == "0:00"
    assert clock.clock_text(605) == "10:05"
    assert clock.clock_text(3725) == "1:02:05"
