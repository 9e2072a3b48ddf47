"""Serve the live public pages: standings, results, entrant and club pages, projector.

Every page answers a conditional GET with 304 when the tournament's version has not
moved (Django's ``condition`` decorator; the tournament comes from the shared
cache through ``tournaments.selectors.tournament_for_reader``, so no query while it
is warm), and the rendered standings are cached keyed on that version, so nothing
here is per-process state: any app process gives the same page. Open pages poll
``live:version`` and swap their ``#live-region`` when it changes. An unlisted
tournament is shown to its directors only.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from public.pages import reader_shares_page, shared_render
from public.versioning import fingerprint
from standings import selectors as live
from standings.labels import tiebreak_explanation, tiebreak_label
from standings.rounds import round_read
from standings.tables import (
    ClubStandingsTable,
    EntrantGamesTable,
    ResultsTable,
    StandingsTable,
    results_rows,
    tiebreak_columns,
)
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.versioning import public_state_cached

LIVE_HEADER = "X-Live-Region"
CACHE_SECONDS = 600
EXPORT_FORMATS = ("csv", "xlsx")
POLL_MS = 2500


# ------------------------------------------------------------------------ helpers


def _tournament(request, slug: str) -> Tournament:
    """Return the tournament the reader may see, read once per request; else 404.

    ``tournament_for_reader`` reads it from the shared cache (no query, no session
    for a listed one).
    """
    found = getattr(request, "_live_tournament", None)
    if found is None or found.slug != slug:
        found = selectors.tournament_for_reader(slug=slug, user=request.user)
        if found is None:
            raise Http404(_("No such tournament."))
        request._live_tournament = found
    return found


def _reader_id(request) -> int:
    """The logged-in reader's id, 0 for anyone else (no session read without one)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return 0
    user = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else 0


def _etag(request, slug: str, **kwargs) -> str:
    """The page's ETag: the tournament's state, the reader, the address, the mode.

    From the small cached state for a listed tournament: a revalidation (304) reads
    no model and no session.
    """
    state = public_state_cached(slug=slug)
    if state is None:
        raise Http404(_("No such tournament."))
    key = state.key if state.listed else _tournament(request, slug)
    digest = fingerprint(
        key,
        get_language(),
        _reader_id(request),
        request.get_full_path(),
        request.headers.get(LIVE_HEADER, ""),
    )
    return f'"{digest}"'


def _etag_unless_export(request, slug: str, **kwargs) -> str | None:
    """No ETag for a CSV or spreadsheet download: it is always built afresh."""
    if request.GET.get("_export") in EXPORT_FORMATS:
        return None
    return _etag(request, slug, **kwargs)


def _live(etag_func=_etag):
    """Answer 304 while ``etag_func`` matches; every answer says no-cache and Vary."""

    def decorator(view):
        view = condition(etag_func=etag_func)(view)
        view = vary_on_headers(LIVE_HEADER, "Cookie", "Accept-Language")(view)
        return cache_control(no_cache=True)(view)

    return decorator


def _int_param(request, name: str) -> int | None:
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise Http404(_("Unknown %(name)s.") % {"name": name}) from None
    if value < 1:
        raise Http404(_("Unknown %(name)s.") % {"name": name})
    return value


def _nav_context(tournament: Tournament) -> dict:
    rounds = live.public_rounds(tournament=tournament)
    return {
        "tournament": tournament,
        "rounds": rounds,
        "entrant_kind": live.entrant_kind(tournament),
        "poll_ms": POLL_MS,
    }


def _page(request, tournament, region: str, title: str, extra=None, *, key=None):
    """Answer the live poller with the region alone, a browser with the full page.

    With a ``key`` (the region's cache key), the full page of a reader who shares
    it with every other anonymous reader is cached as well (``public.pages``).
    """
    if request.headers.get(LIVE_HEADER):
        return HttpResponse(region)
    context = {"tournament": tournament, "region": region, "title": title}
    context.update(extra or {})
    shared = key is not None and reader_shares_page(request)
    return shared_render(
        request, "public/live/page.html", context, key=key + ":page" if shared else None
    )


def _export(table, fmt: str, filename: str) -> HttpResponse:
    return TableExport(fmt, table, dataset_kwargs={"title": filename[:31]}).response(
        f"{filename}.{fmt}"
    )


def _entrant_url(slug: str) -> str:
    return reverse("live:entrant", args=[slug, 999999999]).replace("999999999", "{}")


