"""Serve the results desk of a round: its tables, closing and reopening it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import forms, selectors, services
from scoring.selectors.timing import round_time_games
from scoring.tables import RoundDeskTable
from scoring.views import _caught, _check
from tournaments.clock import round_clock_state
from tournaments.models import Round, Tournament


def _round_for(request, round_id: int) -> Round:
    rnd = get_object_or_404(
        Round.objects.select_related("tournament", "phase"), pk=round_id
    )
    _check(request.user, rnd.tournament)
    return rnd


def _render_desk(
    request, rnd: Round, *, status=200, reopen_form=None, error=None, jump_form=None
):
    desk = selectors.round_desk(round=rnd)
    codes = [f.code for f in selectors.DESK_FILTERS]
    show = request.GET.get("show")
    show = show if show in codes else None
    arrival = request.GET.get("order") == "arrival"
    context = {
        "desk": desk,
        "table": RoundDeskTable(
            desk.shown(show, arrival=arrival),
            # The column "at the table" only where the tables enter results.
            exclude=()
            if desk.tournament.result_entry != Tournament.ResultEntry.DESK
            else ("table_state",),
        ),
        "show": show,
        "arrival": arrival,
        "jump_form": jump_form or forms.TableJumpForm(autofocus=True),
        "reopen_form": reopen_form or forms.ReasonForm(),
        "error": error,
        "clock": round_clock_state(round=rnd),
        "time": round_time_games(round=rnd),
    }
    return render(request, "scoring/round.html", context, status=status)


@login_required
def round_desk(request, round_id: int):
    """The round's tables; ``?table=87`` opens table 87's sheet (the desk's box)."""
    rnd = _round_for(request, round_id)
    if "table" not in request.GET:
        return _render_desk(request, rnd)
    form = forms.TableJumpForm(request.GET)
    status = 422
    if form.is_valid():
        status = 404
        number = form.cleaned_data["table"]
        found = selectors.table_by_number(round=rnd, number=number)
        if found is not None:
            target = reverse("scoring:sheet", kwargs={"table_id": found.pk})
            return HttpResponseRedirect(target)
        form.add_error(
            "table",
            _("Round %(round)s has no table %(number)s.")
            % {"round": rnd.number, "number": number},
        )
    return _render_desk(request, rnd, status=status, jump_form=form)


@login_required
@require_POST
def round_close(request, round_id: int):
    rnd = _round_for(request, round_id)
    with _caught() as refusal:
        services.round_close(round=rnd, by=request.user)
    if refusal:
        return _render_desk(
            request, rnd, status=refusal.error.status, error=refusal.error.message
        )
    messages.success(request, _("%(round)s is closed.") % {"round": rnd})
    return HttpResponseRedirect(reverse("scoring:round", kwargs={"round_id": rnd.pk}))


@login_required
@require_POST
def round_reopen(request, round_id: int):
    rnd = _round_for(request, round_id)
    form = forms.ReasonForm(request.POST)
    if not form.is_valid():
        return _render_desk(request, rnd, status=422, reopen_form=form)
    with _caught() as refusal:
        services.round_reopen(
            round=rnd, by=request.user, reason=form.cleaned_data["reason"]
        )
    if refusal:
        return _render_desk(
            request,
            rnd,
            status=refusal.error.status,
            reopen_form=form,
            error=refusal.error.message,
        )
    messages.success(request, _("%(round)s is open again.") % {"round": rnd})
    return HttpResponseRedirect(reverse("scoring:round", kwargs={"round_id": rnd.pk}))
