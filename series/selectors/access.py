"""Decide who may read and who may change a series."""

from __future__ import annotations

from django.db.models import QuerySet

from clubs.access import can_manage_club, user_edits_everyone
from series.models import Series


def user_can_manage_series(*, user, series: Series) -> bool:
    """Tell whether ``user`` may change ``series`` and run its evenings: staff, or
    a manager of its organising club."""
    if user_edits_everyone(user=user):
        return True
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return series.club_id is not None and can_manage_club(user=user, club=series.club)


def series_for_reader(*, slug: str, user) -> Series | None:
    """Return the series a reader may see, or None: a public series is open to
    everyone, another only to those who manage it (one query, two for them)."""
    series = Series.objects.select_related("club").filter(slug=slug).first()
    if series is None:
        return None
    if series.is_public or user_can_manage_series(user=user, series=series):
        return series
    return None


def series_list_public() -> QuerySet[Series]:
    return Series.objects.filter(is_public=True).select_related("club")


def series_list_for_manager(*, user) -> QuerySet[Series]:
    """The series ``user`` may change: all for staff, else his clubs' series."""
    qs = Series.objects.select_related("club")
    if user_edits_everyone(user=user):
        return qs
    if user is None or not user.is_authenticated or not user.is_active:
        return qs.none()
    return qs.filter(club__managers=user)
