"""Load the live site of a 576-player hall from loopback and print its figures.

Run ``python -m benchmarks.hall_load`` (or ``make bench-load``). It builds the
576-player event with ``simulate_tournament`` in a database of its own (a throwaway
SQLite file, or with ``DATABASE_URL`` set to PostgreSQL the database
``manille_bench_<pid>``, created and dropped), starts the production server
(``python -m config.serve``) on 127.0.0.1 and a free port from 8940-8949, and loads
each path with ``wrk`` when installed, else with a bounded Python load generator.

Every path is compared with the bare view ``/healthz/`` (no session, no database)
served by the same server at the same number of connections, measured in the same
run and in turns with it (``--rounds`` turns of each, 2 s apiece by default), so the
coming and going of other programs on a shared machine weighs on both alike: the
ratio is what the issue's targets are about, not the raw figures of this machine.
Every path is asked for as a phone's browser asks (``Accept-Encoding: gzip``):
the version poll, the standings (also with a result every 2 s: the version bumped
in the database, so the whole hall asks for the new page at once), "where do I
sit?" for a name and the whole list, the draw by table (of the widest round), the
tournament's front page, the projector's page and data, and the public calendar
and its iCal feed, and (issue 25) the pool and bracket pages and their API on
a second event of 60 pairs in pools of four and a knockout of 16, built only
when one of those paths is asked for; ``--paths`` picks some. The standings page
is loaded uncompressed as well, for the record. On PostgreSQL it also samples
``pg_stat_activity`` every 0.5 s and prints the most connections to the bench
database seen next to the configured pool.
A benchmark, not a test: figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from benchmarks.hall_server import (
    BARE,
    HOST,
    Bumper,
    ConnectionSampler,
    Database,
    Server,
    build_event,
    build_staged_event,
    etag,
    free_port,
    get,
)
from benchmarks.load_generators import Figures, Load, load_python, load_wrk

IDLE_WAIT = 90  # at most, seconds after the load for the pools to close their idle
# What every phone's browser sends: the site answers its shared pages compressed.
PHONE_HEADERS = {"Accept-Encoding": "gzip, deflate, br"}


# ----------------------------------------------------------------------- report


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def report_line(load: Load, figures: Figures, bare: Figures | None) -> str:
    ratio = figures.rps / bare.rps if bare and bare.rps else None
    ratio_text = f"{ratio:5.2f}x" if ratio is not None else "     -"
    verdict = ""
    if load.target is not None and ratio is not None:
        ok = (
            ratio >= load.target
            and figures.errors == 0
            and figures.timeouts == 0
            and figures.p99 <= 1.0
        )
        verdict = f"  target >= {load.target:.1f}x: {'ok' if ok else 'MISSED'}"
    return (
        f"{load.label:<36} c={load.connections:<4} {figures.rps:9.1f} req/s "
        f"{ratio_text}  p50 {_ms(figures.p50)}  p99 {_ms(figures.p99)}  "
        f"errors {figures.errors:<5} timeouts {figures.timeouts:<5}{verdict}"
    )


def loads(facts: dict, port: int, *, poll_c: int, page_c: int) -> list[Load]:
    """The paths measured, each against the bare view at its number of connections.

    Each has a short name (``--paths``): what a hall opens at once, as a phone asks.
    """
    slug = facts["slug"]
    number = facts["round"]
    version = f"/t/{slug}/version/"
    standings = f"/t/{slug}/standings/"
    names = f"/t/{slug}/round/{number}/names/"
    a_name = names + "?" + urllib.parse.urlencode({"q": facts["last_name"]})
    projector = f"/t/{slug}/projector/"
    phone = dict(PHONE_HEADERS)

    def with_etag(path: str, headers: dict) -> dict:
        return {**headers, "If-None-Match": etag(port, path, headers)}

    live = {**phone, "X-Live-Region": "1"}
    return [
        Load(
            "version poll (If-None-Match, 304)",
            version,
            poll_c,
            with_etag(version, phone),
            0.8,
            "poll",
        ),
        Load("standings page", standings, page_c, phone, 0.5, "standings"),
        # A result confirmed every 2 s: each time the whole hall asks for the new
        # page at once (one request should rebuild it, nobody wait seconds).
        Load(
            "standings page, a result every 2 s",
            standings,
            page_c,
            phone,
            0.5,
            "standings-bumped",
            bump_every=2.0,
        ),
        Load(
            "standings page (If-None-Match, 304)",
            standings,
            page_c,
            with_etag(standings, phone),
            0.8,
            "standings-304",
        ),
        Load("where do I sit? (a name)", a_name, page_c, phone, 0.5, "name"),
        Load("where do I sit? (every name)", names, page_c, phone, 0.5, "names"),
        Load("draw by table", f"/t/{slug}/round/{number}/", page_c, phone, 0.5, "draw"),
        Load("tournament front page", f"/t/{slug}/", page_c, phone, 0.5, "front"),
        Load("projector page", projector, page_c, phone, 0.5, "projector"),
        Load("projector data (live region)", projector, page_c, live, 0.5, "region"),
        # Before the day (issue 26): every club's events, and the feed calendar
        # apps poll.
        Load("calendar page", "/events/", page_c, phone, 0.5, "calendar"),
        Load("calendar feed (iCal)", "/events.ics", page_c, phone, 0.5, "ics"),
        # Not a target: what a client that takes no compression costs (wrk's default).
        Load("standings page, uncompressed", standings, page_c, key="standings-plain"),
        *staged_loads(facts, page_c=page_c),
    ]


def staged_loads(facts: dict, *, page_c: int) -> list[Load]:
    """The pools and bracket pages and API of the pools-then-knockout event."""
    slug = facts.get("staged_slug")
    if slug is None:  # not built: none of these paths was asked for
        return []
    phone = dict(PHONE_HEADERS)
    api = f"/api/tournaments/{slug}"
    return [
        Load("pools page", f"/t/{slug}/pools/", page_c, phone, 0.5, "pools"),
        Load("bracket page", f"/t/{slug}/bracket/", page_c, phone, 0.5, "bracket"),
        Load("pools API", f"{api}/pools/", page_c, phone, 0.5, "pools-api"),
        Load("bracket API", f"{api}/bracket/", page_c, phone, 0.5, "bracket-api"),
    ]


# The paths of the pools-then-knockout event: it is built when one is asked for.
STAGED_KEYS = ("pools", "bracket", "pools-api", "bracket-api")
PATH_KEYS = (
    "poll",
    "standings",
    "standings-bumped",
    "standings-304",
    "name",
    "names",
    "draw",
    "front",
    "projector",
    "region",
    "calendar",
    "ics",
    "standings-plain",
    *STAGED_KEYS,
)


def combine(parts: list[Figures]) -> Figures:
    """One figure of several short loads of one path: totals, and the worst p99."""
    requests = sum(f.requests for f in parts)
    seconds = sum(f.requests / f.rps for f in parts if f.rps)
    return Figures(
        requests=requests,
        rps=requests / seconds if seconds else 0.0,
        p50=sorted(f.p50 for f in parts)[len(parts) // 2],
        p99=max(f.p99 for f in parts),
        errors=sum(f.errors for f in parts),
        timeouts=sum(f.timeouts for f in parts),
    )


def measure_pair(load, port: int, item: Load, seconds: float, rounds: int, bumper=None):
    """Load the bare view and ``item`` in turns, ``rounds`` times each.

    On a shared machine the load of other programs comes and goes: taking turns
    gives the path and its baseline the same weather, so the ratio is fair. With
    ``bumper`` (a function starting a ``Bumper``) the version moves during
    ``item``'s turns only.
    """
    bare = Load(f"bare view {BARE}", BARE, item.connections)
    bare_parts, parts = [], []
    for _ in range(rounds):
        bare_parts.append(load(port, bare, seconds / rounds))
        bumping = bumper() if bumper is not None else None
        try:
            parts.append(load(port, item, seconds / rounds))
        finally:
            if bumping is not None:
                bumping.stop()
    return bare, combine(bare_parts), combine(parts)


def _print_connections(
    database, sampler, workers: str, facts: dict, *, quick: bool
) -> None:
    """Print the most PostgreSQL connections seen during the run, and after it."""
    # Idle: what stays open behind the load. psycopg's pool closes the idle
    # connections above one a process (min_size), one every 5 s (max_idle):
    # wait until each process holds one at most, or IDLE_WAIT.
    idle_wait = 3 if quick else IDLE_WAIT
    floor = int(workers) if workers.isdigit() else 1
    quiet = time.monotonic()
    after = database.connections()
    while after > floor and time.monotonic() - quiet < idle_wait:
        time.sleep(1)
        after = database.connections()
    drained = time.monotonic() - quiet
    peak = sampler.stop()
    bound = (
        "?"
        if not workers.isdigit() or facts["pool"] is None
        else (int(workers) * facts["pool"])
    )
    print(
        f"PostgreSQL connections to {database.name}: at most {peak} during "
        f"and after the run (pool max_size {facts['pool']} per process "
        f"(DB_POOL_SIZE) x {workers} processes = at most {bound}); "
        f"{after} open {drained:.0f} s after it (one a process kept, "
        f"the idle closed one every 5 s)",
        flush=True,
    )


def _build_events(env: dict, database, args) -> dict:
    """Build the hall's event, and the pools-then-knockout one if a path needs it."""
    started = time.monotonic()
    facts = build_event(env, args.players)
    print(
        f"Built {facts['slug']} ({args.players} players) on "
        f"{'PostgreSQL ' + database.name if database.postgres else 'SQLite'} "
        f"in {time.monotonic() - started:.0f} s; round {facts['round']} "
        f"(the widest), a name: {facts['last_name']}",
        flush=True,
    )
    if set(args.paths) & set(STAGED_KEYS):
        started = time.monotonic()
        facts["staged_slug"] = build_staged_event(env)
        print(
            f"Built {facts['staged_slug']} (60 pairs in pools of four, a "
            f"knockout of 16) in {time.monotonic() - started:.0f} s",
            flush=True,
        )
    return facts


