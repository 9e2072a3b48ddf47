"""Change series: create and edit them, add and remove events, open a new evening.

Every service names who acts (``by=``, the user) and refuses with
``PermissionDenied`` unless that user may manage the series (staff, or a manager
of its organising club: :func:`series.selectors.user_can_manage_series`).
"""

from __future__ import annotations

import datetime

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from actionlog.services import action_record, field_values
from clubs.access import can_manage_club
from clubs.models import Club, Player
from core.slugs import SLUG_TAKEN, save_or_refuse, slug_from_name
from series.models import RESERVED_SLUGS, Series, SeriesEvent
from series.selectors import series_last_event, user_can_manage_series
from tournaments import services as tournament_services
from tournaments.models import PHASE_FIELDS, Entry, Phase, Tournament
from tournaments.selectors import user_can_direct

SERIES_FIELDS = {
    "name",
    "slug",
    "club",
    "kind",
    "ranking",
    "ranking_points",
    "best_of",
    "min_events",
    "substitutes",
    "club_min_games",
    "tiebreaks",
    "language",
    "is_public",
}
# What a new evening copies from the last one: every setting but its identity.
COPIED_FIELDS = tuple(
    sorted(tournament_services.TOURNAMENT_FIELDS - {"name", "slug", "date", "club"})
)


def _check_fields(fields: dict) -> None:
    unknown = set(fields) - SERIES_FIELDS
    if unknown:
        raise TypeError(f"unknown series fields: {sorted(unknown)}")


def _check_may_manage(*, by, series: Series) -> None:
    if not user_can_manage_series(user=by, series=series):
        raise PermissionDenied(
            _("Only staff and the organising club's managers may change a series.")
        )


def _check_may_organise(*, by, club: Club | None) -> None:
    """A series of a club: its managers (or staff); one without a club: staff."""
    staff = bool(
        by is not None and by.is_authenticated and (by.is_staff or by.is_superuser)
    )
    if staff:
        return
    if club is None or not can_manage_club(user=by, club=club):
        raise PermissionDenied(_("You may create a series only for a club you manage."))


def series_slug_from_name(*, name: str) -> str:
    """Return a free address made from ``name``: ``season``, then ``season-2``…"""
    return slug_from_name(
        name=name,
        queryset=Series.objects.all(),
        fallback="series",
        reserved=RESERVED_SLUGS,
    )


def _save(series: Series) -> Series:
    series.full_clean()
    return save_or_refuse(series, refusal={"slug": SLUG_TAKEN})


# The settings the action log compares, in the model's order.
LOGGED_FIELDS = [f.name for f in Series._meta.fields if f.name in SERIES_FIELDS]


def _logged(series: Series, *, by, action: str, **record):
    """Record a series' write on its club's History page; return the series."""
    action_record(by=by, action=action, club=series.club_id, target=series, **record)
    return series


@transaction.atomic
def series_create(*, by, **fields) -> Series:
    """Create a series; a club's series only by its managers (or staff)."""
    _check_fields(fields)
    _check_may_organise(by=by, club=fields.get("club"))
    if not fields.get("slug"):
        fields["slug"] = series_slug_from_name(name=fields.get("name") or "")
    if fields.get("best_of") == "":
        fields["best_of"] = None
    series = _save(Series(**fields))
    return _logged(
        series,
        by=by,
        action="series.created",
        before=field_values(Series(), LOGGED_FIELDS),
        after=field_values(series, LOGGED_FIELDS),
    )


@transaction.atomic
def series_update(*, series: Series, by, **fields) -> Series:
    """Change a series' settings; moving it to another club needs that club too."""
    _check_fields(fields)
    series = Series.objects.select_for_update().get(pk=series.pk)
    _check_may_manage(by=by, series=series)
    if "club" in fields and getattr(fields["club"], "pk", None) != series.club_id:
        _check_may_organise(by=by, club=fields["club"])
    if "slug" in fields and not fields["slug"]:
        fields["slug"] = series.slug  # left empty: the address stays
    before = field_values(series, LOGGED_FIELDS)
    left = series.club_id
    for key, value in fields.items():
        setattr(series, key, value)
    series = _save(series)
    action_record(
        by=by,
        action="series.changed",
        club=series.club_id or left,
        target=series,
        before=before,
        after=field_values(series, LOGGED_FIELDS),
    )
    return series


