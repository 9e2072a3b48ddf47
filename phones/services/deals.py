"""Add, change and remove a deal from the table's phone."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from phones.models import TableSubmission
from phones.services.access import (
    TableWrite,
    _check_seat,
    _check_usable,
    _log,
    _number,
    _positions_and_key,
    _replay,
    _sheet_of,
)
from phones.services.codes import code_normalise
from scoring.models import ScoreSheet
from scoring.services import sheet_commit
from scoring.services.errors import ResultError, SheetConflict
from scoring.services.inputs import DealInput
from scoring.services.keys import key_check
from tournaments.models import Game

State = ScoreSheet.TableState
Action = TableSubmission.Action


def _game_by_number(games: dict[int, Game], number: int) -> Game:
    for game in games.values():
        if game.number == number:
            return game
    raise ResultError(
        _("This table has no game %(number)s.") % {"number": number},
        field="game",
        code="game",
    )


def _no_such_deal(game: Game, number: int) -> ResultError:
    return ResultError(
        _("Game %(game)s has no deal %(number)s.")
        % {"game": game.number, "number": number},
        field="number",
        code="deal",
    )


# --------------------------------------------------------------------------- deals


def _opened(code: str, sheet: ScoreSheet | None) -> tuple[ScoreSheet, bool | None]:
    """The sheet behind ``code`` and whether a later round is under way: the sheet
    ``table_open`` just returned (checked: None), if the caller passes it, else
    looked up (``_sheet_of``)."""
    if sheet is not None and getattr(sheet.table, "code", None) is not None:
        if sheet.table.code.code == code_normalise(code):
            return sheet, None
    return _sheet_of(code)


def _deal_write(
    *, code, seat, key, version, game, mutate_game, action, sheet=None
) -> TableWrite:
    """One deal change from the table through ``sheet_commit``: lock, check, write, log.

    ``sheet``: what ``table_open(code=code)`` just returned (checked: not again).
    """
    key = key_check(key)
    game_number = _number(game, "game", low=1, high=99)
    version = _number(version, "version")
    opened, later = _opened(code, sheet)
    checked = opened is sheet
    sheet = opened
    normal = code_normalise(code)
    positions, seen = _positions_and_key(sheet, key)
    replayed = _replay(sheet, key, seen=seen)
    if replayed is not None:
        return replayed
    if not checked:
        _check_usable(sheet, later=later)
    seat = _check_seat(seat, positions)

    def mutate(fresh, games, state):
        _check_usable(fresh, later=False)  # again, under the lock
        g = _game_by_number(games, game_number)
        mutate_game(g, state[g.id].deals)
        return {g.id}

    def on_saved(fresh, before, after):
        _log(
            fresh,
            code=normal,
            seat=seat,
            phone_seat=seat,
            key=key,
            action=action(),
            game=game_number,
            before=before["games"][0],
            after=after["games"][0],
        )

    try:
        fresh = sheet_commit(
            sheet=sheet,
            by=None,
            version=version,
            copy=1,
            reason="",
            mutate=mutate,
            on_saved=on_saved,
        )
    except SheetConflict:
        # The same write, resent while the first was saving: that one counted.
        replayed = _replay(sheet, key)
        if replayed is not None:
            return replayed
        raise
    return TableWrite(sheet=fresh, replayed=False)


@transaction.atomic
def table_deal_save(
    *,
    code: str,
    seat: int,
    key: str,
    version: int,
    game: int,
    deal: DealInput,
    number: int | None = None,
    sheet: ScoreSheet | None = None,
) -> TableWrite:
    """Add a deal to game number ``game`` (``number=None``) or replace deal
    ``number``, from the table's phone held by ``seat``.

    The engine checks the whole game as at the desk; a refusal saves nothing.
    A key seen before saves nothing and answers ``replayed=True``, even with a
    stale version; otherwise a stale version raises :class:`SheetConflict`.
    ``sheet``: the sheet ``table_open(code=code)`` has just returned, if the
    caller has it (not looked up and checked twice).
    """
    if not isinstance(deal, DealInput):
        raise ResultError(_("Choose the trump."), field="trump", code="trump")
    if number is not None:
        number = _number(number, "number", low=1, high=999)
    done = {"action": Action.DEAL}

    def mutate_game(g, deals):
        if number is None:
            deals.append(deal)
        elif 1 <= number <= len(deals):
            deals[number - 1] = deal
            done["action"] = Action.EDIT
        else:
            raise _no_such_deal(g, number)

    return _deal_write(
        code=code,
        seat=seat,
        key=key,
        version=version,
        game=game,
        mutate_game=mutate_game,
        action=lambda: done["action"],
        sheet=sheet,
    )


@transaction.atomic
def table_deal_delete(
    *,
    code: str,
    seat: int,
    key: str,
    version: int,
    game: int,
    number: int,
    sheet: ScoreSheet | None = None,
) -> TableWrite:
    """Remove deal ``number`` of game number ``game``; the deals after it move up.

    ``sheet``: as for :func:`table_deal_save`.
    """
    number = _number(number, "number", low=1, high=999)

    def mutate_game(g, deals):
        if not 1 <= number <= len(deals):
            raise _no_such_deal(g, number)
        del deals[number - 1]

    return _deal_write(
        code=code,
        seat=seat,
        key=key,
        version=version,
        game=game,
        mutate_game=mutate_game,
        action=lambda: Action.DELETE,
        sheet=sheet,
    )
