"""Serve the read-only JSON API: standings, rounds, pools, brackets (published only).

Answers carry an ETag on the tournament's version (Django's ``condition``
decorator), so a client polling an unchanged tournament gets a 304 after one query.
An unlisted tournament answers only its directors, as on the live pages.
"""

from __future__ import annotations

import gzip

from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

from core.params import parse_id
from core.refusals import json_error
from manille.standings import RECORD_FIELDS, StandingRow
from prizes import selectors as prizes_selectors
from public.pages import accepts_gzip
from public.versioning import fingerprint
from standings import selectors as live
from standings.brackets import tournament_knockouts, tournament_pools
from standings.rounds import RoundRead, round_read
from tournaments import selectors
from tournaments.access import tournament_for_request
from tournaments.clock import clock_read
from tournaments.models import Tournament

CACHE_SECONDS = 600


def _etag(request, slug: str, **kwargs) -> str | None:
    """The answer's ETag: the tournament's public state and the address.

    An answer about a tournament the reader may not see carries none. An error
    answer (a bad parameter, a round not published yet) carries one like any
    other: it holds until the tournament's version moves.
    """
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return None
    return f'"api-{fingerprint(tournament, request.get_full_path())}"'


def _positive_int(raw: str | None) -> int | None:
    """Read a round number or an id; ValueError unless it lies in 1..MAX_ID."""
    raw = (raw or "").strip()
    if not raw:
        return None
    value = parse_id(raw)
    if value is None:
        raise ValueError(raw)
    return value


def standings_payload(*, tournament: Tournament, kind: str, after_round, phase):
    """Build the standings answer (a dict ready for JSON)."""
    rows = live.standings_for(
        tournament=tournament, kind=kind, after_round=after_round, phase=phase
    )
    if after_round is None:
        after_round = live.current_round_number(tournament=tournament)
    return {
        "tournament": tournament.slug,
        "kind": kind,
        "after_round": after_round,
        "rows": [standings_row(r) for r in rows],
    }


def standings_row(r) -> dict:
    """One row of standings as the API shows it (an entrant's or a club's)."""
    row = {"rank": r.rank, "name": r.name}
    row.update({name: getattr(r, name) for name in RECORD_FIELDS})
    row.update(tiebreaks=r.tiebreaks, shared=r.shared)
    if isinstance(r, StandingRow):
        row.update(club=r.club or None, entry_id=r.entry_id)
    else:  # a club's row: its own name is the club
        row.update(club=r.name, club_id=r.club_id, members=r.members)
    return row


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def standings(request, slug):
    """``GET /api/tournaments/<slug>/standings/?kind=…&after_round=…&phase=…``."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    try:
        kind = live.normalize_kind(tournament=tournament, kind=request.GET.get("kind"))
    except live.StandingsRequestError:
        return json_error(_("kind must be players, teams or clubs."), status=400)
    try:
        after_round = _positive_int(request.GET.get("after_round"))
        phase = _positive_int(request.GET.get("phase"))
    except ValueError:
        return json_error(
            _("after_round and phase must be positive whole numbers."), status=400
        )
    key = "api:standings:" + _etag(request, slug)
    body = cache.get(key)
    if body is None:
        payload = standings_payload(
            tournament=tournament, kind=kind, after_round=after_round, phase=phase
        )
        body = JsonResponse(payload).content
        cache.set(key, body, CACHE_SECONDS)
    return HttpResponse(body, content_type="application/json")


def round_payload(round_view: RoundRead, *, tournament: Tournament) -> dict:
    """Build the round answer: tables, their seats and games (a dict for JSON)."""
    return {
        "tournament": tournament.slug,
        "round": round_view.number,
        "status": round_view.status,
        "phase": round_view.phase,
        "tables": [
            {
                "number": t.number,
                "confirmed": t.confirmed,
                "seats": [
                    {
                        "position": s.position,
                        "entry_id": s.entry_id,
                        "name": s.name,
                        "club": s.club or None,
                    }
                    for s in t.seats
                ],
                "games": [
                    {
                        "number": g.number,
                        "side_a": list(g.side_a),
                        "side_b": list(g.side_b),
                        "side_a_names": list(g.side_a_names),
                        "side_b_names": list(g.side_b_names),
                        "score_a": g.score_a,
                        "score_b": g.score_b,
                        "winner": g.winner,
                        "finished": g.finished,
                    }
                    for g in t.games
                ],
            }
            for t in round_view.tables
        ],
        "byes": [
            {"entry_id": b.entry_id, "name": b.name, "club": b.club or None}
            for b in round_view.byes
        ],
    }


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def round_detail(request, slug, number):
    """``GET /api/tournaments/<slug>/rounds/<n>/``: published rounds only."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    rnd = selectors.round_for_public(tournament=tournament, number=number)
    if rnd is None:
        return json_error(_("This round is not published."), status=404)
    round_view = round_read(round=rnd, public_only=True)
    return JsonResponse(round_payload(round_view, tournament=tournament))