def _club_url(slug: str) -> str:
    return reverse("live:club", args=[slug, 999999999]).replace("999999999", "{}")


def _standings_table(request, tournament, rows, kind: str):
    if kind == "clubs":
        table = ClubStandingsTable(rows, club_url=_club_url(tournament.slug))
    else:
        extra = tiebreak_columns(tournament.tiebreak_list)
        table = StandingsTable(
            rows,
            entrant_url=_entrant_url(tournament.slug),
            club_url=_club_url(tournament.slug),
            extra_columns=extra,
        )
    RequestConfig(request, paginate=False).configure(table)
    return table


def _standings_params(request, tournament) -> dict:
    try:
        kind = live.normalize_kind(tournament=tournament, kind=request.GET.get("kind"))
    except live.StandingsRequestError:
        raise Http404(_("Unknown kind of standings.")) from None
    after_round = _int_param(request, "after_round")
    phase = _int_param(request, "phase")
    return {"kind": kind, "after_round": after_round, "phase": phase}


def _tiebreak_labels(tournament: Tournament) -> list[str]:
    return [tiebreak_label(c) for c in tournament.tiebreak_list]


KIND_TITLES = {
    "players": gettext_lazy("Standings: players"),
    "teams": gettext_lazy("Standings: teams"),
    "clubs": gettext_lazy("Standings: clubs"),
}


# -------------------------------------------------------------------------- views


@_live(_etag_unless_export)
def standings(request, slug):
    """The standings of players, teams or clubs, overall, after a round or a phase."""
    tournament = _tournament(request, slug)
    params = _standings_params(request, tournament)
    fmt = request.GET.get("_export")
    sort = request.GET.get("sort", "")
    key = "live:standings:" + fingerprint(tournament, get_language(), params, sort, fmt)
    region = None if fmt else cache.get(key)
    if region is None:
        rows = live.standings_for(tournament=tournament, **params)
        table = _standings_table(request, tournament, rows, params["kind"])
        if fmt in EXPORT_FORMATS:
            return _export(table, fmt, f"{tournament.slug}-{params['kind']}")
        context = _nav_context(tournament)
        context.update(
            {
                "table": table,
                "params": params,
                "phases": live.public_phases(tournament=tournament),
                "title": str(KIND_TITLES[params["kind"]]),
                "tiebreak_labels": _tiebreak_labels(tournament),
            }
        )
        region = render_to_string(
            "public/live/_standings.html", context, request=request
        )
        cache.set(key, region, CACHE_SECONDS)
    title = str(KIND_TITLES[params["kind"]])
    return _page(request, tournament, region, title, key=key)


@_live(_etag_unless_export)
def results(request, slug, number):
    """The tables of a published round and their confirmed results."""
    tournament = _tournament(request, slug)
    fmt = request.GET.get("_export")
    rnd = selectors.round_for_public(tournament=tournament, number=number)
    if rnd is None:
        raise Http404(_("This round is not published."))
    round_view = round_read(round=rnd, public_only=True)
    table = ResultsTable(results_rows(round_view))
    RequestConfig(request, paginate=False).configure(table)
    if fmt in EXPORT_FORMATS:
        return _export(table, fmt, f"{tournament.slug}-round-{number}")
    context = _nav_context(tournament)
    title = _("Results of round %(number)s") % {"number": number}
    context.update(
        {
            "round": round_view,
            "table": table,
            "confirmed": round_view.confirmed,
            "title": title,
        }
    )
    region = render_to_string("public/live/_results.html", context, request)
    return _page(request, tournament, region, title)


@_live()
def entrant(request, slug, entry_id):
    """Explain one player's or team's position: every game and every tiebreak."""
    tournament = _tournament(request, slug)
    after_round = _int_param(request, "after_round")
    data = live.entrant_page_data(
        tournament=tournament, entry=entry_id, after_round=after_round
    )
    if data is None:
        raise Http404(_("No such entrant in this tournament."))
    names = {eid: info.name for eid, info in data.entrants.items()}
    games = EntrantGamesTable(
        [
            {
                "round": g.round_number,
                "table": g.table_number,
                "game": g.number,
                "partners": ", ".join(names.get(p, "?") for p in g.partners),
                "opponents": " & ".join(names.get(o, "?") for o in g.opponents),
                "score": g.score,
                "opponent_score": g.opponent_score,
                "result": g.result,
            }
            for g in data.row.games
        ],
        individual=tournament.is_individual,
    )
    RequestConfig(request, paginate=False).configure(games)
    context = _nav_context(tournament)
    context.update(
        {
            "data": data,
            "row": data.row,
            "neighbours": _neighbour_sentences(data),
            "explanations": _explanations(data, names),
            "games": games,
            "after_round": after_round,
            "title": data.row.name,
        }
    )
    region = render_to_string("public/live/_entrant.html", context, request)
    return _page(request, tournament, region, data.row.name)


