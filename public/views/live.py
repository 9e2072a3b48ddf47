"""Serve the live public pages: standings, results, entrant and club pages, projector.

Every page answers a conditional GET with 304 when the tournament's version has not
moved (one indexed query), and the rendered standings are cached keyed on that
version, so nothing here is per-process state: any app process gives the same page.
Open pages poll ``live:version`` and swap their ``#live-region`` when it changes.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from standings import selectors as live
from standings.compute import TIEBREAKS
from standings.tables import (
    ClubStandingsTable,
    EntrantGamesTable,
    ResultsTable,
    StandingsTable,
    results_rows,
    tiebreak_column,
)
from tournaments import selectors
from tournaments.models import Round, Tournament

LIVE_HEADER = "X-Live-Region"
CACHE_SECONDS = 600
EXPORT_FORMATS = ("csv", "xlsx")
POLL_MS = 2500


# ------------------------------------------------------------------------ helpers


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(selectors.tournament_list_public(), slug=slug)


def _fingerprint(tournament: Tournament, *parts) -> str:
    """A short hash of everything a page's content depends on."""
    key = "|".join(
        str(p)
        for p in (
            tournament.pk,
            tournament.version,
            tournament.tiebreaks,
            tournament.bye_score,
            tournament.bye_points,
            tournament.bye_wins,
            get_language(),
            *parts,
        )
    )
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()


def _etag(request, tournament: Tournament) -> str:
    user = getattr(request, "user", None)
    uid = user.pk if user is not None and user.is_authenticated else 0
    digest = _fingerprint(
        tournament, uid, request.get_full_path(), request.headers.get(LIVE_HEADER, "")
    )
    return f'"{digest}"'


def _finish(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, (LIVE_HEADER, "Cookie", "Accept-Language"))
    return response


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


def _page(request, tournament, etag, region: str, title: str, extra=None):
    """Answer the live poller with the region alone, a browser with the full page."""
    if request.headers.get(LIVE_HEADER):
        return _finish(HttpResponse(region), etag)
    context = {"tournament": tournament, "region": region, "title": title}
    context.update(extra or {})
    return _finish(render(request, "tournaments/live/page.html", context), etag)


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
        extra = [
            (code, tiebreak_column(code))
            for code in tournament.tiebreak_list
            if code not in ("games_won", "points", "point_difference")
        ]
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
    return [_(TIEBREAKS[c]) for c in tournament.tiebreak_list if c in TIEBREAKS]


KIND_TITLES = {
    "players": gettext_lazy("Standings: players"),
    "teams": gettext_lazy("Standings: teams"),
    "clubs": gettext_lazy("Standings: clubs"),
}


# -------------------------------------------------------------------------- views


def standings(request, slug):
    """The standings of players, teams or clubs, overall, after a round or a phase."""
    tournament = _tournament(slug)
    params = _standings_params(request, tournament)
    fmt = request.GET.get("_export")
    etag = _etag(request, tournament)
    if fmt not in EXPORT_FORMATS:
        if (not_modified := get_conditional_response(request, etag=etag)) is not None:
            return _finish(not_modified, etag)
    sort = request.GET.get("sort", "")
    key = "live:standings:" + _fingerprint(tournament, params, sort, fmt)
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
            "tournaments/live/_standings.html", context, request=request
        )
        cache.set(key, region, CACHE_SECONDS)
    return _page(request, tournament, etag, region, str(KIND_TITLES[params["kind"]]))


