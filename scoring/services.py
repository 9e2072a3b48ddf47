"""Record score sheets: check every deal with the engine, save atomically, audit."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import InvalidInput, StateConflict
from scoring.engine import (
    TRICKS,
    CardCount,
    Deal,
    GameScore,
    InvalidDeal,
    game_winner,
    points_from_cards,
    score_game,
)
from scoring.models import Correction, DealRecord, GameTotal, ScoreSheet, TableEvent
from tournaments.models import Game, Round, RoundLog, Table, Tournament
from tournaments.services import tournament_touch

__all__ = [
    "DealInput",
    "EntryConflict",
    "EntryError",
    "GameInput",
    "SheetConflict",
    "deal_delete",
    "deal_record",
    "game_totals_record",
    "round_close",
    "round_reopen",
    "sheet_confirm",
    "sheet_correct",
    "sheet_ensure",
    "sheet_save",
    "table_event_add",
    "table_event_remove",
]

MAX_TOTAL = 9999


# --------------------------------------------------------------------------- errors


class EntryError(InvalidInput):
    """A refused entry: a translated message, the field and game it belongs to."""

    def __init__(
        self,
        message: str,
        *,
        field: str = "__all__",
        game: int | None = None,
        index: int | None = None,
        code: str = "invalid",
    ) -> None:
        super().__init__(message, code=code, field=field, game=game, index=index)


class EntryConflict(EntryError, StateConflict):
    """A refusal about the state of the sheet or round, not the typed values (409)."""

    status = 409


class SheetConflict(StateConflict):
    """The sheet was saved by someone else since it was loaded (optimistic locking).

    ``sheet`` is the current version from the database.
    """

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__(
            f"sheet {sheet.pk} is at version {sheet.version}",
            code="stale_version",
            sheet=sheet,
        )


# The engine's field names → the entry form's field names.
_FIELD = {
    "points": "points_a",
    "tricks": "tricks_a",
    "cards": "tens_a",
    "knocks": "knocks",
    "trump": "trump",
    "blind": "blind",
    "revoke": "revoke",
    "declarer": "declarer",
}


def engine_message(exc: InvalidDeal) -> str:
    """Translate an engine refusal into the current language."""
    params = {
        key: _(value) if key == "rank" and isinstance(value, str) else value
        for key, value in exc.params.items()
    }
    return _(exc.template) % params


def _from_engine(exc: InvalidDeal, game: int, index: int | None) -> EntryError:
    return EntryError(
        engine_message(exc),
        field=_FIELD.get(exc.field or "", "__all__"),
        game=game,
        index=index,
        code=exc.code,
    )


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class DealInput:
    """One deal as the director types it; side B may be left for the site to fill."""

    trump: str
    points_a: int | None = None
    points_b: int | None = None
    knocks: int = 0
    blind: bool = False
    passed: bool = False
    declarer: int = 0
    revoke: int | None = None
    tricks_a: int | None = None
    cards_a: tuple[int, int, int, int, int] | None = None

    @classmethod
    def from_record(cls, record: DealRecord) -> DealInput:
        cards = None
        if record.tens_a is not None:
            cards = (
                record.tens_a,
                record.aces_a or 0,
                record.kings_a or 0,
                record.queens_a or 0,
                record.jacks_a or 0,
            )
        return cls(
            trump=record.trump,
            points_a=record.points_a,
            points_b=record.points_b,
            knocks=record.knocks,
            blind=record.blind,
            passed=record.passed,
            declarer=record.declarer,
            revoke=record.revoke,
            tricks_a=record.tricks_a,
            cards_a=cards,
        )


@dataclass(slots=True)
class GameInput:
    """What one copy of the sheet says about one game."""

    deals: list[DealInput] = dataclasses.field(default_factory=list)
    totals: tuple[int, int] | None = None


# --------------------------------------------------------------------------- checks


def _resolve(deal: DealInput, tournament: Tournament) -> tuple[Deal, int, int]:
    """Turn a typed deal into the engine's Deal and the two sides' stored points."""
    total = 68 if tournament.trick_points else 60
    if deal.blind and not tournament.blind_doubles:
        raise EntryError(
            _("Blind trump is not played in this tournament."), field="blind"
        )
    tricks = None
    if deal.tricks_a is not None:
        if not 0 <= deal.tricks_a <= TRICKS:
            raise EntryError(
                _("A side takes between 0 and %(max)s tricks.") % {"max": TRICKS},
                field="tricks_a",
            )
        tricks = (deal.tricks_a, TRICKS - deal.tricks_a)
    if tournament.entry_mode == Tournament.EntryMode.CARDS:
        if deal.cards_a is None:
            if deal.revoke is None:
                raise EntryError(_("Enter the cards side A took."), field="tens_a")
            a = b = 0
        else:
            a, b = points_from_cards(CardCount(*deal.cards_a))
            if tournament.trick_points:
                if tricks is None:
                    raise EntryError(
                        _("Enter side A's tricks too: each trick scores a point."),
                        field="tricks_a",
                    )
                a, b = a + tricks[0], b + tricks[1]
    else:
        a, b = deal.points_a, deal.points_b
        if a is None:
            if deal.revoke is None:
                raise EntryError(_("Enter side A's points."), field="points_a")
            a, b = 0, (0 if b is None else b)
        elif b is None:
            if tournament.type_both_sides:
                raise EntryError(
                    _("Type side B's points too: they are checked against side A's."),
                    field="points_b",
                )
            b = total - a
    engine_deal = Deal(
        points=(a, b),
        trump=deal.trump,
        knocks=deal.knocks,
        blind=deal.blind,
        revoke=deal.revoke,
        tricks=tricks,
        declarer=deal.declarer,
    )
    return engine_deal, a, b


def score_inputs(
    *, tournament: Tournament, game_number: int, deals: Iterable[DealInput], rules=None
) -> tuple[list[tuple[int, int]], GameScore]:
    """Check a game's typed deals with the engine; return stored points and score.

    Raise :class:`EntryError` naming the game, the deal index and the field.
    """
    rules = rules or tournament.rules()
    engine_deals: list[Deal] = []
    points: list[tuple[int, int]] = []
    for index, deal in enumerate(deals):
        try:
            engine_deal, a, b = _resolve(deal, tournament)
        except InvalidDeal as exc:
            raise _from_engine(exc, game_number, index) from exc
        except EntryError as exc:
            exc.game, exc.index = game_number, index
            raise
        engine_deals.append(engine_deal)
        points.append((a, b))
    try:
        game_score = score_game(engine_deals, rules)
    except InvalidDeal as exc:
        raise _from_engine(exc, game_number, exc.index) from exc
    return points, game_score


def _check_totals(
    totals: tuple[int, int], tournament: Tournament, game_number: int
) -> None:
    a, b = totals
    for value in (a, b):
        if not 0 <= value <= MAX_TOTAL:
            raise EntryError(
                _("A game score lies between 0 and %(max)s, not %(value)s.")
                % {"max": MAX_TOTAL, "value": value},
                field="score_a" if value == a else "score_b",
                game=game_number,
            )
    target = tournament.target
    if target is not None and tournament.deals is None:
        if max(a, b) < target:
            raise EntryError(
                _("A game to %(target)s ends when a side reaches it: %(a)s–%(b)s.")
                % {"target": target, "a": a, "b": b},
                field="score_a",
                game=game_number,
            )
        if min(a, b) >= target:
            raise EntryError(
                _("Only one side can reach %(target)s: %(a)s–%(b)s.")
                % {"target": target, "a": a, "b": b},
                field="score_b",
                game=game_number,
            )


def _game_result(
    *,
    tournament: Tournament,
    game_score: GameScore | None,
    deals: list[DealInput],
    totals: tuple[int, int] | None,
    events: list[TableEvent],
) -> dict:
    """Return tournaments.Game's result fields from the sheet's first copy."""
    won_a = won_b = 0
    if game_score is not None:
        for scored in game_score.deals:
            if scored.scores[0] > scored.scores[1]:
                won_a += 1
            elif scored.scores[1] > scored.scores[0]:
                won_b += 1
    revokes_a = sum(1 for d in deals if d.revoke == 0)
    revokes_b = sum(1 for d in deals if d.revoke == 1)
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        score_a, score_b = totals or (0, 0)
        finished = totals is not None
    elif game_score is not None:
        score_a, score_b = game_score.totals
        finished = game_score.finished
    else:
        score_a = score_b = 0
        finished = False
    forfeit = None
    for event in events:
        if event.kind == TableEvent.Kind.AWARD:
            if event.side == 0:
                score_a += event.points
            else:
                score_b += event.points
        else:
            forfeit = event
    if forfeit is not None:
        present = 1 - forfeit.side
        score_a = tournament.forfeit_points if present == 0 else 0
        score_b = tournament.forfeit_points if present == 1 else 0
        finished = True
    elif not finished and tournament.target is not None:
        # Awarded points can carry a side over the target (the deal count cannot).
        finished = max(score_a, score_b) >= tournament.target
    winner = game_winner((score_a, score_b), finished)
    return {
        "score_a": score_a,
        "score_b": score_b,
        "finished": finished,
        "winner": winner,
        "deals_won_a": won_a,
        "deals_won_b": won_b,
        "revokes_a": revokes_a,
        "revokes_b": revokes_b,
    }


# --------------------------------------------------------------------------- core


def sheet_ensure(*, table: Table) -> ScoreSheet:
    """Return the table's score sheet, creating an empty one if the draw did not."""
    sheet, _created = ScoreSheet.objects.get_or_create(table=table)
    return sheet


