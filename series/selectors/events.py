"""Read a series' events as a reader may see them, and the state its answers hang on.

An unlisted tournament (``Tournament.is_public`` off) is hidden from strangers on
every event page (``tournaments.selectors.tournament_for_reader``), and a series
does not leak it either. Its events are read for a reader: a stranger (anonymous,
or signed in without running the event) gets the listed events only, numbered from
1 among themselves, so the page, the API, the exports and the PDF neither name nor
count an unlisted evening, and no gap in the numbers gives one away; the series'
managers (its club's managers, staff) and the event's own directors get every event.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from series.models import Series, SeriesEvent
from series.selectors.access import user_can_manage_series
from tournaments.models import Tournament
from tournaments.versioning import public_state


@dataclass(frozen=True, slots=True)
class SeriesEventRow:
    """An event of a series: its place in the series (from 1) and its tournament."""

    number: int
    id: int  # the SeriesEvent's id
    tournament: Tournament

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def name(self) -> str:
        return self.tournament.name

    @property
    def date(self) -> datetime.date:
        return self.tournament.date

    @property
    def listed(self) -> bool:
        """Whether the tournament is listed publicly (strangers see it)."""
        return self.tournament.is_public


def series_events(*, series: Series, user=None) -> list[SeriesEventRow]:
    """Return the series' events ``user`` may see, in order, numbered from 1.

    ``user`` None is a stranger: the listed events only. One query; one or two
    more for a signed-in reader when the series has an unlisted event.
    """
    links = list(
        SeriesEvent.objects.filter(series=series)
        .select_related("tournament")
        .order_by("order", "id")
    )
    hidden = {se.tournament_id for se in links if not se.tournament.is_public}
    if hidden:
        hidden -= _unlisted_seen(series=series, user=user, unlisted=hidden)
    shown = (se for se in links if se.tournament_id not in hidden)
    return [
        SeriesEventRow(number=n, id=se.pk, tournament=se.tournament)
        for n, se in enumerate(shown, start=1)
    ]


def _unlisted_seen(*, series: Series, user, unlisted: set[int]) -> set[int]:
    """The unlisted events of ``unlisted`` that ``user`` may see: all of them for
    the series' managers, else those he directs or his club holds (as
    ``tournaments.selectors.user_can_direct`` decides)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return set()
    if user_can_manage_series(user=user, series=series):
        return unlisted
    return set(
        Tournament.objects.filter(pk__in=unlisted)
        .filter(Q(directors=user) | Q(club__managers=user))
        .values_list("pk", flat=True)
    )


def events_include_unlisted(events: list[SeriesEventRow]) -> bool:
    """Whether ``events`` hold an event strangers do not see (so the ranking read
    from them is not the public one)."""
    return any(not e.listed for e in events)


def series_last_event(*, series: Series) -> Tournament | None:
    """The series' last event (the one a new evening copies), or None."""
    se = (
        SeriesEvent.objects.filter(series=series)
        .select_related("tournament")
        .order_by("-order", "-id")
        .first()
    )
    return se.tournament if se else None


def series_state(*, series: Series, events: list[SeriesEventRow]) -> str:
    """Return a short hash of what the series' public answers depend on.

    The series' own settings and each event's public state (version, tiebreaks,
    bye rules) and whether it is listed: an answer never outlives a result, a
    setting or a new event, and one read with an unlisted event never answers a
    reader who may not see it.
    """
    parts = [
        series.pk,
        series.name,
        series.slug,
        series.ranking,
        series.ranking_points,
        series.best_of,
        series.min_events,
        series.substitutes,
        series.tiebreaks,
        series.is_public,
        series.language,
        *(f"{e.number}:{public_state(e.tournament)}:{int(e.listed)}" for e in events),
    ]
    key = "|".join(str(p) for p in parts)
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()


def series_of_tournament(*, tournament: Tournament) -> QuerySet[Series]:
    """The series a tournament belongs to."""
    return Series.objects.filter(Q(events__tournament=tournament)).distinct()
