"""Run the site for a load benchmark: a database and an event of its own, the server.

Used by ``benchmarks.hall_load`` and ``benchmarks.table_entry``: the database
(a throwaway SQLite file, or ``manille_bench_<pid>`` on PostgreSQL, created and
dropped), the event built in it with ``simulate_tournament``, the production server
(``python -m config.serve``) on 127.0.0.1 and a free port, and a plain GET.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORTS = range(8940, 8950)
BARE = "/healthz/"
BENCH_DB = f"manille_bench_{os.getpid()}"  # two runs at once never collide
BUILD_TIMEOUT = 900  # seconds for migrate + simulate_tournament (10-50 s here)
START_TIMEOUT = 60  # seconds for the server to answer its health check


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


# The pools-then-knockout event (issue 25): Roeselare's open championship for pairs.
STAGED = (
    *("--format", "pairs", "--teams", "60", "--draw", "pools", "--pool-size", "4"),
    *("--knockout", "16", "--seed", "1"),
)


def build_staged_event(env: dict) -> str:
    """Simulate 60 pairs in pools of four and a knockout of 16; return its slug.

    Run after ``build_event`` (the database is migrated); played to its champion.
    """
    out = _manage(env, "simulate_tournament", *STAGED, "-v", "0")
    return out.strip().splitlines()[-1].strip()


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
