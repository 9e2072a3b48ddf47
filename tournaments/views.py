"""Serve the director's pages; each needs login and permission on the tournament."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from clubs.access import any_director_required, is_htmx
from clubs.models import Club
from core.refusals import Refusal, refused_on_form
from tournaments import checkin_views, presets, registration, selectors, services
from tournaments.access import director_required, staff_required
from tournaments.forms import (
    EntryAddForm,
    ImportForm,
    PhaseFormSet,
    PresetForm,
    TournamentForm,
    phase_rows,
    preset_form_values,
    preset_phase_formset,
    preset_tournament_form,
    show_phase_refusal,
)
from tournaments.models import Entry, Tournament
from tournaments.tables import TournamentTable

# -------------------------------------------------------------------------- home


@any_director_required
@require_GET
def home(request):
    tournaments = selectors.tournament_list_for_director(user=request.user)
    table = TournamentTable(tournaments)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "tournaments/director/home.html",
        {
            "tournaments": tournaments,
            "table": table,
            "can_create": request.user.is_staff or request.user.is_superuser,
            "manages_clubs": request.user.managed_clubs.exists(),
        },
    )


# -------------------------------------------------------------------- tournament


def _phase_formset(data, tournament, *, prefix="phases"):
    return PhaseFormSet(data, instance=tournament, prefix=prefix)


def _refused_on_forms(form, formset) -> Refusal:
    """A refusal of the settings on top; a phase's also next to it, on its row."""
    return Refusal(
        lambda error: show_phase_refusal(form, formset, error), only=ValidationError
    )


@staff_required
def tournament_create(request):
    # "Start from" a preset: posted with the form, or asked for by ?preset=.
    posted = request.method == "POST"
    chooser = PresetForm(
        request.POST if posted else request.GET if "preset" in request.GET else None
    )
    preset = chooser.chosen()
    if posted:
        form = TournamentForm(request.POST)
        formset = _phase_formset(request.POST, Tournament())
    else:
        form = preset_tournament_form(preset)
        formset = preset_phase_formset(preset)
    if posted and all([chooser.is_valid(), form.is_valid(), formset.is_valid()]):
        with _refused_on_forms(form, formset):
            tournament = presets.tournament_create_from_preset(
                by=request.user,
                preset=chooser.cleaned_data["preset"],
                phases=phase_rows(formset),
                **form.changed_fields(),
            )
            messages.success(request, _("Tournament created."))
            return redirect("tournaments:tournament", slug=tournament.slug)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {
            "form": form,
            "formset": formset,
            "creating": True,
            "chooser": chooser,
            "preset": preset,
            # What the page's script fills in place: each preset's fields and line
            # (the JSON) and its phase rows (a template each), none first.
            "preset_rows": [
                (p.code if p else "", preset_phase_formset(p))
                for p in (None, *presets.PRESETS)
            ],
            "preset_data": {
                p.code if p else "": {
                    "line": str(p.description) if p else "",
                    "values": preset_form_values(p),
                }
                for p in (None, *presets.PRESETS)
            },
        },
    )


@director_required
@require_GET
def tournament(request, tournament):
    phases = selectors.phase_list(tournament=tournament)
    return render(
        request,
        "tournaments/director/tournament.html",
        {
            "tournament": tournament,
            "phases": phases,
            "counts": selectors.entry_counts(tournament=tournament),
        },
    )


@director_required
def tournament_edit(request, tournament):
    locked = selectors.tournament_has_results(tournament=tournament)
    slug = tournament.slug
    form = TournamentForm(
        request.POST or None, instance=tournament, rules_locked=locked
    )
    formset = _phase_formset(request.POST or None, tournament)
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        with _refused_on_forms(form, formset):
            updated = services.tournament_update(
                tournament=Tournament.objects.get(pk=tournament.pk),
                by=request.user,
                phases=phase_rows(formset),
                **form.changed_fields(),
            )
            messages.success(request, _("Tournament saved."))
            return redirect("tournaments:tournament", slug=updated.slug)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {
            "form": form,
            "formset": formset,
            "tournament": Tournament.objects.get(slug=slug),
            "rules_locked": locked,
        },
    )


# ----------------------------------------------------------------------- entries


@director_required
@require_POST
def entry_status(request, tournament, entry_id):
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    action = request.POST.get("action")
    if action == "present":
        services.entry_set_present(entry=entry, present=True)
    elif action == "absent":
        services.entry_set_present(entry=entry, present=False)
    elif action == "withdraw":
        services.entry_withdraw(entry=entry)
    else:
        return render(
            request,
            "tournaments/director/_message.html",
            {"message": _("Unknown check-in action.")},
            status=400,
        )
    if is_htmx(request):
        return checkin_views.row_response(request, tournament, entry.pk)
    return redirect(
        reverse("tournaments:entries", kwargs={"slug": tournament.slug})
        + f"#e{entry.pk}"
    )


@director_required
@require_GET
def entry_counts(request, tournament):
    return render(
        request,
        "tournaments/director/_entry_counts.html",
        {"counts": selectors.entry_counts(tournament=tournament)},
    )


@director_required
@require_POST
def entry_add(request, tournament):
    form = EntryAddForm(request.POST, pairs=not tournament.is_individual)
    if form.is_valid():
        with refused_on_form(form):
            entry = registration.registration_add(
                tournament=tournament, **form.cleaned_data
            )
            messages.success(
                request,
                _("%(name)s is registered%(late)s.")
                % {
                    "name": entry,
                    "late": _(" as a late entry, present") if entry.late else "",
                },
            )
            return redirect("tournaments:entries", slug=tournament.slug)
    context = checkin_views.entries_context(request, tournament)
    context["add_form"] = form
    context["clubs"] = Club.objects.order_by("name").values_list("name", flat=True)
    return render(request, "tournaments/director/entries.html", context, status=400)


@director_required
def registration_import(request, tournament):
    form = ImportForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        commit = request.POST.get("commit") == "1"
        result = registration.registrations_import(
            tournament=tournament, csv_text=form.cleaned_data["text"], commit=commit
        )
        if result.committed:
            messages.success(
                request,
                _(
                    "%(entries)d entrants registered (%(players)d new players, "
                    "%(clubs)d new clubs, %(teams)d new teams); %(skipped)d "
                    "already registered."
                )
                % {
                    "entries": result.created_entries,
                    "players": result.created_players,
                    "clubs": result.created_clubs,
                    "teams": result.created_teams,
                    "skipped": result.skipped,
                },
            )
            return redirect("tournaments:entries", slug=tournament.slug)
        # Carry the text on to the confirmation, whatever its source.
        form = ImportForm(initial={"text": form.cleaned_data["text"]})
    status = 400 if result is not None and not result.ok else 200
    return render(
        request,
        "tournaments/director/import.html",
        {"tournament": tournament, "form": form, "result": result},
        status=status,
    )