def _lock(*, sheet: ScoreSheet, version: int, by) -> ScoreSheet:
    """Claim the next version of the sheet, or raise SheetConflict.

    A conditional UPDATE ... WHERE version = n: on PostgreSQL the second of two
    concurrent transactions waits for the first's row lock, then matches no row.
    """
    claimed = ScoreSheet.objects.filter(pk=sheet.pk, version=version).update(
        version=F("version") + 1, updated_by=by, updated_at=timezone.now()
    )
    if claimed != 1:
        current = (
            ScoreSheet.objects.select_related("updated_by").filter(pk=sheet.pk).first()
        )
        if current is None:
            raise EntryError(_("This score sheet does not exist."), code="missing")
        raise SheetConflict(current)
    return ScoreSheet.objects.select_related(
        "table__round__tournament", "table__round__phase"
    ).get(pk=sheet.pk)


def _check_round_open(sheet: ScoreSheet) -> None:
    rnd = sheet.table.round
    if rnd.status == Round.Status.CLOSED:
        raise EntryConflict(
            _("Round %(number)s is closed: reopen it before changing its sheets.")
            % {"number": rnd.number},
            code="round_closed",
        )
    if rnd.status == Round.Status.DRAFT:
        raise EntryConflict(
            _("Round %(number)s is not published yet: publish the draw first.")
            % {"number": rnd.number},
            code="round_draft",
        )


