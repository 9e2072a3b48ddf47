"""Two real sites: "web" (``python -m config.serve`` on a PostgreSQL database of the
test's own) and "hall" (``manage.py`` on a SQLite file, offline but for its two
exchanges). The web holds the event with its entrants; the hall pulls it, plays
the day without the web, publishes it; every public JSON answer of the event on
the web then equals the hall's (issue 26).
"""

import json
import os
import urllib.parse

import pytest

from tests.config.servers import manage
from tests.transfer.events import sqlite_env
from tests.transfer.sites import web_site

DATABASE = f"manille_web_{os.getpid()}"

# On the web, before the day: the event, its phases and its entrants present.
WEB_EVENT = """
from draws.simulation import tournament_simulate
from tournaments.models import Round
built = tournament_simulate(
    players=16, rounds=2, final=8, seed=71, language="en", slug="open-day"
)
Round.objects.filter(tournament=built.tournament).delete()
print(built.tournament.slug)
"""
PLAY_THE_DAY = """
from draws.simulation import tournament_play
from tests.transfer.events import dump_answers
from tournaments.models import Tournament
t = Tournament.objects.get(slug="open-day")
tournament_play(tournament=t, seed=9)
dump_answers("open-day", ANSWERS)
"""


@pytest.fixture
def web():
    """The web site, served, with the event; yields its environment and address."""
    with web_site(DATABASE, WEB_EVENT) as served:
        yield served


@pytest.mark.postgres
def test_the_hall_pulls_plays_offline_and_publishes_the_same_answers(
    web, sqlite_file, tmp_path
):
    web_env, site = web
    hall = sqlite_env(sqlite_file)
    token = manage(web_env, "event_token", "open-day", "--user", "director").strip()

    manage(
        hall,
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; "
        "get_user_model().objects.create_user('hall', password='pw-hall-1', "
        "is_staff=True)",
    )
    pulled = manage(hall, "pull_event", site, "--token", token).strip()
    assert pulled.splitlines()[-1] == "open-day"

    answers = tmp_path / "hall.json"
    manage(hall, "shell", "-c", f"ANSWERS = {str(answers)!r}\n{PLAY_THE_DAY}")
    at_the_hall = json.loads(answers.read_text(encoding="utf-8"))

    out = manage(hall, "publish_event", "open-day", site, "--token", token)
    assert "Published “open-day” (rounds: 3, entrants: 16)." in out
    on_the_web = tmp_path / "web.json"
    manage(
        web_env,
        "shell",
        "-c",
        "from tests.transfer.events import dump_answers; "
        f"dump_answers('open-day', {str(on_the_web)!r})",
    )
    assert json.loads(on_the_web.read_text(encoding="utf-8")) == at_the_hall
    # What the hall's phones read, over HTTP on the web: the standings.
    status, body = _get(site, "/api/tournaments/open-day/standings/")
    assert status == 200 and len(json.loads(body)["rows"]) == 16

    # Again: the same answers; a wrong token: refused, nothing changed.
    manage(hall, "publish_event", "open-day", site, "--token", token)
    wrong = _run(hall, "publish_event", "open-day", site, "--token", token + "x")
    assert wrong.returncode != 0 and "does not open this event" in wrong.stderr
    manage(
        web_env,
        "shell",
        "-c",
        "from tests.transfer.events import dump_answers; "
        f"dump_answers('open-day', {str(on_the_web)!r})",
    )
    assert json.loads(on_the_web.read_text(encoding="utf-8")) == at_the_hall


def _get(site: str, path: str):
    from tests.config.servers import get

    parts = urllib.parse.urlsplit(site)
    return get(parts.hostname, parts.port, path)


def _run(env, *args):
    import subprocess
    import sys

    from tests.config.servers import BASE_DIR

    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
