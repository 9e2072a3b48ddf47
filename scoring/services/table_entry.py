"""Enter a table's deals from a phone at the table, and the opponents' acceptance.

The code printed on the table's score sheet is the only key. A deal from the table
is the desk's deal (:func:`scoring.services.commit._commit` locks, checks with the
engine and writes it, with ``by=None``) plus a :class:`TableSubmission`, which is
the sheet's history for table entry ("table code ABC234, seat 3") and the store
that keeps a resent write (same idempotency key) from counting twice.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.validators import validate_text
from scoring.models import (
    Acceptance,
    ScoreSheet,
    TableCode,
    TableSubmission,
)
from scoring.selectors.table_entry import (
    last_enterers,
    may_accept_game,
    may_accept_table,
)
from scoring.services.commit import _check_round_open, _commit, _lock
from scoring.services.errors import EntryConflict, EntryError, SheetConflict
from scoring.services.inputs import DealInput
from scoring.services.keys import key_check
from scoring.services.table_state import table_state_compute, table_state_refresh
from tournaments.models import Game, Round, Seat, Table, Tournament
from tournaments.names import entry_name
from tournaments.services import tournament_touch

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "TableCodeRefused",
    "TableWrite",
    "code_normalise",
    "sheet_give_back",
    "sheet_take_over",
    "table_accept",
    "table_codes_ensure",
    "table_deal_delete",
    "table_deal_save",
    "table_open",
]

# No 0/O, 1/I/L: nothing a player can misread on the printed sheet.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
_SEPARATORS = re.compile(r"[\s\-–—_.]+")
State = ScoreSheet.TableState
Action = TableSubmission.Action


class TableCodeRefused(EntryError):
    """A code that may not be used now; ``code`` says why.

    ``unknown`` (no such table: 404), ``round_not_open`` (a draft, a closed round,
    or a later round is published), ``desk_only`` (the tournament's results are
    entered at the desk), ``mode`` (not entered deal by deal), ``confirmed``,
    ``taken_over`` (a director took the sheet over). ``sheet`` is the sheet
    behind the code when it may still be shown read-only (else None).

    The message is kept untranslated (a lazy string and its ``values``) and
    :attr:`text` translates it when read: the view learns the page's language
    (the tournament's) only from the sheet this refusal carries.
    """

    def __init__(self, message, *, code: str, sheet=None, values=None) -> None:
        super().__init__(message, code=code)
        self.sheet = sheet
        self.values = values or {}
        self.status = 404 if code == "unknown" else 403

    @property
    def text(self) -> str:
        """The message in the language active now."""
        return str(self.message) % self.values if self.values else str(self.message)

    def __str__(self) -> str:
        return self.text


@dataclass
class TableWrite:
    """What a write from the table left: the sheet, and whether it was a resend
    (``replayed``: the key was seen before and nothing was saved)."""

    sheet: ScoreSheet
    replayed: bool


# --------------------------------------------------------------------------- codes


def code_normalise(raw) -> str:
    """Return a typed code as stored: spaces and dashes gone, upper case.

    "" when it cannot be a code (not six characters of the alphabet).
    """
    if not isinstance(raw, str) or len(raw) > 40:
        return ""
    code = _SEPARATORS.sub("", raw).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return ""
    return code


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def table_codes_ensure(*, round: Round) -> dict[int, str]:  # noqa: A002
    """Return ``{table number: code}`` for every table of the round, making the
    missing codes (random, unique over every round of every tournament).

    Safe against a concurrent call: a code taken meanwhile (or a table coded by
    the other call) breaks the unique constraints, and the missing ones are read
    and made again.
    """
    for _attempt in range(10):
        tables = list(
            Table.objects.filter(round=round).select_related("code").order_by("number")
        )
        codes = {}
        missing = []
        for table in tables:
            found = getattr(table, "code", None)
            if found is None:
                missing.append(table)
            else:
                codes[table.number] = found.code
        if not missing:
            return codes
        made = [TableCode(table=t, code=_new_code()) for t in missing]
        if len({m.code for m in made}) != len(made):
            continue
        try:
            with transaction.atomic():
                TableCode.objects.bulk_create(made)
        except IntegrityError:
            continue
        codes.update({m.table.number: m.code for m in made})
        return dict(sorted(codes.items()))
    raise RuntimeError(f"could not make unique table codes for round {round.pk}")


def _sheet_of(code: str) -> tuple[ScoreSheet, bool]:
    """The sheet behind a code, and whether a later round of its tournament is
    under way (published or closed), in one query; or TableCodeRefused("unknown").
    """
    normal = code_normalise(code)
    later = Round.objects.filter(
        tournament_id=OuterRef("table__round__tournament_id"),
        number__gt=OuterRef("table__round__number"),
    ).exclude(status=Round.Status.DRAFT)
    found = (
        TableCode.objects.select_related("table__round__tournament", "table__sheet")
        .annotate(later=Exists(later))
        .filter(code=normal)
        .first()
        if normal
        else None
    )
    if found is None:
        raise TableCodeRefused(
            gettext_lazy(
                "No table has this code. Check the code printed on your table's "
                "score sheet."
            ),
            code="unknown",
        )
    table = found.table
    sheet = getattr(table, "sheet", None)
    if sheet is None:
        sheet, _created = ScoreSheet.objects.get_or_create(table=table)
        sheet.table = table
    return sheet, found.later


def _check_usable(sheet: ScoreSheet, *, later: bool | None = None) -> None:
    """Refuse a sheet its table's code may not write now.

    ``later``: whether a later round is under way, as read already in this
    request (``_sheet_of``); None asks the database. The sheet's lock does not
    order it against a round's publication, so asking again under the lock
    adds nothing.
    """
    rnd = sheet.table.round
    tournament = rnd.tournament
    if tournament.result_entry == Tournament.ResultEntry.DESK:
        raise TableCodeRefused(
            gettext_lazy(
                "In this tournament the results are entered at the desk only."
            ),
            code="desk_only",
        )
    if tournament.entry_mode != Tournament.EntryMode.DEALS:
        raise TableCodeRefused(
            gettext_lazy(
                "This tournament does not enter card points deal by deal: its "
                "results are entered at the desk."
            ),
            code="mode",
        )
    if rnd.status == Round.Status.DRAFT:
        raise TableCodeRefused(
            gettext_lazy("Round %(number)s is not published yet."),
            values={"number": rnd.number},
            code="round_not_open",
        )
    if rnd.status == Round.Status.CLOSED:
        raise TableCodeRefused(
            gettext_lazy(
                "Round %(number)s is closed: no more results are entered here."
            ),
            values={"number": rnd.number},
            code="round_not_open",
            sheet=sheet,
        )
    if later is None:
        later = (
            Round.objects.filter(tournament_id=tournament.pk, number__gt=rnd.number)
            .exclude(status=Round.Status.DRAFT)
            .exists()
        )
    if later:
        raise TableCodeRefused(
            gettext_lazy(
                "This code was for round %(number)s; a later round is under way. "
                "Use the code on your new table's score sheet."
            ),
            values={"number": rnd.number},
            code="round_not_open",
            sheet=sheet,
        )
    if sheet.status == ScoreSheet.Status.CONFIRMED:
        raise TableCodeRefused(
            gettext_lazy(
                "This table's result is confirmed: it can no longer change here."
            ),
            code="confirmed",
            sheet=sheet,
        )
    if sheet.table_state == State.DESK:
        raise TableCodeRefused(
            gettext_lazy(
                "A director has taken this table's score sheet over: ask the desk "
                "for any change."
            ),
            code="taken_over",
            sheet=sheet,
        )


def table_open(*, code: str) -> ScoreSheet:
    """Return the sheet behind a code if the table may enter on it now.

    Otherwise raise :class:`TableCodeRefused`; its ``code`` distinguishes the
    cases, and its ``sheet`` is set where the table may still be shown read-only.
    """
    sheet, later = _sheet_of(code)
    _check_usable(sheet, later=later)
    return sheet


# --------------------------------------------------------------------------- checks


def _number(value, field: str, *, low: int = 0, high: int = 10**9) -> int:
    """An integer the phone sent, or EntryError naming the field."""
    if isinstance(value, bool):
        value = None
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not low <= number <= high:
        raise EntryError(_("This value is not valid."), field=field, code=field)
    return number


def _seats(sheet: ScoreSheet) -> dict[int, str]:
    """The table's seats (position → name)."""
    return {
        seat.position: entry_name(seat.entry)
        for seat in Seat.objects.filter(table_id=sheet.table_id).select_related(
            "entry__player", "entry__team"
        )
    }


def _positions_and_key(sheet: ScoreSheet, key: str) -> tuple[set[int], bool]:
    """The table's seat positions (no names: a deal needs no more) and whether a
    write with this key was saved already, in one query."""
    rows = list(
        Seat.objects.filter(table_id=sheet.table_id)
        .order_by()
        .annotate(
            seen=Exists(TableSubmission.objects.filter(sheet_id=sheet.pk, key=key))
        )
        .values_list("position", "seen")
    )
    return {position for position, _seen in rows}, any(seen for _p, seen in rows)


def _check_seat(seat, seats: dict[int, str] | set[int]) -> int:
    number = _number(seat, "seat", low=1, high=4)
    if number not in seats:
        raise EntryError(_("Choose a player of this table."), field="seat", code="seat")
    return number


def _replay(sheet: ScoreSheet, key: str, *, seen: bool | None = None):
    """A resent write (its key is known): the sheet as it is, nothing saved; None
    for a new key. ``seen``: whether the key is known, if the caller asked."""
    if seen is None:
        seen = TableSubmission.objects.filter(sheet_id=sheet.pk, key=key).exists()
    if seen:
        current = ScoreSheet.objects.select_related("table__round__tournament").get(
            pk=sheet.pk
        )
        return TableWrite(sheet=current, replayed=True)
    return None


def _log(
    fresh: ScoreSheet,
    *,
    code: str,
    seat: int,
    phone_seat: int | None,
    key: str,
    action: str,
    game: int | None,
    before: dict | None,
    after: dict | None,
    reason: str = "",
) -> None:
    TableSubmission.objects.create(
        sheet=fresh,
        key=key,
        code=code,
        seat=seat,
        phone_seat=phone_seat,
        action=action,
        game=game,
        before=before,
        after=after,
        reason=reason,
        version=fresh.version,
    )


def _game_by_number(games: dict[int, Game], number: int) -> Game:
    for game in games.values():
        if game.number == number:
            return game
    raise EntryError(
        _("This table has no game %(number)s.") % {"number": number},
        field="game",
        code="game",
    )


def _no_such_deal(game: Game, number: int) -> EntryError:
    return EntryError(
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
    """One deal change from the table, through ``_commit``: lock, check, write, log.

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
        fresh = _commit(
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
        raise EntryError(_("Choose the trump."), field="trump", code="trump")
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


# --------------------------------------------------------------------------- accept


def _clean_reason(reason) -> str:
    reason = (reason if isinstance(reason, str) else "").strip()
    try:
        validate_text(reason)
        MaxLengthValidator(500)(reason)
    except ValidationError as exc:
        message = exc.messages[0] if exc.messages else _("This value is not valid.")
        raise EntryError(message, field="reason", code="reason") from exc
    return reason


def _names(seats: dict[int, str], allowed: list[int]) -> str:
    return ", ".join(seats[s] for s in allowed if s in seats)


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
) -> TableWrite:
    """Accept (or reject, ``accepted=False``) a finished game, or the whole table
    (``game=None``) when the tournament accepts the table at once.

    ``seat`` is the player who accepts, who must be an opponent of whoever
    entered the deals; ``phone_seat`` the seat whose phone was handed over to
    them (any seat of the table, the winners' own included; None: not said, as
    the page before the hand-over sent it). Both are recorded. A rejection marks
    the table disputed; a later acceptance of the same scope replaces it. Once
    every game is finished and accepted the sheet is accepted, and where the
    opponents' acceptance confirms, confirmed (public at once).
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
    try:
        fresh = _lock(sheet=sheet, version=version, by=None)
    except SheetConflict:
        replayed = _replay(sheet, key)
        if replayed is not None:
            return replayed
        raise
    _check_round_open(fresh)
    _check_usable(fresh, later=False)  # a later round: checked above
    tournament = fresh.table.round.tournament
    games = list(Game.objects.filter(table_id=fresh.table_id).order_by("number"))
    per_game, last = last_enterers(sheet=fresh)
    positions = sorted(seats)
    if tournament.acceptance == Tournament.Acceptance.TABLE:
        if game_number is not None:
            raise EntryError(
                _("In this tournament the opponents accept the whole table at once."),
                field="game",
                code="scope",
            )
        if not games or not all(g.finished for g in games):
            raise EntryConflict(
                _("The table's games are not all finished yet."),
                field="game",
                code="unfinished",
            )
        target = None
        allowed = may_accept_table(games=games, seats=positions, enterer=last)
        scores = [{"number": g.number, "score": [g.score_a, g.score_b]} for g in games]
    else:
        if game_number is None:
            raise EntryError(
                _("In this tournament the opponents accept each game when it ends."),
                field="game",
                code="scope",
            )
        target = next((g for g in games if g.number == game_number), None)
        if target is None:
            raise EntryError(
                _("This table has no game %(number)s.") % {"number": game_number},
                field="game",
                code="game",
            )
        if not target.finished:
            raise EntryConflict(
                _("Game %(number)s is not finished yet.") % {"number": game_number},
                field="game",
                code="unfinished",
            )
        allowed = may_accept_game(
            game=target, seats=positions, enterer=per_game.get(game_number)
        )
        scores = [{"number": target.number, "score": [target.score_a, target.score_b]}]
    if seat not in allowed:
        raise EntryError(
            _("A player of the other side accepts the result: %(names)s.")
            % {"names": _names(seats, allowed)},
            field="seat",
            code="not_opponent",
        )
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
        code=normal,
        seat=seat,
        phone_seat=phone_seat,
        key=key,
        action=Action.ACCEPT if accepted else Action.REJECT,
        game=game_number,
        before=None,
        after={"games": scores},
        reason=reason,
    )
    state = table_state_refresh(sheet=fresh, tournament=tournament)
    if (
        state == State.ACCEPTED
        and tournament.result_entry == Tournament.ResultEntry.TABLES_OPPONENTS
        and fresh.status == ScoreSheet.Status.ENTERED
    ):
        fresh.status = ScoreSheet.Status.CONFIRMED
        fresh.confirmed_by = None
        fresh.confirmed_at = timezone.now()
        fresh.save(update_fields=["status", "confirmed_by", "confirmed_at"])
        tournament_touch(tournament=tournament)
    return TableWrite(sheet=fresh, replayed=False)


# --------------------------------------------------------------------------- desk


@transaction.atomic
def sheet_take_over(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Take a sheet over at the desk: the table's code no longer writes on it.

    The desk edits it as any other sheet (it always may); give it back to let
    the table enter and accept again.
    """
    fresh = _lock(sheet=sheet, version=version, by=by)
    _check_round_open(fresh)
    if fresh.table_state != State.DESK:
        ScoreSheet.objects.filter(pk=fresh.pk).update(table_state=State.DESK)
        fresh.table_state = State.DESK
    return fresh


@transaction.atomic
def sheet_give_back(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Give a taken-over sheet back to its table: its state is read again from
    its games and acceptances (the desk's own sheet if the table never wrote)."""
    fresh = _lock(sheet=sheet, version=version, by=by)
    _check_round_open(fresh)
    if fresh.table_state != State.DESK:
        return fresh
    involved = (
        TableSubmission.objects.filter(sheet=fresh).exists()
        or Acceptance.objects.filter(sheet=fresh).exists()
    )
    fresh.table_state = State.NONE
    state = table_state_compute(
        sheet=fresh, tournament=fresh.table.round.tournament, involved=involved
    )
    ScoreSheet.objects.filter(pk=fresh.pk).update(table_state=state)
    fresh.table_state = state
    return fresh
