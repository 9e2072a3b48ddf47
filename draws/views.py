"""Serve the director's draw workflow: draw, check, swap, redraw, publish, advance."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.params import parse_id
from draws import repair, services
from draws.forms import DrawForm, ReasonForm, ReplaceForm, SwapTypedForm
from draws.selectors import (
    advance_panel,
    phase_actions,
    replacement_candidates,
    round_for_director,
    seat_pick,
    swap_choices,
    tables_with_results,
)
from manille.draws import REASON_TEXT
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
    return round_detail_page(request, tournament, rnd)


def round_detail_page(request, tournament, rnd, *, swap_form=None, status=200):
    """The round's page; a typed swap refused shows its form again with why."""
    checked = round_for_director(round=rnd)
    data, tables = checked.read, checked.tables
    published = rnd.status == Round.Status.PUBLISHED
    entered = tables_with_results(round=rnd) if published else set()
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
            # A draft, or a published round's tables without results: seats move.
            "can_change": rnd.status != Round.Status.CLOSED,
            "is_published": published,
            "entered": entered,
            "unpublish_blocker": repair.unpublish_blocker(round=rnd)
            if published
            else None,
            "reason_form": ReasonForm(),
            "at": _table_number(request.GET.get("at")),
            "flagged": len(checked.flagged),
            "quiet": checked.quiet,
            "withdrawn": [s for t in tables for s in t.seats if s.withdrawn],
            "log": rnd.log.select_related("by").order_by("-at", "-id")[:20],
            "scoring_url": reverse("scoring:round", kwargs={"round_id": rnd.pk}),
            "public_url": reverse(
                "public:draw", kwargs={"slug": tournament.slug, "number": rnd.number}
            ),
            "draw_form": DrawForm(),
            "swap_form": swap_form or SwapTypedForm(),
            "swap_focus": swap_form is not None or request.GET.get("swap") == "1",
            "swap_choices": swap_choices(read=data, search=False)
            if rnd.status != Round.Status.CLOSED
            else [],
        },
        status=status,
    )


def _table_number(value) -> int | None:
    """Read a table number from the request (where to return), else None."""
    return int(value) if value and value.isdigit() and len(value) < 6 else None


def _round_redirect(tournament, rnd, at: int | None = None) -> HttpResponseRedirect:
    """Go back to the round's page, at table ``at`` when given (keeps the place)."""
    url = reverse(
        "director:round", kwargs={"slug": tournament.slug, "number": rnd.number}
    )
    if at is not None:
        url += f"?at={at}#table-{at}"
    return HttpResponseRedirect(url)


