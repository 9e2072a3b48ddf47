"""Issue, check and revoke the tokens with which a hall laptop reaches one event.

A token is ``mev_`` and 43 random URL-safe characters (256 bits): nobody guesses
one, so a lookup by its SHA-256 is the whole check (no comparison that leaks
time; the digest is all this site keeps). It is issued by the site on the web to
a director of the event, for that event only, for ``TOKEN_DAYS`` days, and may be
revoked at once. A token whose user no longer directs the event serves nothing.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.services import action_record
from core.errors import InvalidInput, ServiceError, StateConflict
from tournaments.models import Tournament
from tournaments.selectors import user_can_direct
from transfer.models import EventToken

__all__ = [
    "TOKEN_DAYS",
    "TokenRefused",
    "event_token_check",
    "event_token_issue",
    "event_token_revoke",
    "event_tokens_of",
]

TOKEN_DAYS = 120  # a season ahead: registrations open weeks before the day
_PREFIX = "mev_"
PREFIX_SHOWN = 10  # "mev_" and six characters name a token on the page


class TokenRefused(ServiceError):
    """No valid token for this event (401: the laptop must be given a new one)."""

    status = 401


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()


@transaction.atomic
def event_token_issue(*, tournament: Tournament, user, by=None) -> str:
    """Issue a token for ``user`` (who must direct ``tournament``); return it.

    The token itself is returned once and never stored: show it to the director.
    """
    if not user_can_direct(user=user, tournament=tournament):
        raise InvalidInput(
            _("%(user)s does not direct “%(event)s”: only its directors get a token.")
            % {"user": user.get_username(), "event": tournament.name},
            code="not_director",
        )
    raw = _PREFIX + secrets.token_urlsafe(32)
    now = timezone.now()
    token = EventToken.objects.create(
        slug=tournament.slug,
        user=user,
        digest=_digest(raw),
        prefix=raw[:PREFIX_SHOWN],
        expires_at=now + datetime.timedelta(days=TOKEN_DAYS),
    )
    action_record(
        by=by or user,
        action="event.token_issued",
        tournament=tournament,
        target=token,
        after={"user": user.get_username(), "expires": token.expires_at.date()},
    )
    return raw


def event_token_check(*, raw, slug: str | None = None) -> EventToken:
    """Return the live token ``raw`` names (for the event ``slug`` when given).

    Refused alike whatever is wrong (unknown, revoked, expired, another event's,
    its user no longer a director), so that a guesser learns nothing.
    """
    refused = TokenRefused(
        _(
            "This token does not open this event (unknown, revoked or expired): "
            "ask the event's director on the web site for a new one."
        ),
        code="token",
    )
    if not isinstance(raw, str) or not raw.startswith(_PREFIX) or len(raw) > 100:
        raise refused
    token = (
        EventToken.objects.select_related("user")
        .filter(digest=_digest(raw), revoked_at__isnull=True)
        .first()
    )
    if token is None or token.expires_at <= timezone.now():
        raise refused
    if slug is not None and token.slug != slug:
        raise refused
    tournament = Tournament.objects.filter(slug=token.slug).first()
    if tournament is None:
        raise refused
    if not user_can_direct(user=token.user, tournament=tournament):
        raise refused
    EventToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token


@transaction.atomic
def event_token_revoke(*, token: EventToken, by) -> EventToken:
    """Revoke ``token`` at once (a lost laptop); revoking twice is refused."""
    fresh = EventToken.objects.select_for_update().get(pk=token.pk)
    if fresh.revoked_at is not None:
        raise StateConflict(_("This token is revoked already."), code="revoked")
    fresh.revoked_at = timezone.now()
    fresh.save(update_fields=["revoked_at"])
    tournament = Tournament.objects.filter(slug=fresh.slug).first()
    action_record(
        by=by,
        action="event.token_revoked",
        tournament=tournament,
        target=fresh,
        before={"revoked": False},
        after={"revoked": True},
    )
    return fresh


def event_tokens_of(*, tournament: Tournament):
    """The event's tokens, newest first, with their users."""
    return (
        EventToken.objects.filter(slug=tournament.slug)
        .select_related("user")
        .order_by("-created_at")
    )
