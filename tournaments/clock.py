"""Start, pause, resume, extend and reset a round's clock; read where it stands.

The clock is stored on the round as moments (``Round.clock_*``), so every app
process and a restarted one read the same time left; the arithmetic is
``manille.clock``'s. Each write is one transaction holding the round's row lock,
written in the round's history (``round_log_add``, which files it in the action
log too) and refused with ``core.errors``.

The pages poll :func:`clock_read` (the JSON endpoint ``api:clock``): it answers
from the shared cache, written again by every write once it commits, so a poll
costs no query while it is warm. Clock writes do not move the tournament's public
version: nothing the pages render depends on them, only the clock's own answer.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.cachekeys import key_part
from core.errors import InvalidInput, StateConflict
from manille import clock as arithmetic
from manille.clock import ClockMoments, ClockState
from tournaments.models import Round, RoundLog, Tournament
from tournaments.round_log import round_log_add

EXTEND_MINUTES = (1, 120)  # an extension lies within these, in minutes
START_MINUTES = (1, 600)  # as Round.clock_minutes' validators
# How long a process may answer from a cached clock another process has changed
# (a process's own writes are seen at once): a pause shows this much later at most.
CLOCK_CACHE_SECONDS = 2


# ------------------------------------------------------------------------ reading


def moments_of(rnd: Round) -> ClockMoments:
    """Return the round's stored clock as the arithmetic reads it."""
    return ClockMoments(
        minutes=rnd.clock_minutes,
        started_at=rnd.clock_started_at,
        paused_at=rnd.clock_paused_at,
        paused_seconds=rnd.clock_paused_seconds,
        extra_seconds=rnd.clock_extra_seconds,
    )


def round_clock_state(*, round: Round, now: datetime.datetime | None = None):  # noqa: A002
    """Return where ``round``'s clock stands now (a ``manille.clock.ClockState``)."""
    moments = moments_of(round)
    if moments.minutes is None:  # not started: the event's length, if it has one
        moments = ClockMoments(minutes=round.tournament.round_minutes)
    return arithmetic.clock_state(moments, now or timezone.now())


@dataclass(frozen=True)
class ClockRead:
    """The clock of a tournament's open round, as the pages and the API show it."""

    round_number: int | None
    state: ClockState | None  # None: no open round, or no clock in this event
    time_rule: str
    now: datetime.datetime

    @property
    def shown(self) -> bool:
        return self.state is not None

    def as_json(self) -> dict:
        """The clock's JSON answer; moments in milliseconds since the epoch."""
        state = self.state

        def ms(moment):
            return None if moment is None else int(moment.timestamp() * 1000)

        return {
            "round": self.round_number,
            "status": state.status if state else "none",
            "seconds_left": state.seconds_left if state else None,
            "total_seconds": state.total_seconds if state else None,
            "warning": state.warning if state else "",
            "ends_at": ms(state.ends_at) if state else None,
            "server_time": ms(self.now),
            "time_rule": self.time_rule,
        }


def _cache_key(slug: str) -> str:
    return f"clock:v1:{key_part(slug)}"


def _stored(tournament: Tournament) -> tuple:
    """What a tournament's clock answer is made of: its open round's moments."""
    rnd = (
        Round.objects.filter(tournament=tournament, status=Round.Status.PUBLISHED)
        .order_by("-number")
        .only(
            "number",
            "clock_minutes",
            "clock_started_at",
            "clock_paused_at",
            "clock_paused_seconds",
            "clock_extra_seconds",
        )
        .first()
    )
    if rnd is None:
        return (None, None)
    return (rnd.number, moments_of(rnd))


def _cache_write(tournament: Tournament) -> None:
    cache.set(_cache_key(tournament.slug), _stored(tournament), CLOCK_CACHE_SECONDS)


def clock_read(*, tournament: Tournament, now: datetime.datetime | None = None):
    """Return the clock of ``tournament``'s open round (its latest published one).

    From the shared cache while it is warm (no query). No clock shows when no
    round is open, or when the round's clock was never started and the event
    has no round length.
    """
    key = _cache_key(tournament.slug)
    stored = cache.get(key)
    if stored is None:
        stored = _stored(tournament)
        cache.add(key, stored, CLOCK_CACHE_SECONDS)
    number, moments = stored
    now = now or timezone.now()
    state = None
    if number is not None:
        if moments.minutes is None and tournament.round_minutes is not None:
            moments = ClockMoments(minutes=tournament.round_minutes)
        if moments.minutes is not None:
            state = arithmetic.clock_state(moments, now)
    return ClockRead(number, state, tournament.time_rule, now)


# ------------------------------------------------------------------------ writing


def _locked(rnd: Round) -> Round:
    """The round again, under its row lock, with its tournament."""
    locked = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=rnd.pk)
    )
    if locked.status != Round.Status.PUBLISHED:
        raise StateConflict(
            _("Round %(number)s is not open: its clock runs only while it is played.")
            % {"number": locked.number},
            code="round_not_open",
        )
    return locked


