"""Read clubs, players and teams for the director's lists and the import."""

from django.db.models import Count, Q, QuerySet

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
    """Return the club called ``name`` (or with that short name), ignoring case.

    Compared in Python: SQLite's LOWER() leaves accented letters alone.
    """
    wanted = name.strip().lower()
    if not wanted:
        return None
    by_short = None
    for club in Club.objects.only("id", "name", "short_name"):
        if club.name.lower() == wanted:
            return Club.objects.get(pk=club.pk)
        if by_short is None and club.short_name.lower() == wanted:
            by_short = club
    return Club.objects.get(pk=by_short.pk) if by_short else None


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
    first, last = first_name.strip().lower(), last_name.strip().lower()
    candidates = Player.objects.filter(club=club, last_name__iexact=last)
    if not last.isascii():
        candidates = Player.objects.filter(club=club)
    for player in candidates:
        if player.first_name.lower() == first and player.last_name.lower() == last:
            return player
    return None


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
    """Return the team of that name in that club (case-insensitive), if any."""
    wanted = name.strip().lower()
    for team in Team.objects.filter(club=club):
        if team.name.lower() == wanted:
            return team
    return None
