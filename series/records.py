"""Read many events at once for players' records, head-to-heads and club rankings.

A player's record spans every event he played, a club ranking every event of a
series: reading each event through ``standings.selectors`` would cost four queries
per event. :func:`events_read` reads any number of events in four queries, through
the series' reader (:func:`series.selectors.read_events`), and hands each one's
plain rows to the same calculation (``manille.standings``), with the same rules
as the tournament's own standings: only published or closed rounds, only
confirmed score sheets, no-shows listed nowhere.

Who may see an event is the public side's rule (``tournament_for_reader``): a
listed tournament is open to everyone, an unlisted one to its directors, its
organising club's managers and superusers.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

from clubs.models import Player
from manille.standings import EntrantInfo, StandingRow, compute_standings
from series.models import Series, SeriesEvent
from series.selectors import EntryRow, read_events
from standings.reader import entrant_info
from standings.selectors import StandingsInput, bye_rule_for
from tournaments.models import Entry, Tournament
from tournaments.names import entrant_name

# ------------------------------------------------------------------ who sees what


def tournaments_visible(*, user) -> QuerySet[Tournament]:
    """Return the tournaments ``user`` may read on the public side."""
    tournaments = Tournament.objects.all()
    if user is None or not user.is_authenticated or not user.is_active:
        return tournaments.filter(is_public=True)
    if user.is_superuser:
        return tournaments
    return tournaments.filter(
        Q(is_public=True) | Q(directors=user) | Q(club__managers=user)
    ).distinct()


def series_visible(*, user) -> QuerySet[Series]:
    """Return the series ``user`` may read: listed ones, and unlisted ones to staff
    and their club's managers."""
    series = Series.objects.all()
    if user is None or not user.is_authenticated or not user.is_active:
        return series.filter(is_public=True)
    if user.is_superuser or user.is_staff:
        return series
    return series.filter(Q(is_public=True) | Q(club__managers=user)).distinct()


# ------------------------------------------------------------------- the reader


@dataclass(frozen=True, slots=True)
class EntryPeople:
    """The players behind one entry: one for a player, two for a team."""

    entry_id: int
    players: tuple[int, ...]
    plays_for: int | None = None


@dataclass(slots=True)
class EventData:
    """One event's plain rows, ready for ``manille.standings``."""

    tournament: Tournament
    data: StandingsInput
    people: dict[int, EntryPeople] = field(default_factory=dict)
    _rows: list[StandingRow] | None = None

    @property
    def rows(self) -> list[StandingRow]:
        """The event's standings (overall, every phase), computed once."""
        if self._rows is None:
            self._rows = compute_standings(
                self.data.entrants.values(),
                self.data.games,
                tiebreaks=self.tournament.tiebreak_list,
                byes=self.data.byes,
                bye_rule=bye_rule_for(self.tournament),
            )
        return self._rows

    def entries_of(self, player_id: int) -> set[int]:
        """The entry ids ``player_id`` played under here (alone or in a team)."""
        return {e for e, p in self.people.items() if player_id in p.players}


def events_read(*, tournaments: list[Tournament]) -> dict[int, EventData]:
    """Read the events' games, seats, byes and entries: four queries in all
    (:func:`standings.reader.read_events`, the one reader of events)."""
    by_id = {t.pk: t for t in tournaments}
    if not by_id:
        return {}
    rows, entries = read_events(list(by_id), lines=True)
    entrants: dict[int, dict[int, EntrantInfo]] = defaultdict(dict)
    people: dict[int, dict[int, EntryPeople]] = defaultdict(dict)
    for entry in map(EntryRow._make, entries):
        eid, tid = entry.id, entry.tournament_id
        if entry.player_id:
            members = (entry.player_id,)
        else:
            one, two = entry.team__player_one_id, entry.team__player_two_id
            members = tuple(p for p in (one, two) if p)
        people[tid][eid] = EntryPeople(eid, members, entry.plays_for_id)
        if eid in rows[tid].listed:
            entrants[tid][eid] = entrant_info(entry)
    return {
        tid: EventData(
            tournament=t,
            data=StandingsInput(
                entrants=entrants.get(tid, {}),
                games=rows[tid].games,
                byes=rows[tid].byes,
            ),
            people=people.get(tid, {}),
        )
        for tid, t in by_id.items()
    }


