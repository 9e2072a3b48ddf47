"""Send the generated requests and judge every answer: no 500, no write on a refusal.

The run crawls the site first (as the events' director, the other event's director
and staff) to learn each page's forms and links; then sweeps every form field and
query parameter with broken values one at a time; then sends seeded random requests
until ``total``. A run can be one shard of several (``shard``/``shards``, each in
a test of its own so that several processes share the work): each crawls, sends
its share of the sweep and random requests of its own until its share of ``total``.
Requests run in groups, each inside a savepoint rolled back at its
end, so that a request that succeeded (a round published, a slug renamed) does not
take the next group's targets away; each request also runs in its own savepoint,
rolled back after a 500 so that PostgreSQL's aborted transaction does not end the run.
The sweep's requests are made in ``sweep.py``, the random ones in ``generate.py``.
"""

from __future__ import annotations

import os
import random
import time
import traceback
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlsplit

from tests.fuzz import endpoints as ep
from tests.fuzz.fingerprint import changed, fingerprint, write_counter
from tests.fuzz.forms import FormSpec, page_forms, page_links
from tests.fuzz.generate import GenerateMixin
from tests.fuzz.report import Failure, Report, Request, _short
from tests.fuzz.sweep import SweepMixin
from tests.fuzz.world import ROLES

GROUP = 20  # requests per savepoint
# The systematic sweep: values for each form field, names and values for queries.
COMMON_QUERY = ("page", "q", "next", "per_page", "lang", "round", "format", "id")


