"""Decide who may use the director's side: the one access rule for directors' pages."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def user_is_director(*, user) -> bool:
    """Tell whether a user may use the director's side at all (clubs, players…)."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser or user.is_staff:
        return True
    return user.directed_tournaments.exists()


def any_director_required(view):
    """Require a user who directs some tournament (or staff): clubs and players."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not user_is_director(user=request.user):
            raise PermissionDenied(_("You do not direct any tournament."))
        return view(request, *args, **kwargs)

    return wrapper


def is_htmx(request) -> bool:
    """Tell whether htmx sent the request (it swaps a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"
