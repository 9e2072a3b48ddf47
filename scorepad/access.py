"""Decide who may keep a score pad: a club's managers for the club, any director else.

A club's pads belong to its managers (and staff: ``clubs.access.can_manage_club``);
a pad without a club to staff and any tournament director
(``clubs.access.user_is_director``). Everyone else is refused with a 403 page.
"""

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from clubs.access import can_manage_club, clubs_editable, user_is_director
from clubs.models import Club


def can_use_pad(*, user, club: Club | None) -> bool:
    """Tell whether ``user`` may start, read and play pads of ``club`` (or none)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if club is None:
        return user_is_director(user=user)
    return can_manage_club(user=user, club=club)


def check_can_use_pad(*, user, club: Club | None) -> None:
    """Refuse (PermissionDenied, with why) unless ``user`` may use ``club``'s pads."""
    if not can_use_pad(user=user, club=club):
        if club is None:
            raise PermissionDenied(
                _("Only staff and tournament directors may keep a pad without a club.")
            )
        raise PermissionDenied(
            _("Only the club's managers may keep the club's score pad.")
        )


def pad_clubs(*, user) -> QuerySet[Club]:
    """Return the clubs whose pads ``user`` may keep."""
    return clubs_editable(user=user, clubs=Club.objects.all())


def visible_pads(*, user) -> Q:
    """Return the filter of the pads ``user`` may see (nothing for a stranger)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Q(pk__in=[])
    mine = Q(club__in=pad_clubs(user=user).values("pk"))
    if user_is_director(user=user):
        return mine | Q(club__isnull=True)
    return mine
