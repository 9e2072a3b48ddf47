"""Read tournaments for the public and the directors."""

from django.db.models import QuerySet

from tournaments.models import Tournament


def tournament_list_public() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True).order_by("-date", "name")


def tournament_list_for_director(*, user) -> QuerySet[Tournament]:
    if user.is_superuser:
        return Tournament.objects.order_by("-date", "name")
    return user.directed_tournaments.order_by("-date", "name")


def user_can_direct(*, user, tournament: Tournament) -> bool:
    """Tell whether a user may run a tournament: a superuser or one of its directors."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return tournament.directors.filter(pk=user.pk).exists()
