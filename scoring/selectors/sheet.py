"""Read a score sheet for the director's screen, and compare its two entries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from manille.engine import RED_SUITS, deal_total, game_finished, game_winner
from scoring.models import DealRecord, GameTotal, ScoreSheet, TableEvent
from scoring.selectors.corrections import HistoryItem, sheet_history
from scoring.selectors.labels import side_label, trump_symbol
from tournaments.models import Game, Round, Seat, Table, Tournament
from tournaments.names import entry_name

__all__ = [
    "CARD_RANKS",
    "COMPARED",
    "DealRow",
    "Difference",
    "GameBlock",
    "SheetView",
    "columns_for",
    "sheet_differences",
    "sheet_view",
]

CARD_RANKS = ("tens_a", "aces_a", "kings_a", "queens_a", "jacks_a")
COMPARED = (
    "declarer",
    "trump",
    "passed",
    "blind",
    "knocks",
    "points_a",
    "points_b",
    "revoke",
    "tricks_a",
    *CARD_RANKS,
)


@dataclass
class DealRow:
    number: int
    declarer: int
    trump: str
    passed: bool
    blind: bool
    knocks: int
    points_a: int
    points_b: int
    revoke: int | None
    tricks_a: int | None
    cards: tuple | None
    score_a: int
    score_b: int
    factor: int
    total_a: int = 0
    total_b: int = 0

    @property
    def symbol(self) -> str:
        return trump_symbol(self.trump)

    @property
    def is_red(self) -> bool:
        return self.trump in RED_SUITS

    @property
    def declarer_label(self) -> str:
        return side_label(self.declarer)

    @property
    def revoke_label(self) -> str:
        return side_label(self.revoke)

    @classmethod
    def from_record(cls, record: DealRecord) -> DealRow:
        cards = None
        if record.tens_a is not None:
            cards = tuple(getattr(record, name) for name in CARD_RANKS)
        return cls(
            number=record.number,
            declarer=record.declarer,
            trump=record.trump,
            passed=record.passed,
            blind=record.blind,
            knocks=record.knocks,
            points_a=record.points_a,
            points_b=record.points_b,
            revoke=record.revoke,
            tricks_a=record.tricks_a,
            cards=cards,
            score_a=record.score_a,
            score_b=record.score_b,
            factor=record.factor,
        )

    def compared(self) -> dict:
        values = {
            name: getattr(self, name) for name in COMPARED if name not in CARD_RANKS
        }
        values["cards"] = self.cards
        return values


@dataclass
class GameBlock:
    game: Game
    side_a: list[str]
    side_b: list[str]
    rows: list[DealRow] = field(default_factory=list)
    totals: tuple[int, int] | None = None
    events: list[TableEvent] = field(default_factory=list)
    score_a: int = 0
    score_b: int = 0
    finished: bool = False
    winner: int | None = None
    is_current: bool = False

    @property
    def number(self) -> int:
        return self.game.number

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def next_declarer(self) -> int:
        return 1 - self.rows[-1].declarer if self.rows else 0

    @property
    def forfeited(self) -> bool:
        return any(e.kind != TableEvent.Kind.AWARD for e in self.events)

    @property
    def winner_names(self) -> list[str]:
        if self.winner is None:
            return []
        return self.side_a if self.winner == 0 else self.side_b

    @property
    def winner_label(self) -> str:
        return side_label(self.winner)


@dataclass
class Difference:
    game: int
    deal: int | None
    fields: list[str]
    first: DealRow | tuple | None
    second: DealRow | tuple | None


@dataclass
class SheetView:
    sheet: ScoreSheet
    table: Table
    round: Round
    tournament: Tournament
    copy: int
    games: list[GameBlock]
    columns: dict
    corrections: list[HistoryItem]  # the sheet's history
    differences: list[Difference] | None
    editable: bool
    second_rows: int = 0
    seat_names: dict[int, str] = field(default_factory=dict)  # position → name

    @property
    def current(self) -> GameBlock | None:
        for block in self.games:
            if block.is_current:
                return block
        return None

    @property
    def all_finished(self) -> bool:
        return all(block.finished for block in self.games)

    @property
    def can_confirm(self) -> bool:
        return (
            self.editable
            and self.copy == 1
            and self.sheet.status == ScoreSheet.Status.ENTERED
            and self.all_finished
        )

    @property
    def is_confirmed(self) -> bool:
        return self.sheet.status == ScoreSheet.Status.CONFIRMED


def columns_for(tournament: Tournament) -> dict:
    """Say which columns the score sheet shows under this tournament's rules."""
    mode = tournament.entry_mode
    return {
        "deals": mode != Tournament.EntryMode.TOTALS,
        "totals_only": mode == Tournament.EntryMode.TOTALS,
        "cards": mode == Tournament.EntryMode.CARDS,
        "points_input": mode == Tournament.EntryMode.DEALS,
        "type_both": tournament.type_both_sides and mode == Tournament.EntryMode.DEALS,
        "blind": tournament.blind_doubles,
        "knocks": tournament.max_knocks != 0,
        "tricks": tournament.trick_points,
        "total": deal_total(trick_points=tournament.trick_points),
    }


def seat_names(*, table: Table) -> dict[int, str]:
    """Return each seat's position at a table with its entrant's name."""
    return _seat_names(table)


def _seat_names(table: Table) -> dict[int, str]:
    seats = Seat.objects.filter(table=table).select_related(
        "entry__player", "entry__team"
    )
    return {seat.position: entry_name(seat.entry) for seat in seats}


