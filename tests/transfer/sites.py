"""Serve a site of the test's own and talk to it as its visitors do, over HTTP.

The web site runs ``python -m config.serve`` on a PostgreSQL database made for the
test (dropped after it); a visitor keeps its cookies and comes from its own
address (the site trusts the test as its reverse proxy, which says who the
client is in ``X-Forwarded-For``, as Caddy or nginx do in front of the web site).
"""

from __future__ import annotations

import contextlib
import http.client
import http.cookies
import json
import os
import re
import urllib.parse

import pytest

from tests.config.servers import free_port, manage, serving
from tests.transfer.events import _normalise

HOST = "127.0.0.1"
_NOT_SHARED = ("REDIS_URL", "DB_POOL_SIZE")
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL: DATABASE_URL=postgres://... (the web's)")
    return url


def _admin(url: str, sql: str) -> None:
    import psycopg

    admin = urllib.parse.urlunsplit(
        urllib.parse.urlsplit(url)._replace(path="/postgres")
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


@contextlib.contextmanager
def web_site(database: str, setup: str, **extra):
    """Serve the web site on PostgreSQL database ``database``, made for it and
    migrated, after running ``setup`` in its shell; yield its environment and
    address. ``extra``: more of its settings' environment."""
    url = postgres_url()
    env = {
        # No Redis: the hall's process must not read the web's cache.
        **{k: v for k, v in os.environ.items() if k not in _NOT_SHARED},
        "DATABASE_URL": urllib.parse.urlunsplit(
            urllib.parse.urlsplit(url)._replace(path=f"/{database}")
        ),
        "SECRET_KEY": "the-web-site-of-the-hall-and-web-test",
        "HOST": HOST,
        "WEB_WORKERS": "1",
        **extra,
    }
    _admin(url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    _admin(url, f'CREATE DATABASE "{database}"')
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "shell", "-c", setup)
        port = free_port()
        with serving(env, port=port, probe="/healthz/"):
            yield env, f"http://{HOST}:{port}"
    finally:
        _admin(url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


class Visitor:
    """One person's browser, reduced to what a form needs: its cookies, its
    address, the CSRF token of the last page read."""

    def __init__(self, site: str, address: str):
        parts = urllib.parse.urlsplit(site)
        self.host, self.port = parts.hostname, parts.port
        self.address = address
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def request(self, method: str, path: str, fields: dict | None = None):
        """Send one request (no redirect followed); return status, headers, text."""
        headers = {"X-Forwarded-For": self.address}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.csrf, **fields})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in http.cookies.SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
            return response.status, response.headers, text
        finally:
            conn.close()

    def get(self, path: str):
        status, headers, text = self.request("GET", path)
        if found := CSRF_FIELD.search(text):
            self.csrf = found.group(1)
        return status, headers, text

    def post(self, path: str, fields: dict):
        return self.request("POST", path, fields)


def _json(host: str, port: int, path: str) -> list:
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return [response.status, json.loads(response.read() or b"null")]
    finally:
        conn.close()


def answers_over_http(site: str, slug: str, *, phases: list[int], rounds: int):
    """Every public JSON answer of the event ``slug`` as ``site`` serves it (each
    standings kind after each round and phase, each round, the prizes), ids made
    comparable across databases (``events._normalise``); ``phases``: the event's
    phase ids there, in order."""
    parts = urllib.parse.urlsplit(site)
    base = f"/api/tournaments/{slug}"
    answers, ids = {}, {}
    for kind in ("players", "teams", "clubs"):
        for after in (None, *range(1, rounds + 1)):
            for order, phase in ((None, None), *enumerate(phases, 1)):
                query = {"kind": kind}
                if after is not None:
                    query["after_round"] = after
                if phase is not None:
                    query["phase"] = phase
                path = f"{base}/standings/?{urllib.parse.urlencode(query)}"
                answers[f"standings {kind} after {after} phase {order}"] = _json(
                    parts.hostname, parts.port, path
                )
    for number in range(1, rounds + 2):
        answers[f"round {number}"] = _json(
            parts.hostname, parts.port, f"{base}/rounds/{number}/"
        )
    answers["prizes"] = _json(parts.hostname, parts.port, f"{base}/prizes/")
    return _normalise(answers, ids, slug)
