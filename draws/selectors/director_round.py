"""Read a round for its director: its flags, the tables with results, who may sit."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from manille.draws import quiet_clubs
from standings.rounds import round_read
from tournaments.models import Bye, Entry, Round, Seat, Table

# ------------------------------------------------------- repairing a published round


def tables_with_results(*, round: Round, table_ids=None) -> set[int]:  # noqa: A002
    """Return the ids of the round's tables with anything entered on their sheet.

    A deal, a game total, a table event (forfeit, award) or a sheet no longer
    "not entered": such a table's seats are fixed; its sheet is corrected instead.
    """
    from scoring.models import DealRecord, GameTotal, ScoreSheet, TableEvent

    tables = Table.objects.filter(round=round)
    if table_ids is not None:
        tables = tables.filter(pk__in=list(table_ids))
    found = set(
        tables.filter(sheet__isnull=False)
        .exclude(sheet__status=ScoreSheet.Status.OPEN)
        .values_list("id", flat=True)
    )
    games = {"game__table__in": tables}
    for model in (DealRecord, GameTotal, TableEvent):
        found.update(
            model.objects.filter(**games)
            .order_by()
            .values_list("game__table_id", flat=True)
            .distinct()
        )
    return found


def replacement_candidates(*, round: Round) -> list[Entry]:  # noqa: A002
    """Return who can take a seat of ``round``: present, not seated in it.

    Those on a bye in the round first (the reserves), then the others (late
    entries, entrants checked in after the draw), each group by name. Each is
    marked ``on_bye``.
    """
    seated = Seat.objects.filter(round=round).values("entry_id")
    on_bye = set(Bye.objects.filter(round=round).values_list("entry_id", flat=True))
    entries = list(
        Entry.objects.filter(
            tournament_id=round.tournament_id, status=Entry.Status.PRESENT
        )
        .exclude(pk__in=seated)
        .select_related("player__club", "team__club")
    )
    for entry in entries:
        entry.on_bye = entry.pk in on_bye
    return sorted(entries, key=lambda e: (not e.on_bye, str(e).casefold()))


# ------------------------------------------------------ the director's round page


@dataclass
class QuietClub:
    """A club whose players sitting together are not flagged, and why."""

    name: str
    reason: str  # manille.draws.base.QUIET_ORGANISER or QUIET_CROWDED
    members: int  # its entrants at the tables
    seated: int  # everyone at the tables


@dataclass
class DirectorRound:
    """A round as the director checks it: the flags that say something."""

    read: object  # standings.rounds.RoundRead
    tables: tuple  # RoundTable, flags kept only where they say something
    quiet: list  # QuietClub

    @property
    def flagged(self) -> list:
        """The tables with a rematch or players of one club worth a look."""
        return [t for t in self.tables if t.rematches or t.same_club]


def round_for_director(*, round: Round) -> DirectorRound:  # noqa: A002
    """Read a round with its flags, keeping the club flags that say something.

    Rematches are always flagged. Players of one club sitting together are not
    when the club organises the event, or when nearly everyone belongs to it
    (``manille.draws.quiet_clubs``); a table that only seats such players
    loses its "same-club pair" reason too.
    """
    data = round_read(round=round, with_games=False, with_flags=True)
    quiet = quiet_clubs(
        [[s.club_id for s in t.seats] for t in data.tables],
        organiser=data.round.tournament.club_id,
    )
    if not quiet:
        return DirectorRound(read=data, tables=data.tables, quiet=[])
    tables = []
    for table in data.tables:
        if not table.same_club:
            tables.append(table)
            continue
        loud: set[int] = set()
        pairs = 0
        for a, b in combinations(table.seats, 2):
            if a.club_id is not None and a.club_id == b.club_id:
                if a.club_id not in quiet:
                    loud.update((a.entry_id, b.entry_id))
                    pairs += 1
        seats = tuple(
            replace(s, same_club=s.entry_id in loud) if s.same_club else s
            for s in table.seats
        )
        reasons = table.reasons
        if not pairs:
            reasons = tuple(r for r in reasons if not r.startswith("same_club"))
        tables.append(replace(table, seats=seats, same_club=pairs, reasons=reasons))
    seated = sum(len(t.seats) for t in data.tables)
    names: dict[int, str] = {}
    members: dict[int, int] = {}
    for table in data.tables:
        for s in table.seats:
            if s.club_id in quiet:
                names[s.club_id] = s.club
                members[s.club_id] = members.get(s.club_id, 0) + 1
    notes = [
        QuietClub(name=names[c], reason=why, members=members[c], seated=seated)
        for c, why in quiet.items()
    ]
    notes.sort(key=lambda q: (q.reason != "organiser", q.name))
    return DirectorRound(read=data, tables=tuple(tables), quiet=notes)
