"""Display an entrant's name and club: the one helper every page, API and PDF uses."""

from __future__ import annotations


def entrant_name(
    first_name: str | None, last_name: str | None, team: str | None
) -> str:
    """Return a player's "First Last" or a team's name, from plain values.

    For queries that read ``values_list`` rows instead of model instances.
    """
    if team is not None:
        return team
    return f"{first_name} {last_name}"


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
    return (club.short_name or club.name) if short else club.name
