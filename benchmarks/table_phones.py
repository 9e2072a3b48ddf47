"""Simulate one table's phone over HTTP, as ``benchmarks.table_entry`` runs 144 at once.

A ``Phone`` keeps its keep-alive connection, cookies and the sheet's state;
``play_table`` enters the table's three games deal by deal (a think time between
deals, the page polling its state meanwhile) and accepts each as it ends; a
``Tally`` holds what the table did and measured.
"""

from __future__ import annotations

import http.client
import json
import random
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field

from benchmarks.hall_server import HOST

REQUEST_TIMEOUT = 30.0  # seconds; a slower answer is an error
TRUMPS = ("clubs", "diamonds", "hearts", "spades", "no_trump")
PERSONAL: dict[str, dict[str, str]] = {}  # table code -> seat -> personal code


@dataclass
class Tally:
    """What one simulated table did and measured."""

    deal_latencies: list[float] = field(default_factory=list)
    other_latencies: list[float] = field(default_factory=list)
    poll_latencies: list[float] = field(default_factory=list)
    polls: int = 0
    deals: int = 0
    acceptances: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    finished: bool = False


class Phone:
    """One table's phone: a keep-alive connection, its cookies, the sheet's state."""

    def __init__(self, port: int, code: str, rng: random.Random):
        self.port = port
        self.code = code
        self.rng = rng
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.state: dict = {}
        self.etag = ""

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body: dict | None = None, headers=None):
        """Send one request; return (status, parsed JSON or None, seconds)."""
        headers = {"Accept": "application/json", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        for attempt in (1, 2):  # a keep-alive connection the server closed: once more
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    HOST, self.port, timeout=REQUEST_TIMEOUT
                )
            started = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
            except (
                ConnectionResetError,
                BrokenPipeError,
                http.client.RemoteDisconnected,
            ):
                self.close()
                if attempt == 2:
                    raise
                continue
            elapsed = time.perf_counter() - started
            break
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _eq, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("ETag"):
            self.etag = response.getheader("ETag")
        if response.will_close:
            self.close()
        parsed = None
        if "json" in (response.getheader("Content-Type") or ""):
            parsed = json.loads(payload)
        return response.status, parsed, elapsed

    def deal(self, game: int) -> dict:
        """A plausible deal: a trump, side A's card points (side B gets the rest)."""
        return {
            "key": uuid.uuid4().hex,
            "seat": 1,
            "version": self.state["version"],
            "game": game,
            "trump": self.rng.choice(TRUMPS),
            "declarer": self.rng.randrange(2),
            "points_a": self.rng.randrange(0, 61),
        }


def think_and_poll(
    phone: Phone, tally: Tally, seconds: float, poll: float, stop_at: float
) -> None:
    """Wait ``seconds`` as the players do, the page polling its state meanwhile
    (``If-None-Match``: 304 while nothing changed, the expected answer); never
    past ``stop_at``, the benchmark's cap."""
    until = min(time.monotonic() + seconds, stop_at)
    while True:
        left = until - time.monotonic()
        if poll <= 0 or left <= poll:
            time.sleep(max(0.0, left))
            return
        time.sleep(poll)
        path = f"/table/{phone.code}/state/"
        status, body, elapsed = phone.request(
            "GET", path, headers={"If-None-Match": phone.etag}
        )
        tally.polls += 1
        tally.poll_latencies.append(elapsed)
        if status == 200:
            phone.state = body["state"]
        elif status != 304:
            tally.errors.append(f"state {status}")


def play_table(
    phone: Phone, tally: Tally, *, think: tuple[float, float], poll: float, stop_at
):
    """Enter the table's three games deal by deal, accepting each as it ends."""
    base = f"/table/{phone.code}/"
    try:
        status, _body, elapsed = phone.request("GET", base)
        tally.other_latencies.append(elapsed)
        if status != 200 or "csrftoken" not in phone.cookies:
            tally.errors.append(f"page {status}")
            return
        status, body, elapsed = phone.request("GET", base + "state/")
        tally.other_latencies.append(elapsed)
        if status != 200:
            tally.errors.append(f"state {status}")
            return
        phone.state = body["state"]
        for game in phone.state["games"]:
            number = game["number"]
            while not game["finished"]:
                think_and_poll(phone, tally, phone.rng.uniform(*think), poll, stop_at)
                if time.monotonic() >= stop_at:
                    return
                status, body, elapsed = phone.request(
                    "POST", base + "deal/", phone.deal(number)
                )
                if status != 200:
                    tally.errors.append(f"deal {status}: {_brief(body)}")
                    if body and "state" in body:
                        phone.state = body["state"]
                        game = phone.state["games"][number - 1]
                    continue
                tally.deal_latencies.append(elapsed)
                tally.deals += 1
                phone.state = body["state"]
                game = phone.state["games"][number - 1]
            tally.games += 1
            # The phone goes round the table: a player of the other side accepts.
            seat = game["may_accept"][0]
            think_and_poll(phone, tally, phone.rng.uniform(*think), poll, stop_at)
            if time.monotonic() >= stop_at:
                return
            status, body, elapsed = phone.request(
                "POST",
                base + "accept/",
                {
                    "key": uuid.uuid4().hex,
                    "seat": seat,
                    "version": phone.state["version"],
                    "game": number,
                    "accepted": "1",
                    # The opponent types their personal code (issue 23 §6).
                    "personal_code": PERSONAL.get(phone.code, {}).get(str(seat), ""),
                },
            )
            tally.other_latencies.append(elapsed)
            if status != 200:
                tally.errors.append(f"accept {status}: {_brief(body)}")
                return
            tally.acceptances += 1
            phone.state = body["state"]
        tally.finished = True
    except (OSError, http.client.HTTPException, ValueError, KeyError) as exc:
        tally.errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        phone.close()


def _brief(body) -> str:
    """The part of a refusal worth printing (not the whole state)."""
    if not isinstance(body, dict):
        return repr(body)[:200]
    return repr({k: v for k, v in body.items() if k != "state"})[:200]