def _save(rnd: Round, moments: ClockMoments, *, action: str, by, note: str) -> Round:
    rnd.clock_minutes = moments.minutes
    rnd.clock_started_at = moments.started_at
    rnd.clock_paused_at = moments.paused_at
    rnd.clock_paused_seconds = moments.paused_seconds
    rnd.clock_extra_seconds = moments.extra_seconds
    rnd.save(
        update_fields=[
            "clock_minutes",
            "clock_started_at",
            "clock_paused_at",
            "clock_paused_seconds",
            "clock_extra_seconds",
        ]
    )
    round_log_add(round=rnd, action=action, by=by, reason=note)
    tournament = rnd.tournament
    transaction.on_commit(lambda: _cache_write(tournament))
    return rnd


def _minutes(value, bounds: tuple[int, int], field: str) -> int:
    low, high = bounds
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole or not low <= value <= high:
        raise InvalidInput(
            _("Give a whole number of minutes from %(low)s to %(high)s.")
            % {"low": low, "high": high},
            field=field,
            code="minutes",
        )
    return value


@transaction.atomic
def round_clock_start(*, round: Round, by, minutes: int | None = None) -> Round:  # noqa: A002
    """Start ``round``'s clock at ``minutes``, or the event's round length."""
    rnd = _locked(round)
    if minutes is None:
        minutes = rnd.tournament.round_minutes
        if minutes is None:
            raise InvalidInput(
                _("This event has no round length: give the minutes to play."),
                field="minutes",
                code="minutes",
            )
    minutes = _minutes(minutes, START_MINUTES, "minutes")
    now = timezone.now()
    moments = moments_of(rnd)
    if (
        moments.started_at is not None
        and not arithmetic.clock_state(moments, now).is_over
    ):
        raise StateConflict(
            _("The clock is already running: pause it, extend it or reset it."),
            code="clock_running",
        )
    moments = arithmetic.clock_started(moments, minutes=minutes, now=now)
    note = ngettext("%(minutes)s minute", "%(minutes)s minutes", minutes) % {
        "minutes": minutes
    }
    return _save(rnd, moments, action=RoundLog.Action.CLOCK_START, by=by, note=note)


@transaction.atomic
def round_clock_pause(*, round: Round, by) -> Round:  # noqa: A002
    """Stop ``round``'s running clock where it stands."""
    rnd = _locked(round)
    now = timezone.now()
    moments = moments_of(rnd)
    if arithmetic.clock_state(moments, now).status != arithmetic.RUNNING:
        raise StateConflict(_("The clock is not running."), code="clock_not_running")
    moments = arithmetic.clock_paused(moments, now=now)
    note = _clock_note(moments, now)
    return _save(rnd, moments, action=RoundLog.Action.CLOCK_PAUSE, by=by, note=note)


@transaction.atomic
def round_clock_resume(*, round: Round, by) -> Round:  # noqa: A002
    """Let ``round``'s paused clock run on."""
    rnd = _locked(round)
    now = timezone.now()
    moments = moments_of(rnd)
    if arithmetic.clock_state(moments, now).status != arithmetic.PAUSED:
        raise StateConflict(_("The clock is not paused."), code="clock_not_paused")
    moments = arithmetic.clock_resumed(moments, now=now)
    note = _clock_note(moments, now)
    return _save(rnd, moments, action=RoundLog.Action.CLOCK_RESUME, by=by, note=note)


@transaction.atomic
def round_clock_extend(*, round: Round, by, minutes: int) -> Round:  # noqa: A002
    """Give ``round`` ``minutes`` more; a clock that ran out runs again."""
    minutes = _minutes(minutes, EXTEND_MINUTES, "minutes")
    rnd = _locked(round)
    now = timezone.now()
    moments = moments_of(rnd)
    if moments.started_at is None:
        raise StateConflict(
            _("The clock has not been started."), code="clock_not_started"
        )
    moments = arithmetic.clock_extended(moments, seconds=minutes * 60, now=now)
    note = ngettext("+%(minutes)s minute", "+%(minutes)s minutes", minutes) % {
        "minutes": minutes
    }
    return _save(rnd, moments, action=RoundLog.Action.CLOCK_EXTEND, by=by, note=note)


@transaction.atomic
def round_clock_reset(*, round: Round, by) -> Round:  # noqa: A002
    """Take ``round``'s clock back to not started."""
    rnd = _locked(round)
    if rnd.clock_started_at is None:
        raise StateConflict(
            _("The clock has not been started."), code="clock_not_started"
        )
    return _save(
        rnd, ClockMoments(), action=RoundLog.Action.CLOCK_RESET, by=by, note=""
    )


def _clock_note(moments: ClockMoments, now) -> str:
    """The history's note of a pause or a resume: the time left then."""
    left = arithmetic.clock_state(moments, now).seconds_left
    return _("%(time)s left") % {"time": clock_text(left)}


def clock_text(seconds: int) -> str:
    """Say a time left as the clock shows it: ``m:ss``, or ``h:mm:ss``."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
