"""Serve the password reset, throttled per client address and per e-mail address.

Each request that asks for a reset mail counts once for the client's address
(``core.addresses.client_ip``: behind a proxy, the address it forwards) and once
for the e-mail address typed (hashed: the count keeps no copy of it), in the
database (``core.throttles``), so every process sees the same counts. Past either
limit the view answers exactly as for any other request, the "sent" page, and
sends nothing: a reader learns neither whether the address has an account nor
that a limit was reached, and a director who asked a few times has those mails.
"""

from __future__ import annotations

import logging

from django.contrib.auth import views as auth_views
from django.http import HttpResponseRedirect

from core.addresses import client_ip
from core.throttles import Throttle, subject_hash

__all__ = ["RESET_PER_ADDRESS", "RESET_PER_EMAIL", "PasswordResetView"]

logger = logging.getLogger(__name__)

HOUR = 3600
# One device: a director who mistypes his address a few times, not a sweep.
RESET_PER_ADDRESS = Throttle(scope="password-reset-address", limit=5, window=HOUR)
# One mailbox, from any number of devices: a few links an hour fill no inbox.
RESET_PER_EMAIL = Throttle(scope="password-reset-email", limit=3, window=HOUR)


def _over(throttle: Throttle, subject: str | None) -> bool:
    return throttle.count(subject=subject) > throttle.limit


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view; a throttled request is answered as sent, unsent."""

    def form_valid(self, form):
        address = client_ip(self.request)
        # The address first: a client already paused spends no mailbox's count.
        if _over(RESET_PER_ADDRESS, address) or _over(
            RESET_PER_EMAIL, subject_hash(form.cleaned_data["email"])
        ):
            logger.warning("Password reset throttled for %s", address)
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)
