"""Read series and their standings, with a fixed number of queries.

Every event of a series is read at once: one query per kind of row (games, seats,
byes, entries) over all the series' tournaments, whatever their number. Each
event is then ranked in memory by :func:`manille.standings.compute_places`, with
the same rules as the event's own standings
(:func:`standings.selectors.standings_input`: only published or closed rounds,
only confirmed sheets, no-shows left out), so an evening's line in the series
agrees with that evening's own standings: the same places and totals, without
the game lines and tiebreak values the series does not show. The series is
ranked from those rows by :mod:`manille.rankings`.
"""

from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict, namedtuple
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter, itemgetter

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.access import can_manage_club, user_edits_everyone
from manille.rankings import (
    EntrantKey,
    EventInfo,
    EventResult,
    SeriesRow,
    SeriesRules,
    compute_series,
)
from manille.standings import ByeRow, GameRow, PlaceRow, compute_places, without_gc
from scoring.models import ScoreSheet
from series.models import Series, SeriesEvent
from standings.selectors import (
    GAME_RESULT_COLUMNS,
    PUBLIC_ROUND_STATUSES,
    bye_rule_for,
)
from tournaments.models import Bye, Entry, Game, Seat, Tournament
from tournaments.names import entrant_name
from tournaments.versioning import public_state

# ------------------------------------------------------------------------- access


def user_can_manage_series(*, user, series: Series) -> bool:
    """Tell whether ``user`` may change ``series`` and run its evenings: staff, or
    a manager of its organising club."""
    if user_edits_everyone(user=user):
        return True
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return series.club_id is not None and can_manage_club(user=user, club=series.club)


def series_for_reader(*, slug: str, user) -> Series | None:
    """Return the series a reader may see, or None: a public series is open to
    everyone, another only to those who manage it (one query, two for them)."""
    series = Series.objects.select_related("club").filter(slug=slug).first()
    if series is None:
        return None
    if series.is_public or user_can_manage_series(user=user, series=series):
        return series
    return None


def series_list_public() -> QuerySet[Series]:
    return Series.objects.filter(is_public=True).select_related("club")


def series_list_for_manager(*, user) -> QuerySet[Series]:
    """The series ``user`` may change: all for staff, else his clubs' series."""
    qs = Series.objects.select_related("club")
    if user_edits_everyone(user=user):
        return qs
    if user is None or not user.is_authenticated or not user.is_active:
        return qs.none()
    return qs.filter(club__managers=user)


# ------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class SeriesEventRow:
    """An event of a series: its place in the series (from 1) and its tournament."""

    number: int
    id: int  # the SeriesEvent's id
    tournament: Tournament

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def name(self) -> str:
        return self.tournament.name

    @property
    def date(self) -> datetime.date:
        return self.tournament.date


def series_events(*, series: Series) -> list[SeriesEventRow]:
    """Return the series' events in order, numbered from 1 (one query)."""
    rows = (
        SeriesEvent.objects.filter(series=series)
        .select_related("tournament")
        .order_by("order", "id")
    )
    return [
        SeriesEventRow(number=n, id=se.pk, tournament=se.tournament)
        for n, se in enumerate(rows, start=1)
    ]


def series_last_event(*, series: Series) -> Tournament | None:
    """The series' last event (the one a new evening copies), or None."""
    se = (
        SeriesEvent.objects.filter(series=series)
        .select_related("tournament")
        .order_by("-order", "-id")
        .first()
    )
    return se.tournament if se else None


def series_state(*, series: Series, events: list[SeriesEventRow]) -> str:
    """Return a short hash of what the series' public answers depend on.

    The series' own settings and each event's public state (version, tiebreaks,
    bye rules): an answer never outlives a result, a setting or a new event.
    """
    parts = [
        series.pk,
        series.name,
        series.slug,
        series.ranking,
        series.ranking_points,
        series.best_of,
        series.min_events,
        series.substitutes,
        series.tiebreaks,
        series.is_public,
        series.language,
        *(f"{e.number}:{public_state(e.tournament)}" for e in events),
    ]
    key = "|".join(str(p) for p in parts)
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()


# ------------------------------------------------------------------- bulk reading


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