def _blocks(
    *,
    table: Table,
    tournament: Tournament,
    copy: int,
    games: list[Game],
    names: dict[int, str],
) -> list[GameBlock]:
    ids = [g.id for g in games]
    rows: dict[int, list[DealRow]] = {gid: [] for gid in ids}
    totals: dict[int, tuple[int, int]] = {}
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        totals = {
            t.game_id: (t.score_a, t.score_b)
            for t in GameTotal.objects.filter(game_id__in=ids, copy=copy)
        }
    else:
        for record in DealRecord.objects.filter(game_id__in=ids, copy=copy).order_by(
            "game_id", "number"
        ):
            rows[record.game_id].append(DealRow.from_record(record))
    events: dict[int, list[TableEvent]] = {gid: [] for gid in ids}
    # Games read by sheet_view say whether they have events: most tables have none.
    if any(getattr(g, "has_events", True) for g in games):
        for event in TableEvent.objects.filter(game_id__in=ids).select_related("by"):
            events[event.game_id].append(event)
    rules = tournament.rules()
    blocks = []
    for game in games:
        block = GameBlock(
            game=game,
            side_a=[names.get(p, "?") for p in game.side_a_positions],
            side_b=[names.get(p, "?") for p in game.side_b_positions],
            rows=rows[game.id],
            totals=totals.get(game.id),
            events=events[game.id],
        )
        total_a = total_b = 0
        for row in block.rows:
            total_a += row.score_a
            total_b += row.score_b
            row.total_a, row.total_b = total_a, total_b
        if copy == 1:
            block.score_a, block.score_b = game.score_a, game.score_b
            block.finished, block.winner = game.finished, game.winner
        else:
            if block.totals is not None:
                block.score_a, block.score_b = block.totals
                block.finished = True
            else:
                block.score_a, block.score_b = total_a, total_b
                block.finished = block.forfeited or game_finished(
                    (total_a, total_b), len(block.rows), rules
                )
            block.winner = game_winner((block.score_a, block.score_b), block.finished)
        blocks.append(block)
    for block in blocks:
        if not block.finished:
            block.is_current = True
            break
    return blocks


def _differences(first: list[GameBlock], second: list[GameBlock]) -> list[Difference]:
    found = []
    for one, two in zip(first, second, strict=True):
        if one.totals != two.totals:
            found.append(
                Difference(one.number, None, ["totals"], one.totals, two.totals)
            )
        for index in range(max(len(one.rows), len(two.rows))):
            a = one.rows[index] if index < len(one.rows) else None
            b = two.rows[index] if index < len(two.rows) else None
            if a is None or b is None:
                found.append(Difference(one.number, index + 1, ["deal"], a, b))
                continue
            va, vb = a.compared(), b.compared()
            fields = [name for name in va if va[name] != vb[name]]
            if fields:
                found.append(Difference(one.number, index + 1, fields, a, b))
    return found


def sheet_differences(*, sheet: ScoreSheet) -> list[Difference]:
    """Compare the two independent entries of a sheet, deal by deal."""
    table = sheet.table
    tournament = table.round.tournament
    games = list(Game.objects.filter(table=table).order_by("number"))
    first = _blocks(table=table, tournament=tournament, copy=1, games=games, names={})
    second = _blocks(table=table, tournament=tournament, copy=2, games=games, names={})
    return _differences(first, second)


_SHEET_USERS = ("entered_by", "confirmed_by", "second_by", "updated_by")


def _sheet_of(*, table: Table, saved: ScoreSheet | None, by) -> ScoreSheet:
    """Return the table's sheet with its users: ``saved`` if ``by`` is all of them.

    A service returns the sheet it just saved; its users are then most often the
    director who saved it, so it need not be read again. Any other user: read it.
    """
    if saved is not None and by is not None and saved.table_id == table.pk:
        for name in _SHEET_USERS:
            user_id = getattr(saved, f"{name}_id")
            if user_id is None or ScoreSheet._meta.get_field(name).is_cached(saved):
                continue
            if user_id != by.pk:
                break
            setattr(saved, name, by)
        else:
            return saved
    return ScoreSheet.objects.select_related(*_SHEET_USERS).get(table=table)


def sheet_view(
    *, table: Table, copy: int = 1, saved: ScoreSheet | None = None, by=None
) -> SheetView:
    """Gather everything the score-sheet screen shows, in a fixed number of queries.

    ``saved`` is the sheet a service has just returned and ``by`` who saved it: the
    sheet is then not read again when its users are known.
    """
    sheet = _sheet_of(table=table, saved=saved, by=by)
    rnd = table.round
    tournament = rnd.tournament
    names = _seat_names(table)
    games = list(
        Game.objects.filter(table=table)
        .annotate(has_events=Exists(TableEvent.objects.filter(game=OuterRef("pk"))))
        .order_by("number")
    )
    blocks = _blocks(
        table=table, tournament=tournament, copy=copy, games=games, names=names
    )
    differences = None
    if tournament.double_entry:
        other = _blocks(
            table=table,
            tournament=tournament,
            copy=2 if copy == 1 else 1,
            games=games,
            names=names,
        )
        first, second = (blocks, other) if copy == 1 else (other, blocks)
        if sheet.second_by_id is not None:
            differences = _differences(first, second)
    # Corrections (confirmed sheets only) and the table's writes, newest first.
    corrections = sheet_history(sheet=sheet, names=names)
    editable = rnd.status == Round.Status.PUBLISHED and not (
        copy == 2 and sheet.status == ScoreSheet.Status.CONFIRMED
    )
    return SheetView(
        seat_names=names,
        sheet=sheet,
        table=table,
        round=rnd,
        tournament=tournament,
        copy=copy,
        games=blocks,
        columns=columns_for(tournament),
        corrections=corrections,
        differences=differences,
        editable=editable,
    )
