"""Move an event of a series one place up or down the series' order.

Beside ``series.services`` (which adds and removes events) until the two are
merged: the same rule of who may change a series applies.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from series.models import Series, SeriesEvent
from series.selectors import user_can_manage_series


@transaction.atomic
def series_event_move(*, series: Series, event: SeriesEvent, up: bool, by) -> None:
    """Swap ``event`` with its neighbour before (``up``) or after it; at an end, stay.

    The orders are renumbered 1, 2, 3… on the way, so equal or sparse orders left
    by older changes never make a move do nothing.
    """
    series = Series.objects.select_for_update().get(pk=series.pk)
    if not user_can_manage_series(user=by, series=series):
        raise PermissionDenied(
            _("Only staff and the organising club's managers may change a series.")
        )
    events = list(SeriesEvent.objects.filter(series=series).order_by("order", "id"))
    at = next((i for i, e in enumerate(events) if e.pk == event.pk), None)
    if at is None:
        return
    to = at - 1 if up else at + 1
    if 0 <= to < len(events):
        events[at], events[to] = events[to], events[at]
    changed = []
    for order, e in enumerate(events, start=1):
        if e.order != order:
            e.order = order
            changed.append(e)
    SeriesEvent.objects.bulk_update(changed, ["order"])