class Fuzzer(SweepMixin, GenerateMixin):
    def __init__(self, world, *, seed: int, shard: int = 0, shards: int = 1):
        from django.conf import settings
        from django.test import Client

        self.world = world
        self.seed, self.shard, self.shards = seed, shard, shards
        self.rng = random.Random(seed)
        self.report = Report()
        self.clients = {}
        self.sessions = {}
        for role in ROLES:
            client = Client(raise_request_exception=False)
            user = world.users[role]
            if user is not None:
                client.force_login(user)
                self.sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
            self.clients[role] = client
        self.csrf_clients = {}
        for role in ("anonymous", "director"):
            client = Client(enforce_csrf_checks=True, raise_request_exception=False)
            if world.users[role] is not None:
                client.force_login(world.users[role])
            self.csrf_clients[role] = client
        self.endpoints = ep.endpoints()
        self.by_name = {e.name: e for e in self.endpoints}
        self.forms: dict[str, list[tuple[str, FormSpec]]] = {}
        self.owners: dict[str, str] = {}  # a form's path -> the role that saw it
        self.pages: dict[str, list[tuple[str, str]]] = {}  # name -> (role, path)
        self.query_names: dict[str, set[str]] = {}
        self.all_query_names: set[str] = set(COMMON_QUERY)
        self.post_names: set[str] = set()
        self._exception: list[str] = []
        self.debug = bool(os.environ.get("FUZZ_DEBUG"))
        self._baseline = None
        self._fp = None
        self._counter = None

    # ----------------------------------------------------------------- sending

    def _on_exception(self, sender, request=None, **kwargs):
        self._exception.append(traceback.format_exc())

    def send(self, req: Request):
        """Send one request, judge it, and return the response (None if it broke)."""
        from django.contrib.messages import constants
        from django.db import transaction

        client = (self.csrf_clients if req.csrf else self.clients)[req.role]
        url = req.path + (f"?{req.query}" if req.query else "")
        headers = {"HX-Request": "true"} if req.htmx else {}
        self._exception.clear()
        response = None
        error = None
        started = time.perf_counter()
        try:
            with transaction.atomic():
                response = self._call(client, req, url, headers)
                if response.status_code >= 500:
                    transaction.set_rollback(True)
        except Exception:  # noqa: BLE001 - every escape is a finding
            error = traceback.format_exc()
        took = time.perf_counter() - started
        key = f"{req.method} {req.endpoint.name}"
        self.report.seconds_per_endpoint[key] += took
        self.report.requests_per_key[key] += 1
        self.report.count += 1
        self.report.per_endpoint[req.endpoint.name] += 1
        params = _short(req.data) if req.data is not None else ""
        if req.raw_body is not None:
            params = repr(req.raw_body[:120])
        if error is not None or response is None:
            self.report.statuses["exception"] += 1
            self._fail("exception", req, url, _last_line(error or ""), params)
            self._resync()
            return None
        status = response.status_code
        self.report.statuses[status] += 1
        if self.debug:
            print(status, req.role, req.method, url[:100], params[:200], req.htmx)
        if status >= 500:
            detail = _last_line(self._exception[-1]) if self._exception else "500"
            self._fail("500", req, url, detail, params)
            self._resync()
            return response
        if req.csrf and req.method == "POST" and status != 403:
            self._fail("csrf", req, url, f"answered {status} without a valid token")
        refused = self._refused(req, response, constants)
        counter = write_counter()
        if counter is not None and counter == self._counter:
            return response
        self._counter = counter
        fp = fingerprint()
        self.report.fingerprints += 1
        diff = changed(self._fp, fp)
        self._fp = fp
        if diff and refused:
            self._fail(
                "write on refusal",
                req,
                url,
                f"{status} yet changed {', '.join(diff)}",
                params,
            )
        return response

    def _call(self, client, req: Request, url: str, headers: dict):
        if req.method == "GET":
            response = client.get(url, headers=headers)
        elif req.method == "POST" and req.raw_body is not None:
            response = client.generic(
                "POST",
                url,
                req.raw_body,
                content_type="application/x-www-form-urlencoded",
                headers=headers,
            )
        elif req.method == "POST":
            data: dict[str, list] = {}
            for key, value in req.data or []:
                data.setdefault(key, []).append(value)
            if req.files:
                data.update(req.files)
            response = client.post(url, data, headers=headers)
        else:
            response = client.generic(req.method, url, headers=headers)
        if getattr(response, "streaming", False):
            b"".join(response.streaming_content)
        else:
            response.content  # noqa: B018 - render it all
        return response

    def _refused(self, req: Request, response, constants) -> bool:
        """Tell whether the answer refused the request (then nothing may change)."""
        status = response.status_code
        if req.method in ("GET", "HEAD", "OPTIONS"):
            return True  # reading never writes
        if status >= 400:
            return True
        if 300 <= status < 400:
            from django.conf import settings

            if response.get("Location", "").startswith(settings.LOGIN_URL):
                return True
            storage = getattr(response.wsgi_request, "_messages", None)
            queued = list(getattr(storage, "_queued_messages", []) or [])
            errors = [m for m in queued if m.level >= constants.ERROR]
            successes = [m for m in queued if m.level == constants.SUCCESS]
            return bool(errors) and not successes
        if status == 204:
            return False
        # A 200 answer to a form post is the form again, with its errors; htmx
        # posts get the updated fragment instead (a success may answer 200).
        return not req.htmx

    def _fail(self, kind, req: Request, url, detail, params="") -> None:
        self.report.failures.append(
            Failure(kind, req.role, req.method, url, detail, params)
        )

    def _resync(self) -> None:
        self._counter = write_counter()

    # ----------------------------------------------------------------- groups

    def _start_group(self):
        from django.conf import settings
        from django.core.cache import cache
        from django.db import transaction

        cache.clear()
        for role, client in self.clients.items():
            client.cookies = SimpleCookie()
            if role in self.sessions:
                client.cookies[settings.SESSION_COOKIE_NAME] = self.sessions[role]
        return transaction.savepoint()

    def _end_group(self, sid):
        from django.db import transaction

        transaction.savepoint_rollback(sid)
        self._fp = self._baseline
        self._counter = write_counter()

    # ----------------------------------------------------------------- crawl

    def crawl(self) -> None:
        """GET every page with real ids as director and staff; learn forms and links."""
        from django.urls import Resolver404, resolve, reverse

        self._baseline = fingerprint()
        self._fp = self._baseline
        self._counter = write_counter()
        for endpoint in self.endpoints:
            for kwargs in ep.real_fillings(endpoint, self.world):
                try:
                    path = reverse(endpoint.name, kwargs=kwargs)
                except Exception:  # noqa: BLE001 - a filling the route refuses
                    continue
                roles = ("director", "other_director", "staff")
                for role in roles if not endpoint.params else roles[:2]:
                    sid = self._start_group()
                    response = self.send(Request(role, "GET", endpoint, path))
                    self._end_group(sid)
                    if response is None or response.status_code != 200:
                        continue
                    self.pages.setdefault(endpoint.name, []).append((role, path))
                    if "html" not in response.get("Content-Type", ""):
                        continue
                    html = response.content.decode("utf-8", "replace")
                    for form in page_forms(html):
                        action = form.action or path
                        target = urlsplit(action)
                        try:
                            match = resolve(target.path)
                        except Resolver404:
                            continue
                        name = match.view_name
                        if form.method == "get":
                            names = {n for n, _v in form.fields}
                            self.query_names.setdefault(name, set()).update(names)
                            self.all_query_names.update(names)
                        else:
                            self.forms.setdefault(name, []).append((target.path, form))
                            self.owners.setdefault(target.path, role)
                            self.post_names.update(form.names)
                    for link in page_links(html):
                        target = urlsplit(link)
                        if not target.query:
                            continue
                        names = {k for k, _v in parse_qsl(target.query, True)}
                        self.all_query_names.update(names)
                        try:
                            name = resolve(target.path or path).view_name
                        except Resolver404:
                            continue
                        self.query_names.setdefault(name, set()).update(names)

    # ----------------------------------------------------------------- run

    def run(self, total: int) -> Report:
        import logging

        from django.core.signals import got_request_exception

        started = time.perf_counter()
        quiet = [logging.getLogger(n) for n in ("django.request", "django.security")]
        levels = [log.level for log in quiet]
        for log in quiet:
            log.setLevel(logging.CRITICAL + 1)
        got_request_exception.connect(self._on_exception)
        try:
            self.crawl()
            self.report.crawled = self.report.count
            # Every shard builds the whole sweep (the same draws) and sends its
            # share: the shards together send the sweep once.
            requests = list(self.sweep())[self.shard :: self.shards]
            self.report.swept = len(requests)
            if self.shards > 1:  # its own sequence of random requests
                self.rng = random.Random(f"{self.seed}/{self.shard}/{self.shards}")
            for start in range(0, len(requests), GROUP):
                sid = self._start_group()
                for req in requests[start : start + GROUP]:
                    self.send(req)
                self._end_group(sid)
            roles = list(ROLES)
            while self.report.count - self.report.crawled < self.quota(total):
                sid = self._start_group()
                role = self.rng.choice(roles)
                for _ in range(GROUP):
                    if self.rng.random() < 0.02:
                        self._send_csrf()
                    else:
                        self.send(self.next_request(role))
                self._end_group(sid)
        finally:
            got_request_exception.disconnect(self._on_exception)
            for log, level in zip(quiet, levels, strict=True):
                log.setLevel(level)
        self.report.seconds = time.perf_counter() - started
        return self.report

    def quota(self, total: int) -> int:
        """This shard's share of ``total`` requests (the shards send ``total``)."""
        return -(-total // self.shards)

    def _send_csrf(self) -> None:
        """Post a form with a wrong token to a client that enforces CSRF."""
        role = self.rng.choice(("anonymous", "director"))
        names = sorted(self.forms)
        endpoint = self.by_name[self.rng.choice(names)]
        path, fields, _files = self._post_data(endpoint)
        fields = [(k, v) for k, v in fields if k != "csrfmiddlewaretoken"]
        fields.append(("csrfmiddlewaretoken", "x" * 64))
        self.send(Request(role, "POST", endpoint, path, data=fields, csrf=True))


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return "?"
    # The last frame in our code, then the exception itself.
    ours = [
        line.strip()
        for line in lines
        if line.strip().startswith("File ")
        and "/.venv/" not in line
        and "site-packages" not in line
        and "/tests/fuzz/" not in line
    ]
    frames = [line.strip() for line in lines if line.strip().startswith("File ")]
    where = ours[-1] if ours else (frames[-1] if frames else "")
    return f"{lines[-1].strip()[:300]} @ {where[:200]}"
