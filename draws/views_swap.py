"""Serve the swap of a round's seats: ticked on the round's page, or typed."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.params import parse_id
from core.refusals import refused_as_message, refused_on_form
from draws import services
from draws.forms import ReasonForm, SwapTypedForm
from draws.selectors import seat_pick, swap_choices
from draws.views_round import get_round, round_detail_page, round_redirect, table_number
from standings.rounds import round_read
from tournaments.access import director_required
from tournaments.models import Bye, Round, Seat

SEAT_RELATED = ("table", "entry__player", "entry__team")


@director_required
@require_POST
def round_swap(request, tournament, number):
    rnd = get_round(tournament, number)
    at = table_number(request.POST.get("at"))
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
    with refused_as_message(request):
        if len(set(seat_ids)) < len(seat_ids):
            raise ValidationError(_("Choose two different seats of this round."))
        how = {"reason": reason, "at": at, "typed": typed}
        if len(seat_ids) == 2 and not bye_ids:
            done = _swap_seats(request, tournament, rnd, seat_ids, **how)
        elif len(seat_ids) == 1 and len(bye_ids) == 1:
            done = _swap_bye(request, tournament, rnd, seat_ids[0], bye_ids[0], **how)
        elif typed:
            raise ValidationError(
                _("Type two seats, or a seat and a bye, to swap them.")
            )
        else:
            raise ValidationError(
                _("Tick exactly two seats (or one seat and one bye) to swap them.")
            )
        if isinstance(done, HttpResponse):
            return done  # the reason of a published round's swap, asked first
        _swapped(request, done, typed=typed)
    if typed:
        return _typed_redirect(tournament, rnd)
    return round_redirect(tournament, rnd, at)


def _swap_seats(request, tournament, rnd, seat_ids, *, reason, at, typed):
    """Swap two seats; return who went where, or the page asking for the reason."""
    seats = list(
        Seat.objects.filter(round=rnd, pk__in=seat_ids).select_related(*SEAT_RELATED)
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
    return [
        (
            s.entry,
            _("table %(t)d, seat %(p)d") % {"t": s.table.number, "p": s.position},
        )
        for s in seats
    ]


def _swap_bye(request, tournament, rnd, seat_id, bye_id, *, reason, at, typed):
    """Swap a seat and a bye; return who went where, or the page asking why."""
    seat = get_object_or_404(
        Seat.objects.select_related(*SEAT_RELATED), round=rnd, pk=seat_id
    )
    bye = get_object_or_404(
        Bye.objects.select_related("entry__player", "entry__team"),
        round=rnd,
        pk=bye_id,
    )
    if rnd.status == Round.Status.PUBLISHED and not reason:
        return _swap_confirm(request, tournament, rnd, [seat], bye, at, typed)
    services.round_swap_bye(
        round=rnd, seat=seat, bye=bye, by=request.user, reason=reason
    )
    return [
        (
            seat.entry,
            _("table %(t)d, seat %(p)d") % {"t": seat.table.number, "p": seat.position},
        ),
        (bye.entry, _("bye")),
    ]


def _swapped(request, done, *, typed: bool) -> None:
    """Say the swap is done: the typed way says who went where."""
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


def _typed_redirect(tournament, rnd) -> HttpResponseRedirect:
    """Back to the round's typed swap, its first box focused for the next one."""
    url = reverse(
        "draws:round", kwargs={"slug": tournament.slug, "number": rnd.number}
    )
    return HttpResponseRedirect(url + "?swap=1")  # no #anchor: it would stop autofocus


@director_required
@require_POST
def round_swap_typed(request, tournament, number):
    """Swap two seats typed as "12.3" or a name (a round of 576: no scrolling)."""
    rnd = get_round(tournament, number)
    form = SwapTypedForm(request.POST)
    if form.is_valid():
        choices = swap_choices(read=round_read(round=rnd, with_games=False))
        picks = []
        for name in ("first", "second"):
            with refused_on_form(form, field=name):
                picks.append(
                    seat_pick(
                        choices=choices,
                        text=form.cleaned_data[name],
                        round_number=rnd.number,
                    )
                )
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
