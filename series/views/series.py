"""Serve a series: its public standings and exports, and the director's pages.

The director's side lists the series a user may manage, creates one, arranges its
events and starts a club's next evening ("New evening" → check-in → draw).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from clubs.access import any_director_required
from core.exports import table_export
from core.languages import event_language_activate
from core.refusals import refused_as_message, refused_on_form
from series import checkin, ordering, selectors, services
from series.forms import (
    CheckInForm,
    EveningForm,
    EventAddForm,
    EventMoveForm,
    SeriesForm,
)
from series.labels import ranking_sentence
from series.models import Series
from series.tables import SeriesListTable, SeriesStandingsTable
from tournaments.models import Entry, Tournament

EXPORT_FORMATS = ("csv", "xlsx")
REGION_SECONDS = 600


# ---------------------------------------------------------------------- public


def _readable_series(request, slug: str) -> Series:
    """The series a public page shows, in its language unless the reader chose."""
    series = selectors.series_for_reader(slug=slug, user=request.user)
    if series is None:
        raise Http404(_("No such series."))
    event_language_activate(request, series.language)
    return series


def _standings_table(request, series, standings) -> SeriesStandingsTable:
    table = SeriesStandingsTable(
        standings.rows, series=series, explain=standings.explanation
    )
    RequestConfig(request, paginate=False).configure(table)
    return table


def _standings_region(request, series, events) -> str:
    """Render the standings and events of ``series`` (cached on its state)."""
    key = "series:region:" + ":".join(
        (series.slug, selectors.series_state(series=series, events=events))
    )
    key += ":" + (get_language() or "")
    region = cache.get(key)
    if region is not None:
        return region
    standings = selectors.series_standings(series=series, events=events)
    region = render_to_string(
        "series/_standings.html",
        {
            "series": series,
            "events": standings.events,
            "unlisted_counted": selectors.events_include_unlisted(events),
            "table": _standings_table(request, series, standings),
            "ranked": len(standings.ranked),
            "unranked": len(standings.unranked),
            "clubs_url": reverse("series:clubs", args=[series.slug]),
            "ranking": ranking_sentence(series),
        },
        request=request,
    )
    cache.set(key, region, REGION_SECONDS)
    return region


@require_GET
def standings(request, slug):
    """The series' standings, each row saying which events counted."""
    series = _readable_series(request, slug)
    events = selectors.series_events(series=series, user=request.user)
    region = _standings_region(request, series, events)
    return render(
        request,
        "series/standings.html",
        {
            "series": series,
            "region": region,
            "manages": request.user.is_authenticated
            and selectors.user_can_manage_series(user=request.user, series=series),
        },
    )


@require_GET
def standings_export(request, slug, fmt):
    """The standings as a spreadsheet: CSV (Belgian ``;`` in nl/fr) or XLSX."""
    if fmt not in EXPORT_FORMATS:
        raise Http404
    series = _readable_series(request, slug)
    standings = selectors.series_standings(series=series, user=request.user)
    table = _standings_table(request, series, standings)
    return table_export(table, fmt, f"{series.slug}-standings")


# -------------------------------------------------------------------- director


def _managed_series(request, slug: str) -> Series:
    """Return the series ``slug`` if the user may manage it; 404 / 403 else."""
    series = get_object_or_404(Series.objects.select_related("club"), slug=slug)
    if not selectors.user_can_manage_series(user=request.user, series=series):
        raise PermissionDenied(
            _("Only staff and the managers of the series' club may change it.")
        )
    return series


def _addable_events(user, series: Series):
    """The events a user may add: those he directs or his clubs hold."""
    events = Tournament.objects.exclude(series_events__series=series)
    if not user.is_superuser:  # as tournaments.selectors.user_can_direct
        events = events.filter(Q(directors=user) | Q(club__managers=user))
    return events.distinct().order_by("-date", "name")


@any_director_required
@require_GET
def director_list(request):
    rows = selectors.series_list_for_manager(user=request.user).annotate(
        event_count=Count("events")
    )
    table = SeriesListTable(rows)
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(request, "series/director_list.html", {"table": table})


@contextmanager
def _refused_on_series_form(form):
    """Show a refusal on the series' form; the services' PermissionDenied by club."""
    with (
        refused_on_form(form),
        refused_on_form(
            form,
            only=PermissionDenied,
            field="club",
            fallback=_("You may not manage this club."),
        ),
    ):
        yield


@any_director_required
def series_create(request):
    form = SeriesForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        with _refused_on_series_form(form):
            series = services.series_create(by=request.user, **form.series_fields())
            messages.success(request, _("Series created."))
            return redirect("series:manage", slug=series.slug)
    return render(
        request,
        "series/form.html",
        {
            "form": form,
            "title": _("New series"),
            "back": reverse("series:director_list"),
        },
        status=400 if request.method == "POST" else 200,
    )


