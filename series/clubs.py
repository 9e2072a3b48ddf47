"""Rank clubs over a series as the Belgian championship does.

A club's figure is the percentage of games won by its players over every event of
the series: their games won over their games played, all players together (23 of
35 = 65.71 %). Decisions made here once:

- Only games played at a table count: a bye never counts for a club, whatever the
  tournament's bye rule (``README``: "never counts for a club").
- A player counts for his club from ``Series.club_min_games`` games; below, he is
  listed with his figures but left out of the club's.
- A fixed pair's game is a game of each of its two players.
- With ``Series.substitutes == "member"``, a substitute's games count for the member
  he replaced (``Entry.plays_for``), so for the member's club.
- A player counts for the club he belongs to now.
- Clubs rank on the exact percentage, then on games won; equal on both share a
  place. A club none of whose players reached the minimum is listed, unranked.

:func:`rank_clubs` is plain Python (tested without a database); the selectors read
the events through :func:`series.records.events_read`: a fixed number of queries
whatever the number of events.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from clubs.models import Club, Player
from series.models import Series, SeriesEvent
from series.records import EventData, events_read, series_visible, tournaments_visible
from tournaments.models import Entry
from tournaments.names import entrant_name

# ------------------------------------------------------------------ calculation


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """A player's real games and wins over a series."""

    player_id: int
    name: str
    club_id: int | None
    club_name: str
    games: int
    wins: int
    counted: bool = True

    @property
    def win_percentage(self) -> float:
        return round(100 * self.wins / self.games, 2) if self.games else 0.0


@dataclass(frozen=True, slots=True)
class ClubRankRow:
    rank: int | None  # None: no player reached the minimum
    club_id: int
    name: str
    players: tuple[PlayerTally, ...]
    games: int
    wins: int
    shared: bool = False

    @property
    def counted_players(self) -> int:
        return sum(1 for p in self.players if p.counted)

    @property
    def win_percentage(self) -> float:
        return round(100 * self.wins / self.games, 2) if self.games else 0.0


def rank_clubs(tallies: Iterable[PlayerTally], *, min_games: int) -> list[ClubRankRow]:
    """Rank the clubs of ``tallies``' players; players without a club are left out."""
    clubs: dict[int, list[PlayerTally]] = defaultdict(list)
    names: dict[int, str] = {}
    for t in tallies:
        if t.club_id is None:
            continue
        counted = t.games >= max(min_games, 1)
        clubs[t.club_id].append(
            PlayerTally(
                t.player_id, t.name, t.club_id, t.club_name, t.games, t.wins, counted
            )
        )
        names[t.club_id] = t.club_name
    figures = {}
    for cid, players in clubs.items():
        players.sort(
            key=lambda p: (not p.counted, -p.wins, -p.games, p.name.casefold())
        )
        games = sum(p.games for p in players if p.counted)
        wins = sum(p.wins for p in players if p.counted)
        figures[cid] = (games, wins)

    def key(cid: int) -> tuple[Fraction, int]:
        games, wins = figures[cid]
        return (-Fraction(wins, games), -wins)

    ranked = sorted(
        (cid for cid, (games, _w) in figures.items() if games),
        key=lambda cid: (key(cid), names[cid].casefold()),
    )
    rows: list[ClubRankRow] = []
    for i, cid in enumerate(ranked):
        first = next(j for j in range(i + 1) if key(ranked[j]) == key(cid))
        shared = sum(1 for other in ranked if key(other) == key(cid)) > 1
        games, wins = figures[cid]
        rows.append(
            ClubRankRow(
                first + 1, cid, names[cid], tuple(clubs[cid]), games, wins, shared
            )
        )
    unranked = sorted(
        (cid for cid, (games, _w) in figures.items() if not games),
        key=lambda cid: names[cid].casefold(),
    )
    rows.extend(
        ClubRankRow(None, cid, names[cid], tuple(clubs[cid]), 0, 0) for cid in unranked
    )
    return rows


# -------------------------------------------------------------------- selectors


