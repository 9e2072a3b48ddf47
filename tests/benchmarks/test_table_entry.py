"""The table-entry benchmark runs end to end: every table enters, nothing is lost."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
POSTGRES = os.environ.get("DATABASE_URL", "").startswith(
    ("postgres://", "postgresql://")
)


def _run(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks.table_entry", *args],
        cwd=BASE_DIR,
        env=env or {k: v for k, v in os.environ.items() if k != "DB_POOL_SIZE"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_without_postgresql_it_says_what_to_set():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = _run("--players", "16", env=env)
    assert done.returncode != 0
    assert "needs PostgreSQL: set DATABASE_URL" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.bench
@pytest.mark.skipif(not POSTGRES, reason="the benchmark runs on PostgreSQL only")
def test_a_small_hall_enters_every_game_and_accepts_it_without_an_error():
    done = _run(
        *("--players", "16", "--think-min", "0", "--think-max", "0.05"),
        *("--poll", "0.02", "--ramp", "0", "--seconds", "120"),
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert re.search(r"^tables: +4 \(4 finished all 3 games\)$", out, re.M), out
    deals = int(re.search(r"^deals saved: +(\d+) ", out, re.M).group(1))
    assert deals >= 4 * 3 * 2  # a game to 101 takes at least two deals
    assert f"the database holds {deals}: none lost, none doubled = yes" in out
    assert re.search(r"^games finished: +12$", out, re.M), out
    assert re.search(r"^acceptances: +12 \(sheets confirmed: 4\)$", out, re.M), out
    assert re.search(r"^errors: +0$", out, re.M), out
    assert re.search(r"^state polls: +[1-9]", out, re.M), out
    assert re.search(r"^deal save latency: +p50 [\d.]+ ms, p95 [\d.]+ ms", out, re.M)
    assert re.search(r"^deal save p95 ≤ 150 ms: (yes|no)$", out, re.M), out
