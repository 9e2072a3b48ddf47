"""Count what one client does per time window, in the database, and say how long
it must wait.

A ``Throttle`` allows ``limit`` events per ``window`` seconds for one subject (an
address, a hashed e-mail) of one scope. It counts in periods of half a window and
reads the last two, so no burst across a period's edge gets more than ``limit``
through in any window, and a paused subject waits at most one window. Every process
reads the same rows (``core.models.ThrottleCount``), whatever the cache holds.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.db import connection

from core.models import ThrottleCount

__all__ = ["Throttle", "subject_hash"]

SUBJECT_MAX = 64


def subject_hash(text: str) -> str:
    """Return a fixed-length stand-in for a subject that may be long or private
    (an e-mail address): the count needs no copy of it."""
    return hashlib.sha256(text.strip().lower().encode()).hexdigest()


def _subject(subject: str | None) -> str:
    # A request with no address shares one subject: refused with every other such
    # request rather than never counted.
    subject = subject or "unknown"
    return subject if len(subject) <= SUBJECT_MAX else subject_hash(subject)


_UPSERT = (
    "INSERT INTO {table} (scope, subject, period, count) VALUES (%s, %s, %s, 1) "
    "ON CONFLICT (scope, subject, period) "
    "DO UPDATE SET count = {table}.count + 1 RETURNING count"
)


@dataclass(frozen=True)
class Throttle:
    scope: str
    limit: int
    window: int  # seconds

    @property
    def _half(self) -> int:
        return max(1, self.window // 2)

    def _period(self, now: float) -> int:
        return int(now) // self._half * self._half

    def count(self, *, subject: str | None, now: float | None = None) -> int:
        """Count one event of ``subject``; return the events of the window."""
        now = time.time() if now is None else now
        period, subject = self._period(now), _subject(subject)
        table = connection.ops.quote_name(ThrottleCount._meta.db_table)
        with connection.cursor() as cursor:  # one statement: atomic on its own
            cursor.execute(_UPSERT.format(table=table), [self.scope, subject, period])
            current = cursor.fetchone()[0]
        if current == 1:  # a new period: forget the ones no window reads
            ThrottleCount.objects.filter(
                scope=self.scope, period__lt=period - self._half
            ).delete()
        previous = ThrottleCount.objects.filter(
            scope=self.scope, subject=subject, period=period - self._half
        ).values_list("count", flat=True)
        return current + sum(previous)

    def wait(self, *, subject: str | None, now: float | None = None) -> int:
        """Return the seconds ``subject`` must wait (0: it may go on)."""
        now = time.time() if now is None else now
        period, subject = self._period(now), _subject(subject)
        counts = dict(
            ThrottleCount.objects.filter(
                scope=self.scope,
                subject=subject,
                period__in=[period, period - self._half],
            ).values_list("period", "count")
        )
        if sum(counts.values()) < self.limit:
            return 0
        # Free when the older period leaves the window, or the current one too.
        ends = period + (2 if counts.get(period, 0) >= self.limit else 1) * self._half
        return max(1, int(ends - now))
