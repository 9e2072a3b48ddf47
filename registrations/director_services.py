"""The director's changes to registrations: pair the singles, move one on the
waiting list, edit one (each one transaction, in the action log)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import InvalidInput, StateConflict
from core.slugs import save_or_refuse
from registrations import selectors
from registrations.mail import mail_send
from registrations.models import Registration
from registrations.services import (
    Kind,
    Status,
    _check,
    _cleaned,
    _entry_for,
    _fresh,
    _locked,
    _logged,
    _next_position,
)
from tournaments.models import Entry, Tournament


@transaction.atomic
def singles_pair(
    *, first: Registration, second: Registration, by=None, base_url: str = ""
) -> Entry:
    """Pair two confirmed singles of one event as a team (their shared Entry)."""
    tournament = _locked(first.tournament)
    first, second = _fresh(first), _fresh(second)
    for single in (first, second):
        if (
            single.tournament_id != tournament.pk
            or single.kind != Kind.SINGLE
            or single.status != Status.CONFIRMED
            or single.entry_id is not None
        ):
            raise StateConflict(
                _(
                    "Only two singles of this event still looking for a partner can "
                    "be paired."
                )
            )
    if first.pk == second.pk:
        raise InvalidInput(_("Choose two different players."))
    entry = _entry_for(first, tournament, partner=second)
    Registration.objects.filter(pk__in=[first.pk, second.pk]).update(entry=entry)
    first.entry = second.entry = entry
    for single, partner in ((first, second), (second, first)):
        _logged(single, "registration.paired", by=by, partner=partner.pk)
        mail_send(single, "paired", base_url=base_url, partner=partner.name)
    return entry


@transaction.atomic
def singles_pair_remaining(
    *, tournament: Tournament, by=None, base_url: str = ""
) -> tuple[list[Entry], Registration | None]:
    """Pair the singles left, in order of registration: 1st with 2nd, 3rd with 4th…

    The stated rule at the deadline (``manage.py pair_singles``). An odd single
    out stays unpaired, confirmed, for the director; it is returned.
    """
    tournament = _locked(tournament)
    singles = list(selectors.unpaired_singles(tournament=tournament))
    entries = [
        singles_pair(first=a, second=b, by=by, base_url=base_url)
        for a, b in zip(singles[0::2], singles[1::2], strict=False)
    ]
    left = singles[-1] if len(singles) % 2 else None
    return entries, left


@transaction.atomic
def registration_move(*, registration: Registration, up: bool, by=None) -> None:
    """Swap a waiting registration with the one before (``up``) or after it."""
    tournament = _locked(registration.tournament)
    registration = _fresh(registration)
    if registration.status != Status.WAITING:
        raise StateConflict(_("Only the waiting list has an order to change."))
    here = registration.position
    there = here - 1 if up else here + 1
    other = selectors.waiting_list(tournament=tournament).filter(position=there).first()
    if other is None:
        raise StateConflict(
            _("This registration is first already.")
            if up
            else _("This registration is last already.")
        )
    parked = _next_position(tournament)  # a free number while the two swap
    Registration.objects.filter(pk=registration.pk).update(position=parked)
    Registration.objects.filter(pk=other.pk).update(position=here)
    Registration.objects.filter(pk=registration.pk).update(position=there)
    _logged(registration, "registration.moved", by=by, position=there)


EDITABLE = (
    "first_name",
    "last_name",
    "partner_first_name",
    "partner_last_name",
    "email",
    "club",
    "phone",
)


@transaction.atomic
def registration_update(*, registration: Registration, by, **fields) -> Registration:
    """Correct a registration's details (the director). Its Entry's players keep
    their names: rename them on the entrants' page."""
    tournament = _locked(registration.tournament)
    registration = _fresh(registration)
    if registration.anonymised:
        raise StateConflict(_("This registration is deleted."))
    before = {name: getattr(registration, name) for name in EDITABLE}
    for name, value in _cleaned({**before, **fields}).items():
        setattr(registration, name, value)
    _check(registration, tournament)
    taken = selectors.registration_for_email(
        tournament=tournament, email=registration.email
    )
    if taken is not None and taken.pk != registration.pk:
        raise InvalidInput(
            _("This e-mail address is registered for this event already."),
            field="email",
        )
    save_or_refuse(
        registration,
        refusal=_("This e-mail address is registered for this event already."),
    )
    changed = [n for n in EDITABLE if before[n] != getattr(registration, n)]
    if changed:  # which fields, never their values (they are personal data)
        _logged(registration, "registration.changed", by=by, fields=changed)
    return registration
