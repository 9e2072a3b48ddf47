"""Read clubs, players and teams for the director's lists and the import.

The lists' searches ignore case, accents, apostrophes, hyphens and spaces
("ghesquiere" finds Ghesquière, "dhondt" D'Hondt, "vandewalle" Van de Walle), as
check-in and "where do I sit?" do, and the lists come in a reader's name order
("Dewulf, Éric" before "Dewulf, Rita"): the texts are folded in Python with the one
folding helper (SQLite has no ``unaccent``, and a stored folded column would be
one more thing to keep in step). A club's players, the players of a federation, a
few thousand rows: a few narrow columns each, read once per search.
"""

from collections.abc import Callable, Iterable
from typing import TypeVar

from django.db.models import Count, QuerySet

from clubs.models import Club, Player, Team
from core.folding import fold, fold_matches, fold_words, sort_key


def _matching(
    queryset: QuerySet, query: str, fields: tuple[str, ...], whole=()
) -> QuerySet:
    """Narrow ``queryset`` to the rows in which every word of ``query`` appears.

    Each word is looked for, folded, in the folded text of ``fields`` (related
    fields too: ``club__name``); the ``whole`` fields (a member number, a club's
    short name) match only when typed whole: "12" does not find number 123.
    """
    words = fold_words(query)
    if not words:
        return queryset
    keep = []
    for pk, *values in queryset.values_list("pk", *fields, *whole):
        text = fold(" ".join(v for v in values[: len(fields)] if v))
        exact = {fold(v) for v in values[len(fields) :] if v}
        if all(w in exact or fold_matches([w], text) for w in words):
            keep.append(pk)
    return queryset.filter(pk__in=keep)


Row = TypeVar("Row")


def in_name_order(rows: Iterable[Row], *, name: Callable[[Row], str]) -> list[Row]:
    """Return ``rows`` in a reader's order of their names (``folding.sort_key``).

    The database's order puts "Éric" after "Rita" (SQLite compares code points):
    a list of a few thousand rows is sorted here instead, read in one query.
    """
    return sorted(rows, key=lambda row: sort_key(name(row)))


def club_list(*, query: str = "") -> QuerySet[Club]:
    """Return the clubs (with player counts) whose name, short name or city matches."""
    clubs = Club.objects.annotate(player_count=Count("players")).order_by("name")
    return _matching(clubs, query, ("name", "short_name", "city"))


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
    return _matching(
        players,
        query,
        ("first_name", "last_name", "club__name"),
        whole=("member_number", "club__short_name"),
    )


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
    """Return the teams matching every word of ``query``: its name, its club's, or
    its players' names (a player's surname finds the team)."""
    teams = Team.objects.select_related("club", "player_one", "player_two").order_by(
        "name"
    )
    return _matching(
        teams,
        query,
        (
            "name",
            "club__name",
            "player_one__first_name",
            "player_one__last_name",
            "player_two__first_name",
            "player_two__last_name",
        ),
        whole=("club__short_name",),
    )


def team_find(*, name: str, club: Club | None) -> Team | None:
    """Return the team of that name in that club (case-insensitive), if any."""
    wanted = name.strip().lower()
    for team in Team.objects.filter(club=club):
        if team.name.lower() == wanted:
            return team
    return None