def _load_state(
    games: list[Game], copy: int, totals_mode: bool
) -> tuple[dict[int, GameInput], dict[int, list[TableEvent]]]:
    """Load one copy of the sheet: its deals, or its game totals in totals mode."""
    ids = [g.id for g in games]
    state = {g.id: GameInput() for g in games}
    if totals_mode:
        for total in GameTotal.objects.filter(game_id__in=ids, copy=copy):
            state[total.game_id].totals = (total.score_a, total.score_b)
    else:
        for record in DealRecord.objects.filter(game_id__in=ids, copy=copy).order_by(
            "game_id", "number"
        ):
            state[record.game_id].deals.append(DealInput.from_record(record))
    return state, _load_events(ids)


def _load_events(ids: list[int]) -> dict[int, list[TableEvent]]:
    events: dict[int, list[TableEvent]] = {gid: [] for gid in ids}
    for event in TableEvent.objects.filter(game_id__in=ids).order_by("at", "id"):
        events[event.game_id].append(event)
    return events


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(DealInput)}
_ALWAYS = {"trump", "points_a", "points_b"}


def _snapshot_game(game: Game, state: GameInput, events: list[TableEvent]) -> dict:
    return {
        "number": game.number,
        "deals": [
            {
                k: v
                for k, v in dataclasses.asdict(d).items()
                if k in _ALWAYS or v != _DEFAULTS[k]
            }
            for d in state.deals
        ],
        "totals": list(state.totals) if state.totals else None,
        "events": [
            {
                "kind": e.kind,
                "side": e.side,
                "points": e.points,
                "reason": e.reason,
            }
            for e in events
        ],
    }


