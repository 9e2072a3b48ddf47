"""Run a private ``redis-server`` for a test: on a free port, stopped and started
again at will (the test's own, never the machine's shared Redis); or a listener
that never answers."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.config.servers import free_port


class RedisServer:
    """A ``redis-server`` process of the test's own, without persistence."""

    def __init__(self, workdir: Path, port: int | None = None) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            pytest.skip("needs the redis-server binary (apt-get install redis-server)")
        self.workdir = workdir
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
                *("--dir", str(self.workdir)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not self.answers():
            assert self.process.poll() is None, "redis-server stopped at once"
            assert time.monotonic() < deadline, "redis-server did not answer in 10 s"
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop it as a crash would (SIGKILL): no goodbye to its clients."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def client(self):
        import redis

        return redis.Redis.from_url(self.url, socket_timeout=1)

    def answers(self) -> bool:
        import redis

        with contextlib.suppress(redis.RedisError):
            return bool(self.client().ping())
        return False

    def keys(self) -> list[bytes]:
        return self.client().keys("*")


@contextlib.contextmanager
def redis_server(workdir: Path):
    server = RedisServer(workdir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class SilentServer(threading.Thread):
    """A listener that takes connections and never answers: a hung Redis, or a
    hung database."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.accepted: list[socket.socket] = []

    def run(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.accepted:
            conn.close()
