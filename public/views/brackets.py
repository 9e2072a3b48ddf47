"""Serve the live pools and bracket pages: updated by themselves like the standings.

Each page's region is rendered once a version and language (kept as text) and
sent ready to every poller; the whole page is shared by every anonymous reader
(``public.pages``), as the standings are.
"""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from public.brackets import knockouts_view, pools_view
from public.pages import shared_bytes, shared_view
from public.tables import PoolTable
from public.versioning import fingerprint
from public.views.live_base import (
    CACHE_SECONDS,
    LIVE_META,
    club_url,
    entrant_url,
    live_page,
    live_view,
    nav_context,
    shared_key,
)
from standings.labels import tiebreak_label
from standings.tables import tiebreak_columns
from tournaments.access import tournament_or_404

STYLESHEETS = ("css/brackets.css",)


def _region_or_page(request, tournament, key: str, build, title: str):
    """The region for a poller, the page for a browser; the region built once."""

    def region() -> str:
        found = cache.get(key)
        if found is None:
            found = build()
            cache.set(key, found, CACHE_SECONDS)
        return found

    if request.META.get(LIVE_META):
        return shared_bytes(request, key + ":live", lambda: region().encode())
    return live_page(request, tournament, region(), title, {"stylesheets": STYLESHEETS})


def _pools_key(request, slug):
    return shared_key(request, slug, "pools")


@live_view()
@shared_view(_pools_key, stale=True)  # it polls: a stale page catches up
def pools(request, slug):
    """Each pool's standings; once played, who goes through and why."""
    tournament = tournament_or_404(request, slug)
    title = _("Pools")

    def build() -> str:
        context = nav_context(tournament)
        phases = pools_view(tournament=tournament, rounds=context["rounds"])
        extra = tiebreak_columns(tournament.tiebreak_list)
        urls = {
            "entrant_url": entrant_url(tournament.slug),
            "club_url": club_url(tournament.slug),
        }
        context.update(
            {
                "title": title,
                "phases": [
                    (
                        phase,
                        [
                            (
                                pool,
                                PoolTable(
                                    pool.rows,
                                    through=pool.through,
                                    extra_columns=extra,
                                    # a pool plays every game it has: one figure less
                                    exclude=("games_played",),
                                    **urls,
                                ),
                            )
                            for pool in phase.pools
                        ],
                    )
                    for phase in phases
                ],
                "tiebreak_labels": [
                    tiebreak_label(code) for code in tournament.tiebreak_list
                ],
            }
        )
        return render_to_string("public/live/_pools.html", context, request=request)

    key = "live:pools:" + fingerprint(tournament, get_language())
    return _region_or_page(request, tournament, key, build, title)


def _bracket_key(request, slug):
    return shared_key(request, slug, "bracket")


@live_view()
@shared_view(_bracket_key, stale=True)
def bracket(request, slug):
    """The knockout drawn as a bracket: winners, byes, decisions, tables in play."""
    tournament = tournament_or_404(request, slug)
    title = _("Bracket")

    def build() -> str:
        context = nav_context(tournament)
        context.update(
            {
                "title": title,
                "knockouts": knockouts_view(
                    tournament=tournament, rounds=context["rounds"]
                ),
                "entrant_url": entrant_url(tournament.slug),
            }
        )
        return render_to_string("public/live/_bracket.html", context, request=request)

    key = "live:bracket:" + fingerprint(tournament, get_language())
    return _region_or_page(request, tournament, key, build, title)
