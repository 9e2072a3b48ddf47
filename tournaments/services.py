"""Change tournaments: setup, registration, check-in, draws and publication."""

from django.db.models import F

from tournaments.models import Tournament


def tournament_touch(*, tournament: Tournament) -> None:
    """Bump the tournament's version so open public pages know to refresh.

    Call it inside the transaction of every change the public can see (a round
    published, a sheet confirmed or corrected, a round closed or reopened).
    """
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