@dataclass(frozen=True, slots=True)
class ClubRanking:
    series: Series
    rows: list[ClubRankRow]
    events: int  # events read (those the reader may see)

    @property
    def ranked(self) -> int:
        return sum(1 for r in self.rows if r.rank is not None)

    def row_of(self, club_id: int) -> ClubRankRow | None:
        return next((r for r in self.rows if r.club_id == club_id), None)


def _tally(
    series: Series, events: Iterable[EventData]
) -> dict[int, list[int]]:  # player id -> [games, wins]
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for_member = series.substitutes == Series.Substitutes.MEMBER
    for event in events:
        people = event.people
        for g in event.data.games:
            for side, entries in ((0, g.side_a), (1, g.side_b)):
                won = g.winner == side
                for eid in entries:
                    who = people.get(eid)
                    if who is None:
                        continue
                    if for_member and who.plays_for:
                        players = (who.plays_for,)
                    else:
                        players = who.players
                    for pid in players:
                        c = counts[pid]
                        c[0] += 1
                        c[1] += won
    return counts


def _series_events(series_list: list[Series], user) -> dict[int, list[int]]:
    """Series id → the ids of its events that ``user`` may see (one query)."""
    found: dict[int, list[int]] = defaultdict(list)
    for sid, tid in SeriesEvent.objects.filter(
        series__in=series_list, tournament__in=tournaments_visible(user=user)
    ).values_list("series_id", "tournament_id"):
        found[sid].append(tid)
    return found


def club_rankings(*, series_list: list[Series], user) -> dict[int, ClubRanking]:
    """Rank the clubs of each series: six queries whatever the number of series."""
    links = _series_events(series_list, user)
    tournaments = {
        t.pk: t
        for t in tournaments_visible(user=user).filter(
            pk__in={tid for tids in links.values() for tid in tids}
        )
    }
    events = events_read(tournaments=list(tournaments.values()))
    rankings = {}
    # One read of the players for every series.
    tallies_by_series = {
        s.pk: _tally(s, [events[t] for t in links.get(s.pk, ()) if t in events])
        for s in series_list
    }
    wanted = {pid for counts in tallies_by_series.values() for pid in counts}
    info = {
        pid: (entrant_name(first, last, None), club_id, club_name or "")
        for pid, first, last, club_id, club_name in Player.objects.filter(
            pk__in=wanted
        ).values_list("id", "first_name", "last_name", "club_id", "club__name")
    }
    for s in series_list:
        counts = tallies_by_series[s.pk]
        tallies = [
            PlayerTally(pid, *info[pid], games=g, wins=w)
            for pid, (g, w) in counts.items()
            if pid in info
        ]
        rankings[s.pk] = ClubRanking(
            series=s,
            rows=rank_clubs(tallies, min_games=s.club_min_games),
            events=len(links.get(s.pk, ())),
        )
    return rankings


def club_ranking(*, series: Series, user) -> ClubRanking:
    """Rank the clubs of one series (the events ``user`` may see)."""
    return club_rankings(series_list=[series], user=user)[series.pk]


@dataclass(frozen=True, slots=True)
class ClubPlace:
    series: Series
    row: ClubRankRow
    ranked: int


def club_places(*, club: Club, user) -> list[ClubPlace]:
    """Return the club's place in every series its players played in that ``user``
    may see, but its own seasons (a fixed number of queries)."""
    played_in = Entry.objects.filter(
        Q(player__club=club)
        | Q(team__player_one__club=club)
        | Q(team__player_two__club=club)
    ).values("tournament_id")
    series_list = list(
        series_visible(user=user)
        .filter(
            events__tournament__in=tournaments_visible(user=user).filter(
                pk__in=played_in
            )
        )
        .exclude(club=club, kind=Series.Kind.SEASON)
        .distinct()
        .order_by("name")
    )
    rankings = club_rankings(series_list=series_list, user=user)
    places = []
    for s in series_list:
        ranking = rankings[s.pk]
        row = ranking.row_of(club.pk)
        if row is not None:
            places.append(ClubPlace(series=s, row=row, ranked=ranking.ranked))
    return places
