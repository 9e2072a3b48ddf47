"""Serve staff's page of paused logins and its Unlock buttons."""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import logins
from clubs.tables import LoginLockTable
from core.params import parse_id
from core.refusals import refused_as_message


def staff_only(view):
    """Require staff: a pause guards a login, and lifting one is theirs alone."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not (request.user.is_staff or request.user.is_superuser):
            raise PermissionDenied(_("Only staff may lift a login pause."))
        return view(request, *args, **kwargs)

    return wrapper


@staff_only
@require_GET
def login_locks(request):
    """The pauses in force: username, address, failures, until when."""
    locks = logins.login_locks()
    return render(
        request,
        "clubs/login_locks.html",
        {
            "locks": locks,
            "table": LoginLockTable(locks),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
        },
    )


@staff_only
@require_POST
def login_unlock(request):
    """Lift one pause (the button of its row) and go back to the list."""
    attempt = parse_id(request.POST.get("attempt"))
    if attempt is None:
        messages.error(request, _("This login is no longer paused."))
        return redirect("clubs:login_locks")
    with refused_as_message(request):
        lock = logins.login_unlock(attempt=attempt, by=request.user)
        messages.success(
            request,
            _("%(username)s may log in again from %(address)s.")
            % {"username": lock.username, "address": lock.address},
        )
    return redirect("clubs:login_locks")
