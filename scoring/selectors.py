"""Read score sheets and round desks for the director's screens."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import RED_SUITS, SUIT_SYMBOLS, game_finished, game_winner
from scoring.models import Correction, DealRecord, GameTotal, ScoreSheet, TableEvent
from tournaments.models import Game, Round, RoundLog, Seat, Table, Tournament
from tournaments.names import entry_name

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


def trump_symbol(trump: str) -> str:
    """Return ♣♦♥♠, or the short word for no trump in the current language."""
    if trump in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[trump]
    return pgettext("no trump, short", "NT")


def side_label(side: int | None) -> str:
    if side is None:
        return ""
    return pgettext("side", "A") if side == 0 else pgettext("side", "B")


# --------------------------------------------------------------------------- sheet


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
class CorrectionView:
    correction: Correction
    changes: list[str]


@dataclass
class SheetView:
    sheet: ScoreSheet
    table: Table
    round: Round
    tournament: Tournament
    copy: int
    games: list[GameBlock]
    columns: dict
    corrections: list[CorrectionView]
    differences: list[Difference] | None
    editable: bool
    second_rows: int = 0

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
        "total": 68 if tournament.trick_points else 60,
    }


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
            block.winner = game_winner(
                (block.score_a, block.score_b), block.finished
            )
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


def describe_deal(deal: dict) -> str:
    """Describe a logged deal in a few characters: '♥ 42–18 ×1 knock'."""
    parts = [trump_symbol(deal.get("trump", ""))]
    if deal.get("cards_a"):
        parts.append("[" + " ".join(str(c) for c in deal["cards_a"]) + "]")
    else:
        a, b = deal.get("points_a"), deal.get("points_b")
        parts.append(f"{'' if a is None else a}–{'' if b is None else b}")
    if deal.get("knocks"):
        parts.append(_("%(count)s knock(s)") % {"count": deal["knocks"]})
    if deal.get("blind"):
        parts.append(_("blind"))
    if deal.get("revoke") is not None:
        parts.append(_("revoke %(side)s") % {"side": side_label(deal["revoke"])})
    if deal.get("tricks_a") is not None:
        parts.append(_("%(count)s tricks") % {"count": deal["tricks_a"]})
    return " ".join(parts)


def describe_correction(correction: Correction) -> list[str]:
    """List what a correction changed, one line per deal, total or event."""
    changes = []
    before = {g["number"]: g for g in correction.before.get("games", [])}
    for after in correction.after.get("games", []):
        number = after["number"]
        old = before.get(number, {"deals": [], "totals": None, "events": []})
        prefix = _("Game %(number)s") % {"number": number}
        old_deals, new_deals = old.get("deals", []), after.get("deals", [])
        for index in range(max(len(old_deals), len(new_deals))):
            a = old_deals[index] if index < len(old_deals) else None
            b = new_deals[index] if index < len(new_deals) else None
            if a == b:
                continue
            changes.append(
                _("%(game)s, deal %(deal)s: %(before)s → %(after)s")
                % {
                    "game": prefix,
                    "deal": index + 1,
                    "before": describe_deal(a) if a else "—",
                    "after": describe_deal(b) if b else "—",
                }
            )
        if old.get("totals") != after.get("totals"):
            changes.append(
                _("%(game)s, score: %(before)s → %(after)s")
                % {
                    "game": prefix,
                    "before": "–".join(map(str, old.get("totals") or [])) or "—",
                    "after": "–".join(map(str, after.get("totals") or [])) or "—",
                }
            )
        old_events, new_events = old.get("events") or [], after.get("events") or []
        for event, sign in [(e, "+") for e in new_events if e not in old_events] + [
            (e, "−") for e in old_events if e not in new_events
        ]:
            kind = TableEvent.Kind(event["kind"]).label
            changes.append(
                _("%(game)s: %(sign)s %(kind)s, side %(side)s %(points)s")
                % {
                    "game": prefix,
                    "sign": sign,
                    "kind": kind,
                    "side": side_label(event["side"]),
                    "points": f"(+{event['points']})" if event.get("points") else "",
                }
            )
    return changes


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
    corrections = []
    if sheet.status == ScoreSheet.Status.CONFIRMED:  # only confirmed sheets have any
        corrections = [
            CorrectionView(c, describe_correction(c))
            for c in Correction.objects.filter(sheet=sheet)
            .select_related("by")
            .order_by("-at", "-id")
        ]
    editable = rnd.status == Round.Status.PUBLISHED and not (
        copy == 2 and sheet.status == ScoreSheet.Status.CONFIRMED
    )
    return SheetView(
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


def next_unconfirmed_table(*, table: Table) -> Table | None:
    """Return the round's next table (by number, wrapping) still to be confirmed."""
    pending = (
        Table.objects.filter(round_id=table.round_id)
        .exclude(pk=table.pk)
        .exclude(sheet__status=ScoreSheet.Status.CONFIRMED)
        .order_by("number")
    )
    return pending.filter(number__gt=table.number).first() or pending.first()


# --------------------------------------------------------------------------- desk


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
