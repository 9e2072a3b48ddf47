"""Serve the round clock's controls and the time rule on the results desk."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.params import parse_id
from core.refusals import refused_as_message
from scoring import services
from scoring.views import _check
from scoring.views_round import _round_for
from tournaments import clock
from tournaments.models import Game

# The clock's moves as the desk's buttons post them: name → (service, extra).
MOVES = {
    "start": clock.round_clock_start,
    "pause": clock.round_clock_pause,
    "resume": clock.round_clock_resume,
    "extend": clock.round_clock_extend,
    "reset": clock.round_clock_reset,
}


def _desk(rnd) -> HttpResponseRedirect:
    url = reverse("scoring:round", kwargs={"round_id": rnd.pk})
    return HttpResponseRedirect(url + "#clock")


def _minutes(request) -> int | None:
    """The minutes posted: None when left empty; a bad number the service refuses."""
    raw = request.POST.get("minutes", "").strip()
    if not raw:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 4:
        return int(raw)
    return -1  # not a whole number: refused by the service with its message


@login_required
@require_POST
def round_clock(request, round_id: int, move: str):
    """Start, pause, resume, extend (``minutes``) or reset the round's clock."""
    rnd = _round_for(request, round_id)
    service = MOVES.get(move)
    if service is None:
        raise Http404(_("Unknown clock action."))
    kwargs = {}
    if move in ("start", "extend"):
        minutes = _minutes(request)
        if minutes is not None or move == "extend":
            kwargs["minutes"] = minutes
    with refused_as_message(request):
        service(round=rnd, by=request.user, **kwargs)
    return _desk(rnd)


@login_required
@require_POST
def round_time_rule(request, round_id: int):
    """Settle the games left unfinished at time by the event's rule."""
    rnd = _round_for(request, round_id)
    with refused_as_message(request):
        count = services.round_time_rule_apply(round=rnd, by=request.user)
        messages.success(
            request,
            ngettext(
                "%(count)s game stopped by time was settled by the event's rule.",
                "%(count)s games stopped by time were settled by the event's rule.",
                count,
            )
            % {"count": count},
        )
    return _desk(rnd)


@login_required
@require_POST
def game_time_decision(request, game_id: int):
    """The director decides a game stopped by time (the director's rule)."""
    game = get_object_or_404(
        Game.objects.select_related("table__round__tournament", "table__sheet"),
        pk=game_id,
    )
    rnd = game.table.round
    _check(request.user, rnd.tournament)
    raw = request.POST.get("version", "").strip()
    version = 0 if raw == "0" else parse_id(raw)
    if version is None:
        messages.error(
            request, _("The sheet's version is missing: reload the page and try again.")
        )
        return _desk(rnd)
    with refused_as_message(request):
        services.game_time_decide(
            game=game,
            decision=request.POST.get("decision", ""),
            by=request.user,
            version=version,
        )
    return _desk(rnd)
