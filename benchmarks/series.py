"""Time a series' standings: 2,000 players over 40 events, with a fixed query count.

Run ``python -m benchmarks.series`` (``--events``, ``--players``, ``--per-event``,
``--rounds`` to change the size). The data goes to a throw-away SQLite file unless
``BENCH_DATABASE_URL`` names another database (e.g. PostgreSQL); it is built in bulk
by :func:`tests.series.builders.build_series`. The standings are computed for the
first 10 events and for all 40 with the same number of queries (printed, so that
it shows it does not grow), each event read and ranked (an empty cache) and with
the events' results cached (a season's page after one more result: only the
evening that changed is read again). Figures are printed, not asserted (target
≤ 1 s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.standings import _setup_django
from tests.series.builders import build_series


def _standings(series, *, cold: bool):
    """Time ``series_standings``; ``cold`` empties the cache before every call."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from series.selectors import series_standings

    samples = []
    for _ in range(5):
        if cold:
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            standings = series_standings(series=series)
            samples.append(time.perf_counter() - start)
    return standings, samples, len(queries.captured_queries)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--per-event", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    _setup_django()
    from series.models import Series, SeriesEvent

    start = time.perf_counter()
    full = build_series(
        players=args.players,
        events=args.events,
        per_event=args.per_event,
        rounds=args.rounds,
        clubs=40,
        substitutes=args.players // 20,
        ranking=Series.Ranking.RANKING_POINTS,
        best_of=max(1, args.events * 3 // 4),
        min_events=3,
        seed=1,
    )
    print(
        f"built {args.players} players, {args.events} events of {args.per_event} "
        f"({args.rounds} rounds) in {time.perf_counter() - start:.1f} s"
    )
    first = min(10, args.events)
    part = Series.objects.create(name="First events", slug="bench-first-events")
    SeriesEvent.objects.bulk_create(
        SeriesEvent(series=part, tournament_id=se.tournament_id, order=se.order)
        for se in full.events.order_by("order")[:first]
    )
    for label, series in ((f"{first} events", part), (f"{args.events} events", full)):
        for how, cold in (("every event read", True), ("events cached", False)):
            standings, samples, queries = _standings(series, cold=cold)
            print(
                f"series standings, {label}, {how}: {len(standings.rows)} rows "
                f"({len(standings.ranked)} ranked), median "
                f"{statistics.median(samples) * 1000:.0f} ms "
                f"(min {min(samples) * 1000:.0f}), {queries} queries  [≤ 1 s]"
            )


if __name__ == "__main__":
    main()
