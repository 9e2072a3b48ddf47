"""Read a round once for every reader: its tables, seats, games, names and scores.

The public draw pages, "where do I sit?", the director's round page, the live
results, the projector, the JSON API and the round PDFs all read a round through
:func:`round_read`, in four queries whatever the size of the round (one fewer
without the games, one more for the draw's flags, one more for a round given
without its phase and tournament). Names and clubs come from
:mod:`tournaments.names`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from itertools import combinations

from django.core.cache import cache
from django.db.models import OuterRef, Subquery

from core.folding import fold_matches, fold_words
from scoring.models import ScoreSheet, TableEvent
from standings.selectors import PUBLIC_ROUND_STATUSES
from tournaments.models import Bye, Entry, Game, Round, Seat, Table
from tournaments.names import entrant_club, entrant_name
from tournaments.selectors import fold, history_pairs, round_list

# The entrant's columns, read through a seat's or a bye's ``entry``.
ENTRANT_FIELDS = (
    "entry_id",
    "entry__status",
    "entry__player__first_name",
    "entry__player__last_name",
    "entry__player__club_id",
    "entry__player__club__name",
    "entry__player__club__short_name",
    "entry__team__name",
    "entry__team__club_id",
    "entry__team__club__name",
    "entry__team__club__short_name",
)
# And what "where do I sit?" also looks through (``with_members``).
MEMBER_FIELDS = (
    "entry__player__member_number",
    "entry__team__player_one__first_name",
    "entry__team__player_one__last_name",
    "entry__team__player_two__first_name",
    "entry__team__player_two__last_name",
)
WITHDRAWN = Entry.Status.WITHDRAWN


@dataclass(frozen=True, slots=True)
class RoundSeat:
    """An entrant at a table (``position`` 1…) or on a bye (``position`` 0)."""

    position: int
    entry_id: int
    name: str  # "First Last", or the team's name
    sort_name: str  # "Last, First", or the team's name
    club: str  # "" without a club
    short_club: str  # the club's short name, else its name
    club_id: int | None
    withdrawn: bool
    members: tuple[str, ...]  # a team's players, "First Last" (``with_members``)
    member_number: str  # a player's (``with_members``)
    seat_id: int | None = None  # the Seat row (a table's seat)
    bye_id: int | None = None  # the Bye row (a bye)
    rematch: bool = False  # met someone at this table before (``with_flags``)
    same_club: bool = False  # sits with a player of its club (``with_flags``)


@dataclass(frozen=True, slots=True)
class RoundGame:
    """A game of a table: who plays on each side and, when known, the score."""

    number: int
    side_a: tuple[int, ...]  # seat positions
    side_b: tuple[int, ...]
    side_a_names: tuple[str, ...]
    side_b_names: tuple[str, ...]
    score_a: int | None  # None on a public read of an unconfirmed sheet
    score_b: int | None
    winner: int | None  # 0 side A, 1 side B, None drawn or unknown
    finished: bool
    forfeit: int | None = None  # the side that forfeited (0 A, 1 B), when known
    absent: bool = False  # and it forfeited by not coming (a no-show)


@dataclass(frozen=True, slots=True)
class RoundTable:
    id: int
    number: int
    sheet_status: str  # a ScoreSheet.Status, "" without a sheet
    sheet_status_label: str  # in the language active when the round was read
    reasons: tuple[str, ...]  # the draw's reason codes (manille.draws.REASON_TEXT)
    seats: tuple[RoundSeat, ...]
    games: tuple[RoundGame, ...]
    rematches: int = 0  # pairs at this table that met before (``with_flags``)
    same_club: int = 0  # pairs at this table of one club (``with_flags``)

    @property
    def confirmed(self) -> bool:
        return self.sheet_status == ScoreSheet.Status.CONFIRMED

    def seat(self, position: int) -> RoundSeat | None:
        return next((s for s in self.seats if s.position == position), None)

    def side_names(self, positions) -> tuple[str, ...]:
        """Return the names seated at ``positions`` (an empty seat is left out)."""
        return tuple(s.name for p in positions if (s := self.seat(p)))


@dataclass(frozen=True, slots=True)
class RoundRead:
    round: Round  # with its phase and tournament
    tables: tuple[RoundTable, ...]
    byes: tuple[RoundSeat, ...]  # by entry id

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def status(self) -> str:
        return self.round.status

    @property
    def phase(self) -> str:
        return self.round.phase.name

    @property
    def tournament(self):
        return self.round.tournament

    @property
    def byes_by_name(self) -> list[RoundSeat]:
        return sorted(self.byes, key=lambda s: s.sort_name)

    @property
    def confirmed(self) -> int:
        """How many tables have a confirmed sheet."""
        return sum(1 for t in self.tables if t.confirmed)


def round_read(
    *,
    round: Round,
    public_only: bool = False,
    with_games: bool = True,
    with_flags: bool = False,
    with_members: bool = False,
) -> RoundRead:
    """Read a round's tables (by number), seats (by position), games and byes.

    ``public_only``: what the public may see, the scores of confirmed sheets only;
    the round must be published or closed (find it with ``round_for_public``).
    ``with_games``: read the games (the draw pages need none). ``with_flags``: mark
    the seats that meet someone again or sit with their own club, as the
    director's round page shows them (one more query). ``with_members``: also
    read a team's players and a player's member number, for "where do I sit?".
    """
    rnd = _with_phase_and_tournament(round)
    if public_only and rnd.status not in PUBLIC_ROUND_STATUSES:
        raise ValueError(f"round {rnd.pk} is a draft: not for the public")
    fields = ENTRANT_FIELDS + (MEMBER_FIELDS if with_members else ())
    seats = _table_seats(rnd, fields)
    if with_flags:
        history = history_pairs(tournament=rnd.tournament, exclude_round=rnd)
        flags = {t: _flag(s, history) for t, s in seats.items()}
    games = _table_games(rnd) if with_games else {}
    labels = {status: str(label) for status, label in ScoreSheet.Status.choices}
    sides: dict[str, tuple[int, ...]] = {}
    tables = []
    for table_id, number, reasons, status in (
        Table.objects.filter(round=rnd)
        .order_by("number")
        .values_list("id", "number", "reasons", "sheet__status")
    ):
        at_table, counts = seats.get(table_id, []), (0, 0)
        if with_flags:
            at_table, counts = flags[table_id]
        hide = public_only and status != ScoreSheet.Status.CONFIRMED
        tables.append(
            RoundTable(
                id=table_id,
                number=number,
                sheet_status=status or "",
                sheet_status_label=labels.get(status, ""),
                reasons=tuple(c for c in reasons.split(",") if c),
                seats=tuple(at_table),
                games=_games(at_table, games.get(table_id, ()), hide=hide, sides=sides),
                rematches=counts[0],
                same_club=counts[1],
            )
        )
    return RoundRead(round=rnd, tables=tuple(tables), byes=_byes(rnd, fields))


def _with_phase_and_tournament(rnd: Round) -> Round:
    """Return the round with its phase and tournament, read again only if needed."""
    cached = Round.phase.is_cached(rnd) and Round.tournament.is_cached(rnd)
    if cached:
        return rnd
    return Round.objects.select_related("phase", "tournament").get(pk=rnd.pk)


def _entrant(row, position: int, seat_id=None, bye_id=None, *, members=False):
    """Build a seat from a row that starts with ENTRANT_FIELDS (and MEMBER_FIELDS)."""
    eid, status, first, last, pclub_id, pclub, pshort, team, tclub_id, tclub = row[:10]
    tshort = row[10]
    number, team_players = (row[11], ()) if members else ("", ())
    if team is None:
        club, short, club_id = pclub, pshort, pclub_id
    else:
        club, short, club_id = tclub, tshort, tclub_id
        if members:
            f1, l1, f2, l2 = row[12:16]
            team_players = tuple(
                entrant_name(f, last_, None)
                for f, last_ in ((f1, l1), (f2, l2))
                if last_ is not None
            )
    return RoundSeat(
        position,
        eid,
        entrant_name(first, last, team),
        entrant_name(first, last, team, sort=True),
        entrant_club(club, short),
        entrant_club(club, short, short=True),
        club_id,
        status == WITHDRAWN,
        team_players,
        number or "",
        seat_id,
        bye_id,
    )


def _table_seats(rnd: Round, fields) -> dict[int, list[RoundSeat]]:
    """Return table id → its seats by position (one query)."""
    seats: dict[int, list[RoundSeat]] = defaultdict(list)
    n, members = len(fields), len(fields) > len(ENTRANT_FIELDS)
    for row in (
        Seat.objects.filter(round=rnd)
        .order_by("table_id", "position")
        .values_list(*fields, "table_id", "id", "position")
    ):
        seats[row[n]].append(_entrant(row, row[n + 2], row[n + 1], members=members))
    return seats


def _byes(rnd: Round, fields) -> tuple[RoundSeat, ...]:
    """Return the round's byes by entry id (one query)."""
    n, members = len(fields), len(fields) > len(ENTRANT_FIELDS)
    return tuple(
        _entrant(row, 0, bye_id=row[n], members=members)
        for row in Bye.objects.filter(round=rnd)
        .order_by("entry_id")
        .values_list(*fields, "id")
    )


