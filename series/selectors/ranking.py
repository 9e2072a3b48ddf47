"""Rank a series from its events' own standings, by :mod:`manille.rankings`.

Each event's results are kept in the cache under its public state, so a season's
page reads again only the evening that changed. Which events count is the
reader's (:func:`series.selectors.events.series_events`): a stranger's ranking
counts the listed events only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from manille.rankings import (
    EventInfo,
    EventResult,
    SeriesRow,
    SeriesRules,
    compute_series,
)
from manille.standings import without_gc
from series.models import Series
from series.selectors.events import SeriesEventRow, series_events
from series.selectors.places import SeriesInput, series_input
from tournaments.models import Tournament
from tournaments.versioning import public_state


def series_rules(series: Series) -> SeriesRules:
    return SeriesRules(
        ranking=series.ranking,
        ranking_points=tuple(series.points_table),
        best_of=series.best_of,
        min_events=series.min_events or 1,
        substitutes=series.substitutes,
        tiebreaks=tuple(series.tiebreak_list),
    )


@dataclass(slots=True)
class SeriesStandings:
    series: Series
    events: list[SeriesEventRow]
    rows: list[SeriesRow]
    rules: SeriesRules

    def explanation(self, row: SeriesRow) -> str:
        """Say which events counted and which were dropped, in the reader's language."""
        return row_explanation(row, rules=self.rules)

    @property
    def ranked(self) -> list[SeriesRow]:
        return [r for r in self.rows if r.rank is not None]

    @property
    def unranked(self) -> list[SeriesRow]:
        return [r for r in self.rows if r.rank is None]


def _numbers(numbers) -> str:
    return ", ".join(str(n) for n in numbers)


def row_explanation(row: SeriesRow, *, rules: SeriesRules) -> str:
    """ "counted: 1, 3, 4; dropped: 2 (lowest)", or why the row is not ranked."""
    counted = row.counted_numbers
    dropped = row.dropped_numbers
    if row.rank is None:
        return ngettext(
            "%(played)d event played of the %(needed)d needed to be ranked",
            "%(played)d events played of the %(needed)d needed to be ranked",
            row.events_played,
        ) % {"played": row.events_played, "needed": rules.min_events}
    if not dropped:
        return _("counted: %(counted)s") % {"counted": _numbers(counted)}
    return ngettext(
        "counted: %(counted)s; dropped: %(dropped)s (lowest)",
        "counted: %(counted)s; dropped: %(dropped)s (lowest)",
        len(dropped),
    ) % {"counted": _numbers(counted), "dropped": _numbers(dropped)}


def series_results(data: SeriesInput) -> dict[int, list[EventResult]]:
    """Turn every event's places into the series' plain event results."""
    out: dict[int, list[EventResult]] = {}
    identities = data.identities
    for e in data.events:
        tid = e.tournament.pk
        rows = []
        for r in data.places.get(tid, ()):
            # Listed without a game nor a bye (checked in, never seated): the
            # event was not played, so it neither counts nor scores a place.
            if not r.games_played and not r.bye_rounds:
                continue
            who = identities[r.entry_id]
            rows.append(
                EventResult(
                    tid,
                    who.entrant,
                    r.rank,
                    r.shared,
                    r.games_played,
                    r.games_won,
                    r.points,
                    r.point_difference,
                    r.deals_won,
                    r.revokes,
                    r.opponents_strength,
                    who.plays_for,
                )
            )
        out[tid] = rows
    return out


# An event's results, kept in the cache under its public state: a season's page
# then reads again only the evening that changed. Renames, results, entries and
# the standings' settings all move the state (tournaments.versioning).
EVENT_CACHE_SECONDS = 24 * 3600


def _event_cache_key(tournament: Tournament) -> str:
    state = hashlib.blake2b(public_state(tournament).encode(), digest_size=10)
    return f"series:event:{tournament.pk}:{state.hexdigest()}"


def series_event_results(
    *, events: list[SeriesEventRow]
) -> dict[int, list[EventResult]]:
    """Return every event's results for the series, by tournament id.

    Events whose public state is unchanged come from the cache; the others are
    read together (four queries, whatever their number) and ranked by their own
    standings' rules.
    """
    keys = {e.tournament.pk: _event_cache_key(e.tournament) for e in events}
    cached = cache.get_many(list(keys.values()))
    out = {tid: cached[key] for tid, key in keys.items() if key in cached}
    missing = [e for e in events if e.tournament.pk not in out]
    if missing:
        data = series_input(series=None, events=missing)
        fresh = series_results(data)
        out.update(fresh)
        cache.set_many(
            {keys[tid]: rows for tid, rows in fresh.items()}, EVENT_CACHE_SECONDS
        )
    return out


def series_standings(
    *, series: Series, events: list[SeriesEventRow] | None = None, user=None
) -> SeriesStandings:
    """Rank the series from its events' own standings: five queries at most (one
    less when the caller has read ``events``; none more for events cached).

    Without ``events``, the events ``user`` may see count (:func:`series_events`;
    ``user`` None: a stranger, the listed events only).
    """
    # Many small acyclic objects: the collector's passes would cost more than the work.
    with without_gc():
        if events is None:
            events = series_events(series=series, user=user)
        rules = series_rules(series)
        infos = [
            EventInfo(id=e.tournament.pk, number=e.number, name=e.tournament.name)
            for e in events
        ]
        rows = compute_series(infos, series_event_results(events=events), rules)
    return SeriesStandings(series=series, events=events, rows=rows, rules=rules)
