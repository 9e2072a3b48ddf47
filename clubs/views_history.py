"""Serve a club's History page: what its managers and staff changed, newest first."""

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from actionlog.selectors import action_entries
from clubs import access
from clubs.access import any_director_required
from clubs.history import history_page
from clubs.models import Club
from core.params import parse_id


@any_director_required
@require_GET
def club_history(request, pk):
    """The club's action log: its people, managers, imports and series."""
    pk = parse_id(pk)  # an id past the database's integers is no club, not a 500
    club = Club.objects.filter(pk=pk).first() if pk is not None else None
    if club is None:
        raise Http404(_("No such club."))
    access.check_can_edit_club(user=request.user, club=club)
    return history_page(
        request,
        entries=lambda kind: action_entries(club_id=club.pk, kind=kind),
        context={
            "club": club,
            "title": _("History · %(club)s") % {"club": club.name},
        },
    )
