"""Serve the public pages: read-only, published rounds and confirmed results only."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from clubs.forms import SearchForm
from prizes.selectors import awards_made
from public.brackets import staged_links
from public.pages import shared_page, shared_page_key, shared_render, shared_view
from public.tables import NameTable
from standings.rounds import public_rounds_cached, round_read, seat_lookup
from tournaments import selectors
from tournaments.access import tournament_or_404
from tournaments.models import Round, Tournament
from tournaments.selectors import fold


def _round(tournament: Tournament, number: int) -> Round:
    """Return a published or closed round of the tournament; else 404."""
    for rnd in public_rounds_cached(tournament=tournament):
        if rnd.number == number:
            return rnd
    raise Http404(_("This round is not published."))


@require_GET
def home(request):
    tournaments = selectors.tournament_list_public()
    return render(request, "public/home.html", {"tournaments": tournaments})


def _front_key(request, slug):
    """The front page's key: one page a version for every anonymous reader."""
    return shared_page_key(request, slug, "front")


@require_GET
@shared_view(_front_key)
def tournament_home(request, slug):
    tournament = tournament_or_404(request, slug)
    rounds = list(selectors.round_list(tournament=tournament, public=True))
    return render(
        request,
        "public/tournament.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "staged": staged_links(rounds),
            # Awarding bumps the version: this stored page is built again then.
            "has_prizes": awards_made(tournament=tournament),
            "standings_url": reverse(
                "live:standings", kwargs={"slug": tournament.slug}
            ),
        },
    )


@require_GET
def current_draw(request, slug):
    tournament = tournament_or_404(request, slug)
    latest = selectors.round_latest_public(tournament=tournament)
    if latest is None:
        return redirect("public:tournament", slug=tournament.slug)
    return redirect("public:draw_by_name", slug=tournament.slug, number=latest.number)


def _draw_key(request, slug, number):
    """The draw's key: one page a round and version for every anonymous reader.

    A draft round is never stored: its page is a 404, and publishing or taking a
    round back bumps the version, so no page of another version is served (the
    draw never serves the page stored before, see ``shared_bytes``).
    """
    return shared_page_key(request, slug, "draw", number)


@require_GET
@shared_view(_draw_key)
def draw(request, slug, number):
    tournament = tournament_or_404(request, slug)
    rnd = _round(tournament, number)
    data = round_read(round=rnd, public_only=True, with_games=False)
    return render(
        request,
        "public/draw.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": data.tables,
            "byes": data.byes_by_name,
            "rounds": selectors.round_list(tournament=tournament, public=True),
            "view": "table",
        },
    )


@require_GET
def draw_by_name(request, slug, number):
    search = SearchForm(request.GET or None)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    fragment = request.headers.get("HX-Request") == "true"
    key = _names_key(request, slug, number, search, query, fragment)
    page = shared_page(request, key)
    if page is not None:
        return page
    tournament = tournament_or_404(request, slug)
    rnd = _round(tournament, number)

    def context() -> dict:
        rows = seat_lookup(round=rnd, query=query)
        table = NameTable(
            rows, draw_url=reverse("public:draw", args=[tournament.slug, rnd.number])
        )
        RequestConfig(request, paginate=False).configure(table)
        return {
            "tournament": tournament,
            "round": rnd,
            "table": table,
            "search": search,
            "query": query,
            "matches": len(rows),
            "rounds": public_rounds_cached(tournament=tournament),
            "view": "name",
        }

    template = "public/_names.html" if fragment else "public/draw_by_name.html"
    return shared_render(request, template, context, key=key)


def _names_key(request, slug, number, search, query: str, fragment: bool):
    """The cache key of "where do I sit?" as every anonymous reader gets it, or None.

    As players type, the same prefixes come again and again ("van", "de"): each
    answer is rendered once per version of the tournament. Without a query (the
    whole list, every phone at round start) it is the page of the empty search.
    """
    if search.is_bound and not search.is_valid():
        return None
    mode = "htmx" if fragment else "page"
    if not search.is_bound:  # its links carry no "?q="
        mode += ":all"
    return shared_page_key(
        request, slug, "names", number, fold(query), mode, params=frozenset({"q"})
    )
