"""Enter a whole round at its tables over HTTP, 144 phones at once, and time each deal.

Run ``DATABASE_URL=postgres://… python -m benchmarks.table_entry`` (or ``make
bench-table``). PostgreSQL only: a hall of 144 phones writing at once is what it is
for. It builds, in a database of its own (``manille_bench_<pid>``, created and
dropped), a 576-player individual event with round 1 published (144 tables of 4,
3 games each) whose results are entered at the tables and confirmed by the
opponents' acceptance; starts the production server (``python -m config.serve``,
2 processes unless ``WEB_WORKERS`` says otherwise) on 127.0.0.1; then simulates
every table at once, as its phone does:

1. opens the table's page ``/table/<code>/`` (the CSRF cookie) and its state;
2. per game, posts deals to ``/table/<code>/deal/`` (a random trump and the points
   of side A, each with a fresh idempotency key and the sheet's version), with a
   think time between deals, until the game reaches its target;
3. posts the game's acceptance by a player of the other side (``/accept/``): the
   third one confirms the sheet and updates the public standings.

By default the phones keep a real hall's pace, a little hurried: 45-90 s between
two deals of a table (a real deal takes one to two minutes; 144 tables then save
about two deals a second, twice a round's average of 5,000 deals in 90 minutes),
for 300 s. ``--think-min 5 --think-max 10`` compresses the hall about twelve times,
to see where the two cores give out.

Every deal save is timed on the client, from sending the request to reading the
whole answer. The client is one thread per table on ``http.client`` keep-alive
connections: threads that sleep through the think time cost nothing, and the
client's own CPU time is printed next to the server's two cores it shares the
machine with. A benchmark, not a test: figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.hall_server import HOST, Database, Server, _manage, free_port
from benchmarks.table_phones import PERSONAL, REQUEST_TIMEOUT, Phone, Tally, play_table

PLAYERS = 576
TARGET_P95 = 0.150  # seconds: the bound on a deal save's 95th percentile

BUILD = """
import json
from phones.services import table_codes_ensure
from tests.builders import build_drawn_round
from tournaments.models import Seat, Tournament
from tournaments.personal_codes import entry_codes_ensure
rnd = build_drawn_round(players=PLAYERS, slug="bench-table-entry", confirmed=False)
Tournament.objects.filter(pk=rnd.tournament_id).update(
    result_entry=Tournament.ResultEntry.TABLES_OPPONENTS,
    acceptance=Tournament.Acceptance.GAME,
)
t = Tournament.objects.get(pk=rnd.tournament_id)
entry_codes_ensure(tournament=t)  # as the check-in screen does
codes = table_codes_ensure(round=rnd)
personal = {}
for seat in Seat.objects.filter(table__round=rnd).select_related("table", "entry"):
    personal.setdefault(codes[seat.table.number], {})[str(seat.position)] = (
        seat.entry.personal_code
    )
