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
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from core.exports import table_export
from core.params import parse_id
from public.pages import shared_bytes, shared_page_key, shared_render, shared_view
from public.versioning import fingerprint, reader_state, revalidated
from standings import selectors as live
from standings.labels import tiebreak_explanation, tiebreak_label
from standings.progress import standings_progress
from standings.rounds import (
    game_forfeits,
    public_rounds_cached,
    round_read,
    seat_lookup,
)
from standings.tables import (
    ClubStandingsTable,
    EntrantGamesTable,
    ResultsTable,
    StandingsTable,
    results_rows,
    tiebreak_columns,
)
from tournaments import selectors
from tournaments.access import tournament_or_404
from tournaments.models import Round, Tournament

LIVE_HEADER = "X-Live-Region"
# The same header as the WSGI environment names it: read from request.META on the
# hot paths, which spares building request.headers from every header sent.
LIVE_META = "HTTP_X_LIVE_REGION"
CACHE_SECONDS = 600
EXPORT_FORMATS = ("csv", "xlsx")
POLL_MS = 2500


# ------------------------------------------------------------------------ helpers


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
    state = reader_state(request, slug)
    if state is None:
        raise Http404(_("No such tournament."))
    key = state.key if state.listed else tournament_or_404(request, slug)
    digest = fingerprint(
        key,
        get_language(),
        _reader_id(request),
        request.get_full_path(),
        request.META.get(LIVE_META, ""),
    )
    return f'"{digest}"'


def _etag_unless_export(request, slug: str, **kwargs) -> str | None:
    """No ETag for a CSV or spreadsheet download: it is always built afresh."""
    if request.GET.get("_export") in EXPORT_FORMATS:
        return None
    return _etag(request, slug, **kwargs)


def _live(etag_func=_etag):
    """Answer 304 while ``etag_func`` matches; every answer says no-cache and Vary."""
    return revalidated(etag_func, vary=(LIVE_HEADER, "Cookie", "Accept-Language"))


def _int_param(request, name: str) -> int | None:
    """Read a round number or an id from the query string; 404 unless in 1..MAX_ID."""
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    value = parse_id(raw)
    if value is None:
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


def _page(
    request,
    tournament,
    region: str,
    title: str,
    extra=None,
    *,
    key=None,
    region_key=None,
):
    """Answer the live poller with the region alone, a browser with the full page.

    With a ``key`` (from ``_shared_key``), the whole page is cached for every
    anonymous reader (``public.pages``). With a ``region_key`` (the region's own
    cache key), the region sent to the pollers is stored ready to send, compressed
    too: when a result comes in, every open page in the hall asks for it at once.
    """
    if request.META.get(LIVE_META):
        if region_key is None:
            return HttpResponse(region)
        return shared_bytes(request, region_key + ":live", region.encode)
    context = {"tournament": tournament, "region": region, "title": title}
    context.update(extra or {})
    return shared_render(request, "public/live/page.html", context, key=key)


def _shared_key(request, slug: str, page: str, *parts) -> str | None:
    """The key of a whole live page every anonymous reader shares (not the poller's)."""
    if request.META.get(LIVE_META):
        return None
    return shared_page_key(request, slug, f"live:{page}", *parts)


def _export(table, fmt: str, filename: str) -> HttpResponse:
    return table_export(table, fmt, filename)  # spreadsheet-safe cells


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
            search_names=selectors.team_member_names(tournament=tournament)
            if kind == "teams"
            else None,
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


def _standings_key(request, slug):
    """The whole standings page's key, as every anonymous reader gets it (no query)."""
    return _shared_key(request, slug, "standings")