def _record(game: Game, copy: int, number: int, deal: DealInput, a, b, scored):
    cards = deal.cards_a or (None,) * 5
    return DealRecord(
        game=game,
        copy=copy,
        number=number,
        declarer=deal.declarer,
        trump=str(deal.trump),
        passed=deal.passed,
        blind=deal.blind,
        knocks=deal.knocks,
        points_a=a,
        points_b=b,
        revoke=deal.revoke,
        tricks_a=deal.tricks_a,
        tens_a=cards[0],
        aces_a=cards[1],
        kings_a=cards[2],
        queens_a=cards[3],
        jacks_a=cards[4],
        score_a=scored.scores[0],
        score_b=scored.scores[1],
        factor=scored.factor,
    )


Mutation = Callable[[ScoreSheet, dict[int, Game], dict[int, GameInput]], set[int]]


def _commit(
    *,
    sheet: ScoreSheet,
    by,
    version: int,
    copy: int,
    reason: str,
    mutate: Mutation,
    events_changed: bool = False,
) -> ScoreSheet:
    """Apply ``mutate`` to one copy of the sheet, check, save and audit it.

    Runs inside the caller's transaction. ``mutate`` changes the loaded state (and
    may write table events) and returns the ids of the games it touched.
    """
    if copy not in (1, 2):
        raise EntryError(_("Unknown entry copy."), code="copy")
    fresh = _lock(sheet=sheet, version=version, by=by)
    _check_round_open(fresh)
    tournament = fresh.table.round.tournament
    reason = (reason or "").strip()
    confirmed = fresh.status == ScoreSheet.Status.CONFIRMED
    if copy == 2:
        if not tournament.double_entry:
            raise EntryError(
                _("This tournament does not use double entry."), code="copy"
            )
        if confirmed:
            raise EntryConflict(
                _("This sheet is confirmed: the second entry is closed."),
                code="confirmed",
            )
        if by is not None and fresh.entered_by_id == getattr(by, "pk", None):
            raise EntryConflict(
                _("The second entry must be typed by another director."),
                code="same_director",
            )
    elif (
        tournament.double_entry
        and by is not None
        and fresh.second_by_id == getattr(by, "pk", None)
    ):
        raise EntryConflict(
            _("You typed the second entry: another director types the first."),
            code="same_director",
        )
    if copy == 1 and confirmed and not reason:
        raise EntryError(
            _("This sheet is confirmed: give a reason for the correction."),
            field="reason",
            code="reason_required",
        )

    games = {g.id: g for g in Game.objects.filter(table_id=fresh.table_id)}
    totals_mode = tournament.entry_mode == Tournament.EntryMode.TOTALS
    state, events_before = _load_state(list(games.values()), copy, totals_mode)
    before = {
        gid: _snapshot_game(
            games[gid],
            GameInput(list(state[gid].deals), state[gid].totals),
            events_before[gid],
        )
        for gid in games
    }
    old_deals = {gid: list(state[gid].deals) for gid in games}
    old_totals = {gid: state[gid].totals for gid in games}
    touched = mutate(fresh, games, state)
    if not touched:
        return fresh
    events = events_before
    if events_changed and copy == 1:
        events = _load_events(list(games))
    rules = tournament.rules()
    for gid in sorted(touched, key=lambda i: games[i].number):
        game = games[gid]
        game_input = state[gid]
        game_score = None
        if tournament.entry_mode == Tournament.EntryMode.TOTALS:
            if game_input.totals is not None:
                _check_totals(game_input.totals, tournament, game.number)
        else:
            points, game_score = score_inputs(
                tournament=tournament,
                game_number=game.number,
                deals=game_input.deals,
                rules=rules,
            )
            # Keep the points as stored (side B filled in) for the audit trail.
            game_input.deals = [
                dataclasses.replace(d, points_a=a, points_b=b)
                for d, (a, b) in zip(game_input.deals, points, strict=True)
            ]
            rows = list(
                enumerate(
                    zip(game_input.deals, points, game_score.deals, strict=True),
                    start=1,
                )
            )
            kept = len(old_deals[gid])
            if game_input.deals[:kept] == old_deals[gid]:
                rows = rows[kept:]  # an appended deal: the rows before stand
            else:
                DealRecord.objects.filter(game_id=gid, copy=copy).delete()
            if rows:
                DealRecord.objects.bulk_create(
                    [_record(game, copy, n, d, a, b, sc) for n, (d, (a, b), sc) in rows]
                )
        if game_input.totals != old_totals[gid]:
            GameTotal.objects.filter(game_id=gid, copy=copy).delete()
        if game_input.totals is not None and game_input.totals != old_totals[gid]:
            GameTotal.objects.create(
                game=game,
                copy=copy,
                score_a=game_input.totals[0],
                score_b=game_input.totals[1],
            )
        if copy == 1:
            Game.objects.filter(pk=gid).update(
                **_game_result(
                    tournament=tournament,
                    game_score=game_score,
                    deals=game_input.deals,
                    totals=game_input.totals,
                    events=events[gid],
                )
            )

    now = timezone.now()
    fields = []
    if copy == 2:
        if fresh.second_by_id is None:
            fresh.second_by, fresh.second_at = by, now
            fields += ["second_by", "second_at"]
    elif fresh.status == ScoreSheet.Status.OPEN:
        fresh.status = ScoreSheet.Status.ENTERED
        fresh.entered_by, fresh.entered_at = by, now
        fields += ["status", "entered_by", "entered_at"]
    if fields:
        ScoreSheet.objects.filter(pk=fresh.pk).update(
            **{f: getattr(fresh, f) for f in fields}
        )
    if copy == 1 and confirmed:
        after = {
            gid: _snapshot_game(games[gid], state[gid], events[gid]) for gid in touched
        }
        Correction.objects.create(
            sheet=fresh,
            by=by,
            before={"games": [before[gid] for gid in sorted(touched)]},
            after={"games": [after[gid] for gid in sorted(touched)]},
            reason=reason,
        )
        tournament_touch(tournament=tournament)
    return fresh


