"""Serve the director's pages; each needs login and permission on the tournament."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments import selectors


@login_required
def home(request):
    tournaments = selectors.tournament_list_for_director(user=request.user)
    return render(
        request, "tournaments/director/home.html", {"tournaments": tournaments}
    )
