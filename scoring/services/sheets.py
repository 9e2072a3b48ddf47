"""Write to a score sheet: deals, game totals, table events, corrections, confirmation.

Each service is one transaction around :func:`scoring.services.commit.sheet_commit`,
which locks the sheet, checks every touched game with the engine, audits and files
the write in the action log (these are the desk's writes: ``by`` is the director).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ScoreSheet, TableEvent
from scoring.selectors import sheet_differences
from scoring.services.commit import (
    _game_of,
    entry_mode_check,
    round_check_open,
    sheet_commit,
    sheet_lock,
    sheet_log,
)
from scoring.services.errors import ResultConflict, ResultError, SheetConflict
from scoring.services.inputs import MAX_TOTAL, DealInput, GameInput
from scoring.services.keys import desk_key_record, desk_replayed, key_check
from tournaments.models import Game, Seat, Table
from tournaments.names import entry_name
from tournaments.services import tournament_touch

__all__ = [
    "deal_delete",
    "deal_record",
    "game_totals_record",
    "sheet_confirm",
    "sheet_correct",
    "sheet_ensure",
    "sheet_save",
    "table_event_add",
    "table_event_remove",
]


def sheet_ensure(*, table: Table) -> ScoreSheet:
    """Return the table's score sheet, creating an empty one if the draw did not."""
    sheet, _created = ScoreSheet.objects.get_or_create(table=table)
    return sheet


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
    key: str | None = None,
) -> ScoreSheet:
    """Add a deal to a game (``number=None``) or replace deal ``number``.

    The whole game is checked again by the engine; on a refusal nothing is saved.
    ``key`` (the desk's queue sends one with every deal): a key saved before saves
    nothing and returns the sheet as it is, even with a stale version.
    """
    if key is not None:
        key = key_check(key)
        replayed = desk_replayed(sheet=sheet, key=key)
        if replayed is not None:
            return replayed

    def mutate(fresh, games, state):
        entry_mode_check(tournament=fresh.table.round.tournament, deals=True)
        g = _game_of(games, game)
        deals = state[g.id].deals
        if number is None:
            deals.append(deal)
        elif 1 <= number <= len(deals):
            deals[number - 1] = deal
        else:
            raise ResultError(
                _("Game %(game)s has no deal %(number)s.")
                % {"game": g.number, "number": number},
                code="deal",
            )
        return {g.id}

    try:
        fresh = sheet_commit(
            sheet=sheet,
            by=by,
            version=version,
            copy=copy,
            reason=reason,
            mutate=mutate,
            log="sheet.saved",
        )
    except SheetConflict:
        # The same save, sent again while the first was saving: that one counted.
        replayed = desk_replayed(sheet=sheet, key=key)
        if replayed is not None:
            return replayed
        raise
    desk_key_record(sheet=fresh, key=key)
    return fresh


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
        entry_mode_check(tournament=fresh.table.round.tournament, deals=True)
        g = _game_of(games, game)
        deals = state[g.id].deals
        if not 1 <= number <= len(deals):
            raise ResultError(
                _("Game %(game)s has no deal %(number)s.")
                % {"game": g.number, "number": number},
                code="deal",
            )
        del deals[number - 1]
        return {g.id}

    return sheet_commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=copy,
        reason=reason,
        mutate=mutate,
        log="sheet.saved",
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
        entry_mode_check(tournament=fresh.table.round.tournament, totals=True)
        state[g.id].totals = totals
        return {g.id}

    return sheet_commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=copy,
        reason=reason,
        mutate=mutate,
        log="sheet.saved",
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
                raise ResultError(
                    _("This table has no game %(number)s.") % {"number": number},
                    code="game",
                )
            state[g.id] = GameInput(list(game_input.deals), game_input.totals)
            touched.add(g.id)
        return touched

    return sheet_commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=copy,
        reason=reason,
        mutate=mutate,
        log="sheet.saved",
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
        raise ResultError(
            _("Give a reason for the correction."),
            field="reason",
            code="reason_required",
        )
    if sheet.status != ScoreSheet.Status.CONFIRMED:
        raise ResultError(
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
    reason: str,
    by,
    version: int,
    side: int | None = None,
    seat: int | None = None,
    points: int = 0,
) -> ScoreSheet:
    """Record a forfeit, a no-show or points awarded to one side, with a reason.

    Name the side, or the ``seat`` (position) of the player concerned: the side
    is then that seat's in the game (partners change from game to game in the
    individual format), and the recorded reason starts with the player's name.
    """
    reason = (reason or "").strip()
    if kind not in TableEvent.Kind.values:
        raise ResultError(_("Choose what happened."), field="kind", code="kind")
    if seat is None and side not in (0, 1):
        raise ResultError(_("Choose side A or side B."), field="side", code="side")
    if not reason:
        raise ResultError(
            _("Write down the reason."), field="reason", code="reason_required"
        )
    if kind == TableEvent.Kind.AWARD:
        if not 1 <= points <= MAX_TOTAL:
            raise ResultError(
                _("Award between 1 and %(max)s points.") % {"max": MAX_TOTAL},
                field="points",
                code="points",
            )
    else:
        points = 0

    def mutate(fresh, games, state):
        g = _game_of(games, game)
        event_side, text = side, reason
        if seat is not None:
            found = (
                Seat.objects.filter(table_id=fresh.table_id, position=seat)
                .select_related("entry__player", "entry__team")
                .first()
            )
            if found is None:
                raise ResultError(
                    _("Choose a player of this table."), field="seat", code="seat"
                )
            event_side = 0 if seat in g.side_a_positions else 1
            # The name as it was that day, before the reason the director typed.
            text = f"{entry_name(found.entry)} — {reason}"[:500]
        TableEvent.objects.create(
            game=g, kind=kind, side=event_side, points=points, reason=text, by=by
        )
        return {g.id}

    return sheet_commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=1,
        reason=reason,
        mutate=mutate,
        events_changed=True,
        log="table_event.added",
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
            raise ResultError(_("This event is not on this sheet."), code="event")
        found.delete()
        return {found.game_id}

    return sheet_commit(
        sheet=sheet,
        by=by,
        version=version,
        copy=1,
        reason=reason,
        mutate=mutate,
        events_changed=True,
        log="table_event.removed",
    )