@transaction.atomic
def series_event_add(*, series: Series, tournament: Tournament, by) -> SeriesEvent:
    """Add an event at the end of the series; the user must also run the event."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    _check_may_manage(by=by, series=series)
    if not user_can_direct(user=by, tournament=tournament):
        raise PermissionDenied(_("You may add only an event you direct."))
    if SeriesEvent.objects.filter(series=series, tournament=tournament).exists():
        raise ValidationError(
            _("%(event)s is in this series already.") % {"event": tournament.name}
        )
    last = SeriesEvent.objects.filter(series=series).aggregate(n=Max("order"))["n"]
    event = SeriesEvent.objects.create(
        series=series, tournament=tournament, order=(last or 0) + 1
    )
    _logged(
        series,
        by=by,
        action="series.event_added",
        tournament=tournament,
        after={"event": tournament.name},
    )
    return event


@transaction.atomic
def series_event_remove(*, series: Series, tournament: Tournament, by) -> None:
    """Take an event out of the series (the event itself stays)."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    _check_may_manage(by=by, series=series)
    deleted, _rows = SeriesEvent.objects.filter(
        series=series, tournament=tournament
    ).delete()
    if not deleted:
        raise ValidationError(
            _("%(event)s is not in this series.") % {"event": tournament.name}
        )
    _logged(
        series,
        by=by,
        action="series.event_removed",
        tournament=tournament,
        before={"event": tournament.name},
    )


def _evening_name(series: Series, number: int) -> str:
    # A name is data the club sees: written in the series' language.
    with translation.override(series.language or None):
        return _("%(series)s, evening %(number)d") % {
            "series": series.name,
            "number": number,
        }


def _copied_phases(last: Tournament | None) -> list[dict] | None:
    if last is None:
        return None
    rows = [
        {name: getattr(p, name) for name in PHASE_FIELDS}
        for p in Phase.objects.filter(tournament=last).order_by("order")
    ]
    return rows or None


def _register_club(tournament: Tournament, club: Club, by) -> None:
    """Register the club's members, and each member's fixed substitute in his place.

    A substitute who is a member himself, or stands in for several members who are
    all registered, is registered once; he plays for the first member by name.
    """
    members = list(Player.objects.filter(club=club).order_by("last_name", "first_name"))
    member_ids = {m.pk for m in members}
    for member in members:
        tournament_services.entry_register(tournament=tournament, player=member, by=by)
    substitutes: dict[int, Player] = {}
    plays_for: dict[int, int] = {}
    for member in members:
        sub_id = member.substitute_id
        if sub_id is None or sub_id in member_ids or sub_id in plays_for:
            continue
        plays_for[sub_id] = member.pk
    if plays_for:
        substitutes = Player.objects.in_bulk(list(plays_for))
    for sub_id, member_id in plays_for.items():
        entry = tournament_services.entry_register(
            tournament=tournament, player=substitutes[sub_id], by=by
        )
        # The tournaments' services have no setter for this one field.
        Entry.objects.filter(pk=entry.pk).update(plays_for_id=member_id)


@transaction.atomic
def evening_new(*, series: Series, by, date: datetime.date | None = None) -> Tournament:
    """Open the series' next evening and return it, ready for check-in and the draw.

    It copies the last evening's settings (every rule, the result entry, the
    tiebreaks, the format, venue and language) and phases, belongs to the series'
    club (whose managers run it), registers the club's members and their fixed
    substitutes (each marked as playing for his member), and comes last in the
    series.
    """
    series = Series.objects.select_for_update().get(pk=series.pk)
    _check_may_manage(by=by, series=series)
    last = series_last_event(series=series)
    fields: dict = {}
    if last is not None:
        fields = {name: getattr(last, name) for name in COPIED_FIELDS}
    else:
        fields = {"language": series.language, "is_public": series.is_public}
    number = SeriesEvent.objects.filter(series=series).count() + 1
    tournament = tournament_services.tournament_create(
        by=by,
        phases=_copied_phases(last),
        name=_evening_name(series, number)[:150],
        date=date or timezone.localdate(),
        club=series.club,
        **fields,
    )
    if series.club is not None:
        _register_club(tournament, series.club, by)
    last_order = SeriesEvent.objects.filter(series=series).aggregate(n=Max("order"))[
        "n"
    ]
    SeriesEvent.objects.create(
        series=series, tournament=tournament, order=(last_order or 0) + 1
    )
    _logged(
        series,
        by=by,
        action="series.evening_opened",
        tournament=tournament,
        after={"event": tournament.name},
    )
    return tournament
