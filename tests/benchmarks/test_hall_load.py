"""The hall load benchmark runs end to end and loads every path without an error."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
LABELS = [
    "bare view /healthz/",
    "version poll (If-None-Match, 304)",
    "standings page",
    "standings page (If-None-Match, 304)",
    "standings page, a result every 2 s",
    "where do I sit? (a name)",
    "where do I sit? (every name)",
    "draw by table",
    "tournament front page",
    "projector page",
    "projector data (live region)",
    "calendar page",
    "calendar feed (iCal)",
    "standings page, uncompressed",
    # Issue 25, on a second event: 60 pairs in pools of four, a knockout of 16.
    "pools page",
    "bracket page",
    "pools API",
    "bracket API",
]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.hall_load", "--quick", *args],
        cwd=BASE_DIR,
        # The production defaults (the suite may turn the pool off for itself).
        env={k: v for k, v in os.environ.items() if k != "DB_POOL_SIZE"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _assert_every_path_without_errors(out: str, labels=LABELS) -> None:
    lines = [line for line in out.splitlines() if " req/s " in line]
    # Each path, and the bare view it is compared with, measured in turns with it.
    assert len(lines) == 2 * (len(labels) - 1), out
    for label in labels:
        assert any(line.startswith(label + " ") for line in lines), (label, out)
    for line in lines:
        assert re.search(r"errors 0 +timeouts 0\b", line), line
        assert float(re.search(r"([\d.]+) req/s", line).group(1)) > 0, line
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        # The connections never exceed the pools' bound, whatever the load.
        found = re.search(
            r"connections to manille_bench_\d+: at most (\d+) .* = at most (\d+)", out
        )
        assert found, out
        peak, bound = map(int, found.groups())
        assert 0 < peak <= bound, out


@pytest.mark.bench
@pytest.mark.skipif(not shutil.which("wrk"), reason="wrk is not installed")
def test_quick_benchmark_with_wrk_loads_every_path_without_an_error():
    # 1 s per path (wrk counts whole seconds): the test is that every path loads
    # without an error, the figures are the benchmark's business (make bench-load).
    out = _run("--players", "64", "--seconds", "1")
    assert "load: wrk" in out
    _assert_every_path_without_errors(out)


@pytest.mark.bench
def test_quick_benchmark_with_python_loads_every_path_without_an_error():
    """Without wrk the bounded Python load generator measures the paths: a poll,
    a page rebuilt under a result every 2 s and the longest page (every path is
    the wrk test's; the generator is the same for all, and this keeps the suite
    ~30 s shorter)."""
    out = _run(
        "--players", "64", "--python", "--seconds", "1",
        "--paths", "poll,standings-bumped,names",
    )
    assert "load: python" in out
    _assert_every_path_without_errors(
        out,
        [
            "bare view /healthz/",
            "version poll (If-None-Match, 304)",
            "standings page, a result every 2 s",
            "where do I sit? (every name)",
        ],
    )
