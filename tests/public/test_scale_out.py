"""Two app processes on one PostgreSQL and one Redis serve the same live hall.

A result confirmed through process A shows on a page served by process B, without
reloading it, within 5 s. Real processes (``python -m config.serve``), a real
database of the test's own (migrated by ``manage.py migrate``), a real Redis
database number of its own, a real Chromium.
"""

import json
import os
import urllib.parse

import pytest

from tests.config.servers import free_port, manage, serving

HOST = "127.0.0.1"
REDIS_DB = 11  # the number: a Redis database no other test uses
DATABASE = f"manille_scaleout_{os.getpid()}"

ENTER_TABLE_1 = """
import json, random
from django.contrib.auth import get_user_model
from draws.simulation import play_game
from scoring import services as scoring
from tournaments.models import Round, Table, Tournament
t = Tournament.objects.get(slug=SLUG)
rnd = Round.objects.filter(tournament=t).exclude(status="draft").order_by("-number")[0]
table = Table.objects.select_related("sheet").get(round=rnd, number=1)
users = get_user_model().objects
data = {g.number: play_game(random.Random(7), t, t.rules()) for g in table.games.all()}
sheet = scoring.sheet_save(
    sheet=table.sheet, data=data, by=users.get(username="director"),
    version=table.sheet.version,
)
if t.double_entry:
    sheet = scoring.sheet_save(
        sheet=sheet, data=data, by=users.get(username="director2"),
        version=sheet.version, copy=2,
    )
game = table.games.order_by("number")[0]
print(json.dumps({"table": table.pk, "round": rnd.number, "sheet": sheet.status,
                  "score_a": game.score_a, "score_b": game.score_b}))
"""


def _postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL: DATABASE_URL=postgres://... (and Redis)")
    return url


def _redis_url() -> str:
    import redis

    base = os.environ.get("REDIS_URL") or f"redis://{HOST}:6379"
    url = urllib.parse.urlunsplit(
        urllib.parse.urlsplit(base)._replace(path=f"/{REDIS_DB}")
    )
    try:
        redis.Redis.from_url(url, socket_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.skip(f"needs Redis at {base} (REDIS_URL), which does not answer: {exc}")
    return url


def _admin(url: str, sql: str) -> None:
    import psycopg

    admin = urllib.parse.urlunsplit(
        urllib.parse.urlsplit(url)._replace(path="/postgres")
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


@pytest.fixture
def hall():
    """Two server processes on one new PostgreSQL database and one Redis database.

    Yields the environment they share, the event's slug and both base URLs.
    """
    import redis

    url = _postgres_url()
    redis_url = _redis_url()
    redis.Redis.from_url(redis_url).flushdb()
    database_url = urllib.parse.urlunsplit(
        urllib.parse.urlsplit(url)._replace(path=f"/{DATABASE}")
    )
    env = {
        # The production defaults (the suite may turn the pool off for itself).
        **{k: v for k, v in os.environ.items() if k != "DB_POOL_SIZE"},
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": "scale-out-test-shared-by-both-processes",
        "HOST": HOST,
        "WEB_WORKERS": "1",
    }
    _admin(url, f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    _admin(url, f'CREATE DATABASE "{DATABASE}"')
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        out = manage(
            env,
            "simulate_tournament",
            *("--players", "16", "--rounds", "2", "--leave-open", "--seed", "3"),
            *("--language", "en", "-v", "0"),
        )
        slug = out.strip().splitlines()[-1]
        probe = "/healthz/"
        port_a, port_b = free_port(), free_port()
        with (
            serving(env, port=port_a, probe=probe),
            serving(env, port=port_b, probe=probe),
        ):
            yield env, slug, f"http://{HOST}:{port_a}", f"http://{HOST}:{port_b}"
    finally:
        _admin(url, f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        redis.Redis.from_url(redis_url).flushdb()


@pytest.mark.postgres
@pytest.mark.browser
def test_a_result_confirmed_through_one_process_shows_on_the_other_within_5_s(
    hall, browser
):
    env, slug, site_a, site_b = hall
    # Table 1 of the open round is entered (not public yet) in the shared database.
    entered = json.loads(
        manage(env, "shell", "-c", f"SLUG = {slug!r}\n{ENTER_TABLE_1}")
        .strip()
        .splitlines()[-1]
    )
    assert entered["sheet"] == "entered"
    assert entered["score_a"] is not None

    # A phone keeps the open round's results open on process B.
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(f"{site_b}/t/{slug}/results/{entered['round']}/")
    score_a = page.locator("#live-region tr[data-table='1'] td").nth(3)
    assert score_a.inner_text().strip() == ""
    page.evaluate("window.__notReloaded = true")

    # The director logs in on process A through the login form and confirms.
    desk = browser.new_context().new_page()
    desk.goto(f"{site_a}/accounts/login/")
    desk.fill("#id_username", "director")
    desk.fill("#id_password", "manille")
    desk.click("#content form button[type=submit]")
    desk.wait_for_url(lambda u: "/accounts/login/" not in u)
    desk.goto(f"{site_a}/director/sheets/table/{entered['table']}/")
    with desk.expect_response(lambda r: "/confirm/" in r.url) as confirmed:
        desk.click("#confirm-sheet")
    assert confirmed.value.status < 400

    # Process B's page shows it by itself (it polls every 2.5 s), without a reload.
    page.wait_for_function(
        "([sel, want]) => {"
        "  const row = document.querySelector(sel);"
        "  return row !== null && row.children[3].textContent.trim() === want;"
        "}",
        arg=["#live-region tr[data-table='1']", str(entered["score_a"])],
        timeout=5000,
    )
    assert page.evaluate("window.__notReloaded") is True
    assert score_a.inner_text().strip() == str(entered["score_a"])
