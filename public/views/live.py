"""Serve the live public pages: standings, results, entrant and club pages.

Every page answers a conditional GET with 304 when the tournament's version has not
moved (Django's ``condition`` decorator; the tournament comes from the shared
cache through ``tournaments.selectors.tournament_for_reader``, so no query while it
is warm), and the rendered standings are cached keyed on that version, so nothing
here is per-process state: any app process gives the same page. Open pages poll
``live:version`` and swap their ``#live-region`` when it changes. An unlisted
tournament is shown to its directors only. What every live page shares is
``live_base``; the projector is ``projector`` (routed from here).
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from core.exports import table_export
from public.pages import shared_bytes, shared_view
from public.versioning import fingerprint, reader_state, revalidated
from public.views.live_base import (
    CACHE_SECONDS,
    EXPORT_FORMATS,
    LIVE_META,
    club_url,
    entrant_url,
    int_param,
    live_page,
    live_view,
    nav_context,
    page_etag_unless_export,
    shared_key,
)
from public.views.projector import projector
from standings import selectors as live
from standings.labels import tiebreak_explanation, tiebreak_label
from standings.rounds import game_forfeits, round_read
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
from tournaments.models import Tournament

__all__ = ["club", "entrant", "projector", "results", "standings", "version"]


def _export(table, fmt: str, filename: str) -> HttpResponse:
    return table_export(table, fmt, filename)  # spreadsheet-safe cells


def _standings_table(request, tournament, rows, kind: str):
    if kind == "clubs":
        table = ClubStandingsTable(rows, club_url=club_url(tournament.slug))
    else:
        extra = tiebreak_columns(tournament.tiebreak_list)
        table = StandingsTable(
            rows,
            entrant_url=entrant_url(tournament.slug),
            club_url=club_url(tournament.slug),
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
    after_round = int_param(request, "after_round")
    phase = int_param(request, "phase")
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
    return shared_key(request, slug, "standings")


@live_view(page_etag_unless_export)
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
            context = nav_context(tournament)
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
    return live_page(request, tournament, region(), title)


@live_view(page_etag_unless_export)
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
    context = nav_context(tournament)
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
    return live_page(request, tournament, region, title)


@live_view()
def entrant(request, slug, entry_id):
    """Explain one player's or team's position: every game and every tiebreak."""
    tournament = tournament_or_404(request, slug)
    after_round = int_param(request, "after_round")
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
    context = nav_context(tournament)
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
    return live_page(request, tournament, region, data.row.name)


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


@live_view()
def club(request, slug, club_id):
    """Explain a club's position: its members and their games won and played."""
    tournament = tournament_or_404(request, slug)
    after_round = int_param(request, "after_round")
    data = live.club_page_data(
        tournament=tournament, club=club_id, after_round=after_round
    )
    if data is None:
        raise Http404(_("No such club in this tournament."))
    members = StandingsTable(
        data.members,
        entrant_url=entrant_url(tournament.slug),
        club_url=club_url(tournament.slug),
        exclude=("club",),
    )
    RequestConfig(request, paginate=False).configure(members)
    context = nav_context(tournament)
    context.update({"data": data, "members": members, "title": data.club.name})
    region = render_to_string("public/live/_club.html", context, request)
    return live_page(request, tournament, region, data.club.name)


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
