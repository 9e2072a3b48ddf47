"""A migrated SQLite database file, made once, copied for each test that needs one;
the events the tests damage or publish."""

import shutil

import pytest

from tests.config.servers import manage
from tests.transfer.events import public_answers, simulate, sqlite_env
from tournaments.models import Round, Tournament
from transfer.services import event_to_json, export_event
from transfer.services.tokens import event_token_issue


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


@pytest.fixture
def played():
    """An event the hall played (two rounds, all confirmed) and its file."""
    slug = simulate(players=8, rounds=2, seed=61, language="en", slug="web-event")
    tournament = Tournament.objects.get(slug=slug)
    return tournament, event_to_json(export_event(tournament))


@pytest.fixture
def web_copy(played):
    """The web's copy before the day: the same event with its entrants, no round;
    its director and a token of his."""
    tournament, text = played
    answers = public_answers(tournament.slug)
    Round.objects.filter(tournament=tournament).delete()
    director = tournament.directors.order_by("pk").first()
    token = event_token_issue(tournament=tournament, user=director)
    return tournament, text, answers, director, token
