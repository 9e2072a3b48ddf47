"""Read a round for printing: its tables, seats, entrants, clubs and games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournaments.models import Bye, Game, Round, Seat, Tournament


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    sort_name: str
    club: str


@dataclass(frozen=True)
class GameLine:
    number: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    score_a: int = 0
    score_b: int = 0
    winner: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class TableLine:
    table_id: int
    number: int
    seats: tuple[SeatLine, ...]
    games: tuple[GameLine, ...]
    status: str = ""
    status_label: str = ""

    def seat(self, position: int) -> SeatLine | None:
        for s in self.seats:
            if s.position == position:
                return s
        return None

    def side_names(self, positions: Sequence[int]) -> list[str]:
        return [s.name if (s := self.seat(p)) else "?" for p in positions]


@dataclass
class RoundData:
    round: Round
    tournament: Tournament
    tables: list[TableLine]
    byes: list[SeatLine] = field(default_factory=list)


def _entry_lines(entry) -> tuple[str, str, str]:
    """Return the (name, sort name, club) of a player's or a team's entry."""
    if entry.player_id:
        player = entry.player
        club = player.club.name if player.club_id else ""
        return player.full_name, player.sort_name, club
    team = entry.team
    club = team.club.name if team.club_id else ""
    return team.name, team.name, club


def _default_games(seat_count: int, games: int) -> tuple[GameLine, ...]:
    """Return the games a table plays when the draw stored none."""
    if seat_count >= 4:
        rotations = (((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3)))
        return tuple(GameLine(n + 1, *rotations[n % 3]) for n in range(max(1, games)))
    return tuple(GameLine(n + 1, (1,), (2,)) for n in range(max(1, games)))


def load_round(round: Round, *, with_status: bool = False) -> RoundData:
    """Read a round's tables, seats, entrants, clubs and games in a few queries."""
    seats = Seat.objects.select_related(
        "entry__player__club", "entry__team__club"
    ).order_by("position")
    tables = round.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=seats),
        Prefetch("games", queryset=Game.objects.order_by("number")),
    )
    if with_status:
        tables = tables.select_related("sheet")
    rnd = Round.objects.select_related("tournament", "phase").get(pk=round.pk)
    is_individual = rnd.tournament.is_individual
    per_table = rnd.phase.games_per_table if is_individual else 1
    lines = []
    for table in tables:
        seat_lines = tuple(
            SeatLine(s.position, *_entry_lines(s.entry)) for s in table.seats.all()
        )
        games = tuple(
            GameLine(
                g.number,
                g.side_a_positions,
                g.side_b_positions,
                g.score_a,
                g.score_b,
                g.winner,
                g.finished,
            )
            for g in table.games.all()
        ) or _default_games(len(seat_lines), per_table)
        status = label = ""
        if with_status:
            try:
                sheet = table.sheet
            except ObjectDoesNotExist:
                sheet = None
            if sheet is not None:
                status, label = sheet.status, sheet.get_status_display()
        lines.append(
            TableLine(table.pk, table.number, seat_lines, games, status, label)
        )
    byes = [
        SeatLine(0, *_entry_lines(b.entry))
        for b in Bye.objects.filter(round=rnd).select_related(
            "entry__player__club", "entry__team__club"
        )
    ]
    return RoundData(rnd, rnd.tournament, lines, byes)


def round_label(rnd: Round) -> str:
    """Return "phase · round 3", the line that names a round on every document."""
    return _("%(phase)s · round %(number)s") % {
        "phase": rnd.phase.name,
        "number": rnd.number,
    }
