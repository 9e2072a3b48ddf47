"""Say in a template whether an event takes registrations (no query: for lists)."""

from django import template
from django.utils import timezone

register = template.Library()


@register.filter
def takes_registrations(tournament) -> bool:
    """Opened by its director, listed, its day and its deadline (if any) ahead.

    A drawn first round closes registration too; the form says so (this filter
    asks no database, so that the calendar's list costs no query per event).
    """
    now = timezone.now()
    deadline = tournament.registration_deadline
    return (
        tournament.registers_online
        and tournament.is_public
        and tournament.date >= timezone.localdate(now)
        and (deadline is None or now < deadline)
    )
