"""Read the action log of a tournament or a club, newest first."""

from __future__ import annotations

from django.db.models import QuerySet

from actionlog.actions import codes_of_kind
from actionlog.models import ActionEntry


def action_entries(
    *, tournament_id: int | None = None, club_id: int | None = None, kind: str = ""
) -> QuerySet[ActionEntry]:
    """Return the entries filed under a tournament or a club, newest first.

    ``kind`` (a code of ``actionlog.actions.KINDS``) keeps only its actions. The
    rows carry their names as text: a page of them is one query, whatever it shows.
    """
    if (tournament_id is None) == (club_id is None):
        raise TypeError("give a tournament_id or a club_id")
    entries = ActionEntry.objects.filter(
        **(
            {"tournament_id": tournament_id}
            if tournament_id is not None
            else {"club_id": club_id}
        )
    )
    if kind:
        entries = entries.filter(action__in=codes_of_kind(kind))
    return entries.order_by("-at", "-id")
