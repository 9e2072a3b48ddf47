"""Display an entrant's name and club: the one helper every page, API and PDF uses."""

from __future__ import annotations


def entrant_name(
    first_name: str | None,
    last_name: str | None,
    team: str | None,
    *,
    sort: bool = False,
) -> str:
    """Return a player's "First Last" ("Last, First" to sort) or a team's name.

    For queries that read ``values_list`` rows instead of model instances.
    """
    if team is not None:
        return team
    return f"{last_name}, {first_name}" if sort else f"{first_name} {last_name}"


def entrant_club(
    name: str | None, short_name: str | None, *, short: bool = False
) -> str:
    """Return a club's name (its short name if asked and it has one), from values.

    "" when the entrant has no club (``name`` is None).
    """
    if name is None:
        return ""
    return (short_name or name) if short else name


def entry_name(entry, *, sort: bool = False) -> str:
    """Return an entry's name: "First Last" ("Last, First" to sort) or the team's."""
    if entry.player_id:
        return entry.player.sort_name if sort else entry.player.full_name
    return entry.team.name


def entry_club(entry, *, short: bool = False) -> str:
    """Return the club of an entry's player or team ("" when it has none)."""
    club = entry.player.club if entry.player_id else entry.team.club
    if club is None:
        return ""
    return entrant_club(club.name, club.short_name, short=short)
