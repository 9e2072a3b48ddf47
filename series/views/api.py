"""Serve a series as read-only JSON: its events and its standings.

Like the tournaments' API: a series not listed publicly answers 404 to all but
those who manage it; every answer carries an ETag on the series' settings and its
events' public states, and the standings are kept in the cache under it.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

from core.refusals import json_error
from series import selectors
from series.models import Series

CACHE_SECONDS = 600


def _read(request, slug: str) -> tuple[Series | None, list]:
    """Return the series the reader may see and its events, read once a request."""
    memo = request.__dict__.setdefault("_series_api", {})
    if slug not in memo:
        series = selectors.series_for_reader(slug=slug, user=request.user)
        events = (
            selectors.series_events(series=series, user=request.user) if series else []
        )
        memo[slug] = (series, events)
    return memo[slug]


def _etag(request, slug: str, **kwargs) -> str | None:
    series, events = _read(request, slug)
    if series is None:
        return None
    state = selectors.series_state(series=series, events=events)
    return f'"series-{state}-{request.path}"'


def series_payload(*, series: Series, events) -> dict:
    return {
        "series": series.slug,
        "name": series.name,
        "events": [
            {"slug": e.slug, "date": e.date.isoformat(), "name": e.name} for e in events
        ],
    }


def standings_payload(*, series: Series, events=None) -> dict:
    """Build the standings answer (a dict ready for JSON)."""
    standings = selectors.series_standings(series=series, events=events)
    return {
        "series": series.slug,
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "club": r.club or None,
                "entry_key": r.key,
                "events_played": r.events_played,
                "events_counted": r.events_counted,
                "games_played": r.games_played,
                "games_won": r.games_won,
                "points": r.points,
                "point_difference": r.point_difference,
                "series_points": r.series_points,
                "tiebreaks": r.tiebreaks,
                "shared": r.shared,
            }
            for r in standings.rows
        ],
    }


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def series_detail(request, slug):
    """``GET /api/series/<slug>/``: the series' name and its events in order."""
    series, events = _read(request, slug)
    if series is None:
        return json_error(_("No such series."), status=404)
    return JsonResponse(series_payload(series=series, events=events))


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def standings(request, slug):
    """``GET /api/series/<slug>/standings/``: every row, ranked ones first."""
    series, events = _read(request, slug)
    if series is None:
        return json_error(_("No such series."), status=404)
    key = "api:series-standings:" + _etag(request, slug)
    body = cache.get(key)
    if body is None:
        body = JsonResponse(standings_payload(series=series, events=events)).content
        cache.set(key, body, CACHE_SECONDS)
    return HttpResponse(body, content_type="application/json")
