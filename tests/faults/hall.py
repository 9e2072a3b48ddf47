"""A small hall for a fault test: an event in a server's own database, readers
and phones that load the real server, and a tally of every answer.

The event is built by ``manage.py shell`` in the server's database (SQLite file
of the test's own): 16 players, round 1 published, four tables whose results are
entered by phone (the code printed on each sheet), games to 500 so that no table
runs out of deals during a test.
"""

from __future__ import annotations

import collections
import http.client
import json
import random
import threading
import time
import urllib.parse
import uuid

from tests.config.servers import manage

SLUG = "fault-hall"

BUILD = f"""
import json
from phones.services import table_codes_ensure
from tests.builders import build_drawn_round
from tournaments.models import Tournament
rnd = build_drawn_round(players=16, slug={SLUG!r}, confirmed=False)
Tournament.objects.filter(pk=rnd.tournament_id).update(
    result_entry=Tournament.ResultEntry.TABLES_OPPONENTS,
    acceptance=Tournament.Acceptance.GAME,
    target=500,
)
print(json.dumps(list(table_codes_ensure(round=rnd).values())))
"""

STORED = f"""
import json
from phones.models import TableSubmission
from scoring.models import DealRecord
print(json.dumps({{
    "keys": list(TableSubmission.objects.filter(
        sheet__table__round__tournament__slug={SLUG!r}
    ).values_list("key", flat=True)),
    "deals": DealRecord.objects.filter(
        game__table__round__tournament__slug={SLUG!r}
    ).count(),
}}))
"""


def hall_build(env: dict) -> list[str]:
    """Migrate the server's database, build the event; return the table codes."""
    manage(env, "migrate", "--noinput", "-v", "0")
    return json.loads(manage(env, "shell", "-c", BUILD).strip().splitlines()[-1])


def hall_stored(env: dict) -> dict:
    """The write keys the database holds for the event, and its deal count."""
    return json.loads(manage(env, "shell", "-c", STORED).strip().splitlines()[-1])


def reader_paths(codes: list[str]) -> list[str]:
    """What the hall reads: public pages, the version poll, the API, the tables."""
    return [
        "/",
        f"/t/{SLUG}/",
        f"/t/{SLUG}/standings/",
        f"/t/{SLUG}/round/1/",
        f"/t/{SLUG}/results/1/",
        f"/t/{SLUG}/version/",
        f"/api/tournaments/{SLUG}/standings/",
        f"/api/tournaments/{SLUG}/rounds/1/",
        *(f"/table/{code}/" for code in codes),
        *(f"/table/{code}/state/" for code in codes),
    ]


class Tally:
    """Every answer the load got, by phase ("before", "during", "after")."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.phase = "before"
        self.statuses: dict[str, collections.Counter] = collections.defaultdict(
            collections.Counter
        )
        self.bad: list[str] = []  # a 5xx or a broken connection, with its path
        self.acknowledged: list[str] = []  # keys of the deals answered "saved"

    def count(self, path: str, status: int | str) -> None:
        with self.lock:
            self.statuses[self.phase][status] += 1
            if not isinstance(status, int) or status >= 500:
                self.bad.append(f"{self.phase} {path}: {status}")

    def summary(self) -> str:
        return "; ".join(
            f"{phase}: {dict(counts)}" for phase, counts in self.statuses.items()
        )


def _request(port: int, method: str, path: str, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response, response.read()
    finally:
        conn.close()


class Threads:
    """``readers`` threads looping over the hall's pages (``_read``) and one phone
    per table code (``_phone``), from ``with`` until stopped at its end."""

    def __init__(self, port: int, codes: list[str], *, readers: int = 3) -> None:
        self.port = port
        self.codes = codes
        self.stopped = threading.Event()
        paths = reader_paths(codes)
        self.threads = [
            threading.Thread(target=self._read, args=(paths, n), daemon=True)
            for n in range(readers)
        ] + [
            threading.Thread(target=self._phone, args=(code, n), daemon=True)
            for n, code in enumerate(codes)
        ]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        for thread in self.threads:
            thread.join(timeout=60)


class Load(Threads):
    """Readers looping over the hall's pages and one phone per table saving deals,
    until stopped."""

    def __init__(self, port: int, codes: list[str], *, readers: int = 3) -> None:
        self.tally = Tally()
        super().__init__(port, codes, readers=readers)

    def _get(self, path: str, headers=None):
        try:
            status, response, body = _request(self.port, "GET", path, headers=headers)
        except (OSError, http.client.HTTPException) as error:
            self.tally.count(path, type(error).__name__)
            return None, None, None
        self.tally.count(path, status)
        return status, response, body

    def _read(self, paths: list[str], n: int) -> None:
        etags: dict[str, str] = {}
        rng = random.Random(n)
        while not self.stopped.is_set():
            path = rng.choice(paths)
            headers = {"Accept-Encoding": "gzip"}
            if path in etags and rng.random() < 0.5:  # a page polling, as they do
                headers["If-None-Match"] = etags[path]
            status, response, _body = self._get(path, headers)
            if status == 200 and response.getheader("ETag"):
                etags[path] = response.getheader("ETag")
            time.sleep(0.01)

    def _phone(self, code: str, n: int) -> None:
        """Open the table (its CSRF cookie), then save a deal every ~0.3 s."""
        rng = random.Random(1000 + n)
        base = f"/table/{code}/"
        cookies = {}
        while not cookies and not self.stopped.is_set():
            _status, response, _body = self._get(base)
            for header in (response and response.msg.get_all("Set-Cookie")) or []:
                name, _eq, rest = header.partition("=")
                cookies[name.strip()] = rest.split(";", 1)[0]
        state = None
        while not self.stopped.is_set():
            if state is None:
                status, _response, body = self._get(base + "state/")
                if status != 200:
                    time.sleep(0.2)
                    continue
                state = json.loads(body)["state"]
            game = next(g for g in state["games"] if not g["finished"])
            key = uuid.uuid4().hex
            form = urllib.parse.urlencode(
                {
                    "key": key,
                    "seat": 1,
                    "version": state["version"],
                    "game": game["number"],
                    "trump": rng.choice(("clubs", "hearts", "spades", "no_trump")),
                    "declarer": rng.randrange(2),
                    "points_a": rng.randrange(0, 61),
                }
            )
            headers = {
                "Accept": "application/json",
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
                "X-CSRFToken": cookies.get("csrftoken", ""),
            }
            try:
                status, _response, body = _request(
                    self.port, "POST", base + "deal/", form, headers
                )
            except (OSError, http.client.HTTPException) as error:
                self.tally.count(base + "deal/", type(error).__name__)
                state = None  # saved or not: the next state read tells
                continue
            self.tally.count(base + "deal/", status)
            if status == 200:
                with self.tally.lock:
                    self.tally.acknowledged.append(key)
                state = json.loads(body)["state"]
            else:
                state = None
            self.stopped.wait(0.3)