@_live(_etag_unless_export)
@shared_view(_standings_key, stale=True)  # it polls: a stale page catches up
def standings(request, slug):
    """The standings of players, teams or clubs, overall, after a round or a phase."""
    tournament = tournament_or_404(request, slug)
    params = _standings_params(request, tournament)
    fmt = request.GET.get("_export")
    sort = request.GET.get("sort", "")
    key = "live:standings:" + fingerprint(tournament, get_language(), params, sort, fmt)

    def region() -> str:
        """The standings region, rendered once a version (and kept as text)."""
        found = cache.get(key)
        if found is None:
            rows = live.standings_for(tournament=tournament, **params)
            table = _standings_table(request, tournament, rows, params["kind"])
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
            found = render_to_string(
                "public/live/_standings.html", context, request=request
            )
            cache.set(key, found, CACHE_SECONDS)
        return found

    if fmt in EXPORT_FORMATS:
        rows = live.standings_for(tournament=tournament, **params)
        table = _standings_table(request, tournament, rows, params["kind"])
        return _export(table, fmt, f"{tournament.slug}-{params['kind']}")
    if request.META.get(LIVE_META):
        # Every poller in the hall asks at once after a result: built once, sent
        # ready (compressed too).
        return shared_bytes(request, key + ":live", lambda: region().encode())
    title = str(KIND_TITLES[params["kind"]])
    return _page(request, tournament, region(), title)


@_live(_etag_unless_export)
def results(request, slug, number):
    """The tables of a published round and their confirmed results."""
    tournament = tournament_or_404(request, slug)
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
    tournament = tournament_or_404(request, slug)
    after_round = _int_param(request, "after_round")
    data = live.entrant_page_data(
        tournament=tournament, entry=entry_id, after_round=after_round
    )
    if data is None:
        raise Http404(_("No such entrant in this tournament."))
    names = {eid: info.name for eid, info in data.entrants.items()}
    forfeits = game_forfeits(game_ids=[g.game_id for g in data.row.games])
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
                "forfeit": forfeits.get(g.game_id),  # None, or a no-show?
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
    tournament = tournament_or_404(request, slug)
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


PROJECTOR_SHOWS = ("both", "standings", "draw")
PROJECTOR_SECONDS = 8  # each page on screen, unless ?seconds= says otherwise
PROJECTOR_SECONDS_RANGE = (3, 120)


def _projector_options(request) -> tuple[str, int]:
    """Read ``?show=`` and ``?seconds=``; a value out of place falls back, never fails.

    A projector's address is typed by hand on the day: an unknown ``show`` means
    both screens, a number of seconds out of range is brought within it, and
    anything else gives the default.
    """
    show = request.GET.get("show", "").strip().lower()
    if show not in PROJECTOR_SHOWS:
        show = PROJECTOR_SHOWS[0]
    raw = request.GET.get("seconds", "").strip()
    seconds = PROJECTOR_SECONDS
    if raw.isascii() and raw.isdigit() and len(raw) <= 6:
        low, high = PROJECTOR_SECONDS_RANGE
        seconds = min(max(int(raw), low), high)
    return show, seconds


PROJECTOR_SHOW_LABELS = {
    "both": gettext_lazy("Seats and standings"),
    "draw": gettext_lazy("Seats only"),
    "standings": gettext_lazy("Standings only"),
}


def _projector_links(request, show: str, seconds: int) -> list[dict]:
    """The projector's own links to its three screens (``?show=``), this one marked."""
    links = []
    for code in PROJECTOR_SHOWS:
        query = {} if code == PROJECTOR_SHOWS[0] else {"show": code}
        if seconds != PROJECTOR_SECONDS:
            query["seconds"] = seconds
        links.append(
            {
                "url": request.path + (f"?{urlencode(query)}" if query else ""),
                "label": PROJECTOR_SHOW_LABELS[code],
                "current": code == show,
            }
        )
    return links


def _projector_title(progress) -> tuple[str, str]:
    """The standings' title and its note: after which round, how much of the next."""
    if progress.after_round is None:
        title = _("Standings")
    else:
        title = _("Standings after round %(number)s") % {"number": progress.after_round}
    current = progress.current
    if current is None:
        note = "" if progress.after_round is not None else _("No results yet.")
    else:
        note = _(
            "Round %(number)s: %(confirmed)s of %(tables)s tables counted so far."
        ) % {
            "number": current.number,
            "confirmed": current.confirmed,
            "tables": current.tables,
        }
    return title, note


