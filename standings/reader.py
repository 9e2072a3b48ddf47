"""Read the counted games, byes and listed entrants of one or many tournaments.

The one reader of events (issue 22 §4): a tournament's standings, a series, a
player's record, a head-to-head and the club rankings all read their events here,
so what counts and who is listed is written once:

- only published or closed rounds count (up to ``after_round``, in ``phase_id``),
  and only tables whose score sheet is confirmed (entered ones too when a director
  asks for ``include_unconfirmed``);
- listed is everyone who played or had a bye in what is read; overall, every
  entrant who showed up (seated or given a bye in a public round up to
  ``after_round``, any phase, or checked in now for the latest standings) and did
  not withdraw; in a phase, the entrants that reached it and showed up. A no-show
  is listed nowhere, so it counts in no "place n of N"; an entrant who played and
  later withdrew stays.

Four queries whatever the number of tournaments (seats, games, byes, entries): who
showed up is read from the seats and byes already read, not asked per entry.
"""

from __future__ import annotations

from collections import defaultdict, namedtuple
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter, itemgetter

from manille.standings import ByeRow, EntrantInfo, GameRow, without_gc
from scoring.models import ScoreSheet
from tournaments.models import Bye, Entry, Game, Round, Seat
from tournaments.names import entrant_name

PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.CLOSED)
# A game's result after its two sides, in the order of GameRow's fields.
GAME_RESULT_COLUMNS = (
    "score_a",
    "score_b",
    "winner",
    "finished",
    "deals_won_a",
    "deals_won_b",
    "revokes_a",
    "revokes_b",
)
# The columns of every entry row :func:`read_events` returns, in this order
# (plain tuples: ``EntryRow._make(row)`` names them).
ENTRY_COLUMNS = (
    "id",
    "tournament_id",
    "status",
    "player_id",
    "player__first_name",
    "player__last_name",
    "player__club_id",
    "player__club__name",
    "team_id",
    "team__name",
    "team__club_id",
    "team__club__name",
    "team__player_one_id",
    "team__player_two_id",
    "plays_for_id",
    "plays_for__first_name",
    "plays_for__last_name",
    "plays_for__club_id",
    "plays_for__club__name",
    "phase_id",
)
EntryRow = namedtuple("EntryRow", ENTRY_COLUMNS)
_ENTRY_LISTING = itemgetter(0, 1, 2, ENTRY_COLUMNS.index("phase_id"))
# A game's figures after its two sides: a GameScore's, or a GameRow's in its
# fields' order (the four before the sides, then the rest).
_SCORE_COLUMNS = (
    "score_a",
    "score_b",
    "winner",
    "deals_won_a",
    "deals_won_b",
    "revokes_a",
    "revokes_b",
)
_LINE_COLUMNS = (
    "id",
    "table__round__number",
    "table__round__phase_id",
    "table__number",
    *GAME_RESULT_COLUMNS,
    "number",
)


@dataclass(slots=True)
class EventRows:
    """One event's plain rows, as :mod:`manille.standings` takes them.

    ``games`` are :class:`manille.standings.GameScore` tuples (what
    :func:`~manille.standings.compute_places` reads), or with ``lines`` whole
    :class:`~manille.standings.GameRow` rows (what
    :func:`~manille.standings.compute_standings` and a player's games read);
    ``listed`` holds the ids of the entries the event's standings list.
    """

    games: list = field(default_factory=list)
    byes: list[ByeRow] = field(default_factory=list)
    listed: set[int] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class _Scope:
    """Which rounds and sheets count: every public round unless narrowed."""

    ids: list[int]
    after_round: int | None = None
    phase_id: int | None = None
    include_unconfirmed: bool = False

    def rounds(self, prefix: str, *, phase: bool = True) -> dict:
        """The filter on ``prefix``'s round; ``phase`` narrows it to the phase."""
        f = {
            f"{prefix}tournament_id__in": self.ids,
            f"{prefix}status__in": PUBLIC_ROUND_STATUSES,
        }
        if self.after_round is not None:
            f[f"{prefix}number__lte"] = self.after_round
        if phase and self.phase_id is not None:
            f[f"{prefix}phase_id"] = self.phase_id
        return f

    def sheets(self) -> dict:
        if self.include_unconfirmed:
            statuses = [ScoreSheet.Status.ENTERED, ScoreSheet.Status.CONFIRMED]
            return {"table__sheet__status__in": statuses}
        return {"table__sheet__status": ScoreSheet.Status.CONFIRMED}


class _Positions(dict):
    """A game's side as seat positions: "13" -> (1, 3), worked out once."""

    def __missing__(self, side: str) -> tuple[int, ...]:
        positions = self[side] = tuple(int(c) for c in side)
        return positions


def read_events(
    ids,
    *,
    lines: bool = False,
    after_round: int | None = None,
    phase_id: int | None = None,
    include_unconfirmed: bool = False,
) -> tuple[dict[int, EventRows], list[tuple]]:
    """Read the plain rows of every tournament of ``ids`` at once: four queries.

    ``after_round`` counts rounds 1..n only, ``phase_id`` only that phase's rounds
    (a phase belongs to one tournament: meant for one id). Return every event's
    rows by tournament id, and every entry of them (listed or not) as a plain tuple
    of :data:`ENTRY_COLUMNS`, in the entries' order.
    """
    scope = _Scope(list(ids), after_round, phase_id, include_unconfirmed)
    with without_gc():
        return _read_events(scope, lines)