def _table_games(rnd: Round) -> dict[int, list[tuple]]:
    """Return table id → its games' values by number (one query).

    With the last forfeit or no-show recorded for each game (what decided its
    result, as ``scoring`` reads it): its side and its kind.
    """
    last = _last_forfeit()
    games: dict[int, list[tuple]] = defaultdict(list)
    for row in (
        Game.objects.filter(table__round=rnd)
        .annotate(
            forfeit_side=Subquery(last.values("side")[:1]),
            forfeit_kind=Subquery(last.values("kind")[:1]),
        )
        .order_by("table_id", "number")
        .values_list(
            "table_id",
            "number",
            "side_a",
            "side_b",
            "score_a",
            "score_b",
            "winner",
            "finished",
            "forfeit_side",
            "forfeit_kind",
        )
    ):
        games[row[0]].append(row)
    return games


def _last_forfeit():
    """The last forfeit or no-show of a game (``OuterRef("pk")``), newest first."""
    return (
        TableEvent.objects.filter(game=OuterRef("pk"))
        .exclude(kind=TableEvent.Kind.AWARD)
        .order_by("-at", "-id")
    )


def game_forfeits(*, game_ids) -> dict[int, bool]:
    """Return, for the games decided by a forfeit, whether it was a no-show (one query).

    Games without a forfeit are left out. For the entrant's page, which reads its
    games from the standings rather than from a round.
    """
    ids = list(game_ids)
    if not ids:
        return {}
    return {
        gid: kind == TableEvent.Kind.NO_SHOW
        for gid, kind in Game.objects.filter(pk__in=ids)
        .annotate(kind=Subquery(_last_forfeit().values("kind")[:1]))
        .filter(kind__isnull=False)
        .values_list("id", "kind")
    }


