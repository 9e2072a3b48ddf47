"""Tell where a round's clock stands from its stored moments, at a moment given.

A round's clock is kept as moments, never as a ticking number, so every process
(and a restarted one) reads the same time left: how long the round lasts
(``minutes`` and ``extra_seconds``), when it was started, when it was paused (if
it is), and how many seconds it has spent paused before. The caller gives the
current moment; :func:`clock_state` says what the pages show.

The warnings: ``"ten"`` from 10 minutes left, ``"five"`` from 5, ``"last"`` (the
last deal) from 2; ``"over"`` once it has run out, when the tables finish the deal
in play and the event's rule for unfinished games applies.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

NOT_STARTED = "not_started"
RUNNING = "running"
PAUSED = "paused"
OVER = "over"

# The warning levels, from the first (10 minutes left) to time.
WARNINGS = ((600, "ten"), (300, "five"), (120, "last"))
WARN_OVER = "over"


@dataclass(frozen=True, slots=True)
class ClockMoments:
    """A round's clock as stored (``tournaments.models.Round.clock_*``)."""

    minutes: int | None = None
    started_at: datetime.datetime | None = None
    paused_at: datetime.datetime | None = None
    paused_seconds: int = 0
    extra_seconds: int = 0


@dataclass(frozen=True, slots=True)
class ClockState:
    """What the clock shows at a moment.

    ``seconds_left``: whole seconds, rounded up while time remains (a clock shows
    0:00 only when time is up), never below 0; the round's length when not started.
    ``ends_at``: the moment it runs out while running (None otherwise), for a page
    to count down by its own clock.
    """

    status: str
    seconds_left: int
    total_seconds: int
    warning: str
    ends_at: datetime.datetime | None

    @property
    def is_over(self) -> bool:
        return self.status == OVER


def total_seconds(moments: ClockMoments) -> int:
    """Return the round's length with its extensions, in seconds (0 without a clock)."""
    if moments.minutes is None:
        return 0
    return max(0, moments.minutes * 60 + moments.extra_seconds)


def warning_for(seconds_left: float) -> str:
    """Return the warning for this much time left: "", "ten", "five", "last", "over"."""
    if seconds_left <= 0:
        return WARN_OVER
    level = ""
    for threshold, name in WARNINGS:
        if seconds_left <= threshold:
            level = name
    return level


def _elapsed(moments: ClockMoments, now: datetime.datetime) -> float:
    """Seconds the clock has run: since the start, less its pauses."""
    until = moments.paused_at if moments.paused_at is not None else now
    run = (until - moments.started_at).total_seconds() - moments.paused_seconds
    return max(0.0, run)


def clock_state(moments: ClockMoments, now: datetime.datetime) -> ClockState:
    """Say where the clock stands at ``now`` (an aware datetime, as stored)."""
    total = total_seconds(moments)
    if moments.minutes is None or moments.started_at is None:
        return ClockState(NOT_STARTED, total, total, "", None)
    left = total - _elapsed(moments, now)
    shown = max(0, math.ceil(left))
    warning = warning_for(left)
    if left <= 0:
        return ClockState(OVER, 0, total, warning, None)
    if moments.paused_at is not None:
        return ClockState(PAUSED, shown, total, warning, None)
    ends_at = now + datetime.timedelta(seconds=left)
    return ClockState(RUNNING, shown, total, warning, ends_at)


# ------------------------------------------------------------- the director's moves


def clock_started(
    moments: ClockMoments, *, minutes: int, now: datetime.datetime
) -> ClockMoments:
    """Start the clock afresh at ``minutes``."""
    return ClockMoments(minutes=minutes, started_at=now)


def clock_paused(moments: ClockMoments, *, now: datetime.datetime) -> ClockMoments:
    """Stop the clock where it stands."""
    return ClockMoments(
        moments.minutes,
        moments.started_at,
        now,
        moments.paused_seconds,
        moments.extra_seconds,
    )


def clock_resumed(moments: ClockMoments, *, now: datetime.datetime) -> ClockMoments:
    """Let a paused clock run again: the pause is added to the paused seconds."""
    pause = max(0, math.floor((now - moments.paused_at).total_seconds()))
    return ClockMoments(
        moments.minutes,
        moments.started_at,
        None,
        moments.paused_seconds + pause,
        moments.extra_seconds,
    )


def clock_extended(
    moments: ClockMoments, *, seconds: int, now: datetime.datetime
) -> ClockMoments:
    """Give the round ``seconds`` more; a clock that had run out runs again.

    An extension of a clock already over starts from what is left (none), not
    from the time it has been over: the tables get the whole extension.
    """
    extra = moments.extra_seconds + seconds
    over = clock_state(moments, now).is_over
    if over:  # the time spent over is taken back first
        extra += max(0, math.ceil(_elapsed(moments, now) - total_seconds(moments)))
    return ClockMoments(
        moments.minutes,
        moments.started_at,
        moments.paused_at,
        moments.paused_seconds,
        extra,
    )


# ------------------------------------------------------------ games unfinished at time

TIME_LEADER = "leader"  # the deal in play is finished, then the side ahead wins
TIME_DEALS = "deals"  # the game counts only the deals played: nobody wins it
TIME_DIRECTOR = "director"  # the director decides each game
# The director's decision on one game: side A wins, side B wins, or neither.
DECISIONS = ("a", "b", "level")


def time_result(
    *, rule: str, totals: tuple[int, int], decision: str = ""
) -> tuple[bool, int | None]:
    """Return (finished, winner) of a game stopped by time, as ``rule`` settles it.

    ``winner`` is 0 (side A), 1 (side B) or None (nobody wins it). Under the
    director's rule a game stays unfinished until ``decision`` is made.
    """
    if rule == TIME_LEADER:
        if totals[0] == totals[1]:
            return True, None
        return True, 0 if totals[0] > totals[1] else 1
    if rule == TIME_DEALS:
        return True, None
    if rule == TIME_DIRECTOR:
        if decision not in DECISIONS:
            return False, None
        return True, {"a": 0, "b": 1, "level": None}[decision]
    raise ValueError(f"unknown time rule {rule!r}")