def _name_key(name: str) -> str:
    """A name's first three letters, folded: a page of names is headed "A–C"."""
    return "".join(c for c in selectors.fold(name) if c.isalnum())[:3]


def _projector_names(tournament: Tournament, rnd) -> list[dict]:
    """Every entrant of a round by name, with their table and seat (or side).

    From the round's cached "where do I sit?" index: no query while it is warm,
    none per row. ``key`` (the name's first letters, folded) heads each page.
    """
    out = []
    for found in seat_lookup(round=rnd):
        if found.table is None:
            where = _("bye")
        elif tournament.is_individual:
            where = _("seat %(number)s") % {"number": found.position}
        else:  # fixed pairs: seat 1 plays on side A, seat 2 on side B
            side = {1: "A", 2: "B"}.get(found.position, found.position)
            where = _("side %(side)s") % {"side": side}
        out.append(
            {
                "name": found.name,
                "detail": found.detail,
                "club": found.seat.club,
                "table": found.table,
                "where": where,
                "key": _name_key(found.name),
            }
        )
    return out


PROJECTOR_PARAMS = frozenset({"show", "seconds"})


def _projector_key(request, slug):
    """The projector's key: its page, or the region it fetches after a bump.

    Keyed on the options as read (``_projector_options``), the page and the region
    apart; one of each a version for every screen and phone that opens it.
    """
    show, seconds = _projector_options(request)
    mode = "region" if request.META.get(LIVE_META) else "page"
    return shared_page_key(
        request, slug, "live:projector", show, seconds, mode, params=PROJECTOR_PARAMS
    )


@_live()
@shared_view(_projector_key)
def projector(request, slug):
    """Full-screen standings and "where do I sit?", a screenful at a time.

    The page turns itself (``static/js/live.js`` fits the rows to the screen);
    while a round is published and not closed, its entrants by name alternate
    with the standings (``?show=both``, the default), or show alone
    (``?show=draw``); ``?show=standings`` shows the standings only.
    """
    tournament = tournament_or_404(request, slug)
    show, seconds = _projector_options(request)
    rounds = public_rounds_cached(tournament=tournament)
    open_round = None
    if rounds and rounds[-1].status == Round.Status.PUBLISHED:
        open_round = rounds[-1]
    names = None
    if open_round is not None and show != "standings":
        names = _projector_names(tournament, open_round)
    table = None
    title = note = ""
    if names is None or show != "draw":
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
        title, note = _projector_title(standings_progress(tournament=tournament))
    context = {
        "tournament": tournament,
        "show": show,
        "show_links": _projector_links(request, show, seconds) if open_round else (),
        "table": table,
        "standings_title": title,
        "standings_note": note,
        "draw_round": open_round,
        "names": names,
        "seconds": seconds,
        "poll_ms": POLL_MS,
    }
    region = render_to_string("public/live/_projector.html", context, request)
    if request.META.get(LIVE_META):
        return HttpResponse(region)
    context["region"] = region
    return render(request, "public/live/projector.html", context)


def _version_of(request, slug: str) -> int:
    """The version a reader may poll: from the small cached state when listed."""
    state = reader_state(request, slug)
    if state is None:
        raise Http404(_("No such tournament."))
    if not state.listed:  # only its directors may see it: the full check
        return tournament_or_404(request, slug).version
    return state.version


def _version_etag(request, slug: str) -> str:
    return f'"v{_version_of(request, slug)}"'


@revalidated(_version_etag)
def version(request, slug):
    """The tournament's version, for open pages to poll: 304 while unchanged.

    No query while the cache is warm and no session for a listed tournament: cheap
    for every phone in the hall.
    """
    return JsonResponse({"version": _version_of(request, slug)})