@login_required
def series_edit(request, slug):
    series = _managed_series(request, slug)
    form = SeriesForm(
        request.POST or None,
        instance=Series.objects.get(pk=series.pk),
        user=request.user,
    )
    if request.method == "POST" and form.is_valid():
        with _refused_on_series_form(form):
            series = services.series_update(
                series=series, by=request.user, **form.series_fields()
            )
            messages.success(request, _("Series saved."))
            return redirect("series:manage", slug=series.slug)
    return render(
        request,
        "series/form.html",
        {
            "form": form,
            "title": series.name,
            "series": series,
            "back": reverse("series:manage", args=[series.slug]),
        },
        status=400 if request.method == "POST" else 200,
    )


@login_required
@require_GET
def manage(request, slug):
    series = _managed_series(request, slug)
    events = selectors.series_events(series=series, user=request.user)
    return render(
        request,
        "series/manage.html",
        {
            "series": series,
            "events": events,
            "unlisted_counted": selectors.events_include_unlisted(events),
            "add_form": EventAddForm(tournaments=_addable_events(request.user, series)),
            "evening_form": EveningForm(),
            "clubs_url": reverse("series:clubs", args=[series.slug]),
            "api_url": reverse("series:api_standings", args=[series.slug]),
        },
    )


@login_required
@require_POST
def event_add(request, slug):
    series = _managed_series(request, slug)
    form = EventAddForm(request.POST, tournaments=_addable_events(request.user, series))
    if not form.is_valid():
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
        return redirect("series:manage", slug=series.slug)
    tournament = form.cleaned_data["tournament"]
    with refused_as_message(
        request,
        only=(ValidationError, PermissionDenied),
        fallback=_("You may not change this series."),
    ):
        services.series_event_add(series=series, tournament=tournament, by=request.user)
        messages.success(
            request, _("%(event)s added to the series.") % {"event": tournament.name}
        )
    return redirect("series:manage", slug=series.slug)


@login_required
@require_POST
def event_move(request, slug):
    """Move an event up or down the series' order, or take it out of the series."""
    series = _managed_series(request, slug)
    form = EventMoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose an event of the series and what to do."))
        return redirect("series:manage", slug=series.slug)
    event = get_object_or_404(series.events, pk=form.cleaned_data["event"])
    action = form.cleaned_data["action"]
    with refused_as_message(request):
        if action == "remove":
            services.series_event_remove(
                series=series, tournament=event.tournament, by=request.user
            )
            messages.success(
                request,
                _("%(event)s taken out of the series; its results are kept.")
                % {"event": event.tournament.name},
            )
        else:
            ordering.series_event_move(
                series=series, event=event, up=action == "up", by=request.user
            )
    return redirect("series:manage", slug=series.slug)


@login_required
@require_POST
def evening_new(request, slug):
    """Start the club's next evening and go straight to its check-in."""
    series = _managed_series(request, slug)
    form = EveningForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter the date as a valid date, or leave it empty."))
        return redirect("series:manage", slug=series.slug)
    date = form.cleaned_data["date"]
    with refused_as_message(request):
        tournament = services.evening_new(series=series, by=request.user, date=date)
        messages.success(
            request,
            _("%(event)s is ready: tick who came, then draw.")
            % {"event": tournament.name},
        )
        return redirect(
            "series:evening_checkin", slug=series.slug, event=tournament.slug
        )
    return redirect("series:manage", slug=series.slug)


def _evening(series: Series, event_slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=event_slug, series_events__series=series)


@login_required
def evening_checkin(request, slug, event):
    """Tick who came (those who came last time are ticked) and confirm in one go.

    Confirming marks the ticked entrants present and the others not, then opens
    the evening's overview, whose first button draws round 1.
    """
    series = _managed_series(request, slug)
    tournament = _evening(series, event)
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .exclude(status=Entry.Status.WITHDRAWN)
        .select_related("player", "player__club", "plays_for", "team")
        .order_by("player__last_name", "player__first_name", "team__name", "pk")
    )
    form = CheckInForm(request.POST or None, entries=entries)
    if request.method == "POST" and form.is_valid():
        with refused_on_form(form):
            counts = checkin.evening_check_in(
                tournament=tournament,
                present=form.cleaned_data["present"],
                by=request.user,
            )
            messages.success(
                request,
                _("%(count)d present: draw the first round.") % {"count": counts},
            )
            return redirect("tournaments:tournament", slug=tournament.slug)
    if form.is_bound:
        ticked = set(form.cleaned_data.get("present", ())) if form.is_valid() else set()
    else:
        ticked = checkin.evening_expected(entries=entries)
    return render(
        request,
        "series/checkin.html",
        {
            "series": series,
            "tournament": tournament,
            "entries": entries,
            "ticked": ticked,
            "form": form,
        },
        status=400 if form.is_bound else 200,
    )
