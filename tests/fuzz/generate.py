"""Generate the fuzzer's seeded random requests: a page, its query, a form broken.

A GET of any endpoint with query parameters the pages use (or any name, or a raw
query); a form post as a page rendered it with one to three fields broken, left
out, doubled, taken from another form or malformed; now and then another method,
a raw body or a file upload. Endpoints with forms are picked more often, PDFs and
logouts less.
"""

from __future__ import annotations

import random
from urllib.parse import urlencode

from tests.fuzz import endpoints as ep
from tests.fuzz import values
from tests.fuzz.report import Request
from tests.fuzz.sweep import EXPENSIVE

OTHER_METHODS = ("PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")


class GenerateMixin:
    """The fuzzer's random part (``Fuzzer`` holds the forms and query names found,
    the world and the seeded ``rng``)."""

    def _path_for(self, endpoint: ep.Endpoint) -> str:
        from django.urls import NoReverseMatch, reverse

        for _attempt in range(5):
            kwargs = ep.fill(endpoint, self.world, self.rng)
            try:
                return reverse(endpoint.name, kwargs=kwargs)
            except NoReverseMatch:
                continue
        for kwargs in ep.real_fillings(endpoint, self.world):
            try:
                return reverse(endpoint.name, kwargs=kwargs)
            except NoReverseMatch:
                continue
        raise AssertionError(f"no path parameters fit {endpoint.route}")

    def _query(self, endpoint: ep.Endpoint) -> str:
        rng = self.rng
        if rng.random() < 0.15:
            return rng.choice(values.RAW_QUERIES)
        own = sorted(self.query_names.get(endpoint.name, ()))
        pool = sorted(self.all_query_names)
        pairs = []
        for _ in range(rng.randint(1, 3)):
            names = own if own and rng.random() < 0.7 else pool
            pairs.append((rng.choice(names), values.any_value(rng)))
        return urlencode(pairs)

    def _post_data(self, endpoint: ep.Endpoint):
        """Return (path, fields, files) for a form post, one to three fields broken."""
        rng = self.rng
        templates = self.forms.get(endpoint.name)
        if templates and rng.random() < 0.8:
            path, form = rng.choice(templates)
            fields = list(form.fields)
            if rng.random() < 0.6:
                fields = values.plausible(fields)
            if rng.random() < 0.2:  # the same fields sent to another table, round…
                path = self._path_for(endpoint)
        else:
            path, form = self._path_for(endpoint), None
            names = sorted(self.post_names)
            fields = [(rng.choice(names), values.any_value(rng)) for _ in range(3)]
        if fields and rng.random() < 0.05:
            fields = [(k, values.malformed(rng)) for k, _v in fields]
        pool = sorted(self.post_names)
        for _ in range(rng.choice((1, 1, 1, 1, 2, 2, 3))):
            op = rng.random()
            if not fields or op < 0.45:
                if fields:
                    i = rng.randrange(len(fields))
                    fields[i] = (
                        fields[i][0],
                        values.any_value(rng, baseline=fields[i][1]),
                    )
                else:
                    fields.append(("x", values.any_value(rng)))
            elif op < 0.6:
                fields.pop(rng.randrange(len(fields)))
            elif op < 0.72:
                key = rng.choice(fields)[0]
                fields.append((key, values.any_value(rng)))
            elif op < 0.8 and form is not None and form.choices:
                # A real choice, or several of a checkbox's (two seats to swap).
                name = rng.choice(sorted(form.choices))
                fields = [(k, v) for k, v in fields if k != name]
                options = form.choices[name]
                for value in rng.sample(options, min(len(options), rng.choice((1, 2)))):
                    fields.append((name, value))
            elif op < 0.88:
                # A field of another form (card counts on a points-only sheet…).
                value = rng.choice(values.NUMBERS) if rng.random() < 0.6 else None
                fields.append((rng.choice(pool), value or values.any_value(rng)))
            elif op < 0.92:
                fields.append(
                    (values.malformed(rng)[:50] or "k", values.any_value(rng))
                )
            else:
                fields.append(("csrfmiddlewaretoken", values.malformed(rng)[:200]))
        files = None
        if form is not None and form.files and rng.random() < 0.3:
            files = {name: _upload(rng) for name in form.files}
        return path, fields, files

    def next_request(self, role: str) -> Request:
        rng = self.rng
        endpoint = self._pick_endpoint()
        has_forms = endpoint.name in self.forms
        roll = rng.random()
        if roll < 0.04:
            return Request(
                role, rng.choice(OTHER_METHODS), endpoint, self._path_for(endpoint)
            )
        post = roll < (0.8 if has_forms else 0.12)
        if not post:
            path = self._path_for(endpoint)
            query = self._query(endpoint) if rng.random() < 0.9 else ""
            return Request(role, "GET", endpoint, path, query=query)
        if rng.random() < 0.03:
            raw = rng.choice(
                (
                    b"%FF%FE=%00",
                    b"a=%ZZ&&&==",
                    b"\xff\xfe\x00",
                    b"=" * 5000,
                    b"&" * 1000,
                )
            )
            return Request(
                role, "POST", endpoint, self._path_for(endpoint), raw_body=raw
            )
        path, fields, files = self._post_data(endpoint)
        query = self._query(endpoint) if rng.random() < 0.1 else ""
        return Request(
            role,
            "POST",
            endpoint,
            path,
            query=query,
            data=fields,
            files=files,
            htmx=rng.random() < 0.2,
        )

    def _pick_endpoint(self) -> ep.Endpoint:
        weights = [self._weight(e) for e in self.endpoints]
        return self.rng.choices(self.endpoints, weights=weights)[0]

    def _weight(self, endpoint: ep.Endpoint) -> float:
        if endpoint.name.startswith("pdf:"):
            return 0.4  # a PDF costs tens of requests' time
        if endpoint.name in ("javascript-catalog", "login", "logout"):
            return 0.3  # a logout makes the rest of the group anonymous
        if endpoint.name in EXPENSIVE:
            return 1.0
        return 3.0 if endpoint.name in self.forms else 1.0


def _upload(rng: random.Random):
    from django.core.files.uploadedfile import SimpleUploadedFile

    bodies = (
        b"",
        b'""',
        b";;;",
        "voornaam;achternaam;club\nJan;Peeters;Harelbeke\n".encode("utf-16-le"),
        "voornaam;achternaam;club\nJan;Peeters;Harelbeke\n".encode("utf-16"),
        "prénom;nom;club\nÉlise;Lefèvre;Comines\n".encode("cp1252"),
        b"first_name,last_name,club\n\x00\x00,\x01,\x02\n",
        b'first_name,last_name\n"' + b"x" * 140_000 + b'",y\n',
        b"\xff\xfe\xfa\xfb" * 100,
        b"first_name;last_name;club\n" + b"A;B;C\n" * 3000,
    )
    return SimpleUploadedFile("fuzz.csv", rng.choice(bodies), content_type="text/csv")
