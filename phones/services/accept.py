"""Take the opponents' acceptance (or rejection) of a game or of the whole table."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import transaction
from django.utils.translation import gettext as _

from core.validators import validate_text
from phones.models import Acceptance, TableSubmission
from phones.selectors import (
    last_enterers,
    may_accept_game,
    may_accept_table,
    proof_needed,
)
from phones.services.access import (
    TableWrite,
    _check_seat,
    _check_usable,
    _log,
    _number,
    _replay,
    _seats,
    _sheet_of,
)
from phones.services.codes import code_normalise
from scoring.models import ScoreSheet
from scoring.services import round_check_open, sheet_confirmed, sheet_lock
from scoring.services.errors import ResultConflict, ResultError, SheetConflict
from scoring.services.keys import key_check
from scoring.services.table_state import table_state_refresh
from tournaments.models import Game, Seat, Tournament
from tournaments.personal_codes import personal_code_matches

State = ScoreSheet.TableState
Action = TableSubmission.Action


# --------------------------------------------------------------------------- accept


def _clean_reason(reason) -> str:
    reason = (reason if isinstance(reason, str) else "").strip()
    try:
        validate_text(reason)
        MaxLengthValidator(500)(reason)
    except ValidationError as exc:
        message = exc.messages[0] if exc.messages else _("This value is not valid.")
        raise ResultError(message, field="reason", code="reason") from exc
    return reason


def _names(seats: dict[int, str], allowed: list[int]) -> str:
    return ", ".join(seats[s] for s in allowed if s in seats)


def _scope(*, tournament, games, game_number, seats, sheet):
    """What is accepted (a game, or None for the table), who may accept it (the
    seats of the other side of whoever entered it) and the scores shown with it.
    """
    per_game, last = last_enterers(sheet=sheet)
    if tournament.acceptance == Tournament.Acceptance.TABLE:
        if game_number is not None:
            raise ResultError(
                _("In this tournament the opponents accept the whole table at once."),
                field="game",
                code="scope",
            )
        if not games or not all(g.finished for g in games):
            raise ResultConflict(
                _("The table's games are not all finished yet."),
                field="game",
                code="unfinished",
            )
        target = None
        allowed = may_accept_table(games=games, seats=seats, enterer=last)
        scores = [{"number": g.number, "score": [g.score_a, g.score_b]} for g in games]
    else:
        if game_number is None:
            raise ResultError(
                _("In this tournament the opponents accept each game when it ends."),
                field="game",
                code="scope",
            )
        target = next((g for g in games if g.number == game_number), None)
        if target is None:
            raise ResultError(
                _("This table has no game %(number)s.") % {"number": game_number},
                field="game",
                code="game",
            )
        if not target.finished:
            raise ResultConflict(
                _("Game %(number)s is not finished yet.") % {"number": game_number},
                field="game",
                code="unfinished",
            )
        allowed = may_accept_game(
            game=target, seats=seats, enterer=per_game.get(game_number)
        )
        scores = [{"number": target.number, "score": [target.score_a, target.score_b]}]
    return target, allowed, scores


def _check_proof(fresh, *, seat: int, name: str, personal_code) -> None:
    """Refuse an acceptance that does not carry the accepting player's personal
    code: the proof that this opponent, not whoever holds the table's code, agreed.
    A pairs event's entrant is the team: its code is both partners'."""
    code = (
        Seat.objects.filter(table_id=fresh.table_id, position=seat)
        .values_list("entry__personal_code", flat=True)
        .first()
    )
    if not code:
        raise ResultError(
            _(
                "%(name)s has no personal code yet: the desk gives it at check-in."
            )
            % {"name": name},
            field="personal_code",
            code="no_personal_code",
        )
    if not (personal_code or "").strip():
        raise ResultError(
            _("%(name)s, type your personal code (given at check-in) to accept.")
            % {"name": name},
            field="personal_code",
            code="personal_code_missing",
        )
    if not personal_code_matches(entry_code=code, typed=personal_code):
        raise ResultError(
            _(
                "This is not %(name)s's personal code. Type the 4 characters "
                "given at check-in."
            )
            % {"name": name},
            field="personal_code",
            code="personal_code",
        )


def _record(fresh, *, target, seat, phone_seat, accepted, reason, log) -> None:
    """Replace the scope's acceptance with this one, and log it as the table's
    write (``log``: its code, key, game number and the scores accepted)."""
    Acceptance.objects.filter(sheet=fresh, game=target).delete()
    Acceptance.objects.create(
        sheet=fresh,
        game=target,
        seat=seat,
        phone_seat=phone_seat,
        accepted=bool(accepted),
        reason=reason,
    )
    _log(
        fresh,
        code=log["code"],
        seat=seat,
        phone_seat=phone_seat,
        key=log["key"],
        action=Action.ACCEPT if accepted else Action.REJECT,
        game=log["game"],
        before=None,
        after={"games": log["scores"]},
        reason=reason,
    )


@transaction.atomic
def table_accept(
    *,
    code: str,
    seat: int,
    key: str,
    version: int,
    game: int | None,
    accepted: bool,
    reason: str = "",
    phone_seat: int | None = None,
    personal_code: str | None = None,
) -> TableWrite:
    """Accept (or reject, ``accepted=False``) a finished game, or the whole table
    (``game=None``) when the tournament accepts the table at once.

    ``seat`` is the player who accepts, who must be an opponent of whoever
    entered the deals; ``phone_seat`` the seat whose phone was handed over to
    them (any seat of the table, the winners' own included; None: not said, as
    the page before the hand-over sent it). Both are recorded. Where the
    opponents' acceptance confirms (:func:`proof_needed`), ``personal_code`` must
    be the accepting player's (a rejection's too: the opponent's word either
    way). A rejection marks the table disputed; a later acceptance of the same
    scope replaces it. Once every game is finished and accepted the sheet is
    accepted, and where the opponents' acceptance confirms, confirmed (public at
    once).
    """
    key = key_check(key)
    version = _number(version, "version")
    game_number = None if game in (None, "") else _number(game, "game", low=1, high=99)
    reason = _clean_reason(reason)
    sheet, later = _sheet_of(code)
    normal = code_normalise(code)
    replayed = _replay(sheet, key)
    if replayed is not None:
        return replayed
    _check_usable(sheet, later=later)
    seats = _seats(sheet)
    seat = _check_seat(seat, seats)
    if phone_seat is not None:
        phone_seat = _check_seat(phone_seat, seats)
    fresh, replayed = _lock_or_replay(sheet, key=key, version=version)
    if replayed is not None:
        return replayed
    tournament = fresh.table.round.tournament
    games = list(Game.objects.filter(table_id=fresh.table_id).order_by("number"))
    positions = sorted(seats)
    target, allowed, scores = _scope(
        tournament=tournament,
        games=games,
        game_number=game_number,
        seats=positions,
        sheet=fresh,
    )
    if seat not in allowed:
        raise ResultError(
            _("A player of the other side accepts the result: %(names)s.")
            % {"names": _names(seats, allowed)},
            field="seat",
            code="not_opponent",
        )
    if proof_needed(tournament):
        _check_proof(fresh, seat=seat, name=seats[seat], personal_code=personal_code)
    _record(
        fresh,
        target=target,
        seat=seat,
        phone_seat=phone_seat,
        accepted=accepted,
        reason=reason,
        log={"code": normal, "key": key, "game": game_number, "scores": scores},
    )
    _confirm_when_accepted(fresh, tournament=tournament)
    return TableWrite(sheet=fresh, replayed=False)


def _lock_or_replay(sheet, *, key: str, version: int):
    """The sheet locked at ``version`` and open to a write, or the answer already
    given to this key (a phone sending again after a lost answer)."""
    try:
        fresh = sheet_lock(sheet=sheet, version=version, by=None)
    except SheetConflict:
        replayed = _replay(sheet, key)
        if replayed is not None:
            return None, replayed
        raise
    round_check_open(fresh)
    _check_usable(fresh, later=False)  # a later round: checked by the caller
    return fresh, None


def _confirm_when_accepted(fresh, *, tournament) -> None:
    """Confirm the sheet once every game is accepted, where the opponents'
    acceptance confirms (public at once)."""
    state = table_state_refresh(sheet=fresh, tournament=tournament)
    if (
        state == State.ACCEPTED
        and tournament.result_entry == Tournament.ResultEntry.TABLES_OPPONENTS
        and fresh.status == ScoreSheet.Status.ENTERED
    ):
        sheet_confirmed(sheet=fresh, by=None)
