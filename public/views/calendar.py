"""Serve the public calendar of every club's listed events, and its iCal feeds.

Both are stored whole for the readers who share them (``public.pages``), under a
key of the calendar's state (the listed tournaments' versions: a change a service
makes shows at once, another process's within 2 s), the day, the language, the
query and a one-minute slot: what changes without a bump (a fee or a prize table
edited at the desk) shows within a minute.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from public.calendar import (
    CalendarEvent,
    calendar_events,
    calendar_state,
    calendar_tournaments,
)
from public.forms import QUERY_NAMES, CalendarFilterForm
from public.ical import IcsEvent, calendar_bytes
from public.pages import reader_shares_page, shared_bytes, shared_render
from public.versioning import fingerprint

PER_PAGE = 20
SLOT_SECONDS = 60  # what changes without a version bump shows within this
ICS_TYPE = "text/calendar; charset=utf-8"
FEED_NAMES = ("club", "place", "format")  # the filters a feed link keeps
ASKED = sorted(QUERY_NAMES - {"page"})


def _key(request, page: str) -> str | None:
    """The stored page's key for a reader who shares it, else None.

    Made of the query as it is asked (the page reads nothing else of the
    request), so a stored page is served before any form is built.
    """
    if not reader_shares_page(request, params=QUERY_NAMES):
        return None
    slot = int(time.time() // SLOT_SECONDS)
    asked = [request.GET.get(name, "") for name in ASKED]
    return f"calendar:{page}:" + fingerprint(
        calendar_state().key,
        get_language(),
        timezone.localdate(),
        slot,
        request.get_host(),
        _page_number(request),
        *asked,
    )


def _form(request) -> CalendarFilterForm:
    return CalendarFilterForm(request.GET or None, clubs=calendar_state().clubs)


@require_GET
def events(request):
    key = _key(request, "page")
    return shared_render(
        request, "public/events.html", lambda: _context(request), key=key
    )


def _page_number(request) -> str:
    """The page asked for, as digits (anything else is the first page)."""
    asked = request.GET.get("page", "")
    return asked if asked.isdigit() and len(asked) <= 6 else "1"


def _context(request) -> dict:
    """The page's values; a refused filter lists nothing and says why."""
    form = _form(request)
    valid = not form.is_bound or form.is_valid()
    filters = form.filters() if valid else None
    shown = []
    paginator = page_obj = None
    if filters is not None:
        found = calendar_tournaments(filters=filters, today=timezone.localdate())
        paginator = Paginator(found, PER_PAGE)
        page_obj = paginator.get_page(_page_number(request))
        shown = calendar_events(list(page_obj.object_list))
    kept = [
        (name, value)
        for name, value in request.GET.items()
        if name in QUERY_NAMES and name != "page" and value
    ]
    feed = [(n, v) for n, v in kept if n in FEED_NAMES] if valid else []
    others = [(n, v) for n, v in kept if n != "past"]
    return {
        "form": form,
        "refusals": form.errors_text() if not valid else [],
        "events": shown,
        "page_obj": page_obj,
        "past": bool(filters and filters.past),
        "query": urlencode(kept),
        "upcoming_query": urlencode(others),
        "past_query": urlencode([*others, ("past", "1")]),
        "feed_url": reverse("public:events_ics")
        + ("?" + urlencode(feed) if feed else ""),
    }


@require_GET
def events_ics(request):
    """The feed of the upcoming listed events, all or the filters' (``?club=``)."""
    key = _key(request, "ics")

    def feed() -> bytes:
        form = _form(request)
        if form.is_bound and not form.is_valid():
            raise _Refused(
                HttpResponse(
                    "\n".join(form.errors_text()),
                    status=400,
                    content_type="text/plain; charset=utf-8",
                )
            )
        filters = form.filters()
        found = calendar_tournaments(filters=filters, today=timezone.localdate())
        name = _("Manille events")
        if filters.club_id is not None:
            clubs = dict(form.fields["club"].choices)
            name = f"{name} · {clubs.get(filters.club_id, '')}"
        return calendar_bytes(
            [_ics_event(request, e) for e in calendar_events(found)],
            name=name,
            zone=settings.TIME_ZONE,
            stamp=timezone.now(),
        )

    try:
        if key is None:
            response = HttpResponse(feed())
        else:
            response = shared_bytes(request, key, feed)
    except _Refused as refused:
        return refused.response
    response["Content-Type"] = ICS_TYPE
    response["Content-Disposition"] = 'inline; filename="events.ics"'
    return response


class _Refused(Exception):
    """A feed asked with a refused filter: its answer, sent to its reader alone."""

    def __init__(self, response):
        super().__init__()
        self.response = response


def _ics_event(request, event: CalendarEvent) -> IcsEvent:
    t = event.tournament
    return IcsEvent(
        # The id, not the slug: a director may change the address.
        uid=f"tournament-{t.pk}@{request.get_host().split(':')[0]}",
        day=t.date,
        start_time=t.start_time,
        summary=t.name,
        location=event.place,
        url=request.build_absolute_uri(t.get_absolute_url()),
        description="\n".join(_description(event)),
        sequence=t.version,
    )


def _description(event: CalendarEvent) -> list[str]:
    """The event's facts, one a line, in the reader's language."""
    t = event.tournament
    lines = [
        " · ".join(p for p in (event.format_label, event.draw_label) if p),
        _("Fee: %(fee)s") % {"fee": event.fee},
    ]
    if event.prizes:
        lines.append(_("Prizes: %(prizes)s") % {"prizes": "; ".join(event.prizes)})
    if event.places_left is not None:
        lines.append(
            _("Full")
            if event.full
            else _("Places left: %(n)d of %(capacity)d")
            % {"n": event.places_left, "capacity": t.capacity}
        )
    if event.registration_closed:
        lines.append(_("Registration closed"))
    elif t.registration_deadline:
        deadline = timezone.localtime(t.registration_deadline)
        lines.append(
            _("Registration until %(day)s %(time)s")
            % {
                "day": date_format(deadline, "DATE_FORMAT"),
                "time": time_format(deadline, "TIME_FORMAT"),
            }
        )
    if event.club_name:
        lines.append(_("Organised by %(club)s") % {"club": event.club_name})
    return lines
