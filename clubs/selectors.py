"""Read clubs, players and teams for the director's lists and the import."""

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Lower

from clubs.models import Club, Player, Team


def club_list(*, query: str = "") -> QuerySet[Club]:
    """Return the clubs (with player counts) whose name, short name or city matches."""
    clubs = Club.objects.annotate(player_count=Count("players")).order_by("name")
    for word in query.split():
        clubs = clubs.filter(
            Q(name__icontains=word)
            | Q(short_name__icontains=word)
            | Q(city__icontains=word)
        )
    return clubs


def club_find(*, name: str) -> Club | None:
    """Return the club called ``name`` (or with that short name), ignoring case."""
    name = name.strip()
    if not name:
        return None
    lowered = name.lower()
    return (
        Club.objects.annotate(lname=Lower("name"), lshort=Lower("short_name"))
        .filter(Q(lname=lowered) | Q(lshort=lowered))
        .order_by("-lname")
        .first()
    )


def player_list(*, query: str = "", club: Club | None = None) -> QuerySet[Player]:
    """Return players matching every word of ``query`` in a name, club or number."""
    players = Player.objects.select_related("club").order_by("last_name", "first_name")
    if club is not None:
        players = players.filter(club=club)
    for word in query.split():
        players = players.filter(
            Q(first_name__icontains=word)
            | Q(last_name__icontains=word)
            | Q(member_number__iexact=word)
            | Q(club__name__icontains=word)
            | Q(club__short_name__iexact=word)
        )
    return players


def player_find(*, first_name: str, last_name: str, club: Club | None) -> Player | None:
    """Return the player of that name in that club (case-insensitive), if any."""
    return (
        Player.objects.annotate(lf=Lower("first_name"), ll=Lower("last_name"))
        .filter(
            lf=first_name.strip().lower(),
            ll=last_name.strip().lower(),
            club=club,
        )
        .first()
    )


def team_list(*, query: str = "") -> QuerySet[Team]:
    teams = Team.objects.select_related("club", "player_one", "player_two").order_by(
        "name"
    )
    for word in query.split():
        teams = teams.filter(
            Q(name__icontains=word)
            | Q(club__name__icontains=word)
            | Q(player_one__last_name__icontains=word)
            | Q(player_two__last_name__icontains=word)
        )
    return teams


def team_find(*, name: str, club: Club | None) -> Team | None:
    return (
        Team.objects.annotate(lname=Lower("name"))
        .filter(lname=name.strip().lower(), club=club)
        .first()
    )
