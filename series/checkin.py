"""Check a club evening's entrants in at once: who came is present, the others not.

A club evening is registered in full by ``series.services.evening_new`` (every member,
and each member's fixed substitute playing for him); at the door the director
ticks who came on one list and confirms once, instead of one click per member.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Entry, Round, Tournament
from tournaments.selectors import user_can_direct
from tournaments.versioning import tournaments_touch


def evening_expected(*, entries: Iterable[Entry]) -> set[int]:
    """Return the entries to tick before the director looks: the members.

    A substitute (an entry playing for a member) comes only when the member does
    not, so he starts unticked; an entrant checked in already stays ticked.
    """
    return {
        e.pk
        for e in entries
        if e.status == Entry.Status.PRESENT
        or (e.status == Entry.Status.REGISTERED and e.plays_for_id is None)
    }


@transaction.atomic
def evening_check_in(*, tournament: Tournament, present: Iterable[int], by) -> int:
    """Mark the entries ``present`` present and every other one not; return how many.

    Only before the first draw: once a round exists, late arrivals are checked in
    one by one on the check-in page. Withdrawn entrants are left as they are.
    """
    if not user_can_direct(user=by, tournament=tournament):
        raise PermissionDenied(_("You do not direct this tournament."))
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if Round.objects.filter(tournament=tournament).exists():
        raise ValidationError(
            _(
                "A round has been drawn already: check late arrivals in one by one "
                "on the check-in page."
            )
        )
    wanted = set(present)
    entries = Entry.objects.filter(tournament=tournament).exclude(
        status=Entry.Status.WITHDRAWN
    )
    unknown = wanted - set(entries.values_list("pk", flat=True))
    if unknown:
        raise ValidationError(
            _("The list of entrants has changed since this page was loaded: reload it.")
        )
    entries.filter(pk__in=wanted).update(status=Entry.Status.PRESENT)
    entries.exclude(pk__in=wanted).update(status=Entry.Status.REGISTERED)
    tournaments_touch(tournament_ids=[tournament.pk])
    return len(wanted)
