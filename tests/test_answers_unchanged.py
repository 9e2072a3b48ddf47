"""The URL map and the JSON API answer exactly as they did before the rooms moved.

``tests/data/url_names.json`` and ``tests/data/api_answers.json`` were written from
the code before the split into one app per domain; printed sheets carry these URLs
and other programs read these answers, so any difference is a regression, unless a
rule changed on purpose: the answers were written again when a bye's default changed
to the entrant's own average, not counted as won (which changes the Swiss pairs'
second round and standings), and only then. Database
ids are replaced by their order of first appearance, so the answers compare on
SQLite and PostgreSQL alike.
"""

import json
from pathlib import Path

import pytest
from django.core.cache import cache
from django.urls import URLPattern, URLResolver, get_resolver

from draws.simulation import tournament_simulate

DATA = Path(__file__).parent / "data"
ID_KEYS = {"entry_id", "club_id"}


def _url_map(resolver=None, prefix="", ns="") -> dict[str, str]:
    found = {}
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            inner = f"{ns}{p.namespace}:" if p.namespace else ns
            found.update(_url_map(p, prefix + str(p.pattern), inner))
        elif isinstance(p, URLPattern) and p.name:
            found[f"{ns}{p.name}"] = prefix + str(p.pattern)
    return {k: v for k, v in found.items() if not k.startswith("admin:")}


def test_every_url_name_keeps_its_path():
    expected = json.loads((DATA / "url_names.json").read_text())
    assert _url_map() == expected


def _normalise(value, ids: dict):
    """Replace database ids by their order of first appearance, recursively."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in ID_KEYS and isinstance(item, int):
                out[key] = ids.setdefault((key, item), len(ids) + 1)
            else:
                out[key] = _normalise(item, ids)
        return out
    if isinstance(value, list):
        return [_normalise(v, ids) for v in value]
    return value


def api_answers(client) -> dict:
    """Every API answer of two seeded events, one individual and one pairs."""
    answers = {}
    events = {
        "individual": tournament_simulate(
            players=16,
            format="individual",
            rounds=2,
            final=8,
            seed=11,
            slug="golden-individual",
        ).slug,
        "pairs": tournament_simulate(
            format="pairs",
            teams=7,
            rounds=2,
            draw="swiss",
            seed=12,
            slug="golden-pairs",
            leave_open=True,
        ).slug,
    }
    queries = [
        "",
        "?kind=players",
        "?kind=teams",
        "?kind=clubs",
        "?after_round=1",
        "?kind=clubs&after_round=1",
        "?kind=nonsense",
        "?after_round=x",
    ]
    for label, slug in events.items():
        ids: dict = {}
        for query in queries:
            url = f"/api/tournaments/{slug}/standings/{query}"
            response = client.get(url)
            answers[f"{label} standings{query}"] = [
                response.status_code,
                _normalise(response.json(), ids),
            ]
        for number in (1, 2, 3, 9):
            response = client.get(f"/api/tournaments/{slug}/rounds/{number}/")
            body = response.json() if response.status_code != 404 else None
            answers[f"{label} round {number}"] = [
                response.status_code,
                _normalise(body, ids),
            ]
    return answers


@pytest.mark.django_db
def test_the_api_answers_as_before(client):
    cache.clear()
    expected = json.loads((DATA / "api_answers.json").read_text())
    assert api_answers(client) == expected