def _games(seats, rows, *, hide: bool, sides: dict) -> tuple[RoundGame, ...]:
    """Build a table's games; ``hide`` leaves out the scores (unconfirmed sheet).

    ``sides`` caches "12" → (1, 2) across the tables: a round has few layouts.
    """
    names = {s.position: s.name for s in seats}
    games = []
    for row in rows:
        _table, number, side_a, side_b, score_a, score_b, winner, finished = row[:8]
        forfeit, kind = row[8:10]
        a = sides.get(side_a) or sides.setdefault(side_a, tuple(map(int, side_a)))
        b = sides.get(side_b) or sides.setdefault(side_b, tuple(map(int, side_b)))
        if hide:
            score_a = score_b = winner = forfeit = None
            finished = False
        games.append(
            RoundGame(
                number,
                a,
                b,
                tuple([names[p] for p in a if p in names]),
                tuple([names[p] for p in b if p in names]),
                score_a,
                score_b,
                winner,
                finished,
                forfeit,
                forfeit is not None and kind == TableEvent.Kind.NO_SHOW,
            )
        )
    return tuple(games)


def _flag(seats: list[RoundSeat], history) -> tuple[list[RoundSeat], tuple]:
    """Mark a table's rematches and same-club pairs; return (seats, their counts)."""
    rematch: set[int] = set()
    same_club: set[int] = set()
    rematches = same = 0
    for a, b in combinations(seats, 2):
        if frozenset((a.entry_id, b.entry_id)) in history:
            rematch.update((a.entry_id, b.entry_id))
            rematches += 1
        if a.club_id is not None and a.club_id == b.club_id:
            same_club.update((a.entry_id, b.entry_id))
            same += 1
    marked = [
        replace(s, rematch=s.entry_id in rematch, same_club=s.entry_id in same_club)
        if s.entry_id in rematch or s.entry_id in same_club
        else s
        for s in seats
    ]
    return marked, (rematches, same)


