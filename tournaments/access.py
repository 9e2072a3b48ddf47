"""Decide who may direct a tournament and what a reader may see of one."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.selectors import user_can_direct


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
