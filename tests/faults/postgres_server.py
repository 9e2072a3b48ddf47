"""Run a throw-away PostgreSQL cluster for a test: initdb into a directory of its
own, served on a free port of 127.0.0.1, stopped and started again at will (never
the machine's shared server).

PostgreSQL refuses to run as root: as root (the CI machine) every command runs as
the ``postgres`` user (``runuser``), in a directory that user owns under the
system's temporary directory (pytest's own ``tmp_path`` is root's alone).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.config.servers import free_port

OWNER = "postgres"


def _bin_dir() -> Path | None:
    """The newest installed PostgreSQL's binaries (Debian keeps them off PATH)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PostgresCluster:
    """A cluster of the test's own: ``start()``, ``stop()`` (immediate, as a crash),
    ``start()`` again on the same port and data."""

    def __init__(self, port: int | None = None) -> None:
        self.bin = _bin_dir()
        if self.bin is None:
            pytest.skip(
                "needs PostgreSQL's server binaries (apt-get install postgresql)"
            )
        self.as_root = os.geteuid() == 0
        self.workdir = Path(tempfile.mkdtemp(prefix="manille-pg-"))
        if self.as_root:
            shutil.chown(self.workdir, user=OWNER, group=OWNER)
        self.data = self.workdir / "data"
        self.log = self.workdir / "server.log"
        self.port = port or free_port()
        self.url = f"postgres://{OWNER}@127.0.0.1:{self.port}/manille"

    def _run(self, *args: str, timeout: float = 60) -> str:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", OWNER, "--", *command]
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, cwd=self.workdir
        )
        assert done.returncode == 0, f"{args[0]}: {done.stdout}{done.stderr}"
        return done.stdout

    def init(self) -> None:
        self._run(
            "initdb",
            *("-D", str(self.data), "-U", OWNER, "-A", "trust"),
            *("-E", "UTF8", "--no-locale", "--no-sync"),
        )

    def start(self) -> None:
        # fsync=off: a process that stops loses nothing the kernel holds, and a
        # commit still waits for its WAL to be written (synchronous_commit stays on).
        options = " ".join(
            [
                f"-p {self.port}",
                "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={self.workdir}",
                "-c fsync=off",
                "-c max_connections=60",
            ]
        )
        self._run(
            "pg_ctl",
            *("-D", str(self.data), "-l", str(self.log), "-o", options),
            *("-w", "-t", "60", "start"),
        )

    def stop(self) -> None:
        """Stop as a crash would: every backend gone at once, no checkpoint."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def running(self) -> bool:
        command = [str(self.bin / "pg_ctl"), "-D", str(self.data), "status"]
        if self.as_root:
            command = ["runuser", "-u", OWNER, "--", *command]
        return subprocess.run(command, capture_output=True).returncode == 0

    def createdb(self, name: str = "manille") -> None:
        self._run(
            "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", OWNER, name
        )

    def remove(self) -> None:
        with contextlib.suppress(AssertionError, subprocess.SubprocessError):
            if self.running():
                self.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster():
    """A started cluster with an empty database ``manille``; removed afterwards."""
    cluster = PostgresCluster()
    try:
        cluster.init()
        cluster.start()
        cluster.createdb()
        yield cluster
    finally:
        cluster.remove()


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)
