"""Serve the public pages: read-only, published rounds and confirmed results only."""

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from clubs.forms import SearchForm
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.tables import NameTable


def _tournament(slug: str) -> Tournament:
    """Return a tournament by its slug; unlisted ones are reachable by address."""
    return get_object_or_404(Tournament, slug=slug)


def _safe_reverse(name: str, **kwargs) -> str | None:
    """Return a colleague's URL if it exists yet, else None."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None


@require_GET
def home(request):
    tournaments = selectors.tournament_list_public()
    return render(request, "tournaments/public/home.html", {"tournaments": tournaments})


@require_GET
def tournament_home(request, slug):
    tournament = _tournament(slug)
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": tournament,
            "rounds": list(selectors.round_list(tournament=tournament, public=True)),
            "standings_url": _safe_reverse("live:standings", slug=tournament.slug),
        },
    )


@require_GET
def current_draw(request, slug):
    tournament = _tournament(slug)
    latest = selectors.round_latest_public(tournament=tournament)
    if latest is None:
        return redirect("public:tournament", slug=tournament.slug)
    return redirect("public:draw_by_name", slug=tournament.slug, number=latest.number)


@require_GET
def draw(request, slug, number):
    tournament = _tournament(slug)
    rnd = selectors.round_for_public(tournament=tournament, number=number)
    tables, byes = selectors.round_tables(round=rnd)
    return render(
        request,
        "tournaments/public/draw.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": tables,
            "byes": byes,
            "rounds": selectors.round_list(tournament=tournament, public=True),
            "view": "table",
        },
    )


@require_GET
def draw_by_name(request, slug, number):
    tournament = _tournament(slug)
    rnd = selectors.round_for_public(tournament=tournament, number=number)
    search = SearchForm(request.GET or None)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    rows = selectors.seat_lookup(round=rnd, query=query)
    table = NameTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "tournament": tournament,
        "round": rnd,
        "table": table,
        "search": search,
        "query": query,
        "matches": len(rows),
        "rounds": selectors.round_list(tournament=tournament, public=True),
        "view": "name",
    }
    if request.headers.get("HX-Request") == "true":
        return render(request, "tournaments/public/_names.html", context)
    return render(request, "tournaments/public/draw_by_name.html", context)
