"""Time a series' standings: 2,000 players over 40 events, with a fixed query count.

Run ``python -m benchmarks.series`` (``--events``, ``--players``, ``--per-event``,
``--rounds``, ``--repeat`` to change the size). The data goes to a throw-away
SQLite file unless ``BENCH_DATABASE_URL`` names another database (e.g.
PostgreSQL); it is built in bulk by :func:`tests.series.builders.build_series`.
The standings are computed for the first 10 events and for all 40 with the same
number of queries (printed, so that it shows it does not grow), each event read
and ranked (an empty cache: "uncached") and with the events' results cached (a
season's page after one more result: only the evening that changed is read
again). Every figure is a median over ``--repeat`` calls, wall-clock and this
process's CPU time (the machines are shared: the CPU time is what the code costs
when the wall-clock time is inflated by other work), with the ratio to the target
of 1 s. Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.standings import _setup_django
from tests.series.builders import build_series

TARGET = 1.0  # seconds, for 2,000 players over 40 events (issue 15)


def _standings(series, *, cold: bool, repeat: int):
    """Time ``series_standings``; ``cold`` empties the cache before every call.

    Return the last standings, the wall-clock and CPU samples and the queries of
    one call.
    """
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from series.selectors import series_standings

    if not cold:
        series_standings(series=series)  # fill the cache
    walls, cpus = [], []
    for _ in range(repeat):
        if cold:
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            standings = series_standings(series=series)
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
    return standings, walls, cpus, len(queries.captured_queries)


def _ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:6.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--per-event", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=7)
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
    print(
        "series standings, median of "
        f"{args.repeat} calls in ms (wall-clock / CPU); target ≤ {TARGET:.0f} s"
    )
    print(
        f"{'events':>6} {'players':>7} {'rows':>5} {'ranked':>6} | "
        f"{'uncached':>13} {'queries':>7} {'÷ target':>9} | "
        f"{'cached':>13} {'queries':>7} {'÷ target':>9}"
    )
    for count, series in ((first, part), (args.events, full)):
        cells = []
        for cold in (True, False):
            standings, walls, cpus, queries = _standings(
                series, cold=cold, repeat=args.repeat
            )
            ratio = statistics.median(walls) / TARGET
            cells.append(f"{_ms(walls)} /{_ms(cpus)} {queries:>7} {ratio:>9.2f}")
        print(
            f"{count:>6} {args.players:>7} {len(standings.rows):>5} "
            f"{len(standings.ranked):>6} | {cells[0]} | {cells[1]}"
        )


if __name__ == "__main__":
    main()
