"""Write and send a registrant's e-mails, in the event's language, after commit.

Django's ``send_mail`` through ``EMAIL_BACKEND`` (the console unless the settings
name SMTP). A mail goes once the transaction that decided it commits: a refused
or rolled-back registration mails nobody.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from registrations.models import Registration
from registrations.tokens import registration_token

SUBJECTS = {
    "confirmed": _("Your registration for %(event)s"),
    "waiting": _("On the waiting list for %(event)s"),
    "promoted": _("A place is yours at %(event)s"),
    "paired": _("Your partner for %(event)s"),
    "cancelled": _("Registration cancelled: %(event)s"),
}


def absolute(base_url: str, path: str) -> str:
    base = (base_url or settings.SITE_URL).rstrip("/")
    return base + path


def links(registration: Registration, base_url: str = "") -> dict:
    """The registrant's links: the page to see or cancel it, and to pay ahead."""
    slug = registration.tournament.slug
    manage = reverse(
        "registrations:manage",
        kwargs={"slug": slug, "token": registration_token(registration)},
    )
    context = {"manage_url": absolute(base_url, manage)}
    confirmed = registration.status == Registration.Status.CONFIRMED
    if registration.entry_id and confirmed:
        pay = reverse(
            "cashdesk:pay_ahead",
            kwargs={"slug": slug, "entry_id": registration.entry_id},
        )
        context["pay_url"] = absolute(base_url, pay)
    return context


def mail_send(registration: Registration, what: str, *, base_url: str = "", **extra):
    """Send mail ``what`` (a template of templates/registrations/mail/) on commit."""
    if not registration.email:
        return
    tournament = registration.tournament
    with translation.override(tournament.language):
        context = {
            "registration": registration,
            "tournament": tournament,
            **links(registration, base_url),
            **extra,
        }
        subject = str(SUBJECTS[what]) % {"event": tournament.name}
        body = render_to_string(f"registrations/mail/{what}.txt", context)
    to = [registration.email]
    transaction.on_commit(
        lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, to)
    )
