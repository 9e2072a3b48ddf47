"""A migrated SQLite database file, made once, copied for each test that needs one."""

import shutil

import pytest

from tests.config.servers import manage
from tests.transfer.events import simulate, sqlite_env


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory):
    path = tmp_path_factory.mktemp("sqlite-template") / "template.sqlite3"
    manage(sqlite_env(path), "migrate", "--noinput", "-v", "0")
    return path


@pytest.fixture
def sqlite_file(_migrated_sqlite, tmp_path):
    """A migrated, empty SQLite database file of the test's own (``manage.py``
    reaches it with ``sqlite_env(path)``)."""
    path = tmp_path / "hall.sqlite3"
    shutil.copyfile(_migrated_sqlite, path)
    return path


@pytest.fixture
def small():
    """A small event played to the end: what the refusal tests damage."""
    return simulate(players=8, rounds=1, seed=24)
