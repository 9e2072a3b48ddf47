"""Serve the director's side: the lists, the waiting list's order, pairing, export."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.exports import table_export
from core.refusals import refused_as_message, refused_on_form
from registrations import director_services, selectors, services
from registrations.forms import DetailsForm, PairForm
from registrations.models import Registration
from registrations.tables import RegistrationExportTable
from tournaments.access import director_required


def _back(tournament):
    return redirect("registrations:list", slug=tournament.slug)


def _base_url(request) -> str:
    return request.build_absolute_uri("/")


def _registration(tournament, pk: int) -> Registration:
    return get_object_or_404(Registration, tournament=tournament, pk=pk)


@director_required
@require_GET
def registrations(request, tournament):
    """Confirmed, waiting (in order), singles to pair, cancelled; the places left."""
    lists = selectors.director_lists(tournament=tournament)
    return render(
        request,
        "registrations/director.html",
        {
            "tournament": tournament,
            "lists": lists,
            "places": selectors.places_for(tournament=tournament),
            "closed": selectors.registration_closed_reason(tournament=tournament),
        },
    )


@director_required
@require_GET
def export(request, tournament):
    """Every registration not deleted, as a spreadsheet-safe CSV."""
    rows = Registration.objects.filter(
        tournament=tournament, anonymised=False
    ).order_by("created_at", "id")
    table = RegistrationExportTable(rows)
    return table_export(table, "csv", f"{tournament.slug}-registrations")


@director_required
@require_POST
def move(request, tournament, pk: int):
    registration = _registration(tournament, pk)
    with refused_as_message(request):
        director_services.registration_move(
            registration=registration,
            up=request.POST.get("direction") != "down",
            by=request.user,
        )
    return _back(tournament)


@director_required
@require_POST
def promote(request, tournament, pk: int):
    """Confirm a waiting registration now, beyond the capacity."""
    registration = _registration(tournament, pk)
    with refused_as_message(request):
        services.registration_promote(
            registration=registration, by=request.user, base_url=_base_url(request)
        )
        messages.success(
            request,
            _("%(name)s is confirmed (mailed).") % {"name": registration.names},
        )
    return _back(tournament)


@director_required
@require_POST
def cancel(request, tournament, pk: int):
    registration = _registration(tournament, pk)
    with refused_as_message(request):
        promoted = services.registration_cancel(
            registration=registration, by=request.user, base_url=_base_url(request)
        )
        messages.success(request, _("The registration is cancelled."))
        for row in promoted:
            messages.info(
                request,
                _("%(name)s moved up from the waiting list (mailed).")
                % {"name": row.names},
            )
    return _back(tournament)


@director_required
@require_POST
def pair(request, tournament):
    form = PairForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two players to pair."))
        return _back(tournament)
    first = _registration(tournament, form.cleaned_data["first"])
    second = _registration(tournament, form.cleaned_data["second"])
    with refused_as_message(request):
        entry = director_services.singles_pair(
            first=first, second=second, by=request.user, base_url=_base_url(request)
        )
        messages.success(request, _("Paired: %(team)s.") % {"team": entry.team})
    return _back(tournament)


@director_required
@require_POST
def pair_remaining(request, tournament):
    """The deadline's rule, by a button: pair the rest in order of registration."""
    with refused_as_message(request):
        entries, left = director_services.singles_pair_remaining(
            tournament=tournament, by=request.user, base_url=_base_url(request)
        )
        messages.success(
            request,
            ngettext("%(count)d pair made.", "%(count)d pairs made.", len(entries))
            % {"count": len(entries)},
        )
        if left is not None:
            messages.info(
                request,
                _("%(name)s has no partner yet.") % {"name": left.name},
            )
    return _back(tournament)


@director_required
@require_http_methods(["GET", "POST"])
def edit(request, tournament, pk: int):
    registration = _registration(tournament, pk)
    pairs = registration.kind == Registration.Kind.PAIR
    if registration.anonymised:
        messages.error(request, _("This registration is deleted."))
        return _back(tournament)
    initial = {name: getattr(registration, name) for name in director_services.EDITABLE}
    form = DetailsForm(request.POST or None, initial=initial, pairs=pairs)
    if request.method == "POST" and form.is_valid():
        with refused_on_form(form):
            director_services.registration_update(
                registration=registration, by=request.user, **form.values()
            )
            messages.success(request, _("The registration is saved."))
            return _back(tournament)
    return render(
        request,
        "registrations/edit.html",
        {"tournament": tournament, "registration": registration, "form": form},
        status=400 if form.errors else 200,
    )
