"""Read the registrations: whether an event takes them, its places, its lists."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from registrations.models import Registration
from tournaments.models import Entry, Round, Tournament

# Places are counted in halves: a single looking for a partner holds half of one.
PAIR_UNITS = 2


def registration_closed_reason(*, tournament: Tournament, now=None) -> str | None:
    """Why ``tournament`` takes no registration now (None: it takes them).

    An event takes registrations when its director opened them (``registers_online``)
    and it is listed publicly, its day has not
    passed, its first round is not drawn, and its deadline (if any) is ahead.
    """
    now = now or timezone.now()
    if not (tournament.is_public and tournament.registers_online):
        return _("This event takes no registration online.")
    if tournament.date < timezone.localdate(now):
        return _("This event is over.")
    if Round.objects.filter(tournament=tournament).exists():
        return _("Play has begun: registration is closed.")
    deadline = tournament.registration_deadline
    if deadline is not None and now >= deadline:
        return _("The registration deadline has passed.")
    return None


def play_begun(*, tournament: Tournament) -> bool:
    """Whether the day is past or its first round drawn: the waiting list is over."""
    return (
        tournament.date < timezone.localdate()
        or Round.objects.filter(tournament=tournament).exists()
    )


def units_needed(kind: str) -> int:
    return 1 if kind == Registration.Kind.SINGLE else PAIR_UNITS


@dataclass(frozen=True)
class Places:
    """The event's capacity and what is taken, in half places."""

    capacity: int | None
    entries: int  # entrants not withdrawn (registered online, by the desk, walk-ins)
    singles: int  # confirmed singles not yet paired

    @property
    def used_units(self) -> int:
        return PAIR_UNITS * self.entries + self.singles

    def fits(self, kind: str) -> bool:
        if self.capacity is None:
            return True
        return self.used_units + units_needed(kind) <= PAIR_UNITS * self.capacity

    @property
    def left(self) -> int | None:
        if self.capacity is None:
            return None
        free = PAIR_UNITS * self.capacity - self.used_units
        return max(0, free // PAIR_UNITS)


def places_for(*, tournament: Tournament) -> Places:
    entries = (
        Entry.objects.filter(tournament=tournament)
        .exclude(status=Entry.Status.WITHDRAWN)
        .count()
    )
    return Places(
        capacity=tournament.capacity,
        entries=entries,
        singles=unpaired_singles(tournament=tournament).count(),
    )


def unpaired_singles(*, tournament: Tournament):
    """The confirmed singles waiting for a partner, in order of registration."""
    return Registration.objects.filter(
        tournament=tournament,
        kind=Registration.Kind.SINGLE,
        status=Registration.Status.CONFIRMED,
        entry__isnull=True,
    ).order_by("created_at", "id")


def waiting_list(*, tournament: Tournament):
    return Registration.objects.filter(
        tournament=tournament, status=Registration.Status.WAITING
    ).order_by("position")


@dataclass
class DirectorLists:
    confirmed: list
    waiting: list
    singles: list
    cancelled: list
    deleted: int


def director_lists(*, tournament: Tournament) -> DirectorLists:
    """The director's page: confirmed, waiting (in order), singles, cancelled."""
    rows = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("entry")
        .order_by("created_at", "id")
    )
    active = Registration.Status
    return DirectorLists(
        confirmed=[
            r for r in rows if r.status == active.CONFIRMED and r.entry_id is not None
        ],
        waiting=sorted(
            (r for r in rows if r.status == active.WAITING), key=lambda r: r.position
        ),
        singles=[
            r for r in rows if r.status == active.CONFIRMED and r.entry_id is None
        ],
        cancelled=[
            r for r in rows if r.status == active.CANCELLED and not r.anonymised
        ],
        deleted=sum(1 for r in rows if r.anonymised),
    )


def registration_for_email(*, tournament: Tournament, email: str):
    """The active registration of ``email`` in ``tournament`` (None if none)."""
    return (
        Registration.objects.filter(tournament=tournament, email__iexact=email)
        .filter(~Q(status=Registration.Status.CANCELLED))
        .first()
    )
