"""Read a round's desk: every table with its sheet's status, and what comes next."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch
from django.utils.translation import gettext_lazy as _

from scoring.models import DealRecord, GameTotal, ScoreSheet
from scoring.selectors.sheet import COMPARED
from scoring.table_entry import table_entry
from tournaments.models import Round, RoundLog, Seat, Table, Tournament
from tournaments.names import entry_name

__all__ = [
    "DESK_FILTERS",
    "DeskFilter",
    "DeskRow",
    "Rejection",
    "RoundDesk",
    "SheetNeighbours",
    "next_unconfirmed_table",
    "round_desk",
    "sheet_neighbours",
    "table_by_number",
]

# How many sheets the desk lists under "last entered".
ARRIVALS_SHOWN = 6


def next_unconfirmed_table(*, table: Table) -> Table | None:
    """Return the round's next table (by number, wrapping) still to be confirmed."""
    pending = (
        Table.objects.filter(round_id=table.round_id)
        .exclude(pk=table.pk)
        .exclude(sheet__status=ScoreSheet.Status.CONFIRMED)
        .order_by("number")
    )
    return pending.filter(number__gt=table.number).first() or pending.first()


def table_by_number(*, round: Round, number: int) -> Table | None:  # noqa: A002
    """Return the round's table with this number (the paper sheet's), if any."""
    return Table.objects.filter(round=round, number=number).first()


@dataclass(frozen=True)
class SheetNeighbours:
    """Where the sheet's "previous", "next" and "next not entered" links go."""

    previous: tuple[int, int] | None  # (table id, table number)
    next: tuple[int, int] | None
    next_open: tuple[int, int] | None
    total: int
    open: int


def sheet_neighbours(*, table: Table) -> SheetNeighbours:
    """Find a sheet's neighbours by number and the next one not entered, in one query.

    "Next not entered" wraps round to table 1: paper sheets arrive in any order.
    """
    rows = list(
        Table.objects.filter(round_id=table.round_id)
        .order_by("number")
        .values_list("pk", "number", "sheet__status")
    )
    index = next(i for i, row in enumerate(rows) if row[0] == table.pk)
    previous = rows[index - 1][:2] if index > 0 else None
    following = rows[index + 1][:2] if index + 1 < len(rows) else None
    unentered = [
        row[:2]
        for row in rows[index + 1 :] + rows[:index]
        if row[2] in (None, ScoreSheet.Status.OPEN)
    ]
    return SheetNeighbours(
        previous=previous,
        next=following,
        next_open=unentered[0] if unentered else None,
        total=len(rows),
        open=len(unentered) + (rows[index][2] in (None, ScoreSheet.Status.OPEN)),
    )


TableState = ScoreSheet.TableState


@dataclass(frozen=True)
class Rejection:
    """An opponent's standing rejection of a table's result: who, and the reason
    typed on the phone ("" if none)."""

    name: str
    reason: str


@dataclass
class DeskRow:
    """One table on the desk.

    ``disputed``: the two directors' entries differ (double entry). Where the
    table enters its own results: ``table_state`` (a ``ScoreSheet.TableState``
    value, "" for the desk's own sheet) and ``table_state_label``, and one flag
    per state: ``at_table`` (entered at the table, not yet awaiting anything),
    ``awaiting_acceptance``, ``accepted``, ``table_disputed`` (an opponent
    rejected the result) and ``taken_over`` (a director took the sheet over).
    ``rejection``: while the table is disputed, who rejected and why
    (``Rejection``), for the desk's list; None otherwise.
    """

    table: Table
    sheet: ScoreSheet | None
    players: list[str]
    corrections: int = 0
    disputed: bool = False
    rejection: Rejection | None = None

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def table_state(self) -> str:
        return self.sheet.table_state if self.sheet else TableState.NONE

    @property
    def table_state_label(self) -> str:
        """The state's name ("" for the desk's own sheet: nothing to say)."""
        state = self.table_state
        return str(TableState(state).label) if state else ""

    @property
    def at_table(self) -> bool:
        return self.table_state == TableState.ENTERING

    @property
    def awaiting_acceptance(self) -> bool:
        return self.table_state == TableState.AWAITING

    @property
    def accepted(self) -> bool:
        return self.table_state == TableState.ACCEPTED

    @property
    def table_disputed(self) -> bool:
        return self.table_state == TableState.DISPUTED

    @property
    def taken_over(self) -> bool:
        return self.table_state == TableState.DESK

    @property
    def status(self) -> str:
        return self.sheet.status if self.sheet else ScoreSheet.Status.OPEN

    @property
    def entered_at(self):
        return self.sheet.entered_at if self.sheet else None


@dataclass(frozen=True)
class DeskFilter:
    """One of the desk's filters: its code in the address, its label, its test.

    ``tables_only``: shown only where the tables enter their own results.
    """

    code: str
    label: str
    title: str
    keeps: object  # (DeskRow) -> bool
    tables_only: bool = False

    do_not_call_in_templates = True

    def __call__(self, row: DeskRow) -> bool:
        return self.keeps(row)


