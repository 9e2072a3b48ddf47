"""Read a round's desk: every table with its sheet's status, and what comes next."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from scoring.models import ScoreSheet
from tournaments.models import Round, RoundLog, Seat, Table, Tournament
from tournaments.names import entry_name

__all__ = ["DeskRow", "RoundDesk", "next_unconfirmed_table", "round_desk"]


def next_unconfirmed_table(*, table: Table) -> Table | None:
    """Return the round's next table (by number, wrapping) still to be confirmed."""
    pending = (
        Table.objects.filter(round_id=table.round_id)
        .exclude(pk=table.pk)
        .exclude(sheet__status=ScoreSheet.Status.CONFIRMED)
        .order_by("number")
    )
    return pending.filter(number__gt=table.number).first() or pending.first()


@dataclass
class DeskRow:
    table: Table
    sheet: ScoreSheet | None
    players: list[str]

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def status(self) -> str:
        return self.sheet.status if self.sheet else ScoreSheet.Status.OPEN


@dataclass
class RoundDesk:
    round: Round
    tournament: Tournament
    rows: list[DeskRow]
    log: list[RoundLog]
    is_last_of_phase: bool

    @property
    def total(self) -> int:
        return len(self.rows)

    @property
    def confirmed(self) -> int:
        return sum(1 for r in self.rows if r.status == ScoreSheet.Status.CONFIRMED)

    @property
    def entered(self) -> int:
        return sum(1 for r in self.rows if r.status == ScoreSheet.Status.ENTERED)

    @property
    def can_close(self) -> bool:
        return (
            self.round.status == Round.Status.PUBLISHED and self.confirmed == self.total
        )

    @property
    def is_closed(self) -> bool:
        return self.round.status == Round.Status.CLOSED


def round_desk(*, round: Round) -> RoundDesk:  # noqa: A002 - the contract's name
    """Gather every table of a round with its sheet's status, in a few queries."""
    tables = list(
        Table.objects.filter(round=round)
        .select_related("sheet__entered_by", "sheet__confirmed_by", "sheet__updated_by")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related(
                    "entry__player", "entry__team"
                ).order_by("position"),
            )
        )
        .order_by("number")
    )
    rows = []
    for table in tables:
        sheet = getattr(table, "sheet", None)
        rows.append(
            DeskRow(
                table=table,
                sheet=sheet,
                players=[entry_name(seat.entry) for seat in table.seats.all()],
            )
        )
    last_number = (
        Round.objects.filter(phase_id=round.phase_id)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    is_last = (
        last_number == round.number
        and Round.objects.filter(phase_id=round.phase_id).count() >= round.phase.rounds
    )
    log = list(RoundLog.objects.filter(round=round).select_related("by"))
    return RoundDesk(
        round=round,
        tournament=round.tournament,
        rows=rows,
        log=log,
        is_last_of_phase=is_last,
    )
