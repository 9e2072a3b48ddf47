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
tournament's front page and the projector's page and data; ``--paths`` picks
some. The standings page is loaded uncompressed as well, for the record. On PostgreSQL
it also samples ``pg_stat_activity`` every 0.5 s and prints the most connections
to the bench database seen next to the configured pool.
A benchmark, not a test: figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORTS = range(8940, 8950)
BARE = "/healthz/"
BENCH_DB = f"manille_bench_{os.getpid()}"  # two runs at once never collide
IDLE_WAIT = 90  # at most, seconds after the load for the pools to close their idle
# What every phone's browser sends: the site answers its shared pages compressed.
PHONE_HEADERS = {"Accept-Encoding": "gzip, deflate, br"}
REQUEST_TIMEOUT = 2.0  # seconds; a slower answer counts as a timeout (wrk's default)
BUILD_TIMEOUT = 900  # seconds for migrate + simulate_tournament (10-50 s here)
START_TIMEOUT = 60  # seconds for the server to answer its health check


@dataclass
class Load:
    """What one path was loaded with."""

    label: str
    path: str
    connections: int
    headers: dict[str, str] = field(default_factory=dict)
    target: float | None = None  # the minimum ratio to the bare view
    key: str = ""  # its short name for --paths
    bump_every: float | None = None  # seconds between two bumps during its load


@dataclass
class Figures:
    """What the load measured."""

    requests: int
    rps: float
    p50: float  # seconds
    p99: float  # seconds
    errors: int  # answers other than 2xx/3xx, and broken connections
    timeouts: int


# ------------------------------------------------------------------- databases


class Database:
    """A database of the benchmark's own: its URL, made and thrown away."""

    def __init__(self, configured: str | None, tmp: Path):
        self.postgres = bool(configured) and configured.startswith(
            ("postgres://", "postgresql://")
        )
        if configured and not self.postgres:
            raise SystemExit("DATABASE_URL: only PostgreSQL or the default SQLite.")
        if self.postgres:
            parts = urllib.parse.urlsplit(configured)
            self.name = BENCH_DB
            self.url = urllib.parse.urlunsplit(parts._replace(path="/" + BENCH_DB))
            self.admin_url = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
        else:
            self.name = str(tmp / "bench.sqlite3")
            self.url = f"sqlite:///{self.name}"

    def create(self) -> None:
        if self.postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            self._admin(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        if self.postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def bump(self, slug: str) -> None:
        """Move the tournament's version as a confirmed result does (another
        process's: the servers see it when their cached state expires, <= 2.5 s)."""
        sql = "UPDATE tournaments_tournament SET version = version + 1 WHERE slug = "
        if self.postgres:
            import psycopg

            with psycopg.connect(self.url, autocommit=True) as conn:
                conn.execute(sql + "%s", [slug])
        else:
            import sqlite3

            with contextlib.closing(sqlite3.connect(self.name, timeout=20)) as conn:
                conn.execute(sql + "?", [slug])
                conn.commit()

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(sql)

    def connections(self) -> int:
        """How many connections the bench database has now (a separate connection)."""
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
                [self.name],
            ).fetchone()
        return row[0]


class ConnectionSampler(threading.Thread):
    """Count the bench database's connections every 0.5 s until stopped."""

    def __init__(self, database: Database):
        super().__init__(daemon=True)
        self.database = database
        self.samples: list[int] = []
        self.stopped = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.database.admin_url, autocommit=True) as conn:
            while not self.stopped.is_set():
                row = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
                    [self.database.name],
                ).fetchone()
                self.samples.append(row[0])
                self.stopped.wait(0.5)

    def stop(self) -> int:
        self.stopped.set()
        self.join(timeout=5)
        return max(self.samples, default=0)


class Bumper(threading.Thread):
    """Bump the tournament's version every ``every`` seconds until stopped."""

    def __init__(self, database: Database, slug: str, every: float):
        super().__init__(daemon=True)
        self.database, self.slug, self.every = database, slug, every
        self.bumps = 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(self.every):
            self.database.bump(self.slug)
            self.bumps += 1

    def stop(self) -> int:
        self.stopped.set()
        self.join(timeout=10)
        return self.bumps


# ----------------------------------------------------------------------- setup


FACTS = """
import json
from django.conf import settings
from django.db.models import Count
from standings.rounds import round_read
from tournaments.models import Entry, Round, Tournament
t = Tournament.objects.get(slug=SLUG)
# The widest round published (all 576 seated, not the final's 32): its draw and
# "where do I sit?" are what the whole hall opens at once.
rnd = (
    Round.objects.filter(tournament=t).exclude(status="draft")
    .annotate(n=Count("tables")).order_by("-n", "-number")[0]
)
seat = round_read(round=rnd, public_only=True, with_games=False).tables[0].seats[0]
player = Entry.objects.select_related("player").get(pk=seat.entry_id).player
pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
print(json.dumps({
    "round": rnd.number, "last_name": player.last_name,
    "pool": pool.get("max_size") if isinstance(pool, dict) else None,
}))
"""


def _manage(env: dict, *args: str, timeout: float = BUILD_TIMEOUT) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"manage.py {args[0]} failed ({done.returncode}).")
    return done.stdout


def build_event(env: dict, players: int) -> dict:
    """Migrate, simulate the event, and return its slug, widest round and a name."""
    _manage(env, "migrate", "--noinput", "-v", "0")
    out = _manage(
        env,
        "simulate_tournament",
        *("--players", str(players), "--format", "individual", "--rounds", "3"),
        *("--final", "32", "--seed", "1", "-v", "0"),
    )
    slug = out.strip().splitlines()[-1].strip()
    facts = _manage(env, "shell", "-c", f"SLUG = {slug!r}\n{FACTS}", timeout=120)
    return {"slug": slug, **json.loads(facts.strip().splitlines()[-1])}


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind((HOST, port))
            except OSError:
                continue
            return port
    raise SystemExit(f"No free port in {PORTS.start}-{PORTS.stop - 1} on {HOST}.")


