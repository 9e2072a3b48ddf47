"""Serve the director's draw workflow: draw, check, swap, redraw, publish, advance.

The round's page is ``views_round``, the swap ``views_swap``; their views are
routed from here (``draws/urls.py``).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.params import parse_id
from core.refusals import refused_as_message, refused_on_form
from draws import repair, services
from draws.forms import DrawForm, ReasonForm, ReplaceForm
from draws.selectors import (
    advance_panel,
    phase_actions,
    replacement_candidates,
    round_for_director,
    tables_with_results,
)
from draws.views_round import get_round, round_detail, round_redirect
from draws.views_swap import round_swap, round_swap_typed
from tournaments import selectors
from tournaments.access import director_required
from tournaments.models import Phase, Round, Seat, Tournament
from tournaments.selectors import user_can_direct

__all__ = [
    "phase_advance",
    "phase_list",
    "round_detail",
    "round_draw",
    "round_publish",
    "round_redraw",
    "round_swap",
    "round_swap_typed",
    "round_unpublish",
    "seat_repair",
]


@director_required
@require_GET
def phase_list(request, tournament):
    return render(
        request,
        "draws/phase_list.html",
        {
            "tournament": tournament,
            "phases": phase_actions(phases=selectors.phase_list(tournament=tournament)),
            "counts": selectors.entry_counts(tournament=tournament),
            "draw_form": DrawForm(),
        },
    )


@director_required
@require_POST
def round_draw(request, tournament, phase_id):
    phase = get_object_or_404(Phase, pk=phase_id, tournament=tournament)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The seed must be a whole number."))
        return redirect("draws:phase_list", slug=tournament.slug)
    with refused_as_message(request):
        rnd = services.round_draw(
            phase=phase, by=request.user, seed=form.cleaned_data["seed"]
        )
        messages.success(
            request,
            _("Round %(number)d drawn as a draft: check it, then publish it.")
            % {"number": rnd.number},
        )
        return redirect("draws:round", slug=tournament.slug, number=rnd.number)
    return redirect("draws:phase_list", slug=tournament.slug)


def _advance_subject(request, slug, phase_id, round_id):
    """Return (phase, round or None, where to go back) for either advance URL."""
    if round_id is not None:
        rnd = get_object_or_404(
            Round.objects.select_related("tournament", "phase"), pk=round_id
        )
        if not user_can_direct(user=request.user, tournament=rnd.tournament):
            raise PermissionDenied(_("You do not direct this tournament."))
        back = reverse("scoring:round", kwargs={"round_id": rnd.pk})
        return rnd.phase, rnd, back
    tournament = get_object_or_404(Tournament, slug=slug)
    if not user_can_direct(user=request.user, tournament=tournament):
        raise PermissionDenied(_("You do not direct this tournament."))
    phase = get_object_or_404(Phase, pk=phase_id, tournament=tournament)
    return phase, None, reverse("draws:phase_list", kwargs={"slug": slug})


@login_required
@require_http_methods(["GET", "POST"])
def phase_advance(request, slug=None, phase_id=None, round_id=None):
    """Advance a finished phase's qualifiers (POST), or show who would (GET).

    One view behind two addresses: the phase list (``draws:phase_advance``) and
    the results desk of the phase's last round (``draws:desk_advance``), whose
    page loads the preview of the cut from here.
    """
    phase, rnd, back = _advance_subject(request, slug, phase_id, round_id)
    if request.method == "GET":
        if rnd is None:  # the phase list shows no preview: POST only here
            return HttpResponseNotAllowed(["POST"])
        return render(
            request,
            "draws/_advance.html",
            {"advance": advance_panel(round=rnd), "round": rnd},
        )
    with refused_as_message(request):
        result = services.phase_advance(phase=phase, by=request.user)
        messages.success(
            request,
            _("%(count)s qualifiers advance to %(phase)s.")
            % {"count": result.count, "phase": result.next_phase.name},
        )
    return redirect(back)


@director_required
@require_POST
def round_redraw(request, tournament, number):
    rnd = get_round(tournament, number)
    form = DrawForm(request.POST)
    seed = form.cleaned_data["seed"] if form.is_valid() else None
    with refused_as_message(request):
        services.round_redraw(round=rnd, by=request.user, seed=seed)
        messages.success(request, _("Drawn again with a new seed."))
    return round_redirect(tournament, rnd)


@director_required
@require_http_methods(["GET", "POST"])
def seat_repair(request, tournament, number, seat_id):
    """Repair one seat: a reserve or late entry in its place, a bye, a forfeit."""
    rnd = get_round(tournament, number)
    seat = get_object_or_404(
        Seat.objects.select_related("table", "entry__player", "entry__team"),
        round=rnd,
        pk=parse_id(seat_id) or 0,  # a 20-digit id is no seat (not a 500)
    )
    at = seat.table.number
    candidates = replacement_candidates(round=rnd)
    draft = rnd.status == Round.Status.DRAFT
    action = request.POST.get("action") if request.method == "POST" else None
    forms_ = {
        "replace": ReplaceForm(
            request.POST if action == "replace" else None,
            candidates=candidates,
            required=not draft,
            prefix="replace",
        ),
        "bye": ReasonForm(
            request.POST if action == "bye" else None, required=not draft, prefix="bye"
        ),
        "forfeit": ReasonForm(
            request.POST if action == "forfeit" else None, prefix="forfeit"
        ),
    }
    form = forms_.get(action)
    if form is not None and form.is_valid():
        data = form.cleaned_data
        with refused_on_form(form):
            if action == "replace":
                repair.seat_replace(
                    round=rnd,
                    seat=seat,
                    entry=data["entry"],
                    withdraw=data["withdraw"],
                    reason=data["reason"],
                    by=request.user,
                )
                messages.success(
                    request,
                    _("Table %(table)d: the seat is taken by its new player.")
                    % {"table": at},
                )
            elif action == "bye":
                repair.seat_to_bye(
                    round=rnd, seat=seat, reason=data["reason"], by=request.user
                )
                messages.success(
                    request, _("%(name)s has a bye.") % {"name": seat.entry}
                )
            else:
                repair.table_forfeit(
                    round=rnd, seat=seat, reason=data["reason"], by=request.user
                )
                messages.success(
                    request,
                    _("Table %(table)d is recorded as a forfeit.") % {"table": at},
                )
            return round_redirect(tournament, rnd, at)
    return render(
        request,
        "draws/seat_repair.html",
        {
            "tournament": tournament,
            "round": rnd,
            "seat": seat,
            "forms": forms_,
            "candidates": candidates,
            "is_draft": draft,
            "entered": seat.table_id
            in tables_with_results(round=rnd, table_ids=[seat.table_id]),
        },
        status=422 if form is not None and form.errors else 200,
    )


@director_required
@require_POST
def round_unpublish(request, tournament, number):
    rnd = get_round(tournament, number)
    form = ReasonForm(request.POST)
    with refused_as_message(request):
        if not form.is_valid():
            raise ValidationError(
                _("Give a reason: it is kept in the round's history.")
            )
        repair.round_unpublish(
            round=rnd, reason=form.cleaned_data["reason"], by=request.user
        )
        messages.success(
            request,
            _("Round %(number)d is a draft again: the players no longer see it.")
            % {"number": rnd.number},
        )
    return round_redirect(tournament, rnd)


@director_required
@require_POST
def round_publish(request, tournament, number):
    rnd = get_round(tournament, number)
    if rnd.status == Round.Status.DRAFT and request.POST.get("confirmed") != "1":
        flagged = round_for_director(round=rnd).flagged
        if flagged:  # publishing those is a choice: say which, ask once more
            return render(
                request,
                "draws/publish_confirm.html",
                {"tournament": tournament, "round": rnd, "flagged": flagged},
            )
    with refused_as_message(request):
        services.round_publish(round=rnd, by=request.user)
        messages.success(
            request,
            _("Round %(number)d is published: players can find their table.")
            % {"number": rnd.number},
        )
    return round_redirect(tournament, rnd)