def _game_of(games: dict[int, Game], game: Game | int) -> Game:
    gid = game if isinstance(game, int) else game.pk
    if gid not in games:
        raise EntryError(_("This game is not played at this table."), code="game")
    return games[gid]


# --------------------------------------------------------------------------- deals


@transaction.atomic
def deal_record(
    *,
    sheet: ScoreSheet,
    game: Game | int,
    deal: DealInput,
    by,
    version: int,
    number: int | None = None,
    copy: int = 1,
    reason: str = "",
) -> ScoreSheet:
    """Add a deal to a game (``number=None``) or replace deal ``number``.

    The whole game is checked again by the engine; on a refusal nothing is saved.
    """

    def mutate(fresh, games, state):
        g = _game_of(games, game)
        deals = state[g.id].deals
        if number is None:
            deals.append(deal)
        elif 1 <= number <= len(deals):
            deals[number - 1] = deal
        else:
            raise EntryError(
                _("Game %(game)s has no deal %(number)s.")
                % {"game": g.number, "number": number},
                code="deal",
            )
        return {g.id}

    return _commit(
        sheet=sheet, by=by, version=version, copy=copy, reason=reason, mutate=mutate
    )


@transaction.atomic
def deal_delete(
    *,
    sheet: ScoreSheet,
    game: Game | int,
    number: int,
    by,
    version: int,
    copy: int = 1,
    reason: str = "",
) -> ScoreSheet:
    """Remove deal ``number`` from a game; the deals after it move up."""

    def mutate(fresh, games, state):
        g = _game_of(games, game)
        deals = state[g.id].deals
        if not 1 <= number <= len(deals):
            raise EntryError(
                _("Game %(game)s has no deal %(number)s.")
                % {"game": g.number, "number": number},
                code="deal",
            )
        del deals[number - 1]
        return {g.id}

    return _commit(
        sheet=sheet, by=by, version=version, copy=copy, reason=reason, mutate=mutate
    )


