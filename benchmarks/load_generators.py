"""Load one path of the running site (wrk, or a bounded Python generator): figures."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import threading
import time
from dataclasses import dataclass, field

from benchmarks.hall_server import HOST

REQUEST_TIMEOUT = 2.0  # seconds; a slower answer counts as a timeout (wrk's default)


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
