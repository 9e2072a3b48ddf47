"""A round clock started through one app process shows the same time left on
another, and again after both are restarted: the clock is stored as moments.

Two real ``python -m config.serve`` processes on one database (a SQLite file of
the test's own, each process with its own memory cache), the director's own
form posted over HTTP to the first, the clock's JSON read from both.
"""

import http.cookiejar
import json
import os
import re
import time
import urllib.parse
import urllib.request

import pytest

from tests.config.servers import free_port, manage, serving

HOST = "127.0.0.1"

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.models import Round, Tournament
t = Tournament.objects.get(slug=SLUG)
t.round_minutes = 30
t.save(update_fields=["round_minutes"])
user = get_user_model().objects.create_user(username="clockdir", password=PASSWORD)
t.directors.add(user)
rnd = Round.objects.filter(tournament=t, status="published").order_by("-number")[0]
print(json.dumps({"round": rnd.pk, "number": rnd.number}))
"""
PASSWORD = "clock-test-secret-9"


@pytest.fixture
def hall_env(tmp_path):
    path = tmp_path / "db.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{path}",
        "DEBUG": "0",
        "WEB_WORKERS": "1",
        "WEB_THREADS": "4",
        "HOST": HOST,
        "SECRET_KEY": "clock-test-shared-by-both-processes",
    }
    for name in ("ALLOWED_HOSTS", "SITE_URL", "HTTPS", "REDIS_URL"):
        env.pop(name, None)
    manage(env, "migrate", "--noinput", "-v", "0")
    out = manage(
        env,
        "simulate_tournament",
        *("--players", "8", "--rounds", "1", "--leave-open", "--seed", "5"),
        *("--language", "en", "-v", "0"),
    )
    slug = out.strip().splitlines()[-1]
    made = manage(
        env, "shell", "-c", f"SLUG = {slug!r}\nPASSWORD = {PASSWORD!r}\n{SETUP}"
    )
    return env, slug, json.loads(made.strip().splitlines()[-1])


class Browser:
    """A cookie-keeping HTTP client, as a director's browser posts forms."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar)
        )

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=20) as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> int:
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            self.base + path, data=body, headers={"Referer": self.base + path}
        )
        with self.opener.open(request, timeout=20) as response:
            return response.status


def clock(base: str, slug: str) -> dict:
    url = f"{base}/api/tournaments/{slug}/clock/"
    with urllib.request.urlopen(url, timeout=20) as response:
        return json.loads(response.read())


def left_at(answer: dict, moment_ms: int) -> float:
    """The time left an answer says there is at ``moment_ms`` (server time)."""
    if answer["status"] == "running":
        return (answer["ends_at"] - moment_ms) / 1000
    return answer["seconds_left"]


def test_a_clock_started_in_one_process_shows_the_same_time_left_in_another(
    hall_env,
):
    env, slug, made = hall_env
    probe = "/healthz/"
    port_a, port_b = free_port(), free_port()
    with (
        serving(env, port=port_a, probe=probe),
        serving(env, port=port_b, probe=probe),
    ):
        site_a, site_b = f"http://{HOST}:{port_a}", f"http://{HOST}:{port_b}"
        assert clock(site_b, slug)["status"] == "not_started"  # 30 min, not started
        director = Browser(site_a)
        login = director.get("/accounts/login/")
        assert "csrfmiddlewaretoken" in login
        director.post(
            "/accounts/login/", {"username": "clockdir", "password": PASSWORD}
        )
        desk = director.get(f"/director/sheets/round/{made['round']}/")
        assert re.search(r'data-clock-move="start"', desk)
        director.post(f"/director/sheets/round/{made['round']}/clock/start/", {})
        from_a = clock(site_a, slug)
        time.sleep(2.5)  # past any cache a process may hold (CLOCK_CACHE_SECONDS)
        from_b = clock(site_b, slug)
        assert from_a["status"] == from_b["status"] == "running"
        assert from_a["round"] == from_b["round"] == made["number"]
        # Both say the same time left at the same moment: within a second.
        moment = from_b["server_time"]
        assert abs(left_at(from_a, moment) - left_at(from_b, moment)) <= 1
        assert abs(from_b["seconds_left"] - left_at(from_a, moment)) <= 1
        assert 1780 <= from_b["seconds_left"] <= 1800
    # Both processes stopped; started again (other ports, the same database).
    port_a, port_b = free_port(), free_port()
    with (
        serving(env, port=port_a, probe=probe),
        serving(env, port=port_b, probe=probe),
    ):
        again_a = clock(f"http://{HOST}:{port_a}", slug)
        again_b = clock(f"http://{HOST}:{port_b}", slug)
    assert again_a["status"] == again_b["status"] == "running"
    for again in (again_a, again_b):
        moment = again["server_time"]
        assert abs(again["seconds_left"] - left_at(from_a, moment)) <= 1
        assert again["seconds_left"] < from_b["seconds_left"]  # time went on
