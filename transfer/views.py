"""Serve the hall's exchange with the web site: pull and publish by token, and the
director's page that issues the tokens."""

from __future__ import annotations

import gzip
import io
import zlib

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.addresses import client_ip
from core.params import parse_id
from core.refusals import caught, json_error, refused_as_message
from core.throttles import Throttle
from tournaments.access import director_required
from transfer.hall_client import HallLinkError
from transfer.models import EventToken
from transfer.services import MAX_FILE_BYTES, event_from_json
from transfer.services.publishing import (
    event_for_pull,
    event_publish,
    event_publish_to,
)
from transfer.services.tokens import (
    TokenRefused,
    event_token_check,
    event_token_issue,
    event_token_revoke,
    event_tokens_of,
)

# Wrong tokens from one address: a guesser has no chance against 256 bits, this
# only keeps one from filling the log and the database's work.
WRONG_TOKENS = Throttle(scope="event-token", limit=20, window=600)


def _bearer(request) -> str:
    header = request.headers.get("Authorization", "")
    scheme, _sep, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def _checked_token(request, *, slug: str | None = None):
    """The request's token, or the refusal to answer (throttled, wrong)."""
    address = client_ip(request)
    wait = WRONG_TOKENS.wait(subject=address)
    if wait:
        response = json_error(
            _("Too many wrong tokens from this address: try again in %(s)s s.")
            % {"s": wait},
            status=429,
        )
        response["Retry-After"] = str(wait)
        return None, response
    with caught(TokenRefused) as refusal:
        token = event_token_check(raw=_bearer(request), slug=slug)
    if refusal:
        WRONG_TOKENS.count(subject=address)
        return None, json_error(refusal.error.message, status=refusal.error.status)
    return token, None


def _body(request) -> bytes:
    """The request's body, gunzipped when sent so, at most MAX_FILE_BYTES + 1."""
    raw = request.read(MAX_FILE_BYTES + 1)
    if request.headers.get("Content-Encoding", "").lower() == "gzip":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unzipped:
                return unzipped.read(MAX_FILE_BYTES + 1)
        except (OSError, EOFError, zlib.error):
            return b"\x00"  # not JSON: refused by the reader with its message
    return raw


@never_cache
@require_GET
def pull(request):
    """The event file of the token's event (``pull_event`` on the hall's laptop)."""
    token, refused = _checked_token(request)
    if refused is not None:
        return refused
    data = event_for_pull(token=token)
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@csrf_exempt  # a token, not a session, says who sends it
@never_cache
@require_POST
def publish(request, slug: str):
    """Replace this site's copy of ``slug`` by the event file sent (publish_event)."""
    token, refused = _checked_token(request, slug=slug)
    if refused is not None:
        return refused
    with caught(ValidationError) as refusal:
        data = event_from_json(_body(request))
        published = event_publish(token=token, data=data)
    if refusal:
        return json_error(
            refusal.error.message, status=getattr(refusal.error, "status", 422)
        )
    return JsonResponse(
        {
            "published": published.slug,
            "rounds": published.rounds.count(),
            "entrants": published.entries.count(),
            "version": published.version,
        }
    )


@never_cache
@director_required
@require_http_methods(["GET", "POST"])
def hall_tokens(request, tournament):
    """Issue and revoke the tokens with which the hall's laptop pulls and publishes."""
    issued = None
    if request.method == "POST" and "publish" in request.POST:
        return _publish_from_here(request, tournament)
    if request.method == "POST" and "issue" in request.POST:
        with refused_as_message(request):
            issued = event_token_issue(
                tournament=tournament, user=request.user, by=request.user
            )
    elif request.method == "POST":
        token_id = parse_id(request.POST.get("revoke", ""))
        token = EventToken.objects.filter(pk=token_id, slug=tournament.slug).first()
        if token is None:
            messages.error(request, _("No such token for this event."))
        else:
            with refused_as_message(request):
                event_token_revoke(token=token, by=request.user)
                messages.success(request, _("The token is revoked."))
        return HttpResponseRedirect(
            reverse("transfer:hall_tokens", args=[tournament.slug])
        )
    site = request.build_absolute_uri("/").rstrip("/")
    return render(
        request,
        "transfer/hall_tokens.html",
        {
            "tournament": tournament,
            "tokens": event_tokens_of(tournament=tournament),
            "issued": issued,
            "site": site,
            "now": timezone.now(),
            "publish_site": request.session.get(PUBLISH_SITE_KEY, ""),
        },
    )


PUBLISH_SITE_KEY = "transfer-publish-site"  # the web site this laptop publishes to


def _publish_from_here(request, tournament):
    """The hall's button: send this event to the web site typed (or remembered)."""
    site = request.POST.get("site", "").strip()[:300]
    raw = request.POST.get("token", "").strip()[:100]
    target = reverse("transfer:hall_tokens", args=[tournament.slug])
    if not site or not raw:
        messages.error(request, _("Type the web site's address and the event's token."))
        return HttpResponseRedirect(target)
    request.session[PUBLISH_SITE_KEY] = site
    try:
        answer = event_publish_to(
            tournament=tournament, site=site, token=raw, by=request.user
        )
    except HallLinkError as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(target)
    messages.success(
        request,
        _("Published to %(site)s (rounds: %(rounds)s, entrants: %(entrants)s).")
        % {
            "site": site,
            "rounds": answer.get("rounds"),
            "entrants": answer.get("entrants"),
        },
    )
    return HttpResponseRedirect(target)
