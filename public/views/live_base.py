"""Share what every live page does: its ETag and 304, the poller's region or the page.

The live pages (``live``) and the projector (``projector``) are built on these.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.params import parse_id
from public.brackets import staged_links
from public.pages import shared_bytes, shared_page_key, shared_render
from public.versioning import fingerprint, reader_state, revalidated
from standings import selectors as live
from tournaments.access import tournament_or_404
from tournaments.models import Tournament

LIVE_HEADER = "X-Live-Region"
# The same header as the WSGI environment names it: read from request.META on the
# hot paths, which spares building request.headers from every header sent.
LIVE_META = "HTTP_X_LIVE_REGION"
CACHE_SECONDS = 600
EXPORT_FORMATS = ("csv", "xlsx")
POLL_MS = 2500


# ------------------------------------------------------------------------ helpers


def _reader_id(request) -> int:
    """The logged-in reader's id, 0 for anyone else (no session read without one)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return 0
    user = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else 0


def page_etag(request, slug: str, **kwargs) -> str:
    """The page's ETag: the tournament's state, the reader, the address, the mode.

    From the small cached state for a listed tournament: a revalidation (304) reads
    no model and no session.
    """
    state = reader_state(request, slug)
    if state is None:
        raise Http404(_("No such tournament."))
    key = state.key if state.listed else tournament_or_404(request, slug)
    digest = fingerprint(
        key,
        get_language(),
        _reader_id(request),
        request.get_full_path(),
        request.META.get(LIVE_META, ""),
    )
    return f'"{digest}"'


def page_etag_unless_export(request, slug: str, **kwargs) -> str | None:
    """No ETag for a CSV or spreadsheet download: it is always built afresh."""
    if request.GET.get("_export") in EXPORT_FORMATS:
        return None
    return page_etag(request, slug, **kwargs)


def live_view(etag_func=page_etag):
    """Answer 304 while ``etag_func`` matches; every answer says no-cache and Vary."""
    return revalidated(etag_func, vary=(LIVE_HEADER, "Cookie", "Accept-Language"))


def int_param(request, name: str) -> int | None:
    """Read a round number or an id from the query string; 404 unless in 1..MAX_ID."""
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    value = parse_id(raw)
    if value is None:
        raise Http404(_("Unknown %(name)s.") % {"name": name})
    return value


def nav_context(tournament: Tournament) -> dict:
    rounds = live.public_rounds(tournament=tournament)
    return {
        "tournament": tournament,
        "rounds": rounds,
        "entrant_kind": live.entrant_kind(tournament),
        "staged": staged_links(rounds),
        "poll_ms": POLL_MS,
    }


def live_page(
    request,
    tournament,
    region: str,
    title: str,
    extra=None,
    *,
    key=None,
    region_key=None,
):
    """Answer the live poller with the region alone, a browser with the full page.

    With a ``key`` (from ``shared_key``), the whole page is cached for every
    anonymous reader (``public.pages``). With a ``region_key`` (the region's own
    cache key), the region sent to the pollers is stored ready to send, compressed
    too: when a result comes in, every open page in the hall asks for it at once.
    """
    if request.META.get(LIVE_META):
        if region_key is None:
            return HttpResponse(region)
        return shared_bytes(request, region_key + ":live", region.encode)
    context = {"tournament": tournament, "region": region, "title": title}
    context.update(extra or {})
    return shared_render(request, "public/live/page.html", context, key=key)


def shared_key(request, slug: str, page: str, *parts) -> str | None:
    """The key of a whole live page every anonymous reader shares (not the poller's)."""
    if request.META.get(LIVE_META):
        return None
    return shared_page_key(request, slug, f"live:{page}", *parts)


def entrant_url(slug: str) -> str:
    return reverse("live:entrant", args=[slug, 999999999]).replace("999999999", "{}")


def club_url(slug: str) -> str:
    return reverse("live:club", args=[slug, 999999999]).replace("999999999", "{}")
