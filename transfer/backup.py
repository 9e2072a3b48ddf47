"""Write a consistent copy of the whole database: SQLite's backup API, or pg_dump."""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connections
from django.utils.translation import gettext as _

from core.errors import InvalidInput


class BackupError(InvalidInput):
    """The copy could not be made (no pg_dump, no room, a refused connection)."""


def _target(out_dir: Path, suffix: str) -> Path:
    """Return a new file name in ``out_dir`` stamped with the time in UTC."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    path = out_dir / f"manille-{stamp}{suffix}"
    n = 1
    while path.exists():  # two backups within a second
        n += 1
        path = out_dir / f"manille-{stamp}-{n}{suffix}"
    return path


def _sqlite(connection, path: Path) -> None:
    """Copy the live database page by page (SQLite's online backup API).

    The copy is one consistent state even while the hall keeps writing, WAL
    included (a plain ``cp`` of the file can miss what is still in the WAL); it is
    then made a single self-contained file and checked.
    """
    if connection.in_atomic_block:
        # The copy would wait for this very transaction's locks, for ever.
        raise BackupError(_("A backup cannot be made from inside a transaction."))
    connection.ensure_connection()
    target = sqlite3.connect(path)
    try:
        connection.connection.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
        (verdict,) = target.execute("PRAGMA quick_check").fetchone()
    finally:
        target.close()
    if verdict != "ok":
        raise BackupError(
            _("The copy is damaged (%(verdict)s).") % {"verdict": verdict}
        )


def _postgres(settings: dict, path: Path) -> None:
    """Dump the database with ``pg_dump -Fc`` (restore with ``pg_restore``)."""
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise BackupError(
            _(
                "pg_dump is not installed: install PostgreSQL's client programs "
                "(Debian: apt-get install postgresql-client)."
            )
        )
    env = dict(os.environ)
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings["PASSWORD"])  # never on the command line
    command = [pg_dump, "--format=custom", f"--file={path}", "--no-password"]
    for option, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings.get(key):
            command.append(f"{option}={settings[key]}")
    command.append(f"--dbname={settings['NAME']}")
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(
            _("pg_dump failed: %(error)s")
            % {"error": done.stderr.strip() or done.returncode}
        )


def database_backup(*, out_dir: Path, using: str = "default") -> Path:
    """Write a consistent copy of the database ``using`` into ``out_dir``.

    SQLite: ``manille-<UTC time>.sqlite3``, an ordinary database file. PostgreSQL:
    ``manille-<UTC time>.dump``, pg_dump's custom format. Written under a temporary
    name and renamed when complete, so a file with the final name is whole.
    """
    connection = connections[using]
    vendor = connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        raise BackupError(
            _("Backups support SQLite and PostgreSQL, not %(vendor)s.")
            % {"vendor": vendor}
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(
            _("Cannot create %(dir)s: %(error)s")
            % {"dir": out_dir, "error": exc.strerror or exc}
        ) from None
    path = _target(out_dir, ".sqlite3" if vendor == "sqlite" else ".dump")
    partial = path.with_name(f".{path.name}.part")
    try:
        if vendor == "sqlite":
            _sqlite(connection, partial)
        else:
            _postgres(connection.settings_dict, partial)
        os.replace(partial, path)
    except (OSError, sqlite3.Error) as exc:
        raise BackupError(_("The backup failed: %(error)s") % {"error": exc}) from None
    finally:
        partial.unlink(missing_ok=True)
    return path