def run(args) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="manille-bench-"))
    database = Database(os.environ.get("DATABASE_URL"), tmp)
    env = {**os.environ, "DATABASE_URL": database.url}
    server = sampler = None
    generator = "wrk" if shutil.which("wrk") and not args.python else "python"
    load = load_wrk if generator == "wrk" else load_python
    try:
        database.create()
        facts = _build_events(env, database, args)
        port = free_port()
        server = Server(env, port, tmp / "server.log")
        if database.postgres:
            sampler = ConnectionSampler(database)
            sampler.start()
        server.wait_ready()
        workers, threads = server.sizing()
        print(
            f"Server: python -m config.serve on http://{HOST}:{port}/ "
            f"({workers} processes x {threads} threads); "
            f"load: {generator}, {args.seconds:g} s per path",
            flush=True,
        )
        measured = [
            item
            for item in loads(
                facts, port, poll_c=args.poll_connections, page_c=args.page_connections
            )
            if item.key in args.paths
        ]
        for item in measured:
            if item.key in STAGED_KEYS:
                status, _headers = get(port, item.path, item.headers)
                if status != 200:
                    raise SystemExit(
                        f"{item.path}: HTTP {status}, not 200 (are the pool and "
                        "bracket views of issue 25 served?)."
                    )
        # Warm up, not reported: every worker has imported and cached what it needs.
        for path in dict.fromkeys([BARE, *(item.path for item in measured)]):
            load(port, Load("warm-up", path, args.page_connections), args.warm_up)
        for item in measured:
            bumper = None
            if item.bump_every:

                def bumper(every=item.bump_every):
                    started = Bumper(database, facts["slug"], every)
                    started.start()
                    return started

            bare, bare_figures, figures = measure_pair(
                load, port, item, args.seconds, args.rounds, bumper
            )
            print(report_line(bare, bare_figures, None), flush=True)
            print(report_line(item, figures, bare_figures), flush=True)
        if sampler is not None:
            _print_connections(database, sampler, workers, facts, quick=args.quick)
    finally:
        if sampler is not None:
            sampler.stopped.set()
        if server is not None:
            server.stop()
        with contextlib.suppress(Exception):
            database.drop()
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="per path (8)")
    parser.add_argument(
        "--quick", action="store_true", help="2 s per path, fewer connections"
    )
    parser.add_argument("--players", type=int, default=576)
    parser.add_argument("--poll-connections", type=int, default=None)
    parser.add_argument("--page-connections", type=int, default=None)
    parser.add_argument(
        "--python", action="store_true", help="the Python load generator even with wrk"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="turns of the bare view and each path, sharing --seconds (4; quick: 1)",
    )
    parser.add_argument(
        "--paths",
        default=",".join(PATH_KEYS),
        help=f"the paths to load, comma-separated, of: {', '.join(PATH_KEYS)} (all)",
    )
    args = parser.parse_args(argv)
    args.paths = [p.strip() for p in args.paths.split(",") if p.strip()]
    unknown = sorted(set(args.paths) - set(PATH_KEYS))
    if unknown or not args.paths:
        parser.error(f"--paths: unknown {', '.join(unknown) or '(none)'}.")
    if args.players < 64:
        parser.error("--players: at least 64 (the final takes 32).")
    if args.seconds is None:
        args.seconds = 2.0 if args.quick else 8.0
    if args.poll_connections is None:
        args.poll_connections = 64 if args.quick else 576
    if args.rounds is None:
        args.rounds = 1 if args.quick else 4
    if args.rounds < 1 or args.seconds / args.rounds < 1:
        parser.error("--rounds: each turn needs at least 1 s of --seconds.")
    args.warm_up = 1.0  # wrk counts whole seconds
    if args.page_connections is None:
        args.page_connections = 16 if args.quick else 64
    # Ctrl+C and a polite kill both stop the server and drop the database.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        run(args)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