def _report(request, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


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
    at = _table_number(request.POST.get("at"))
    # Only ids the database can hold: a 20-digit one is no seat (not a 500).
    seat_ids = [i for i in map(parse_id, request.POST.getlist("seat")) if i]
    bye_ids = [i for i in map(parse_id, request.POST.getlist("bye")) if i]
    reason = request.POST.get("reason", "").strip()
    typed = request.POST.get("typed") == "1"  # its reason asked after a typed swap
    return _swap(
        request, tournament, rnd, seat_ids, bye_ids, reason=reason, at=at, typed=typed
    )


def _swap(request, tournament, rnd, seat_ids, bye_ids, *, reason, at, typed=False):
    """Swap two seats, or a seat and a bye: the ticks' way and the typed way.

    A published round asks for the reason first (``swap_confirm.html``).
    """
    try:
        if len(set(seat_ids)) < len(seat_ids):
            raise ValidationError(_("Choose two different seats of this round."))
        if len(seat_ids) == 2 and not bye_ids:
            seats = list(
                Seat.objects.filter(round=rnd, pk__in=seat_ids).select_related(
                    "table", "entry__player", "entry__team"
                )
            )
            if len(seats) != 2:
                raise ValidationError(_("Choose two seats of this round."))
            seats.sort(key=lambda s: seat_ids.index(s.pk))
            if rnd.status == Round.Status.PUBLISHED and not reason:
                return _swap_confirm(request, tournament, rnd, seats, None, at, typed)
            services.round_swap_seats(
                round=rnd,
                seat_a=seats[0],
                seat_b=seats[1],
                by=request.user,
                reason=reason,
            )
            done = [
                (
                    s.entry,
                    _("table %(t)d, seat %(p)d")
                    % {"t": s.table.number, "p": s.position},
                )
                for s in seats
            ]
        elif len(seat_ids) == 1 and len(bye_ids) == 1:
            seat = get_object_or_404(
                Seat.objects.select_related("table", "entry__player", "entry__team"),
                round=rnd,
                pk=seat_ids[0],
            )
            bye = get_object_or_404(
                Bye.objects.select_related("entry__player", "entry__team"),
                round=rnd,
                pk=bye_ids[0],
            )
            if rnd.status == Round.Status.PUBLISHED and not reason:
                return _swap_confirm(request, tournament, rnd, [seat], bye, at, typed)
            services.round_swap_bye(
                round=rnd, seat=seat, bye=bye, by=request.user, reason=reason
            )
            done = [
                (
                    seat.entry,
                    _("table %(t)d, seat %(p)d")
                    % {"t": seat.table.number, "p": seat.position},
                ),
                (bye.entry, _("bye")),
            ]
        elif typed:
            raise ValidationError(
                _("Type two seats, or a seat and a bye, to swap them.")
            )
        else:
            raise ValidationError(
                _("Tick exactly two seats (or one seat and one bye) to swap them.")
            )
    except ValidationError as exc:
        _report(request, exc)
    else:
        if typed:
            messages.success(
                request,
                _("Swapped: %(a)s (%(where_a)s) ⇄ %(b)s (%(where_b)s).")
                % {
                    "a": done[0][0],
                    "where_a": done[0][1],
                    "b": done[1][0],
                    "where_b": done[1][1],
                },
            )
        else:
            messages.success(request, _("Swapped."))
    if typed:
        return _typed_redirect(tournament, rnd)
    return _round_redirect(tournament, rnd, at)


def _typed_redirect(tournament, rnd) -> HttpResponseRedirect:
    """Back to the round's typed swap, its first box focused for the next one."""
    url = reverse(
        "director:round", kwargs={"slug": tournament.slug, "number": rnd.number}
    )
    return HttpResponseRedirect(url + "?swap=1")  # no #anchor: it would stop autofocus


@director_required
@require_POST
def round_swap_typed(request, tournament, number):
    """Swap two seats typed as "12.3" or a name (a round of 576: no scrolling)."""
    rnd = _get_round(tournament, number)
    form = SwapTypedForm(request.POST)
    if form.is_valid():
        choices = swap_choices(read=round_read(round=rnd, with_games=False))
        picks = []
        for name in ("first", "second"):
            try:
                picks.append(
                    seat_pick(
                        choices=choices,
                        text=form.cleaned_data[name],
                        round_number=rnd.number,
                    )
                )
            except ValidationError as exc:
                form.add_error(name, exc)
        if not form.errors:
            seat_ids = [p.seat_id for p in picks if p.seat_id]
            bye_ids = [p.bye_id for p in picks if p.bye_id]
            return _swap(
                request,
                tournament,
                rnd,
                seat_ids,
                bye_ids,
                reason=form.cleaned_data["reason"].strip(),
                at=None,
                typed=True,
            )
    return round_detail_page(request, tournament, rnd, swap_form=form, status=400)


def _swap_confirm(request, tournament, rnd, seats, bye, at, typed=False):
    """Ask for the reason of a swap in a published round (the players see it).

    The typed swap's own reason box, left empty, is no answer yet: not an error.
    """
    answered = "reason" in request.POST and "first" not in request.POST
    return render(
        request,
        "draws/swap_confirm.html",
        {
            "tournament": tournament,
            "round": rnd,
            "seats": seats,
            "bye": bye,
            "at": at,
            "typed": typed,
            "form": ReasonForm(request.POST if answered else None),
        },
    )


@director_required
@require_http_methods(["GET", "POST"])
def seat_repair(request, tournament, number, seat_id):
    """Repair one seat: a reserve or late entry in its place, a bye, a forfeit."""
    rnd = _get_round(tournament, number)
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
        try:
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
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return _round_redirect(tournament, rnd, at)
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
    rnd = _get_round(tournament, number)
    form = ReasonForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(
                _("Give a reason: it is kept in the round's history.")
            )
        repair.round_unpublish(
            round=rnd, reason=form.cleaned_data["reason"], by=request.user
        )
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(
            request,
            _("Round %(number)d is a draft again: the players no longer see it.")
            % {"number": rnd.number},
        )
    return _round_redirect(tournament, rnd)


@director_required
@require_POST
def round_publish(request, tournament, number):
    rnd = _get_round(tournament, number)
    if rnd.status == Round.Status.DRAFT and request.POST.get("confirmed") != "1":
        flagged = round_for_director(round=rnd).flagged
        if flagged:  # publishing those is a choice: say which, ask once more
            return render(
                request,
                "draws/publish_confirm.html",
                {"tournament": tournament, "round": rnd, "flagged": flagged},
            )
    try:
        services.round_publish(round=rnd, by=request.user)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(
            request,
            _("Round %(number)d is published: players can find their table.")
            % {"number": rnd.number},
        )
    return _round_redirect(tournament, rnd)
