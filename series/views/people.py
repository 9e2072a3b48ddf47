"""Serve the public pages of people: a club, a series' club ranking, a player's
record and two players' head-to-head.

Read-only and for everyone; what an event or a series shows follows the public
side's rule (an unlisted one only to those who run it). Each page reads a fixed
number of queries whatever the number of events.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.models import Club, Player
from core.languages import event_language_activate
from core.params import parse_id
from manille.chart import Point, percentage_chart
from series import clubs as club_ranking
from series import records


def _get(queryset, pk, message: str):
    """Return the row ``pk`` of ``queryset``; 404 for no row or an impossible id."""
    pk = parse_id(pk)
    found = queryset.filter(pk=pk).first() if pk is not None else None
    if found is None:
        raise Http404(message)
    return found


def _player(pk):
    return _get(Player.objects.select_related("club"), pk, _("No such player."))


@require_GET
def club(request, pk):
    """A club's public page: members, series, events and places in championships."""
    found = _get(Club.objects.all(), pk, _("No such club."))
    user = request.user
    members = list(
        Player.objects.filter(club=found)
        .order_by("last_name", "first_name")
        .only("id", "first_name", "last_name")
    )
    series_list = list(
        records.series_visible(user=user).filter(club=found).order_by("name")
    )
    events = list(
        records.tournaments_visible(user=user)
        .filter(club=found)
        .order_by("-date", "name")[:100]
    )
    places = club_ranking.club_places(club=found, user=user)
    return render(
        request,
        "series/people/club.html",
        {
            "club": found,
            "members": members,
            "series_list": series_list,
            "events": events,
            "places": places,
            "title": found.name,
        },
    )


@require_GET
def clubs(request, slug):
    """A series' club ranking: each club's players, games, wins and percentage."""
    series = records.series_visible(user=request.user).filter(slug=slug).first()
    if series is None:
        raise Http404(_("No such series."))
    event_language_activate(request, series.language)
    ranking = club_ranking.club_ranking(series=series, user=request.user)
    return render(
        request,
        "series/people/clubs.html",
        {"series": series, "ranking": ranking, "title": series.name},
    )


def _chart(record: records.PlayerRecord) -> str:
    points = [
        Point(
            label=date_format(line.tournament.date, "SHORT_DATE_FORMAT"),
            value=line.running_percentage,
            note=_("%(event)s: %(pct)s %% of games won so far")
            % {
                "event": line.tournament.name,
                "pct": f"{line.running_percentage:.2f}",
            },
        )
        for line in record.lines
    ]
    return percentage_chart(
        points,
        title=_("%(name)s: games won over time") % {"name": record.player.full_name},
        description=_(
            "The percentage of games won over all events up to each event, "
            "oldest first; the table below gives the same figures."
        ),
        chart_id="record-chart",
    )


@require_GET
def player(request, pk):
    """A player's record: every event played, and the win percentage over time."""
    found = _player(pk)
    record = records.player_record(player=found, user=request.user)
    return render(
        request,
        "series/people/player.html",
        {
            "player": found,
            "record": record,
            # The chart is markup built from escaped text (manille.chart).
            "chart": mark_safe(_chart(record)) if record.lines else "",
            "title": found.full_name,
        },
    )


@require_GET
def head_to_head(request, pk, other):
    """The games two players sat at together, as partners or as opponents."""
    first = _player(pk)
    second = _player(other)
    if first.pk == second.pk:
        raise Http404(_("Choose another player."))
    data = records.head_to_head(player=first, other=second, user=request.user)
    return render(
        request,
        "series/people/head_to_head.html",
        {
            "player": first,
            "other": second,
            "data": data,
            "title": _("%(one)s and %(other)s")
            % {"one": first.full_name, "other": second.full_name},
        },
    )
