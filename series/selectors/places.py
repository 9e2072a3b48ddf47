"""Read every event of a series at once and rank each by its own standings' rules.

One query per kind of row (games, seats, byes, entries) over all the series'
tournaments, whatever their number, through the one reader of events
(:func:`standings.reader.read_events`: only published or closed rounds, only
confirmed sheets, no-shows left out). Each event is then ranked in memory by
:func:`manille.standings.compute_places`, so an evening's line in the series agrees
with that evening's own standings: the same places and totals, without the game
lines and tiebreak values the series does not show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from manille.rankings import EntrantKey
from manille.standings import PlaceRow, compute_places, without_gc
from series.models import Series
from series.selectors.events import SeriesEventRow, series_events
from standings.reader import EventRows, read_events
from standings.selectors import bye_rule_for
from tournaments.names import entrant_name


@dataclass(frozen=True, slots=True)
class EntrantIdentity:
    """Who an event's entry is across events, and whom he replaced."""

    entrant: EntrantKey
    plays_for: EntrantKey | None = None


@dataclass(slots=True)
class SeriesInput:
    """Every event's places and who each entry is, read in bulk.

    ``places`` maps a tournament id to its rows (:class:`manille.standings.PlaceRow`):
    the places and totals of the event's own standings, without what the series
    does not show (game lines, opponents, tiebreak values).
    """

    events: list[SeriesEventRow]
    places: dict[int, list[PlaceRow]] = field(default_factory=dict)
    identities: dict[int, EntrantIdentity] = field(default_factory=dict)


def _player_key(pid, first, last, club_id, club_name) -> EntrantKey:
    return EntrantKey(
        key=f"player:{pid}",
        name=entrant_name(first, last, None),
        club=club_name or "",
        club_id=club_id,
    )


def _identities(
    entries: list[tuple], events: dict[int, EventRows]
) -> tuple[dict[int, EntrantIdentity], dict[int, dict[int, str]]]:
    """Every entry id -> who it is across events (one key per player or team);
    and every event's listed entries -> their names, for the ranking."""
    names: dict[int, dict[int, str]] = {tid: {} for tid in events}
    identities: dict[int, EntrantIdentity] = {}
    players: dict[int, EntrantKey] = {}  # one key per player, shared by his entries
    known: dict[tuple[str, int | None], EntrantIdentity] = {}
    for (
        eid,
        tid,
        _status,
        pid,
        first,
        last,
        pclub,
        pclub_name,
        team_id,
        team,
        tclub,
        tclub_name,
        _one,
        _two,
        sub_id,
        sub_first,
        sub_last,
        sub_club,
        sub_club_name,
        _phase,
    ) in entries:
        if team_id is not None:
            key = EntrantKey(
                key=f"team:{team_id}", name=team, club=tclub_name or "", club_id=tclub
            )
        else:
            key = players.get(pid)
            if key is None:
                key = players[pid] = _player_key(pid, first, last, pclub, pclub_name)
        if eid in events[tid].listed:
            names[tid][eid] = key.name
        who = (key.key, sub_id)
        identity = known.get(who)
        if identity is None:
            member = None
            if sub_id is not None:
                member = players.get(sub_id)
                if member is None:
                    member = _player_key(
                        sub_id, sub_first, sub_last, sub_club, sub_club_name
                    )
                    players[sub_id] = member
            identity = known[who] = EntrantIdentity(entrant=key, plays_for=member)
        identities[eid] = identity
    return identities, names


def series_input(
    *, series: Series | None, events: list[SeriesEventRow] | None = None
) -> SeriesInput:
    """Read and rank every event of the series: five queries, whatever their number.

    ``events`` None reads the events a stranger sees (:func:`series_events`).

    ``places`` maps a tournament id to its rows, ranked exactly as the event's own
    standings rank them; ``identities`` maps every entry id to its series key.
    """
    if events is None:
        events = series_events(series=series)
    data = SeriesInput(events=events)
    if not events:
        return data
    tournaments = {e.tournament.pk: e.tournament for e in events}
    with without_gc():
        rows, entries = read_events(list(tournaments))
        data.identities, names = _identities(entries, rows)
        # Freed now, not at the return: the collector, back on after this block,
        # would first walk them all.
        del entries
        for tid, tournament in tournaments.items():
            event = rows[tid]
            data.places[tid] = compute_places(
                names[tid],
                event.games,
                tiebreaks=tournament.tiebreak_list,
                byes=event.byes,
                bye_rule=bye_rule_for(tournament),
            )
    return data