@transaction.atomic
def game_totals_record(
    *,
    sheet: ScoreSheet,
    game: Game | int,
    totals: tuple[int, int] | None,
    by,
    version: int,
    copy: int = 1,
    reason: str = "",
) -> ScoreSheet:
    """Record a game's final score (game-totals-only entry); None clears it."""

    def mutate(fresh, games, state):
        g = _game_of(games, game)
        if fresh.table.round.tournament.entry_mode != Tournament.EntryMode.TOTALS:
            raise EntryError(
                _("This tournament enters results deal by deal, not as totals."),
                code="mode",
            )
        state[g.id].totals = totals
        return {g.id}

    return _commit(
        sheet=sheet, by=by, version=version, copy=copy, reason=reason, mutate=mutate
    )


@transaction.atomic
def sheet_save(
    *,
    sheet: ScoreSheet,
    data: dict[int, GameInput],
    by,
    version: int,
    copy: int = 1,
    reason: str = "",
) -> ScoreSheet:
    """Replace the games given in ``data`` (keyed by game number) in one transaction."""

    def mutate(fresh, games, state):
        by_number = {g.number: g for g in games.values()}
        touched = set()
        for number, game_input in data.items():
            g = by_number.get(number)
            if g is None:
                raise EntryError(
                    _("This table has no game %(number)s.") % {"number": number},
                    code="game",
                )
            state[g.id] = GameInput(list(game_input.deals), game_input.totals)
            touched.add(g.id)
        return touched

    return _commit(
        sheet=sheet, by=by, version=version, copy=copy, reason=reason, mutate=mutate
    )


@transaction.atomic
def sheet_correct(
    *,
    sheet: ScoreSheet,
    data: dict[int, GameInput],
    by,
    version: int,
    reason: str,
) -> ScoreSheet:
    """Change a confirmed sheet; the before, the after and the reason are logged."""
    if not (reason or "").strip():
        raise EntryError(
            _("Give a reason for the correction."),
            field="reason",
            code="reason_required",
        )
    if sheet.status != ScoreSheet.Status.CONFIRMED:
        raise EntryError(
            _("Only a confirmed sheet is corrected; save it normally."), code="status"
        )
    return sheet_save(sheet=sheet, data=data, by=by, version=version, reason=reason)


# --------------------------------------------------------------------------- events


@transaction.atomic
def table_event_add(
    *,
    sheet: ScoreSheet,
    game: Game | int,
    kind: str,
    side: int,
    reason: str,
    by,
    version: int,
    points: int = 0,
) -> ScoreSheet:
    """Record a forfeit, a no-show or points awarded to one side, with a reason."""
    reason = (reason or "").strip()
    if kind not in TableEvent.Kind.values:
        raise EntryError(_("Choose what happened."), field="kind", code="kind")
    if side not in (0, 1):
        raise EntryError(_("Choose side A or side B."), field="side", code="side")
    if not reason:
        raise EntryError(
            _("Write down the reason."), field="reason", code="reason_required"
        )
    if kind == TableEvent.Kind.AWARD:
        if not 1 <= points <= MAX_TOTAL:
            raise EntryError(
                _("Award between 1 and %(max)s points.") % {"max": MAX_TOTAL},
                field="points",
                code="points",
            )
    else:
        points = 0

    def mutate(fresh, games, state):
        g = _game_of(games, game)
        TableEvent.objects.create(
            game=g, kind=kind, side=side, points=points, reason=reason, by=by
        )
        return {g.id}

    return _commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=1,
        reason=reason,
        mutate=mutate,
        events_changed=True,
    )


