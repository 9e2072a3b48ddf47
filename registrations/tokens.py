"""Sign the link that lets a registrant see, cancel or delete a registration."""

from django.core import signing
from django.utils.translation import gettext as _

from core.errors import InvalidInput
from registrations.models import Registration

SALT = "registrations.manage"


def registration_token(registration: Registration) -> str:
    """Return the signed token of ``registration`` (its id and its event)."""
    return signing.dumps(
        {"r": registration.pk, "t": registration.tournament_id}, salt=SALT
    )


def registration_from_token(*, tournament, token: str) -> Registration:
    """Return the registration ``token`` names in ``tournament``; refuse any other."""
    refusal = InvalidInput(
        _("This link is not valid: use the one in your confirmation e-mail."),
        code="bad_token",
    )
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        raise refusal from None
    # The registration must be the address's event's. Not by the token's "t":
    # a publish from the hall replaces the event's row (a new id) and moves its
    # registrations over, and the links mailed before must still open them.
    if not isinstance(data, dict):
        raise refusal
    registration = Registration.objects.filter(
        pk=data.get("r"), tournament=tournament
    ).first()
    if registration is None:
        raise refusal
    return registration
