"""No public URL or API answer shows a draft round or an unconfirmed sheet.

Every URL pattern of the ``public``, ``live`` and ``api`` namespaces is taken from
the resolver, so a page added later is checked too.
"""

import itertools
import re

import pytest
from django.core.cache import cache
from django.urls import get_resolver, reverse

from tests import factories
from tests.builders import build_event
from tournaments.models import Game

pytestmark = pytest.mark.django_db

NAMESPACES = ("public", "live", "api")
# Scores only an unconfirmed sheet or a draft round holds, and a draft table number.
UNCONFIRMED_A, UNCONFIRMED_B, DRAFT_SCORE, DRAFT_TABLE = 30517, 30711, 30999, 4321
# Any total that includes a marker score lands in 30000..39999.
LEAK = re.compile(rf"\b(3\d{{4}}|{DRAFT_TABLE})\b")
QUERIES = (
    "",
    "?kind=clubs",
    "?kind=teams",
    "?after_round=3",
    "?after_round=4",
    "?q=Jan",
    "?name=Jan",
    "?_export=csv",
)


@pytest.fixture
def leaky_event(confirm_table):
    """Rounds 1–2 closed; round 3 published with one table confirmed and one only
    entered; round 4 a draft whose games even carry scores."""
    cache.clear()
    t = build_event(players=16, rounds=2, final=0, seed=11, clubs=4)
    phase = factories.PhaseFactory(tournament=t, order=5)
    rnd3 = factories.RoundFactory(tournament=t, phase=phase, number=3)
    confirm_table(factories.individual_table(round=rnd3, number=1), [(101, 50)] * 3)
    hidden = factories.individual_table(round=rnd3, number=2)
    confirm_table(hidden, [(UNCONFIRMED_A, UNCONFIRMED_B)] * 3, confirm=False)
    rnd4 = factories.RoundFactory(tournament=t, phase=phase, number=4, status="draft")
    draft = factories.individual_table(round=rnd4, number=DRAFT_TABLE)
    Game.objects.filter(table=draft).update(
        score_a=DRAFT_SCORE, score_b=0, winner=0, finished=True
    )
    from scoring.models import ScoreSheet

    ScoreSheet.objects.filter(table=draft).update(status="entered")
    entries = [s.entry for s in hidden.seats.all()] + [
        s.entry for s in draft.seats.all()
    ]
    return t, entries


def _patterns():
    resolver = get_resolver()
    for ns in NAMESPACES:
        _prefix, sub = resolver.namespace_dict[ns]
        for pattern in sub.url_patterns:
            yield ns, pattern.name, list(pattern.pattern.converters)


def _kwarg_values(name, t, entries):
    if name == "slug":
        return [t.slug]
    if name in ("number", "round", "round_number"):
        return [1, 3, 4]
    if name in ("entry_id", "entry"):
        return [e.pk for e in entries]
    if name in ("club_id", "club"):
        return sorted({e.player.club_id for e in entries})
    return [1, 3, 4]


def test_every_public_pattern_is_covered():
    names = {(ns, name) for ns, name, _ in _patterns()}
    for expected in [
        ("live", "standings"),
        ("live", "results"),
        ("live", "entrant"),
        ("live", "club"),
        ("live", "projector"),
        ("live", "version"),
        ("api", "standings"),
        ("api", "round"),
        ("public", "tournament"),
    ]:
        assert expected in names


def test_no_public_url_shows_a_draft_or_an_unconfirmed_result(client, leaky_event):
    t, entries = leaky_event
    checked = 0
    for ns, name, params in _patterns():
        choices = [_kwarg_values(p, t, entries) for p in params]
        for values in itertools.product(*choices):
            base = reverse(
                f"{ns}:{name}", kwargs=dict(zip(params, values, strict=True))
            )
            for query in QUERIES:
                response = client.get(base + query)
                assert response.status_code < 500, (base + query, response.status_code)
                body = b"".join(response) if response.streaming else response.content
                text = body.decode("utf-8", "replace")
                found = LEAK.findall(text)
                assert not found, (base + query, found)
                checked += 1
    assert checked > 100


def test_unconfirmed_players_have_no_games_in_any_standings(client, leaky_event):
    t, entries = leaky_event
    hidden_ids = {e.pk for e in entries}
    for kind in ("players", "clubs"):
        data = client.get(
            reverse("api:standings", args=[t.slug]), {"kind": kind}
        ).json()
        if kind == "players":
            listed = [r for r in data["rows"] if r["entry_id"] in hidden_ids]
            assert listed and all(r["games_played"] == 0 for r in listed)


def test_draft_round_pages_are_not_found(client, leaky_event):
    t, _entries = leaky_event
    assert client.get(reverse("live:results", args=[t.slug, 4])).status_code == 404
    assert client.get(reverse("api:round", args=[t.slug, 4])).status_code == 404
    html = client.get(reverse("live:projector", args=[t.slug])).content.decode()
    assert "Round 3" in html and "Round 4" not in html