DESK_FILTERS = (
    DeskFilter(
        "open",
        _("Not entered"),
        _("No deal typed yet: the paper sheet is still to come."),
        lambda row: row.status == ScoreSheet.Status.OPEN,
    ),
    DeskFilter(
        "entered",
        _("Entered"),
        _("Typed, waiting for confirmation."),
        lambda row: row.status == ScoreSheet.Status.ENTERED,
    ),
    DeskFilter(
        "confirmed",
        _("Confirmed"),
        _("Confirmed: counted in the standings."),
        lambda row: row.status == ScoreSheet.Status.CONFIRMED,
    ),
    DeskFilter(
        "awaiting",
        _("At the table: awaiting acceptance"),
        _("Entered at the table; a finished game waits for the opponents' acceptance."),
        lambda row: (
            row.awaiting_acceptance and row.status != ScoreSheet.Status.CONFIRMED
        ),
        tables_only=True,
    ),
    DeskFilter(
        "accepted",
        _("Accepted"),
        _("Entered at the table and accepted by the opponents."),
        lambda row: row.accepted,
        tables_only=True,
    ),
    DeskFilter(
        "disputed",
        _("Disputed"),
        _(
            "The two directors' entries differ, or an opponent rejected the "
            "table's result: see the sheet."
        ),
        lambda row: row.disputed or row.table_disputed,
    ),
    DeskFilter(
        "corrected",
        _("Corrected"),
        _("Changed after confirmation, with a reason on the sheet."),
        lambda row: row.corrections > 0,
    ),
)


@dataclass
class RoundDesk:
    round: Round
    tournament: Tournament
    rows: list[DeskRow]
    log: list[RoundLog]
    is_last_of_phase: bool
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.rows)

    @property
    def filters(self) -> list[tuple[DeskFilter, int]]:
        """The filters with their counts (the table-entry ones only where the
        tables enter their own results)."""
        at_tables = self.tournament.result_entry != Tournament.ResultEntry.DESK
        return [
            (f, self.counts.get(f.code, 0))
            for f in DESK_FILTERS
            if at_tables or not f.tables_only
        ]

    def shown(self, show: str | None, *, arrival: bool = False) -> list[DeskRow]:
        """The rows under one filter (``None``: all), by number or by arrival."""
        chosen = next((f for f in DESK_FILTERS if f.code == show), None)
        rows = [r for r in self.rows if chosen is None or chosen(r)]
        if arrival:
            # Arrival order: the sheet typed last comes first; not entered at the end.
            entered = [r for r in rows if r.entered_at is not None]
            entered.sort(key=lambda r: r.entered_at, reverse=True)
            rows = entered + [r for r in rows if r.entered_at is None]
        return rows

    @property
    def arrivals(self) -> list[DeskRow]:
        """The sheets typed last, newest first (the order the papers came in)."""
        entered = [r for r in self.shown(None, arrival=True) if r.entered_at]
        return entered[:ARRIVALS_SHOWN]

    @property
    def in_hand(self) -> int:
        """Sheets typed (entered or confirmed): the desk's other progress figure."""
        return self.total - self.counts.get("open", 0)

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
        .annotate(correction_count=Count("sheet__corrections"))
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
    disputed = _disputed_tables(round) if round.tournament.double_entry else set()
    rejected = _rejections(round)
    rows = []
    for table in tables:
        sheet = getattr(table, "sheet", None)
        seats = {seat.position: entry_name(seat.entry) for seat in table.seats.all()}
        rejection = None
        if sheet is not None and sheet.table_state == TableState.DISPUTED:
            found = rejected.get(sheet.pk)
            if found is not None:
                seat, reason = found
                rejection = Rejection(name=seats.get(seat, ""), reason=reason)
        rows.append(
            DeskRow(
                table=table,
                sheet=sheet,
                players=list(seats.values()),
                corrections=table.correction_count,
                disputed=table.pk in disputed,
                rejection=rejection,
            )
        )
    counts = {f.code: sum(1 for r in rows if f(r)) for f in DESK_FILTERS}
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
        counts=counts,
    )


def _rejections(rnd: Round) -> dict[int, tuple[int, str]]:
    """The standing rejections of the round's tables: sheet id → (seat, reason),
    the latest of a sheet's (one query; none where the desk enters alone)."""
    if rnd.tournament.result_entry == Tournament.ResultEntry.DESK:
        return {}
    found = {}
    for sheet_id, seat, reason in table_entry().rejections(round_id=rnd.pk):
        found[sheet_id] = (seat, reason)
    return found


def _disputed_tables(rnd: Round) -> set[int]:
    """The tables whose two entries differ (double entry), in two queries.

    The same comparison as ``sheet_differences`` (deal by deal on ``COMPARED``,
    and the typed totals), done for the whole round at once: a sheet not yet
    typed twice, or already confirmed, is not disputed.
    """
    typed_twice = dict(
        ScoreSheet.objects.filter(table__round=rnd, second_by__isnull=False)
        .exclude(status=ScoreSheet.Status.CONFIRMED)
        .values_list("table_id", "pk")
    )
    if not typed_twice:
        return set()
    entries = defaultdict(lambda: ([], []))  # (table, game) -> (copy 1, copy 2)
    for values in (
        DealRecord.objects.filter(game__table_id__in=typed_twice)
        .order_by("game_id", "copy", "number")
        .values_list("game__table_id", "game_id", "copy", *COMPARED)
    ):
        table_id, game_id, copy, *compared = values
        entries[table_id, game_id][copy - 1].append(tuple(compared))
    for table_id, game_id, copy, a, b in GameTotal.objects.filter(
        game__table_id__in=typed_twice
    ).values_list("game__table_id", "game_id", "copy", "score_a", "score_b"):
        entries[table_id, game_id][copy - 1].append(("total", a, b))
    return {table_id for (table_id, _game), (one, two) in entries.items() if one != two}
