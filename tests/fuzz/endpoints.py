"""List the site's URL patterns from the resolver and fill their path parameters."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from tests.fuzz.values import HUGE

# Django's own admin is left to Django's tests: it is not our code, and its
# hundreds of pages would eat the time budget.
SKIPPED_PREFIXES = ("admin/",)


@dataclass(frozen=True)
class Endpoint:
    name: str  # "namespace:name"
    route: str  # "director/t/<slug:slug>/edit/"
    params: tuple[str, ...]  # path parameter names, in order
    ints: tuple[str, ...] = ()  # those whose converter is <int:…>


def _walk(patterns, prefix: str, namespace: str):
    from django.urls import URLPattern, URLResolver

    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            ns = namespace
            if p.namespace:
                ns = f"{namespace}:{p.namespace}" if namespace else p.namespace
            yield from _walk(p.url_patterns, route, ns)
        elif isinstance(p, URLPattern):
            if not p.name:
                continue
            name = f"{namespace}:{p.name}" if namespace else p.name
            yield name, route


def endpoints() -> list[Endpoint]:
    """Return every route of the site once, by its first name.

    The older "director" names are aliases of the apps' own (config.urls): the
    same address is fuzzed once, under the name a request resolves to.
    """
    from django.urls import get_resolver

    found: dict[str, Endpoint] = {}
    for name, route in _walk(get_resolver().url_patterns, "", ""):
        if route.startswith(SKIPPED_PREFIXES):
            continue
        params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", route))
        ints = tuple(re.findall(r"<int:(\w+)>", route))
        found.setdefault(route, Endpoint(name, route, params, ints))
    return list(found.values())


# Which ids fill a path parameter: (endpoint name, parameter) first, then the
# parameter's name alone.
PARAM_KINDS = {
    ("clubs:club_edit", "pk"): "club",
    ("clubs:player_edit", "pk"): "player",
    ("clubs:team_edit", "pk"): "team",
    ("clubs:club_people", "pk"): "club",
    ("clubs:club_member", "pk"): "club",
    ("clubs:club_manager_add", "pk"): "club",
    ("clubs:club_manager_remove", "pk"): "club",
    ("series:club", "pk"): "club",
    ("registrations:edit", "pk"): "registration",
    ("registrations:move", "pk"): "registration",
    ("registrations:promote", "pk"): "registration",
    ("registrations:cancel", "pk"): "registration",
    "player": "player",
    "other": "player",
    "entry_id": "entry",
    "club_id": "club",
    "phase_id": "phase",
    "round_id": "round",
    "table_id": "table",
    "seat_id": "seat",
    "bye_id": "bye",
    "game_id": "game",
    "deal_id": "deal",
    "match_id": "match",
    "event_id": "event",
    "number": "number",
    "pk": "player",
}

BAD_INTS = (0, 7, 999999, int(HUGE), 2**63, 2**31)
BAD_SLUGS = ("no-such-event", "-", "_", "x" * 300, "0", "FUZZ-IND")
EVENTS = ("ind", "pairs", "other", "ko", "open")


# Parameters that are not our ids (a password reset link's user and token).
STRINGS = ("MQ", "set-password", "x" * 300, "0", "-")


def kind_of(endpoint: Endpoint, param: str) -> str:
    """Return which ids fill ``param``: a known kind, "int" or "string"."""
    known = PARAM_KINDS.get((endpoint.name, param)) or PARAM_KINDS.get(param)
    if known:
        return known
    return "int" if param in endpoint.ints else "string"


def _values(world, event: str, kind: str) -> list:
    if kind == "string":
        return list(STRINGS)
    if kind == "int":  # an id of a kind this file does not know yet: any of ours
        return sorted(
            {i for (e, _k), ids in world.ids.items() if e == event for i in ids}
        )
    return world.ids.get((event, kind)) or []


def fill(endpoint: Endpoint, world, rng: random.Random) -> dict:
    """Return path kwargs: mostly real ids of one event, at times malformed or mixed."""
    event = rng.choice(EVENTS)
    roll = rng.random()
    kwargs = {}
    for param in endpoint.params:
        if param == "slug":
            if roll < 0.08:
                kwargs[param] = rng.choice(BAD_SLUGS)
            else:
                kwargs[param] = world.slugs[event]
            continue
        kind = kind_of(endpoint, param)
        source = event if roll < 0.8 else rng.choice(EVENTS)
        ids = _values(world, source, kind) or [1]
        if roll >= 0.9 and kind != "string":
            kwargs[param] = rng.choice(BAD_INTS)
        else:
            kwargs[param] = rng.choice(ids)
    return kwargs


CRAWL_PER_EVENT = 12
PEOPLE = ("player", "team", "club", "entry")


def real_fillings(endpoint: Endpoint, world) -> list[dict]:
    """Return the consistent fillings (each event, its ids): for crawling.

    People's and entrants' pages are alike: three of each event's are enough.
    """
    out = []
    for event in EVENTS:
        choices: list[list] = []
        for param in endpoint.params:
            if param == "slug":
                choices.append([world.slugs[event]])
            else:
                kind = kind_of(endpoint, param)
                ids = _values(world, event, kind)
                choices.append(ids[:3] if kind in PEOPLE + ("string",) else ids)
        combos = [{}]
        for param, values in zip(endpoint.params, choices, strict=True):
            combos = [{**c, param: v} for c in combos for v in values]
        if len(combos) > CRAWL_PER_EVENT:  # spread over the event's rounds and ids
            step = len(combos) / CRAWL_PER_EVENT
            combos = [combos[int(i * step)] for i in range(CRAWL_PER_EVENT)]
        out.extend(combos)
        if not endpoint.params:
            break
    return out