def series_names(*, tournament_ids, user) -> dict[int, list[Series]]:
    """Return tournament id → the series (that ``user`` may see) it belongs to."""
    found: dict[int, list[Series]] = defaultdict(list)
    for link in (
        SeriesEvent.objects.filter(
            tournament_id__in=list(tournament_ids),
            series__in=series_visible(user=user),
        )
        .select_related("series")
        .order_by("series__name")
    ):
        found[link.tournament_id].append(link.series)
    return found


# ------------------------------------------------------------- a player's record


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One event as a player played it."""

    tournament: Tournament
    series: tuple[Series, ...]
    place: int
    shared: bool
    total: int
    games_played: int
    games_won: int
    points: int
    name: str  # the name he played under: his own, or his team's
    # Running totals over the events up to this one (the chart).
    total_played: int
    total_won: int
    plays_for: str = ""  # the member he replaced, as a fixed substitute

    @property
    def win_percentage(self) -> float:
        return _pct(self.games_won, self.games_played)

    @property
    def running_percentage(self) -> float:
        return _pct(self.total_won, self.total_played)


@dataclass(frozen=True, slots=True)
class Met:
    """Another player met at the tables, and how many games."""

    player_id: int
    name: str
    games: int


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player: Player
    lines: tuple[RecordLine, ...]
    met: tuple[Met, ...] = ()

    @property
    def games_played(self) -> int:
        return self.lines[-1].total_played if self.lines else 0

    @property
    def games_won(self) -> int:
        return self.lines[-1].total_won if self.lines else 0

    @property
    def win_percentage(self) -> float:
        return _pct(self.games_won, self.games_played)


def _pct(won: int, played: int) -> float:
    return round(100 * won / played, 2) if played else 0.0


def _entries_of(player) -> Q:
    return Q(player=player) | Q(team__player_one=player) | Q(team__player_two=player)


def player_tournaments(*, player: Player, user) -> list[Tournament]:
    """The events ``player`` is entered in that ``user`` may see (one query)."""
    return list(
        tournaments_visible(user=user).filter(
            pk__in=Entry.objects.filter(_entries_of(player)).values("tournament_id")
        )
    )


def player_record(*, player: Player, user) -> PlayerRecord:
    """Return every event ``player`` played a game in (a result confirmed), oldest
    first: at most seven queries."""
    events = events_read(tournaments=player_tournaments(player=player, user=user))
    series = series_names(tournament_ids=events, user=user)
    found: list[tuple[datetime.date, str, int, StandingRow, EventData]] = []
    for tid, event in events.items():
        mine = event.entries_of(player.pk)
        rows = event.rows
        row = next((r for r in rows if r.entry_id in mine), None)
        if row is None or not row.real_games_played:
            # Entered and never came, seated in a round with no result yet, or
            # only given a bye: no game with a result, no event played.
            continue
        t = event.tournament
        found.append((t.date, t.name.casefold(), tid, row, event))
    found.sort(key=lambda item: item[:3])
    return PlayerRecord(
        player=player,
        lines=_lines(found, series, _replaced(found)),
        met=_met(player, found),
    )


def _replaced(found) -> dict[int, str]:
    """Entry id → the name of the member it replaced (one query, if any)."""
    wanted = {
        row.entry_id: event.people[row.entry_id].plays_for
        for *_key, row, event in found
        if row.entry_id in event.people and event.people[row.entry_id].plays_for
    }
    if not wanted:
        return {}
    names = {
        pk: entrant_name(first, last, None)
        for pk, first, last in Player.objects.filter(
            pk__in=set(wanted.values())
        ).values_list("id", "first_name", "last_name")
    }
    return {eid: names.get(pid, "") for eid, pid in wanted.items()}


MET_SHOWN = 12


def _met(player: Player, found) -> tuple[Met, ...]:
    """The players sat with most often (partners and opponents), most first."""
    games: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for *_key, row, event in found:
        for line in row.games:
            for eid in (*line.partners, *line.opponents):
                who = event.people.get(eid)
                if who is None or len(who.players) != 1 or who.players[0] == player.pk:
                    continue  # a team: its players are not named here
                games[who.players[0]] += 1
                names.setdefault(who.players[0], event.data.entrants[eid].name)
    ordered = sorted(games, key=lambda p: (-games[p], names[p].casefold()))
    return tuple(Met(p, names[p], games[p]) for p in ordered[:MET_SHOWN])


def _lines(found, series, replaced) -> tuple[RecordLine, ...]:
    lines: list[RecordLine] = []
    played = won = 0
    for _date, _name, tid, row, event in found:
        played += row.real_games_played
        won += row.real_games_won
        lines.append(
            RecordLine(
                tournament=event.tournament,
                series=tuple(series.get(tid, ())),
                place=row.rank,
                shared=row.shared,
                total=len(event.rows),
                games_played=row.real_games_played,
                games_won=row.real_games_won,
                points=row.points,
                name=row.name,
                total_played=played,
                total_won=won,
                plays_for=replaced.get(row.entry_id, ""),
            )
        )
    return tuple(lines)


# ---------------------------------------------------------------- head-to-head


@dataclass(frozen=True, slots=True)
class Meeting:
    """One game in which both players sat: as partners or as opponents."""

    tournament: Tournament
    round_number: int
    table_number: int
    game_number: int
    together: bool
    score: int  # the first player's side
    other_score: int
    won: bool  # the first player's side won
    other_won: bool


@dataclass(frozen=True, slots=True)
class HeadToHead:
    player: Player
    other: Player
    meetings: tuple[Meeting, ...]

    @property
    def together(self) -> list[Meeting]:
        return [m for m in self.meetings if m.together]

    @property
    def against(self) -> list[Meeting]:
        return [m for m in self.meetings if not m.together]

    @property
    def together_won(self) -> int:
        return sum(1 for m in self.together if m.won)

    @property
    def wins(self) -> int:
        """Games the first player won against the other."""
        return sum(1 for m in self.against if m.won)

    @property
    def other_wins(self) -> int:
        return sum(1 for m in self.against if m.other_won)

    @property
    def drawn(self) -> int:
        return sum(1 for m in self.against if not m.won and not m.other_won)


def head_to_head(*, player: Player, other: Player, user) -> HeadToHead:
    """Return the games in which ``player`` and ``other`` sat together or against
    each other, in the events ``user`` may see: six queries in all."""
    shared = list(
        tournaments_visible(user=user)
        .filter(
            pk__in=Entry.objects.filter(_entries_of(player)).values("tournament_id")
        )
        .filter(pk__in=Entry.objects.filter(_entries_of(other)).values("tournament_id"))
    )
    meetings: list[Meeting] = []
    for event in events_read(tournaments=shared).values():
        mine, theirs = event.entries_of(player.pk), event.entries_of(other.pk)
        for g in event.data.games:
            for own, opp, score, opp_score, side in (
                (g.side_a, g.side_b, g.score_a, g.score_b, 0),
                (g.side_b, g.side_a, g.score_b, g.score_a, 1),
            ):
                if not mine.intersection(own):
                    continue
                if theirs.intersection(own):
                    together, other_won = True, g.winner == side
                elif theirs.intersection(opp):
                    together, other_won = False, g.winner == 1 - side
                else:
                    continue
                meetings.append(
                    Meeting(
                        tournament=event.tournament,
                        round_number=g.round_number,
                        table_number=g.table_number,
                        game_number=g.number,
                        together=together,
                        score=score,
                        other_score=opp_score,
                        won=g.winner == side,
                        other_won=other_won,
                    )
                )
    meetings.sort(
        key=lambda m: (
            m.tournament.date,
            m.tournament.pk,
            m.round_number,
            m.table_number,
            m.game_number,
        )
    )
    return HeadToHead(player=player, other=other, meetings=tuple(meetings))