def results(request, slug, number):
    """The tables of a published round and their confirmed results."""
    tournament = _tournament(slug)
    fmt = request.GET.get("_export")
    etag = _etag(request, tournament)
    if fmt not in EXPORT_FORMATS:
        if (not_modified := get_conditional_response(request, etag=etag)) is not None:
            return _finish(not_modified, etag)
    try:
        round_view = live.round_public(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise Http404(_("This round is not published.")) from None
    table = ResultsTable(results_rows(round_view))
    RequestConfig(request, paginate=False).configure(table)
    if fmt in EXPORT_FORMATS:
        return _export(table, fmt, f"{tournament.slug}-round-{number}")
    context = _nav_context(tournament)
    confirmed = sum(1 for t in round_view.tables if t.confirmed)
    title = _("Results of round %(number)s") % {"number": number}
    context.update(
        {
            "round": round_view,
            "table": table,
            "confirmed": confirmed,
            "title": title,
        }
    )
    region = render_to_string("tournaments/live/_results.html", context, request)
    return _page(request, tournament, etag, region, title)


def entrant(request, slug, entry_id):
    """Explain one player's or team's position: every game and every tiebreak."""
    tournament = _tournament(slug)
    etag = _etag(request, tournament)
    if (not_modified := get_conditional_response(request, etag=etag)) is not None:
        return _finish(not_modified, etag)
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
    region = render_to_string("tournaments/live/_entrant.html", context, request)
    return _page(request, tournament, etag, region, data.row.name)


def _neighbour_sentences(data) -> list[str]:
    """Say why the entrant stands below the row above and above the row below."""
    out = []
    for n, upper in ((data.above, True), (data.below, False)):
        if n is None:
            continue
        params = {
            "name": n.row.name,
            "rank": n.row.rank,
            "tiebreak": _(TIEBREAKS[n.code]) if n.code else "",
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
    real = row.games
    out = []
    for code in data.tiebreaks:
        label = _(TIEBREAKS[code])
        if code == "games_won":
            how = _("%(won)s of %(played)s games won") % {
                "won": row.games_won,
                "played": row.games_played,
            }
            if row.bye_games:
                how += " " + _("(%(n)s of them for a bye)") % {"n": row.bye_games}
            value = row.games_won
        elif code == "points":
            how = " + ".join(str(g.score) for g in real) or "0"
            if row.bye_points:
                how += " + " + _("%(n)s for a bye") % {"n": row.bye_points}
            how = _("your side's game totals: %(sum)s") % {"sum": how}
            value = row.points
        elif code == "point_difference":
            parts = " + ".join(f"({g.score} − {g.opponent_score})" for g in real)
            how = _("your side's totals minus the other side's: %(sum)s") % {
                "sum": parts or "0"
            }
            value = row.point_difference
        elif code == "opponents_strength":
            parts = " + ".join(
                f"{names.get(o, '?')} ({won})" for o, won in row.opponents
            )
            how = _("games won by every opponent you met: %(sum)s") % {
                "sum": parts or "0"
            }
            value = row.opponents_strength
        elif code == "deals_won":
            how = _("deals your side won: %(sum)s") % {
                "sum": " + ".join(str(g.deals_won) for g in real) or "0"
            }
            value = row.deals_won
        elif code == "fewest_revokes":
            how = _("revokes by your side (fewer is better)")
            value = row.revokes
        else:  # head_to_head
            if row.tiebreaks.get(code) is None:
                how = _("not used: it applies only when exactly two are tied")
                value = "—"
            else:
                how = _("games you won against %(name)s, tied with you") % {
                    "name": data.head_to_head_name
                }
                value = row.tiebreaks[code]
        out.append((label, value, how))
    return out


def club(request, slug, club_id):
    """Explain a club's position: its members and their games won and played."""
    tournament = _tournament(slug)
    etag = _etag(request, tournament)
    if (not_modified := get_conditional_response(request, etag=etag)) is not None:
        return _finish(not_modified, etag)
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
    region = render_to_string("tournaments/live/_club.html", context, request)
    return _page(request, tournament, etag, region, data.club.name)


def projector(request, slug):
    """Full-screen standings and the current draw, scrolling on their own."""
    tournament = _tournament(slug)
    etag = _etag(request, tournament)
    if (not_modified := get_conditional_response(request, etag=etag)) is not None:
        return _finish(not_modified, etag)
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
    number = live.current_round_number(tournament=tournament)
    round_view = (
        live.round_public(tournament=tournament, number=number) if number else None
    )
    context = {
        "tournament": tournament,
        "table": table,
        "round": round_view,
        "kind_title": KIND_TITLES[kind],
        "poll_ms": POLL_MS,
    }
    region = render_to_string("tournaments/live/_projector.html", context, request)
    if request.headers.get(LIVE_HEADER):
        return _finish(HttpResponse(region), etag)
    context["region"] = region
    return _finish(render(request, "tournaments/live/projector.html", context), etag)


def version(request, slug):
    """The tournament's version, for open pages to poll: 304 while unchanged.

    One indexed query and no session: cheap for thousands of phones.
    """
    value = (
        Tournament.objects.filter(slug=slug, is_public=True)
        .values_list("version", flat=True)
        .first()
    )
    if value is None:
        raise Http404(_("No such tournament."))
    etag = f'"v{value}"'
    if (not_modified := get_conditional_response(request, etag=etag)) is not None:
        not_modified["ETag"] = etag
        not_modified["Cache-Control"] = "no-cache"
        return not_modified
    response = JsonResponse({"version": value})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