print(json.dumps({
    "slug": t.slug, "round": rnd.number, "target": t.target,
    "codes": codes, "personal": personal,
}))
"""

CHECK = """
import json
from phones.models import TableSubmission
from scoring.models import DealRecord, ScoreSheet
sheets = ScoreSheet.objects.filter(table__round__tournament__slug="bench-table-entry")
print(json.dumps({
    "deals": DealRecord.objects.filter(
        game__table__round__tournament__slug="bench-table-entry"
    ).count(),
    "submissions": TableSubmission.objects.filter(sheet__in=sheets).count(),
    "confirmed": sheets.filter(status="confirmed").count(),
}))
"""


def group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the processes of a process group
    (the server and its workers), from /proc; 0 where /proc is missing.

    Unlike the latencies, this hardly moves with what else the machine runs: the
    figure to compare two versions by on a shared machine.
    """
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the name: state, ppid, pgrp, … utime (14th field), stime (15th).
        if int(fields[2]) == pgid:
            total += int(fields[11]) + int(fields[12])
    return total / tick


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def play_every_table(server, port: int, codes: list, args, *, think: tuple):
    """Play every table at once, one thread each, opened in a ramp.

    Return the tables' tallies, the wall-clock duration, and the CPU seconds the
    client and the server spent meanwhile.
    """
    rng = random.Random(args.seed)
    tallies = [Tally() for _ in codes]
    stop_at = time.monotonic() + args.seconds
    cpu_before = time.process_time()
    server_before = group_cpu(server.process.pid)
    begun = time.monotonic()
    workers_ = [
        threading.Thread(
            target=play_table,
            args=(Phone(port, code, random.Random(rng.random())), tally),
            kwargs={"think": think, "poll": args.poll, "stop_at": stop_at},
            daemon=True,
        )
        for code, tally in zip(codes, tallies, strict=True)
    ]
    for w in workers_:
        w.start()
        time.sleep(args.ramp / max(1, len(workers_)))  # phones open in a ramp
    for w in workers_:
        w.join(timeout=max(0.0, stop_at - time.monotonic()) + REQUEST_TIMEOUT + 5)
    duration = time.monotonic() - begun
    client_cpu = time.process_time() - cpu_before
    server_cpu = group_cpu(server.process.pid) - server_before
    return tallies, duration, client_cpu, server_cpu


def run(args) -> None:
    configured = os.environ.get("DATABASE_URL", "")
    if not configured.startswith(("postgres://", "postgresql://")):
        raise SystemExit(
            "benchmarks.table_entry needs PostgreSQL: set DATABASE_URL, e.g.\n"
            "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/manille "
            "python -m benchmarks.table_entry\n"
            "(it creates and drops a database of its own, manille_bench_<pid>)."
        )
    tmp = Path(tempfile.mkdtemp(prefix="manille-bench-table-"))
    database = Database(configured, tmp)
    env = {
        **os.environ,
        "DATABASE_URL": database.url,
        "WEB_WORKERS": os.environ.get("WEB_WORKERS", str(args.workers)),
    }
    server = None
    try:
        database.create()
        started = time.monotonic()
        _manage(env, "migrate", "--noinput", "-v", "0")
        out = _manage(env, "shell", "-c", f"PLAYERS = {args.players}\n{BUILD}")
        facts = json.loads(out.strip().splitlines()[-1])
        codes = list(facts["codes"].values())[: args.tables]
        PERSONAL.update(facts.get("personal", {}))
        print(
            f"Built {facts['slug']}: {args.players} players, round {facts['round']} "
            f"published, {len(facts['codes'])} tables of 4 x 3 games to "
            f"{facts['target']}, entered at the tables (confirmed by the opponents' "
            f"acceptance), on PostgreSQL {database.name} in "
            f"{time.monotonic() - started:.0f} s",
            flush=True,
        )
        port = free_port()
        server = Server(env, port, tmp / "server.log")
        server.wait_ready()
        workers, threads = server.sizing()
        print(
            f"Server: python -m config.serve on http://{HOST}:{port}/ "
            f"({workers} processes x {threads} threads)",
            flush=True,
        )
        think = (args.think_min, args.think_max)
        print(
            f"Client: {len(codes)} tables at once, one thread each on http.client "
            f"keep-alive; think time {think[0]:g}-{think[1]:g} s between deals "
            f"(a real table takes a minute or two per deal: this is a hall "
            f"compressed about {90 / max(sum(think) / 2, 0.01):.1f} times); "
            + (
                f"each page polls its state every {args.poll:g} s (If-None-Match) "
                "as the page does; "
                if args.poll > 0
                else "no state polls (--poll 0); "
            )
            + f"capped at {args.seconds:g} s",
            flush=True,
        )
        tallies, duration, client_cpu, server_cpu = play_every_table(
            server, port, codes, args, think=think
        )
        check = json.loads(
            _manage(env, "shell", "-c", CHECK, timeout=120).strip().splitlines()[-1]
        )
        report(tallies, duration, client_cpu, server_cpu, check, args)
    finally:
        if server is not None:
            server.stop()
        with contextlib.suppress(Exception):
            database.drop()
        shutil.rmtree(tmp, ignore_errors=True)


