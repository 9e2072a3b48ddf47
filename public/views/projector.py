"""Serve the projector: full-screen standings and "where do I sit?", turning pages."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from public.brackets import projector_staged, staged_links
from public.pages import shared_page_key, shared_view
from public.views.live_base import (
    LIVE_META,
    POLL_MS,
    club_url,
    entrant_url,
    live_view,
)
from standings import selectors as live
from standings.progress import standings_progress
from standings.rounds import public_rounds_cached, seat_lookup
from standings.tables import StandingsTable
from tournaments import selectors
from tournaments.access import tournament_or_404
from tournaments.models import Round, Tournament

PROJECTOR_SHOWS = ("both", "standings", "draw", "pools", "bracket")
STAGED_SHOWS = ("pools", "bracket")  # offered when the tournament has such phases
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
    "pools": gettext_lazy("Pools"),
    "bracket": gettext_lazy("Bracket"),
}


def _projector_links(request, show: str, seconds: int, offered) -> list[dict]:
    """The projector's own links to its screens (``?show=``), this one marked."""
    links = []
    for code in offered:
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


@live_view()
@shared_view(_projector_key)
def projector(request, slug):
    """Full-screen standings and "where do I sit?", a screenful at a time.

    The page turns itself (``static/js/live.js`` fits the rows to the screen);
    while a round is published and not closed, its entrants by name alternate
    with the standings (``?show=both``, the default), or show alone
    (``?show=draw``); ``?show=standings`` shows the standings only;
    ``?show=pools`` and ``?show=bracket`` the pools and the brackets, when the
    tournament has them (``public.brackets``).
    """
    tournament = tournament_or_404(request, slug)
    show, seconds = _projector_options(request)
    rounds = public_rounds_cached(tournament=tournament)
    staged = staged_links(rounds)
    if show in STAGED_SHOWS and not staged[show]:
        show = PROJECTOR_SHOWS[0]  # no such phase (yet): the usual screens
    open_round = None
    if rounds and rounds[-1].status == Round.Status.PUBLISHED:
        open_round = rounds[-1]
    names = None
    if open_round is not None and show in ("both", "draw"):
        names = _projector_names(tournament, open_round)
    table = None
    title = note = ""
    if show not in STAGED_SHOWS and (names is None or show != "draw"):
        kind = live.entrant_kind(tournament)
        rows = live.standings_for(tournament=tournament, kind=kind)
        table = StandingsTable(
            rows,
            entrant_url=entrant_url(tournament.slug),
            club_url=club_url(tournament.slug),
            orderable=False,
            exclude=("games_played",),
            attrs={"class": "live-table projector-table"},
        )
        title, note = _projector_title(standings_progress(tournament=tournament))
    # Its screens: seats and standings while a round is open, pools and bracket.
    offered = list(PROJECTOR_SHOWS[:3]) if open_round else ["standings"]
    offered += [code for code in STAGED_SHOWS if staged[code]]
    marked = show if open_round or show != "both" else "standings"
    context = {
        "tournament": tournament,
        "show": show,
        "show_links": _projector_links(request, marked, seconds, offered)
        if len(offered) > 1
        else (),
        "table": table,
        "standings_title": title,
        "standings_note": note,
        "draw_round": open_round,
        "names": names,
        "seconds": seconds,
        "poll_ms": POLL_MS,
        **projector_staged(tournament=tournament, rounds=rounds, show=show),
    }
    region = render_to_string("public/live/_projector.html", context, request)
    if request.META.get(LIVE_META):
        return HttpResponse(region)
    context["region"] = region
    return render(request, "public/live/projector.html", context)