@dataclass(slots=True)
class EventRows:
    """One event's plain rows, as :mod:`manille.standings` takes them.

    ``games`` are :class:`manille.standings.GameScore` tuples (what
    :func:`~manille.standings.compute_places` reads), or with ``lines`` whole
    :class:`~manille.standings.GameRow` rows (what
    :func:`~manille.standings.compute_standings` and a player's games read);
    ``listed`` holds the ids of the entries the event's own standings list.
    """

    games: list = field(default_factory=list)
    byes: list[ByeRow] = field(default_factory=list)
    listed: set[int] = field(default_factory=set)


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
)
EntryRow = namedtuple("EntryRow", ENTRY_COLUMNS)
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


def _player_key(pid, first, last, club_id, club_name) -> EntrantKey:
    return EntrantKey(
        key=f"player:{pid}",
        name=entrant_name(first, last, None),
        club=club_name or "",
        club_id=club_id,
    )


class _Positions(dict):
    """A game's side as seat positions: "13" -> (1, 3), worked out once."""

    def __missing__(self, side: str) -> tuple[int, ...]:
        positions = self[side] = tuple(int(c) for c in side)
        return positions


def read_events(
    ids: list[int], *, lines: bool = False
) -> tuple[dict[int, EventRows], list[tuple]]:
    """Read the plain rows of every tournament of ``ids`` at once: four queries.

    The same rows, per tournament, as ``standings.selectors.standings_input`` reads
    for one (after the last round, every phase, confirmed sheets only), and the
    same entrants listed: those who played or had a bye, and those who showed up
    (seated or given a bye in a public round, or checked in) and did not withdraw.
    Who showed up is read from the seats and byes already read, not asked per
    entry. Return every event's rows by tournament id, and every entry of them
    (listed or not) as a plain tuple of :data:`ENTRY_COLUMNS`.

    The series, a player's record, a head-to-head and the club rankings all read
    their events here.
    """
    with without_gc():
        return _read_events(ids, lines)


