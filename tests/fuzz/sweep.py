"""Sweep every form field and query parameter with broken values, one at a time."""

from __future__ import annotations

import random
from urllib.parse import urlencode

from tests.fuzz import values
from tests.fuzz.report import Request

SWEEP_VALUES = (
    None,  # the field left out
    "",
    values.HUGE,
    "-1",
    "1.5",
    "5",
    "\x00",
    "a\x01b\x1f",
    "x" * 100_000,
    '""',
    ";;;",
    '"' + "x" * 140_000 + '"',
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\u202e👨\u200d👩\u200d👧",
    '=HYPERLINK("http://evil","x")',
)
SWEEP_VALUES_PER_FIELD = 6
SWEEP_PER_FORM = 120
# Pages whose form alone costs a dozen ordinary requests (every rule, every phase).
EXPENSIVE = ("tournaments:tournament_edit", "tournaments:tournament_create")
SWEEP_QUERY = ("phase", "after_round", "kind", "sort", "page", "q", "_export", "copy")
SWEEP_QUERY_VALUES = (values.HUGE, "-1", "\x00", "x" * 5000, "", "1.5", "0", "csv")
# Query parameter names everyone tries, besides those the pages link to.


def _sample(rng: random.Random, items: list, cap: int) -> list:
    """Return at most ``cap`` of ``items``, in their order."""
    if len(items) <= cap:
        return items
    keep = set(rng.sample(range(len(items)), cap))
    return [item for i, item in enumerate(items) if i in keep]


class SweepMixin:
    """The fuzzer's systematic part (``Fuzzer`` holds the forms and pages found)."""

    def sweep(self):
        """Yield the systematic requests: each form field, each query name, broken.

        One field at a time, the rest of the form as the page rendered it (empty
        fields given plausible values), sent by the user who saw the form so that
        the request reaches the service; every checkbox and option ticked alone,
        in pairs and beside a forged id; each query parameter the pages use, on
        one page per endpoint.
        """
        rng = self.rng
        for name in sorted(self.forms):
            cap = SWEEP_PER_FORM // (4 if name in EXPENSIVE else 1)
            fields, choices = [], []
            for kind, req in self._sweep_form(name):
                (choices if kind == "choice" else fields).append(req)
            yield from _sample(rng, fields, cap)
            yield from _sample(rng, choices, cap)
        yield from self._sweep_queries()

    def _sweep_form(self, name: str):
        """Yield ("field" | "choice", request) for each distinct form of ``name``."""
        rng = self.rng
        endpoint = self.by_name[name]
        templates = self.forms[name]
        names = sorted({n for _p, f in templates for n in f.names})
        names = [n for n in names if n != "csrfmiddlewaretoken"]
        seen = set()
        for path, form in templates:
            other = path.split("/")[3:4] == ["fuzz-other"]
            key = (tuple(form.names), tuple(sorted(form.choices)), other)
            if key in seen:
                continue
            seen.add(key)
            role = self.owners.get(path, "director")
            baseline = values.plausible(form.fields)
            # Every name any form of this address has (card counts on a
            # points-only sheet), each broken alone.
            for broken in names:
                for value in rng.sample(SWEEP_VALUES, SWEEP_VALUES_PER_FIELD):
                    data = [(k, v) for k, v in baseline if k != broken]
                    if value is not None:
                        data.append((broken, value))
                    yield "field", Request(role, "POST", endpoint, path, data=data)
            for ticked, options in sorted(form.choices.items()):
                rest = [(k, v) for k, v in baseline if k != ticked]
                picks = [options[:1], options[:2], [options[0], values.HUGE]]
                picks.append([options[-1], "-1"])
                for pick in picks:
                    data = rest + [(ticked, v) for v in pick]
                    yield "choice", Request(role, "POST", endpoint, path, data=data)

    def _sweep_queries(self):
        """Yield each query parameter the pages use, broken, on one page each."""
        rng = self.rng
        for name in sorted(self.pages):
            endpoint = self.by_name[name]
            role, path = self.pages[name][0]
            if name.startswith("pdf:"):
                own = {"size"} | self.query_names.get(name, set())
            else:
                own = set(SWEEP_QUERY) | self.query_names.get(name, set())
            for qname in sorted(own):
                for value in rng.sample(SWEEP_QUERY_VALUES, 3):
                    query = urlencode([(qname, value)])
                    yield Request(role, "GET", endpoint, path, query=query)