# ------------------------------------------------------------- where do I sit?


@dataclass(frozen=True, slots=True)
class SeatFound:
    """A row of "where do I sit?": an entrant and its table (None on a bye)."""

    seat: RoundSeat
    table: int | None
    folded: str  # what the search looks through, folded

    @property
    def name(self) -> str:
        return self.seat.sort_name

    @property
    def club(self) -> str:
        return self.seat.short_club

    @property
    def position(self) -> int | None:
        return self.seat.position if self.table is not None else None

    @property
    def detail(self) -> str:
        return " & ".join(self.seat.members)


def _found(seat: RoundSeat, table: int | None) -> SeatFound:
    words = [seat.name, seat.member_number, seat.club, seat.short_club, *seat.members]
    return SeatFound(seat=seat, table=table, folded=fold(" ".join(words)))


# A cached read lives this long; a new version makes a new key anyway.
READ_CACHE_SECONDS = 600


def public_rounds_cached(*, tournament) -> list[Round]:
    """Return the published and closed rounds, with their phase, in order.

    Kept in the shared cache per public version of the tournament (a publication
    or a closing bumps it): the draw pages and "where do I sit?" read no round.
    """
    key = f"public-rounds:{tournament.pk}:{tournament.version}"
    rounds = cache.get(key)
    if rounds is None:
        rounds = list(round_list(tournament=tournament, public=True))
        cache.set(key, rounds, READ_CACHE_SECONDS)
    for rnd in rounds:
        rnd.tournament = tournament
    return rounds


_SEAT_FIELDS = tuple(f.name for f in dataclass_fields(RoundSeat))


def _seat_index_key(rnd: Round) -> str:
    return f"seat-index:{rnd.pk}:{rnd.tournament.version}"


def seat_index(*, round: Round) -> tuple[tuple, ...]:
    """Return the round's rows for "where do I sit?", alphabetically, as plain data.

    Each row is (folded search text, table number or None, the seat's values in
    ``RoundSeat``'s order): plain tuples, cheap to store and to read back. Built
    once per round and public version of its tournament (a swap, a withdrawal, a
    rename or a publication bumps it) and kept in the shared cache, so a search
    reads no seat while it is warm.
    """
    key = _seat_index_key(round)
    index = cache.get(key)
    if index is None:
        data = round_read(
            round=round, public_only=True, with_games=False, with_members=True
        )
        rows = [_found(s, t.number) for t in data.tables for s in t.seats]
        rows += [_found(s, None) for s in data.byes_by_name]
        rows.sort(key=lambda r: fold(r.name))
        index = tuple(
            (r.folded, r.table, tuple(getattr(r.seat, f) for f in _SEAT_FIELDS))
            for r in rows
        )
        cache.set(key, index, READ_CACHE_SECONDS)
    return index


def seat_lookup(*, round: Round, query: str = "") -> list[SeatFound]:
    """Find where entrants sit by (part of) a name, a club or a member number.

    One row per seated entrant and per bye, alphabetically. The search ignores
    case and accents ("eric" finds "Éric"); every word of the query must appear.
    An empty query returns everybody. Reads the round's cached ``seat_index``.
    """
    words = fold_words(query)
    return [
        SeatFound(seat=RoundSeat(*seat), table=table, folded=folded)
        for folded, table, seat in seat_index(round=round)
        if fold_matches(words, folded)
    ]