# --------------------------------------------------------------------------- confirm


@transaction.atomic
def sheet_confirm(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Confirm an entered sheet: every game ended and, with double entry, agreed."""
    fresh = sheet_lock(sheet=sheet, version=version, by=by)
    round_check_open(fresh)
    if fresh.status == ScoreSheet.Status.CONFIRMED:
        raise ResultConflict(_("This sheet is already confirmed."), code="confirmed")
    if fresh.status == ScoreSheet.Status.OPEN:
        raise ResultConflict(
            _("Nothing has been entered on this sheet yet."), code="open"
        )
    unfinished = (
        Game.objects.filter(table_id=fresh.table_id, finished=False)
        .order_by("number")
        .values_list("number", "decided_by_time")
    )
    if unfinished and unfinished[0][1]:  # stopped by time, the director to decide
        raise ResultConflict(
            _("Game %(number)s was stopped by time: decide who wins it first.")
            % {"number": unfinished[0][0]},
            code="undecided",
        )
    if unfinished:
        raise ResultConflict(
            _(
                "Game %(number)s has not ended yet: enter its remaining deals, its "
                "total, or a forfeit."
            )
            % {"number": unfinished[0][0]},
            code="unfinished",
        )
    tournament = fresh.table.round.tournament
    if tournament.double_entry:
        if fresh.second_by_id is None:
            raise ResultConflict(
                _("The second director has not typed this sheet yet."),
                code="second_missing",
            )
        differences = sheet_differences(sheet=fresh)
        if differences:
            raise ResultConflict(
                _(
                    "The two entries differ in %(count)s places: make them agree "
                    "before confirming."
                )
                % {"count": len(differences)},
                code="mismatch",
            )
    sheet_log(sheet=fresh, by=by, action="sheet.confirmed")
    return sheet_confirmed(sheet=fresh, by=by)


def sheet_confirmed(*, sheet: ScoreSheet, by) -> ScoreSheet:
    """Mark a locked, checked sheet confirmed and make it public: the one
    confirmation of every path (the desk's :func:`sheet_confirm`, the
    opponents' acceptance at the table). ``by``: the director, or None for the
    table's own acceptance. Runs inside the caller's transaction. It files
    nothing in the action log: the desk's confirmation is filed by
    :func:`sheet_confirm`, the table's acceptance by the table's write."""
    sheet.status = ScoreSheet.Status.CONFIRMED
    sheet.confirmed_by = by
    sheet.confirmed_at = timezone.now()
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    tournament_touch(tournament=sheet.table.round.tournament)
    return sheet
