"""Read the public calendar: the listed events of every club, as their readers see them.

One list for the page and the iCal feeds: the listed tournaments (never an unlisted
one, whoever asks: the calendar is a stranger's view) filtered in the database by
club, format and dates, by place in Python (folded: "kortrijk" finds "Kortrijk",
"8500" its postcode), then the page's events filled in from the cash desk (the
fee), the prizes and the entries (places left) with one query each.
"""

from __future__ import annotations

import datetime
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cashdesk.models import FeeRate, FeeSettings
from cashdesk.money import euros
from clubs.models import Club
from core.folding import fold, fold_matches, fold_words
from prizes.models import Prize, PrizeSettings
from registrations.models import Registration
from registrations.selectors import Places
from tournaments.models import Entry, Phase, Tournament

# How long the calendar's state (what its pages are stored under) is kept in the
# shared cache: it costs two queries every 2 s at most, for the whole site.
STATE_SECONDS = 2
STATE_KEY = "calendar-state:v2"
PRIZES_SHOWN = 3  # named on the calendar; the others are "and 4 more"


@dataclass(frozen=True)
class CalendarFilters:
    """What a reader narrows the calendar to (each empty: no narrowing)."""

    club_id: int | None = None
    place: str = ""
    format: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    past: bool = False


@dataclass
class CalendarEvent:
    """One event as the calendar shows it."""

    tournament: Tournament
    club_name: str = ""
    format_label: str = ""
    draw_label: str = ""
    fee: str = ""  # "" until filled in: "free", or the rates
    prizes: list[str] = field(default_factory=list)
    entrants: int = 0  # not withdrawn
    singles: int = 0  # registered alone online, not yet paired: half a place each

    @property
    def places_left(self) -> int | None:
        """Capacity less what is taken; None without a capacity.

        Counted as the registration form counts them (``registrations.selectors.
        Places``): the entrants not withdrawn, and half a place for each single
        still looking for a partner.
        """
        places = Places(
            capacity=self.tournament.capacity,
            entries=self.entrants,
            singles=self.singles,
        )
        return places.left

    @property
    def full(self) -> bool:
        return self.places_left == 0

    @property
    def registration_closed(self) -> bool:
        """Whether the registration deadline has passed (as the page is built)."""
        deadline = self.tournament.registration_deadline
        return deadline is not None and deadline <= timezone.now()

    @property
    def place(self) -> str:
        """The venue, the postcode and the municipality, as one line."""
        t = self.tournament
        town = " ".join(p for p in (t.postcode, t.region) if p)
        return ", ".join(p for p in (t.venue, town) if p)


class CalendarState(NamedTuple):
    """What every calendar page depends on, small enough to cache."""

    key: str  # moves with any listed tournament's version
    clubs: tuple[tuple[int, str], ...]  # the club filter's choices: (id, name)


# Every reader of the calendar reads its state: each process keeps what it read
# for half a second, so a burst of readers reads the shared cache once (as
# tournaments.versioning keeps a tournament's).
LOCAL_SECONDS = 0.5
_local: list[tuple[float, CalendarState]] = []


def calendar_state() -> CalendarState:
    """Return the calendar's state: a key and the clubs that organise a listed event.

    The key is the number, the highest id and the sum of the versions of the
    listed tournaments: every change a service makes to a tournament (its
    settings, its entrants, its results, listing it or not) bumps its version, so
    it moves the sum. Read with two queries, kept ``STATE_SECONDS`` in the shared
    cache (a club renamed shows then too) and ``LOCAL_SECONDS`` in the process.
    """
    now = time.monotonic()
    if _local and now - _local[0][0] < LOCAL_SECONDS:
        return _local[0][1]
    found = cache.get(STATE_KEY)
    state = CalendarState(*found) if found is not None else None
    if state is None:
        listed = Tournament.objects.filter(is_public=True).aggregate(
            n=Count("id"), top=Max("id"), versions=Sum("version")
        )
        clubs = tuple(
            Club.objects.filter(tournaments__is_public=True)
            .distinct()
            .order_by("name", "pk")
            .values_list("pk", "name")
        )
        state = CalendarState(
            f"{listed['n']}|{listed['top']}|{listed['versions']}", clubs
        )
        cache.set(STATE_KEY, tuple(state), STATE_SECONDS)
    _local[:] = [(now, state)]
    return state


def calendar_state_forget() -> None:
    """Forget the state this process keeps (tests that change it and look again)."""
    _local.clear()


