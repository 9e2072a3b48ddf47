"""Decide who may direct a tournament and what a reader may see of one."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.selectors import tournament_for_reader, user_can_direct


def director_required(view):
    """Load the tournament named by ``slug``; require login and its direction.

    The one decorator of the directors' pages of a tournament: the view receives the
    tournament in place of the slug.
    """

    @wraps(view)
    @login_required
    def wrapper(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        if not user_can_direct(user=request.user, tournament=tournament):
            raise PermissionDenied(_("You do not direct this tournament."))
        return view(request, tournament, *args, **kwargs)

    return wrapper


def staff_required(view):
    """Require a staff user (who may create tournaments)."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not (request.user.is_staff or request.user.is_superuser):
            raise PermissionDenied(_("Only staff may create tournaments."))
        return view(request, *args, **kwargs)

    return wrapper


def tournament_for_request(request, slug: str) -> Tournament | None:
    """Return the tournament the reader of ``request`` may see, or None.

    The one loader of the public side, for its pages (live and draw), the JSON API
    and the PDFs, as Tabbycat's ``TournamentMixin`` is: the rule is
    ``selectors.tournament_for_reader``'s (listed publicly, or unlisted and the
    reader directs it). The answer, None included, is kept on the request by slug,
    so an ETag function and the view it guards read it once.
    """
    seen = request.__dict__.setdefault("_tournaments_for_reader", {})
    if slug not in seen:
        seen[slug] = tournament_for_reader(slug=slug, user=request.user)
    return seen[slug]


def tournament_or_404(request, slug: str) -> Tournament:
    """Return the tournament the reader may see (``tournament_for_request``); else 404.

    A hidden tournament is a 404, never a 403: a stranger does not learn that an
    unlisted event exists.
    """
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        raise Http404(_("No such tournament."))
    return tournament