def report(tallies, duration, client_cpu, server_cpu, check, args) -> None:
    latencies = [x for t in tallies for x in t.deal_latencies]
    others = [x for t in tallies for x in t.other_latencies]
    polls = [x for t in tallies for x in t.poll_latencies]
    errors = [e for t in tallies for e in t.errors]
    deals = sum(t.deals for t in tallies)
    p95 = percentile(latencies, 0.95)
    lines = [
        f"tables:                 {len(tallies)} "
        f"({sum(t.finished for t in tallies)} finished all 3 games)",
        f"deals saved:            {deals} (the database holds {check['deals']}: "
        f"none lost, none doubled = {'yes' if check['deals'] == deals else 'NO'})",
        f"games finished:         {sum(t.games for t in tallies)}",
        f"acceptances:            {sum(t.acceptances for t in tallies)} "
        f"(sheets confirmed: {check['confirmed']})",
        f"errors:                 {len(errors)}",
        f"deal save latency:      p50 {_ms(percentile(latencies, 0.50))}, "
        f"p95 {_ms(p95)}, p99 {_ms(percentile(latencies, 0.99))}, "
        f"max {_ms(max(latencies, default=0.0))}",
        f"page, state, accept:    p50 {_ms(percentile(others, 0.50))}, "
        f"p95 {_ms(percentile(others, 0.95))}, max {_ms(max(others, default=0.0))}",
        f"state polls:            {sum(t.polls for t in tallies)}, "
        f"p50 {_ms(percentile(polls, 0.50))}, p95 {_ms(percentile(polls, 0.95))}",
        f"duration:               {duration:.1f} s "
        f"({deals / duration if duration else 0:.1f} deals/s)"
        + (
            f"; stopped by the {args.seconds:g} s cap before every table finished"
            if not all(t.finished for t in tallies) and duration >= args.seconds
            else ""
        ),
        f"client CPU:             {client_cpu:.1f} s "
        f"({100 * client_cpu / duration if duration else 0:.0f}% of one core)",
        f"server CPU:             {server_cpu:.1f} s "
        f"({100 * server_cpu / duration if duration else 0:.0f}% of one core; "
        f"{1000 * server_cpu / deals if deals else 0:.1f} ms per deal saved, its "
        f"polls included)",
        f"deal save p95 ≤ 150 ms: {'yes' if latencies and p95 <= TARGET_P95 else 'no'}",
    ]
    print("\n".join(lines), flush=True)
    for error in errors[:10]:
        print(f"  error: {error}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=300, help="cap on the entry (300)"
    )
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument(
        "--tables", type=int, default=None, help="simulate only the first N tables"
    )
    parser.add_argument(
        "--think-min",
        type=float,
        default=45.0,
        help="seconds between two deals of a table, at least (45; a real deal: 60-120)",
    )
    parser.add_argument(
        "--think-max",
        type=float,
        default=90.0,
        help="at most (90); 5 and 10 compress the hall about 12 times",
    )
    parser.add_argument(
        "--poll",
        type=float,
        default=2.5,
        help="seconds between a page's state polls, as the page (2.5; 0: none)",
    )
    parser.add_argument(
        "--ramp", type=float, default=5.0, help="seconds over which phones open (5)"
    )
    parser.add_argument("--workers", type=int, default=2, help="server processes (2)")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    if args.players % 4 or args.players < 4:
        parser.error("--players: a multiple of 4.")
    if args.tables is None:
        args.tables = args.players // 4
    if not 0 <= args.think_min <= args.think_max:
        parser.error("--think-min and --think-max: 0 <= min <= max.")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        run(args)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
