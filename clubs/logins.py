"""List the login pauses django-axes holds and let staff lift one.

A pause holds one username at one address (``AXES_LOCKOUT_PARAMETERS``): axes
keeps a row per username, address and browser, and counts a pair's failures
within the cool-off over all its rows, as read here. Lifting a pause deletes the
pair's rows, which is what axes' own ``axes_reset_username`` does from a shell,
for one address only, and records who did it in the action log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max, Min, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.services import action_record
from core.errors import StateConflict


@dataclass(frozen=True)
class LoginLock:
    attempt: int  # one of the pair's rows: what the Unlock button posts
    username: str
    address: str
    failures: int
    last_failure: datetime
    until: datetime


def _is_staff(user) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and (user.is_staff or user.is_superuser)
    )


def _recent():
    cooloff = settings.AXES_COOLOFF_TIME
    rows = AccessAttempt.objects.all()
    return rows.filter(attempt_time__gte=timezone.now() - cooloff) if cooloff else rows


def login_locks() -> list[LoginLock]:
    """Return the pauses in force, the latest first (one query)."""
    limit = get_failure_limit(None, None)
    cooloff = settings.AXES_COOLOFF_TIME
    pairs = (
        _recent()
        .values("username", "ip_address")
        .annotate(
            failures=Sum("failures_since_start"),
            last=Max("attempt_time"),
            attempt=Min("pk"),
        )
        .filter(failures__gte=limit)
        .order_by("-last")
    )
    return [
        LoginLock(
            attempt=pair["attempt"],
            username=pair["username"] or "",
            address=pair["ip_address"] or "",
            failures=pair["failures"],
            last_failure=pair["last"],
            until=pair["last"] + cooloff if cooloff else pair["last"],
        )
        for pair in pairs
    ]


def login_unlock(*, attempt: int, by) -> LoginLock:
    """Lift the pause of the username and address of axes' row ``attempt``.

    Staff only. Refused with a message when the row is gone (lifted already, or
    the pause ran out).
    """
    if not _is_staff(by):
        raise PermissionDenied(_("Only staff may lift a login pause."))
    with transaction.atomic():
        row = AccessAttempt.objects.filter(pk=attempt).first()
        if row is None:
            raise StateConflict(_("This login is no longer paused."))
        pair = AccessAttempt.objects.filter(
            username=row.username, ip_address=row.ip_address
        )
        failures = pair.aggregate(n=Sum("failures_since_start"))["n"] or 0
        lock = LoginLock(
            attempt=row.pk,
            username=row.username or "",
            address=row.ip_address or "",
            failures=failures,
            last_failure=row.attempt_time,
            until=row.attempt_time,
        )
        pair.delete()
        action_record(
            by=by,
            action="login.unlocked",
            target_text=f"{lock.username} @ {lock.address}",
            before={"failures": failures},
            after={"failures": 0},
        )
    return lock
