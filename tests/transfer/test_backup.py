"""``manage.py backup`` (``make backup``) writes a copy of the database that restores.

SQLite: a real database file of the test's own, with a write still in its
write-ahead log while the copy is made; the copy then serves the same answers.
PostgreSQL: ``pg_dump -Fc`` of the test database, listed by ``pg_restore --list``
and restored into a new database.
"""

import contextlib
import json
import os
import re
import sqlite3
import subprocess
import urllib.parse
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.builders import build_event
from tests.config.servers import manage
from tests.transfer.events import sqlite_env
from tournaments.models import Game
from transfer.backup import database_backup

TABLES = (
    "clubs_club",
    "clubs_player",
    "tournaments_tournament",
    "tournaments_seat",
    "tournaments_game",
    "scoring_scoresheet",
    "scoring_dealrecord",
    "tournaments_roundlog",
)


def _counts(db: sqlite3.Connection) -> dict[str, int]:
    return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


PLAY = """
from tests.transfer.events import dump_answers, simulate
slug = simulate(players=16, rounds=2, seed=51)
dump_answers(slug, ANSWERS)
print(slug)
"""


def _answers(env: dict, slug: str, path: Path) -> dict:
    script = (
        "from tests.transfer.events import dump_answers\n"
        f"dump_answers({slug!r}, {str(path)!r})"
    )
    manage(env, "shell", "-c", script)
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_backup_of_a_live_sqlite_database_restores(tmp_path, sqlite_file):
    env = sqlite_env(sqlite_file)
    answers = tmp_path / "hall.json"
    out = manage(env, "shell", "-c", f"ANSWERS = {str(answers)!r}\n{PLAY}")
    slug = out.strip().splitlines()[-1]
    # The hall keeps writing: a committed club still in the WAL, not checkpointed.
    live = sqlite3.connect(sqlite_file)
    try:
        live.execute("PRAGMA wal_autocheckpoint=0")
        live.execute(
            "INSERT INTO clubs_club (name, short_name, city) "
            "VALUES ('Laatste Club', '', '')"
        )
        live.commit()
        assert Path(f"{sqlite_file}-wal").stat().st_size > 0
        expected = _counts(live)

        out = manage(env, "backup", "--out", str(tmp_path / "backups"))
    finally:
        live.close()
    path = Path(out.strip().splitlines()[-1])

    assert path.parent == tmp_path / "backups"
    assert re.fullmatch(r"manille-\d{8}T\d{6}Z\.sqlite3", path.name)
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no leftovers
    with contextlib.closing(sqlite3.connect(path)) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert _counts(copy) == expected
        assert expected["scoring_dealrecord"] > 100
        assert copy.execute(
            "SELECT count(*) FROM clubs_club WHERE name = 'Laatste Club'"
        ).fetchone() == (1,)
    # Restored (the copy put in the database's place), the site answers the same.
    restored = _answers(sqlite_env(path), slug, tmp_path / "copy.json")
    assert restored == json.loads(answers.read_text(encoding="utf-8"))


@pytest.mark.django_db(transaction=True)
def test_a_second_backup_in_the_same_second_gets_a_name_of_its_own(tmp_path):
    build_event(players=8, rounds=1, final=0, seed=52, clubs=2)
    first = database_backup(out_dir=tmp_path)
    second = database_backup(out_dir=tmp_path)
    assert first != second
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [first.name, second.name]
    )


def _postgres_url(name: str) -> str:
    params = connection.settings_dict
    user = urllib.parse.quote(params["USER"] or "")
    password = params["PASSWORD"]
    auth = f"{user}:{urllib.parse.quote(password)}" if password else user
    host = params["HOST"] or "localhost"
    port = f":{params['PORT']}" if params["PORT"] else ""
    return f"postgres://{auth}@{host}{port}/{name}"


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: DATABASE_URL=postgres://...",
)
@pytest.mark.django_db(transaction=True)
def test_a_backup_of_postgresql_is_a_dump_that_restores(tmp_path):
    import psycopg

    build_event(players=16, rounds=2, final=0, seed=31, clubs=4)
    games = Game.objects.count()
    out = StringIO()
    call_command("backup", "--out", str(tmp_path), stdout=out, verbosity=0)
    path = Path(out.getvalue().strip())

    assert re.fullmatch(r"manille-\d{8}T\d{6}Z\.dump", path.name)
    listing = subprocess.run(
        ["pg_restore", "--list", str(path)], capture_output=True, text=True
    )
    assert listing.returncode == 0, listing.stderr
    assert "TABLE DATA public tournaments_game" in listing.stdout

    target = f"manille_restore_{os.getpid()}"
    with psycopg.connect(_postgres_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{target}"')
        admin.execute(f'CREATE DATABASE "{target}"')
    try:
        restore = subprocess.run(
            ["pg_restore", "--no-owner", f"--dbname={_postgres_url(target)}", path],
            capture_output=True,
            text=True,
        )
        assert restore.returncode == 0, restore.stderr
        with psycopg.connect(_postgres_url(target)) as restored:
            count = restored.execute("SELECT count(*) FROM tournaments_game")
            assert count.fetchone()[0] == games > 0
    finally:
        with psycopg.connect(_postgres_url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: DATABASE_URL=postgres://...",
)
@pytest.mark.django_db
def test_without_pg_dump_the_backup_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no pg_dump on it
    with pytest.raises(CommandError, match="pg_dump is not installed"):
        call_command("backup", "--out", str(tmp_path / "b"), verbosity=0)
    assert not any((tmp_path / "b").glob("manille-*"))


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's backup API")
@pytest.mark.django_db
def test_a_sqlite_backup_from_inside_a_transaction_is_refused_not_left_waiting(
    tmp_path,
):
    """The copy would wait for the open transaction's own locks for ever."""
    with pytest.raises(CommandError, match="inside a transaction"):
        call_command("backup", "--out", str(tmp_path), verbosity=0)
    assert not any(tmp_path.iterdir())
