"""Serve the public pages: read-only, published rounds and confirmed results only."""

from django.shortcuts import get_object_or_404, render

from tournaments import selectors


def home(request):
    tournaments = selectors.tournament_list_public()
    return render(request, "tournaments/public/home.html", {"tournaments": tournaments})


def tournament_home(request, slug):
    tournament = get_object_or_404(selectors.tournament_list_public(), slug=slug)
    return render(
        request, "tournaments/public/tournament.html", {"tournament": tournament}
    )