def _neighbour_sentences(data) -> list[str]:
    """Say why the entrant stands below the row above and above the row below."""
    out = []
    for n, upper in ((data.above, True), (data.below, False)):
        if n is None:
            continue
        params = {
            "name": n.row.name,
            "rank": n.row.rank,
            "tiebreak": tiebreak_label(n.code),
            "mine": n.mine,
            "theirs": n.theirs,
        }
        if n.code is None:
            out.append(
                _("%(name)s shares your place: equal on every tiebreak.") % params
            )
        elif upper:
            out.append(
                _(
                    "%(name)s (place %(rank)s) is above you on %(tiebreak)s: "
                    "%(theirs)s against your %(mine)s."
                )
                % params
            )
        else:
            out.append(
                _(
                    "You are above %(name)s (place %(rank)s) on %(tiebreak)s: "
                    "your %(mine)s against %(theirs)s."
                )
                % params
            )
    if data.row.rank == 1 and not data.row.shared:
        out.insert(0, _("First place!"))
    return out


def _explanations(data, names: dict[int, str]) -> list[tuple[str, object, str]]:
    """Each tiebreak's value and how it was computed, in the tournament's order."""
    row = data.row
    out = []
    for code in data.tiebreaks:
        value = row.tiebreaks.get(code)
        how = tiebreak_explanation(
            code, row, names=names, head_to_head_name=data.head_to_head_name
        )
        out.append((tiebreak_label(code), "—" if value is None else value, how))
    return out


@_live()
def club(request, slug, club_id):
    """Explain a club's position: its members and their games won and played."""
    tournament = _tournament(request, slug)
    after_round = _int_param(request, "after_round")
    data = live.club_page_data(
        tournament=tournament, club=club_id, after_round=after_round
    )
    if data is None:
        raise Http404(_("No such club in this tournament."))
    members = StandingsTable(
        data.members,
        entrant_url=_entrant_url(tournament.slug),
        club_url=_club_url(tournament.slug),
        exclude=("club",),
    )
    RequestConfig(request, paginate=False).configure(members)
    context = _nav_context(tournament)
    context.update({"data": data, "members": members, "title": data.club.name})
    region = render_to_string("public/live/_club.html", context, request)
    return _page(request, tournament, region, data.club.name)


@_live()
def projector(request, slug):
    """Full-screen standings and the current draw, scrolling on their own."""
    tournament = _tournament(request, slug)
    kind = live.entrant_kind(tournament)
    rows = live.standings_for(tournament=tournament, kind=kind)
    table = StandingsTable(
        rows,
        entrant_url=_entrant_url(tournament.slug),
        club_url=_club_url(tournament.slug),
        orderable=False,
        exclude=("games_played",),
        attrs={"class": "live-table projector-table"},
    )
    latest = selectors.round_latest_public(tournament=tournament)
    round_view = None
    if latest is not None:
        round_view = round_read(round=latest, public_only=True, with_games=False)
    context = {
        "tournament": tournament,
        "table": table,
        "round": round_view,
        "kind_title": KIND_TITLES[kind],
        "poll_ms": POLL_MS,
    }
    region = render_to_string("public/live/_projector.html", context, request)
    if request.headers.get(LIVE_HEADER):
        return HttpResponse(region)
    context["region"] = region
    return render(request, "public/live/projector.html", context)


def _version_of(request, slug: str) -> int:
    """The version a reader may poll: from the small cached state when listed."""
    state = public_state_cached(slug=slug)
    if state is None:
        raise Http404(_("No such tournament."))
    if not state.listed:  # only its directors may see it: the full check
        return _tournament(request, slug).version
    return state.version


def _version_etag(request, slug: str) -> str:
    return f'"v{_version_of(request, slug)}"'


@cache_control(no_cache=True)
@condition(etag_func=_version_etag)
def version(request, slug):
    """The tournament's version, for open pages to poll: 304 while unchanged.

    No query while the cache is warm and no session for a listed tournament: cheap
    for every phone in the hall.
    """
    return JsonResponse({"version": _version_of(request, slug)})
