"""Read series and their standings, with a fixed number of queries.

Split by concern, every name importable from here:

- :mod:`~series.selectors.access`: who may read and who may change a series;
- :mod:`~series.selectors.events`: a series' events as a reader may see them (an
  unlisted event only for those who run it) and the state its answers hang on;
- :mod:`~series.selectors.places`: every event read at once through the one
  reader of events (:mod:`standings.reader`) and ranked by its own standings' rules;
- :mod:`~series.selectors.ranking`: the series ranked from those rows by
  :mod:`manille.rankings`, each event's results cached under its public state.
"""

from series.selectors.access import (
    series_for_reader,
    series_list_for_manager,
    series_list_public,
    user_can_manage_series,
)
from series.selectors.events import (
    SeriesEventRow,
    events_include_unlisted,
    series_events,
    series_last_event,
    series_of_tournament,
    series_state,
)
from series.selectors.places import EntrantIdentity, SeriesInput, series_input
from series.selectors.ranking import (
    EVENT_CACHE_SECONDS,
    SeriesStandings,
    row_explanation,
    series_event_results,
    series_results,
    series_rules,
    series_standings,
)
from standings.reader import ENTRY_COLUMNS, EntryRow, EventRows, read_events

__all__ = [
    "ENTRY_COLUMNS",
    "EVENT_CACHE_SECONDS",
    "EntrantIdentity",
    "EntryRow",
    "EventRows",
    "SeriesEventRow",
    "SeriesInput",
    "SeriesStandings",
    "events_include_unlisted",
    "read_events",
    "row_explanation",
    "series_event_results",
    "series_events",
    "series_for_reader",
    "series_input",
    "series_last_event",
    "series_list_for_manager",
    "series_list_public",
    "series_of_tournament",
    "series_results",
    "series_rules",
    "series_standings",
    "series_state",
    "user_can_manage_series",
]