class Server:
    """The production server in a process group of its own, stopped on exit."""

    def __init__(self, env: dict, port: int, log: Path):
        self.port = port
        self.log = log
        env = {**env, "HOST": HOST, "PORT": str(port)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "config.serve"],
            cwd=BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"The server stopped:\n{self.tail()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                if get(self.port, BARE)[0] == 200:
                    return
            time.sleep(0.2)
        raise SystemExit(
            f"The server did not answer in {START_TIMEOUT} s:\n{self.tail()}"
        )

    def sizing(self) -> tuple[str, str]:
        """The processes and threads the server announced on its first lines."""
        found = re.search(
            r"\((\d+) processes \S (\d+) threads", self.log.read_text(errors="replace")
        )
        return found.groups() if found else ("?", "?")

    def tail(self) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status, dict(response.getheaders())
    finally:
        conn.close()


def etag(port: int, path: str, headers: dict | None = None) -> str:
    """Return the path's ETag, checked to be answered with 304 when sent back."""
    status, answer = get(port, path, headers)
    value = next((v for k, v in answer.items() if k.lower() == "etag"), None)
    if status != 200 or not value:
        raise SystemExit(f"{path}: no ETag (HTTP {status}).")
    status, _headers = get(port, path, {**(headers or {}), "If-None-Match": value})
    if status != 304:
        raise SystemExit(f"{path}: HTTP {status} to If-None-Match {value}, not 304.")
    return value


# ------------------------------------------------------------------------ load


UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}


def _seconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text).groups()
    return float(number) * UNITS[unit]


def parse_wrk(output: str) -> Figures:
    """Read req/s, the 50th and 99th percentiles and the errors of ``wrk --latency``."""
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = _seconds(re.search(r"^\s+50%\s+(\S+)", output, re.M).group(1))
    p99 = _seconds(re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1))
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    errors = int(non_2xx.group(1)) if non_2xx else 0
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    timeouts = 0
    if socket_errors:
        connect, read, write, timeouts = map(int, socket_errors.groups())
        errors += connect + read + write
    return Figures(requests, rps, p50, p99, errors, timeouts)


def load_wrk(port: int, load: Load, seconds: float) -> Figures:
    threads = max(1, min(os.cpu_count() or 1, load.connections))
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{load.connections}",
        f"-d{seconds:g}s",
        f"--timeout={REQUEST_TIMEOUT:g}s",
        "--latency",
    ]
    for name, value in load.headers.items():
        command += ["-H", f"{name}: {value}"]
    command.append(f"http://{HOST}:{port}{load.path}")
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=seconds + 30, check=True
    )
    return parse_wrk(done.stdout)


def load_python(port: int, load: Load, seconds: float) -> Figures:
    """Keep ``connections`` keep-alive connections busy for ``seconds`` (threads)."""
    stop_at = time.monotonic() + seconds
    latencies: list[float] = []
    counts = {"errors": 0, "timeouts": 0}
    lock = threading.Lock()

    def worker() -> None:
        mine: list[float] = []
        errors = timeouts = 0
        conn = None
        while time.monotonic() < stop_at:
            if conn is None:
                conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
            started = time.perf_counter()
            try:
                conn.request("GET", load.path, headers=load.headers)
                response = conn.getresponse()
                response.read()
            except TimeoutError:
                timeouts += 1
                conn.close()
                conn = None
                continue
            except (OSError, http.client.HTTPException):
                errors += 1
                conn.close()
                conn = None
                continue
            mine.append(time.perf_counter() - started)
            if not 200 <= response.status < 400:
                errors += 1
            if response.will_close:
                conn.close()
                conn = None
        if conn is not None:
            conn.close()
        with lock:
            latencies.extend(mine)
            counts["errors"] += errors
            counts["timeouts"] += timeouts

    started = time.monotonic()
    workers = [
        threading.Thread(target=worker, daemon=True) for _ in range(load.connections)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=seconds + REQUEST_TIMEOUT + 5)
    elapsed = time.monotonic() - started
    latencies.sort()

    def pct(p: float) -> float:
        if not latencies:
            return 0.0
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))]

    return Figures(
        requests=len(latencies),
        rps=len(latencies) / elapsed,
        p50=pct(0.50),
        p99=pct(0.99),
        errors=counts["errors"],
        timeouts=counts["timeouts"],
    )


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
        # Not a target: what a client that takes no compression costs (wrk's default).
        Load("standings page, uncompressed", standings, page_c, key="standings-plain"),
    ]


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
    "standings-plain",
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


def run(args) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="manille-bench-"))
    database = Database(os.environ.get("DATABASE_URL"), tmp)
    env = {**os.environ, "DATABASE_URL": database.url}
    server = sampler = None
    generator = "wrk" if shutil.which("wrk") and not args.python else "python"
    load = load_wrk if generator == "wrk" else load_python
    try:
        database.create()
        started = time.monotonic()
        facts = build_event(env, args.players)
        print(
            f"Built {facts['slug']} ({args.players} players) on "
            f"{'PostgreSQL ' + database.name if database.postgres else 'SQLite'} "
            f"in {time.monotonic() - started:.0f} s; round {facts['round']} "
            f"(the widest), a name: {facts['last_name']}",
            flush=True,
        )
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
            # Idle: what stays open behind the load. psycopg's pool closes the idle
            # connections above one a process (min_size), one every 5 s (max_idle):
            # wait until each process holds one at most, or IDLE_WAIT.
            idle_wait = 3 if args.quick else IDLE_WAIT
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