def prizes_payload(*, tournament: Tournament) -> dict:
    """Build the prizes answer: one row per awarded place, in place order."""
    rows = []
    for award in prizes_selectors.awards_by_place(tournament=tournament):
        rows.append(
            {
                "place": award.place,
                "name": award.name,
                "prize": prizes_selectors.prize_text(award),
                "amount_cents": award.amount_cents,
            }
        )
    return {"prizes": rows}


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def prizes(request, slug):
    """``GET /api/tournaments/<slug>/prizes/``: who won what, cash in cents."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    return JsonResponse(prizes_payload(tournament=tournament))


def _etag_in_language(request, slug: str, **kwargs) -> str | None:
    """The ETag of an answer that holds translated words ("Pool A", "Final").

    Worked out once a request: ``condition`` asks for it, then the view for its
    cache key (the hall benchmark measured the second reading at ~8 % of a call).
    """
    if not hasattr(request, "_etag_in_language"):
        etag = _etag(request, slug)
        request._etag_in_language = (
            None if etag is None else f'"api-{fingerprint(etag, get_language())}"'
        )
    return request._etag_in_language


def _cached_json(request, key: str, payload) -> HttpResponse:
    """Answer ``payload()`` as JSON, built once a version and language (``key``),
    kept gzipped beside it for the phones that take gzip (as the pages are)."""
    if accepts_gzip(request):
        packed = cache.get(key + ":gz")
        if packed is not None:
            response = HttpResponse(packed, content_type="application/json")
            response.headers["Content-Encoding"] = "gzip"
            patch_vary_headers(response, ("Accept-Encoding",))
            return response
    body = cache.get(key)
    if body is None:
        body = JsonResponse(payload()).content
        cache.set_many(
            {key: body, key + ":gz": gzip.compress(body, 6, mtime=0)}, CACHE_SECONDS
        )
    response = HttpResponse(body, content_type="application/json")
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def pools_payload(*, tournament: Tournament) -> dict:
    """Build the pools answer: every pool of every pools phase, ranked on its games."""
    return {
        "pools": [
            {
                "name": phase.name(standing),
                "rows": [standings_row(r) for r in standing.rows],
            }
            for phase in tournament_pools(tournament=tournament)
            for standing in phase.standings
        ]
    }


def bracket_payload(*, tournament: Tournament) -> dict:
    """Build the bracket answer: every bracket of every knockout phase, in order."""
    return {
        "phases": [
            bracket
            for knockout in tournament_knockouts(tournament=tournament)
            for bracket in knockout.phases_data()
        ]
    }


@cache_control(no_cache=True)
@condition(etag_func=_etag_in_language)
def pools(request, slug):
    """``GET /api/tournaments/<slug>/pools/``: each pool's standings."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    key = "api:pools:" + _etag_in_language(request, slug)
    return _cached_json(request, key, lambda: pools_payload(tournament=tournament))


@cache_control(no_cache=True)
@condition(etag_func=_etag_in_language)
def bracket(request, slug):
    """``GET /api/tournaments/<slug>/bracket/``: each bracket, round by round."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    key = "api:bracket:" + _etag_in_language(request, slug)
    return _cached_json(request, key, lambda: bracket_payload(tournament=tournament))


@cache_control(no_store=True)
def clock(request, slug):
    """``GET /api/tournaments/<slug>/clock/``: the open round's clock.

    ``status`` is ``none`` (no clock shows), ``not_started``, ``running``,
    ``paused`` or ``over``; ``server_time`` and ``ends_at`` are milliseconds since
    the epoch, so a page counts down by its own clock corrected by the offset.
    Never cached (the server's time is in it); no query while the cache is warm.
    """
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        return json_error(_("No such tournament."), status=404)
    return JsonResponse(clock_read(tournament=tournament).as_json())
