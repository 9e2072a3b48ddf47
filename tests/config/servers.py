"""Run the site's real launcher, ``python -m config.serve``, for a test; stop it."""

import contextlib
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]


def manage(env: dict, *args: str, timeout: int = 300) -> str:
    """Run ``manage.py`` in a subprocess with ``env``; fail the test if it fails."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A TCP port nothing listens on now, on any interface, for a server of the
    test's own: a fixed port could be taken by the same test in another process
    (pytest-xdist, another checkout's suite) or by a program left running. Drawn
    from 20000-29999, below the ports the kernel hands to outgoing connections (a
    load test opens hundreds); never the same twice in one process."""
    for port in random.sample(range(20000, 30000), 200):
        if port in _HANDED_OUT:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("", port))
            except OSError:
                continue
        _HANDED_OUT.add(port)
        return port
    raise RuntimeError("no free TCP port in 20000-29999")


def get(host: str, port: int, path: str, timeout: float = 10) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@contextlib.contextmanager
def serving(env: dict, *, port: int, probe: str = "/static/css/site.css"):
    """Start ``python -m config.serve`` with ``env``; yield it once it answers.

    The process runs in a session of its own so that its workers stop with it; its
    output (the announced URL, the server's log) is read back as ``process.output``.
    """
    log = tempfile.TemporaryFile(mode="w+")  # a pipe left unread could block it
    process = subprocess.Popen(
        [sys.executable, "-m", "config.serve"],
        cwd=BASE_DIR,
        env={**env, "PORT": str(port)},
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                log.seek(0)
                raise AssertionError(f"the server stopped:\n{log.read()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                if get("127.0.0.1", port, probe, timeout=2)[0] == 200:
                    break
            assert time.monotonic() < deadline, "the server did not answer in 60 s"
            time.sleep(0.2)
        yield process
    finally:
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        log.seek(0)
        process.output = log.read()
        log.close()