@transaction.atomic
def table_event_remove(
    *, sheet: ScoreSheet, event: TableEvent | int, by, version: int, reason: str = ""
) -> ScoreSheet:
    """Remove a table event (a correction with a reason once the sheet is confirmed)."""
    event_id = event if isinstance(event, int) else event.pk

    def mutate(fresh, games, state):
        found = TableEvent.objects.filter(pk=event_id, game_id__in=list(games)).first()
        if found is None:
            raise EntryError(_("This event is not on this sheet."), code="event")
        found.delete()
        return {found.game_id}

    return _commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=1,
        reason=reason,
        mutate=mutate,
        events_changed=True,
    )


# --------------------------------------------------------------------------- confirm


@transaction.atomic
def sheet_confirm(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Confirm an entered sheet: every game ended and, with double entry, agreed."""
    from scoring.selectors import sheet_differences

    fresh = _lock(sheet=sheet, version=version, by=by)
    _check_round_open(fresh)
    if fresh.status == ScoreSheet.Status.CONFIRMED:
        raise EntryConflict(_("This sheet is already confirmed."), code="confirmed")
    if fresh.status == ScoreSheet.Status.OPEN:
        raise EntryConflict(
            _("Nothing has been entered on this sheet yet."), code="open"
        )
    unfinished = (
        Game.objects.filter(table_id=fresh.table_id, finished=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if unfinished:
        raise EntryConflict(
            _(
                "Game %(number)s has not ended yet: enter its remaining deals, its "
                "total, or a forfeit."
            )
            % {"number": unfinished[0]},
            code="unfinished",
        )
    tournament = fresh.table.round.tournament
    if tournament.double_entry:
        if fresh.second_by_id is None:
            raise EntryConflict(
                _("The second director has not typed this sheet yet."),
                code="second_missing",
            )
        differences = sheet_differences(sheet=fresh)
        if differences:
            raise EntryConflict(
                _(
                    "The two entries differ in %(count)s places: make them agree "
                    "before confirming."
                )
                % {"count": len(differences)},
                code="mismatch",
            )
    fresh.status = ScoreSheet.Status.CONFIRMED
    fresh.confirmed_by = by
    fresh.confirmed_at = timezone.now()
    fresh.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    tournament_touch(tournament=tournament)
    return fresh


# --------------------------------------------------------------------------- rounds


@transaction.atomic
def round_close(*, round: Round, by) -> Round:  # noqa: A002 - the contract's name
    """Close a round whose every table is confirmed; its standings freeze."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status == Round.Status.CLOSED:
        raise EntryConflict(
            _("Round %(number)s is already closed.") % {"number": rnd.number},
            code="closed",
        )
    if rnd.status == Round.Status.DRAFT:
        raise EntryConflict(
            _("Round %(number)s is not published yet.") % {"number": rnd.number},
            code="draft",
        )
    total = Table.objects.filter(round=rnd).count()
    confirmed = ScoreSheet.objects.filter(
        table__round=rnd, status=ScoreSheet.Status.CONFIRMED
    ).count()
    if confirmed < total:
        raise EntryConflict(
            _(
                "%(missing)s of %(total)s tables are not confirmed yet: a round "
                "closes only when every table is confirmed."
            )
            % {"missing": total - confirmed, "total": total},
            code="unconfirmed",
        )
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    RoundLog.objects.create(round=rnd, action=RoundLog.Action.CLOSED, by=by)
    tournament_touch(tournament=rnd.tournament)
    return rnd


@transaction.atomic
def round_reopen(*, round: Round, by, reason: str) -> Round:  # noqa: A002
    """Reopen a closed round for corrections; the reason is logged."""
    reason = (reason or "").strip()
    if not reason:
        raise EntryError(
            _("Give a reason for reopening the round."),
            field="reason",
            code="reason_required",
        )
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status != Round.Status.CLOSED:
        raise EntryConflict(
            _("Round %(number)s is not closed.") % {"number": rnd.number},
            code="not_closed",
        )
    rnd.status = Round.Status.PUBLISHED
    rnd.closed_at = None
    rnd.save(update_fields=["status", "closed_at"])
    RoundLog.objects.create(
        round=rnd, action=RoundLog.Action.REOPENED, by=by, reason=reason
    )
    tournament_touch(tournament=rnd.tournament)
    return rnd