def _read_events(ids: list[int], lines: bool) -> tuple[dict[int, EventRows], list]:
    events = {tid: EventRows() for tid in ids}
    # Every seat of a public round, by table: the games' sides, and who showed up.
    tables: dict[int, dict[int, int]] = defaultdict(dict)
    for t, p, e in (
        Seat.objects.filter(
            round__tournament_id__in=ids, round__status__in=PUBLIC_ROUND_STATUSES
        )
        .order_by()
        .values_list("table_id", "position", "entry_id")
    ):
        tables[t][p] = e
    seated = {e for seats in tables.values() for e in seats.values()}

    # The games (their order does not matter: compute_standings sorts them).
    positions = _Positions()
    games_of = {tid: event.games for tid, event in events.items()}
    # Each row: the tournament, the table, the two sides, then the figures.
    for row in (
        Game.objects.filter(
            table__round__tournament_id__in=ids,
            table__round__status__in=PUBLIC_ROUND_STATUSES,
            table__sheet__status=ScoreSheet.Status.CONFIRMED,
        )
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

    had_bye: set[int] = set()
    for tid, e, r, ph, g in Bye.objects.filter(
        round__tournament_id__in=ids, round__status__in=PUBLIC_ROUND_STATUSES
    ).values_list(
        "round__tournament_id",
        "entry_id",
        "round__number",
        "round__phase_id",
        "round__phase__games_per_table",
    ):
        events[tid].byes.append(
            ByeRow(entry_id=e, round_number=r, phase_id=ph, games=g or 1)
        )
        had_bye.add(e)
    involved |= had_bye

    # The entrants, listed as the event's own standings list them (see
    # standings_input). An entry belongs to one tournament, so its id alone says
    # whether it is involved.
    present = Entry.Status.PRESENT
    withdrawn = Entry.Status.WITHDRAWN
    entries = list(
        Entry.objects.filter(tournament_id__in=ids).values_list(*ENTRY_COLUMNS)
    )
    for eid, tid, status in map(itemgetter(0, 1, 2), entries):
        if eid in involved or (
            (eid in seated or eid in had_bye or status == present)
            and status != withdrawn
        ):
            events[tid].listed.add(eid)
    return events, entries


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
        rows, entries = _read_events(list(tournaments), False)
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


# ---------------------------------------------------------------------- standings


def series_rules(series: Series) -> SeriesRules:
    return SeriesRules(
        ranking=series.ranking,
        ranking_points=tuple(series.points_table),
        best_of=series.best_of,
        min_events=series.min_events or 1,
        substitutes=series.substitutes,
        tiebreaks=tuple(series.tiebreak_list),
    )


@dataclass(slots=True)
class SeriesStandings:
    series: Series
    events: list[SeriesEventRow]
    rows: list[SeriesRow]
    rules: SeriesRules

    def explanation(self, row: SeriesRow) -> str:
        """Say which events counted and which were dropped, in the reader's language."""
        return row_explanation(row, rules=self.rules)

    @property
    def ranked(self) -> list[SeriesRow]:
        return [r for r in self.rows if r.rank is not None]

    @property
    def unranked(self) -> list[SeriesRow]:
        return [r for r in self.rows if r.rank is None]


def _numbers(numbers) -> str:
    return ", ".join(str(n) for n in numbers)


def row_explanation(row: SeriesRow, *, rules: SeriesRules) -> str:
    """ "counted: 1, 3, 4; dropped: 2 (lowest)", or why the row is not ranked."""
    counted = row.counted_numbers
    dropped = row.dropped_numbers
    if row.rank is None:
        return ngettext(
            "%(played)d event played of the %(needed)d needed to be ranked",
            "%(played)d events played of the %(needed)d needed to be ranked",
            row.events_played,
        ) % {"played": row.events_played, "needed": rules.min_events}
    if not dropped:
        return _("counted: %(counted)s") % {"counted": _numbers(counted)}
    return ngettext(
        "counted: %(counted)s; dropped: %(dropped)s (lowest)",
        "counted: %(counted)s; dropped: %(dropped)s (lowest)",
        len(dropped),
    ) % {"counted": _numbers(counted), "dropped": _numbers(dropped)}


def series_results(data: SeriesInput) -> dict[int, list[EventResult]]:
    """Turn every event's places into the series' plain event results."""
    out: dict[int, list[EventResult]] = {}
    identities = data.identities
    for e in data.events:
        tid = e.tournament.pk
        rows = []
        for r in data.places.get(tid, ()):
            # Listed without a game nor a bye (checked in, never seated): the
            # event was not played, so it neither counts nor scores a place.
            if not r.games_played and not r.bye_rounds:
                continue
            who = identities[r.entry_id]
            rows.append(
                EventResult(
                    tid,
                    who.entrant,
                    r.rank,
                    r.shared,
                    r.games_played,
                    r.games_won,
                    r.points,
                    r.point_difference,
                    r.deals_won,
                    r.revokes,
                    r.opponents_strength,
                    who.plays_for,
                )
            )
        out[tid] = rows
    return out


# An event's results, kept in the cache under its public state: a season's page
# then reads again only the evening that changed. Renames, results, entries and
# the standings' settings all move the state (tournaments.versioning).
EVENT_CACHE_SECONDS = 24 * 3600


def _event_cache_key(tournament: Tournament) -> str:
    state = hashlib.blake2b(public_state(tournament).encode(), digest_size=10)
    return f"series:event:{tournament.pk}:{state.hexdigest()}"


def series_event_results(
    *, events: list[SeriesEventRow]
) -> dict[int, list[EventResult]]:
    """Return every event's results for the series, by tournament id.

    Events whose public state is unchanged come from the cache; the others are
    read together (four queries, whatever their number) and ranked by their own
    standings' rules.
    """
    keys = {e.tournament.pk: _event_cache_key(e.tournament) for e in events}
    cached = cache.get_many(list(keys.values()))
    out = {tid: cached[key] for tid, key in keys.items() if key in cached}
    missing = [e for e in events if e.tournament.pk not in out]
    if missing:
        data = series_input(series=None, events=missing)
        fresh = series_results(data)
        out.update(fresh)
        cache.set_many(
            {keys[tid]: rows for tid, rows in fresh.items()}, EVENT_CACHE_SECONDS
        )
    return out


def series_standings(
    *, series: Series, events: list[SeriesEventRow] | None = None
) -> SeriesStandings:
    """Rank the series from its events' own standings: five queries at most (one
    less when the caller has read ``events``; none more for events cached)."""
    # Many small acyclic objects: the collector's passes would cost more than the work.
    with without_gc():
        if events is None:
            events = series_events(series=series)
        rules = series_rules(series)
        infos = [
            EventInfo(id=e.tournament.pk, number=e.number, name=e.tournament.name)
            for e in events
        ]
        rows = compute_series(infos, series_event_results(events=events), rules)
    return SeriesStandings(series=series, events=events, rows=rows, rules=rules)


def series_of_tournament(*, tournament: Tournament) -> QuerySet[Series]:
    """The series a tournament belongs to."""
    return Series.objects.filter(Q(events__tournament=tournament)).distinct()
