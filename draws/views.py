"""Serve the director's draw workflow: draw, check, swap, redraw, publish, advance."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.params import parse_id
from draws import services
from draws.forms import DrawForm
from draws.generators import REASON_TEXT
from draws.selectors import advance_panel
from scoring.services import EntryError
from standings.rounds import round_read
from tournaments import selectors
from tournaments.access import director_required
from tournaments.models import Bye, Phase, Round, Seat, Tournament
from tournaments.selectors import user_can_direct


@director_required
@require_GET
def phase_list(request, tournament):
    return render(
        request,
        "draws/phase_list.html",
        {
            "tournament": tournament,
            "phases": selectors.phase_list(tournament=tournament),
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
        return redirect("director:phase_list", slug=tournament.slug)
    try:
        rnd = services.round_draw(
            phase=phase, by=request.user, seed=form.cleaned_data["seed"]
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("director:phase_list", slug=tournament.slug)
    messages.success(
        request,
        _("Round %(number)d drawn as a draft: check it, then publish it.")
        % {"number": rnd.number},
    )
    return redirect("director:round", slug=tournament.slug, number=rnd.number)


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
    return phase, None, reverse("director:phase_list", kwargs={"slug": slug})


@login_required
@require_http_methods(["GET", "POST"])
def phase_advance(request, slug=None, phase_id=None, round_id=None):
    """Advance a finished phase's qualifiers (POST), or show who would (GET).

    One view behind two addresses: the phase list (``director:phase_advance``) and
    the results desk of the phase's last round (``scoring:phase_advance``), whose
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
    try:
        result = services.phase_advance(phase=phase, by=request.user)
    except EntryError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("%(count)s qualifiers advance to %(phase)s.")
            % {"count": result.count, "phase": result.next_phase.name},
        )
    return redirect(back)


def _get_round(tournament, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("phase", "tournament"),
        tournament=tournament,
        number=number,
    )


@director_required
@require_GET
def round_detail(request, tournament, number):
    rnd = _get_round(tournament, number)
    data = round_read(round=rnd, with_games=False, with_flags=True)
    tables = data.tables
    return render(
        request,
        "draws/round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": [
                (t, [REASON_TEXT.get(code, code) for code in t.reasons]) for t in tables
            ],
            "byes": data.byes_by_name,
            "is_draft": rnd.status == Round.Status.DRAFT,
            "flagged": sum(1 for t in tables if t.rematches or t.same_club),
            "withdrawn": [s for t in tables for s in t.seats if s.withdrawn],
            "log": rnd.log.select_related("by").order_by("-at", "-id")[:20],
            "scoring_url": reverse("scoring:round", kwargs={"round_id": rnd.pk}),
            "public_url": reverse(
                "public:draw", kwargs={"slug": tournament.slug, "number": rnd.number}
            ),
            "draw_form": DrawForm(),
        },
    )


def _round_redirect(tournament, rnd) -> HttpResponseRedirect:
    return redirect("director:round", slug=tournament.slug, number=rnd.number)


@director_required
@require_POST
def round_redraw(request, tournament, number):
    rnd = _get_round(tournament, number)
    form = DrawForm(request.POST)
    seed = form.cleaned_data["seed"] if form.is_valid() else None
    try:
        services.round_redraw(round=rnd, by=request.user, seed=seed)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Drawn again with a new seed."))
    return _round_redirect(tournament, rnd)


@director_required
@require_POST
def round_swap(request, tournament, number):
    rnd = _get_round(tournament, number)
    # Only ids the database can hold: a 20-digit one is no seat (not a 500).
    seat_ids = [i for i in map(parse_id, request.POST.getlist("seat")) if i]
    bye_ids = [i for i in map(parse_id, request.POST.getlist("bye")) if i]
    try:
        if len(seat_ids) == 2 and not bye_ids:
            seats = list(Seat.objects.filter(round=rnd, pk__in=seat_ids))
            if len(seats) != 2:
                raise ValidationError(_("Choose two seats of this round."))
            services.round_swap_seats(
                round=rnd, seat_a=seats[0], seat_b=seats[1], by=request.user
            )
        elif len(seat_ids) == 1 and len(bye_ids) == 1:
            seat = get_object_or_404(Seat, round=rnd, pk=seat_ids[0])
            bye = get_object_or_404(Bye, round=rnd, pk=bye_ids[0])
            services.round_swap_bye(round=rnd, seat=seat, bye=bye, by=request.user)
        else:
            raise ValidationError(
                _("Tick exactly two seats (or one seat and one bye) to swap them.")
            )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Swapped."))
    return _round_redirect(tournament, rnd)


@director_required
@require_POST
def round_publish(request, tournament, number):
    rnd = _get_round(tournament, number)
    try:
        services.round_publish(round=rnd, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Round %(number)d is published: players can find their table.")
            % {"number": rnd.number},
        )
    return _round_redirect(tournament, rnd)
