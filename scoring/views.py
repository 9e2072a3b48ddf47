"""Serve the director's results desk and score sheets (login and permission)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from tournaments.models import Round, Table
from tournaments.selectors import user_can_direct


def _check(user, tournament):
    if not user_can_direct(user=user, tournament=tournament):
        raise PermissionDenied


@login_required
def round_desk(request, round_id: int):
    rnd = get_object_or_404(Round.objects.select_related("tournament"), pk=round_id)
    _check(request.user, rnd.tournament)
    return HttpResponse(str(rnd))


@login_required
def sheet(request, table_id: int):
    table = get_object_or_404(
        Table.objects.select_related("round__tournament"), pk=table_id
    )
    _check(request.user, table.round.tournament)
    return HttpResponse(str(table))