def _read_events(scope: _Scope, lines: bool) -> tuple[dict[int, EventRows], list]:
    events = {tid: EventRows() for tid in scope.ids}
    # Every seat of a public round (any phase), by table: the games' sides, and
    # who showed up.
    tables: dict[int, dict[int, int]] = defaultdict(dict)
    for t, p, e in (
        Seat.objects.filter(**scope.rounds("round__", phase=False))
        .order_by()
        .values_list("table_id", "position", "entry_id")
    ):
        tables[t][p] = e
    showed_up = {e for seats in tables.values() for e in seats.values()}
    _read_games(scope, events, tables, lines)
    get_a, get_b = (
        (attrgetter("side_a"), attrgetter("side_b"))
        if lines
        else (itemgetter(0), itemgetter(1))
    )
    involved = {
        e
        for event in events.values()
        for e in chain.from_iterable(
            chain(map(get_a, event.games), map(get_b, event.games))
        )
    }
    showed_up |= _read_byes(scope, events)
    involved.update(b.entry_id for event in events.values() for b in event.byes)
    entries = list(
        Entry.objects.filter(tournament_id__in=scope.ids).values_list(*ENTRY_COLUMNS)
    )
    _list_entrants(scope, events, entries, involved, showed_up)
    return events, entries


def _read_games(scope: _Scope, events: dict[int, EventRows], tables, lines) -> None:
    """Add every counted game to its event (in no order: the calculation sorts)."""
    positions = _Positions()
    games_of = {tid: event.games for tid, event in events.items()}
    # Each row: the tournament, the table, the two sides, then the figures.
    for row in (
        Game.objects.filter(**scope.rounds("table__round__"), **scope.sheets())
        .order_by()
        .values_list(
            "table__round__tournament_id",
            "table_id",
            "side_a",
            "side_b",
            *(_LINE_COLUMNS if lines else _SCORE_COLUMNS),
        )
    ):
        seat = tables[row[1]]
        pa = positions[row[2]]
        pb = positions[row[3]]
        try:
            a = tuple(map(seat.__getitem__, pa))
        except KeyError:  # a seat left empty: the side is who sat
            a = tuple([seat[p] for p in pa if p in seat])
        try:
            b = tuple(map(seat.__getitem__, pb))
        except KeyError:
            b = tuple([seat[p] for p in pb if p in seat])
        if lines:
            games_of[row[0]].append(GameRow(*row[4:8], a, b, *row[8:]))
        else:
            games_of[row[0]].append((a, b) + row[4:])


def _read_byes(scope: _Scope, events: dict[int, EventRows]) -> set[int]:
    """Add the byes of the rounds read to their events; return every entry given
    a bye in a public round up to ``after_round`` (any phase: it showed up)."""
    had_bye: set[int] = set()
    phase_id = scope.phase_id
    for tid, e, r, ph, g in Bye.objects.filter(
        **scope.rounds("round__", phase=False)
    ).values_list(
        "round__tournament_id",
        "entry_id",
        "round__number",
        "round__phase_id",
        "round__phase__games_per_table",
    ):
        had_bye.add(e)
        if phase_id is None or ph == phase_id:
            events[tid].byes.append(
                ByeRow(entry_id=e, round_number=r, phase_id=ph, games=g or 1)
            )
    return had_bye


def _list_entrants(scope: _Scope, events, entries, involved, showed_up) -> None:
    """Mark who each event lists (the rule in this module's docstring).

    An entry belongs to one tournament, so its id alone says whether it is involved.
    """
    # Checked in now shows up in the latest standings only: after round n lists
    # who was there.
    present = Entry.Status.PRESENT if scope.after_round is None else None
    withdrawn = Entry.Status.WITHDRAWN
    phase_id = scope.phase_id
    for eid, tid, status, entry_phase in map(_ENTRY_LISTING, entries):
        if eid not in involved:
            if eid not in showed_up and (present is None or status != present):
                continue  # a no-show
            if phase_id is None and status == withdrawn:
                continue
            if phase_id is not None and entry_phase != phase_id:
                continue
        events[tid].listed.add(eid)


def entrant_info(entry: EntryRow) -> EntrantInfo:
    """An entry row as the standings show it: its name and its club."""
    if entry.team_id is not None:
        club_id, club_name = entry.team__club_id, entry.team__club__name
    else:
        club_id, club_name = entry.player__club_id, entry.player__club__name
    return EntrantInfo(
        id=entry.id,
        name=entrant_name(
            entry.player__first_name, entry.player__last_name, entry.team__name
        ),
        club_id=club_id,
        club_name=club_name or "",
    )


def listed_entrants(event: EventRows, entries) -> dict[int, EntrantInfo]:
    """The entrants ``event`` lists, by entry id, in the entries' order."""
    listed = event.listed
    return {
        row.id: entrant_info(row)
        for row in map(EntryRow._make, entries)
        if row.id in listed
    }