def calendar_tournaments(
    *, filters: CalendarFilters, today: datetime.date
) -> list[Tournament]:
    """Return the listed tournaments the filters keep: upcoming (today and later)
    soonest first, or past ones latest first."""
    rows = Tournament.objects.filter(is_public=True).select_related("club")
    if filters.past:
        rows = rows.filter(date__lt=today).order_by("-date", "-start_time", "name")
    else:
        rows = rows.filter(date__gte=today).order_by("date", "start_time", "name")
    if filters.club_id is not None:
        rows = rows.filter(club_id=filters.club_id)
    if filters.format:
        rows = rows.filter(format=filters.format)
    if filters.date_from:
        rows = rows.filter(date__gte=filters.date_from)
    if filters.date_to:
        rows = rows.filter(date__lte=filters.date_to)
    found = list(rows)
    words = fold_words(filters.place)
    if not words:
        return found
    return [t for t in found if _place_matches(t, words)]


def _place_matches(tournament: Tournament, words: list[str]) -> bool:
    place = " ".join((tournament.venue, tournament.postcode, tournament.region))
    return fold_matches(words, fold(place))


def calendar_events(tournaments: list[Tournament]) -> list[CalendarEvent]:
    """Return ``tournaments`` as the calendar shows them (seven queries in all)."""
    ids = [t.pk for t in tournaments]
    fees = _fees(ids)
    prizes = _prizes(ids)
    entrants = dict(
        Entry.objects.filter(tournament_id__in=ids)
        .exclude(status=Entry.Status.WITHDRAWN)
        .values_list("tournament_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    # The counts of registrations.selectors.unpaired_singles, for every event.
    singles = dict(
        Registration.objects.filter(
            tournament_id__in=ids,
            kind=Registration.Kind.SINGLE,
            status=Registration.Status.CONFIRMED,
            entry__isnull=True,
        )
        .values_list("tournament_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    draws = {}
    for phase in Phase.objects.filter(tournament_id__in=ids).order_by("-order"):
        draws[phase.tournament_id] = phase.get_draw_method_display()  # the first
    return [
        CalendarEvent(
            tournament=t,
            club_name=t.club.name if t.club else "",
            format_label=t.get_format_display(),
            draw_label=draws.get(t.pk, ""),
            fee=fees.get(t.pk) or _("free"),
            prizes=prizes.get(t.pk, []),
            entrants=entrants.get(t.pk, 0),
            singles=singles.get(t.pk, 0),
        )
        for t in tournaments
    ]


def _fees(ids: list[int]) -> dict[int, str]:
    """The fee of each tournament as one line: "€8.00 per player", or its rates."""
    per = dict(
        FeeSettings.objects.filter(tournament_id__in=ids).values_list(
            "tournament_id", "per"
        )
    )
    rates = defaultdict(list)
    for rate in FeeRate.objects.filter(settings__tournament_id__in=ids).values(
        "settings__tournament_id", "label", "amount_cents"
    ):
        rates[rate["settings__tournament_id"]].append(rate)
    out = {}
    for tournament_id, found in rates.items():
        if per.get(tournament_id) == FeeSettings.Per.PLAYER:
            unit = _("per player")
        else:
            unit = _("per entrant")
        if len(found) == 1:
            out[tournament_id] = f"{euros(found[0]['amount_cents'])} {unit}"
        else:
            amounts = " · ".join(
                f"{r['label']} {euros(r['amount_cents'])}" for r in found
            )
            out[tournament_id] = f"{amounts} ({unit})"
    return out


def _prizes(ids: list[int]) -> dict[int, list[str]]:
    """What each tournament announces: its cash pot, its prizes in kind."""
    out: dict[int, list[str]] = defaultdict(list)
    for settings in PrizeSettings.objects.filter(tournament_id__in=ids).filter(
        Q(cash_fixed_cents__gt=0) | Q(cash_share_percent__gt=0)
    ):
        if settings.cash_fixed_cents:
            out[settings.tournament_id].append(
                _("%(amount)s in prize money")
                % {"amount": euros(settings.cash_fixed_cents)}
            )
        if settings.cash_share_percent:
            share = f"{settings.cash_share_percent.normalize():f}"
            out[settings.tournament_id].append(
                _("%(share)s %% of the fees in prize money") % {"share": share}
            )
    named: dict[int, list[str]] = defaultdict(list)
    for tournament_id, description in Prize.objects.filter(
        tournament_id__in=ids
    ).values_list("tournament_id", "description"):
        named[tournament_id].append(description)
    for tournament_id, descriptions in named.items():
        out[tournament_id].extend(descriptions[:PRIZES_SHOWN])
        more = len(descriptions) - PRIZES_SHOWN
        if more > 0:
            out[tournament_id].append(
                ngettext("and %(n)d more prize", "and %(n)d more prizes", more)
                % {"n": more}
            )
    return out
