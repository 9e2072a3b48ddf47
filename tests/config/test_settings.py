"""The settings as each way of running the site sees them, read in a fresh process.

Each test starts Python with the environment of one way (the hall, production behind
HTTPS, a plain SQLite file), since the settings are read once, at start.
"""

import json
import os
import secrets
import subprocess
import sys

import pytest

from config import lan
from tests.config.servers import BASE_DIR

PRINT_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({"SITE_URL": settings.SITE_URL,
                  "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
                  "CSRF_TRUSTED_ORIGINS": settings.CSRF_TRUSTED_ORIGINS}))
"""

SQLITE_PRAGMAS = """
import django, json
django.setup()
from django.db import connection
with connection.cursor() as cursor:
    answers = {}
    for pragma in ("journal_mode", "synchronous", "busy_timeout"):
        cursor.execute(f"PRAGMA {pragma}")
        answers[pragma] = cursor.fetchone()[0]
print(json.dumps(answers))
"""

# Variables of the calling shell that would change what these tests look at.
SITE_VARIABLES = (
    "HOST",
    "PORT",
    "SITE_URL",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "HTTPS",
    "DEBUG",
    "SECRET_KEY",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by tests/conftest.py for Playwright
)


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in SITE_VARIABLES}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings(**env: str) -> dict:
    done = _run(PRINT_SETTINGS, **env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_fresh_sqlite_connection_writes_ahead_and_waits_for_locks(tmp_path):
    """Readers never block the desk's writes: WAL, and a 20 s busy timeout."""
    done = _run(SQLITE_PRAGMAS, DATABASE_URL=f"sqlite:///{tmp_path / 'hall.sqlite3'}")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "journal_mode": "wal",
        "synchronous": 1,  # NORMAL: safe in WAL mode, no sync on every commit
        "busy_timeout": 20000,
    }


def test_on_this_machine_only_by_default():
    found = _settings()
    assert found["SITE_URL"] == "http://127.0.0.1:8000/"
    assert found["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "[::1]"]


def test_hall_mode_allows_the_machines_lan_addresses_and_prints_the_first():
    addresses = lan.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no non-loopback IPv4 address")
    found = _settings(HOST="0.0.0.0", PORT="8123")
    assert found["SITE_URL"] == f"http://{addresses[0]}:8123/"
    assert set(addresses) <= set(found["ALLOWED_HOSTS"])
    assert "127.0.0.1" in found["ALLOWED_HOSTS"]
    assert "evil.example.org" not in found["ALLOWED_HOSTS"]


def test_a_configured_site_url_and_allowed_hosts_win():
    found = _settings(
        HOST="0.0.0.0",
        SITE_URL="https://manille.example.org",
        ALLOWED_HOSTS="manille.example.org",
    )
    assert found == {
        "SITE_URL": "https://manille.example.org/",
        "ALLOWED_HOSTS": ["manille.example.org"],
        "CSRF_TRUSTED_ORIGINS": ["https://manille.example.org"],
    }


def test_check_deploy_finds_nothing_in_production_behind_https():
    """SECRET_KEY set, DEBUG off, HTTPS=1 behind a proxy: `check --deploy` is clean."""
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env={
            **{k: v for k, v in os.environ.items() if k not in SITE_VARIABLES},
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DEBUG": "0",
            "HTTPS": "1",
            "ALLOWED_HOSTS": "manille.example.org",
            "SITE_URL": "https://manille.example.org/",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout, done.stdout
