"""Open a table's sheet by its code, and check what a phone sends.

The code printed on the table's score sheet is the only key. A deal from the table
is the desk's deal (:func:`scoring.services.commit.sheet_commit` locks, checks with
the engine and writes it, with ``by=None``) plus a :class:`TableSubmission`, which
is the sheet's history for table entry ("table code ABC234, seat 3") and the store
that keeps a resent write (same idempotency key) from counting twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from actionlog.services import action_record
from phones.models import TableCode, TableSubmission
from phones.services.codes import code_normalise
from scoring.models import ScoreSheet
from scoring.services.errors import ResultError
from tournaments.models import Round, Seat, Tournament
from tournaments.names import entry_name

State = ScoreSheet.TableState
Action = TableSubmission.Action


class TableCodeRefused(ResultError):
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
    """An integer the phone sent, or ResultError naming the field."""
    if isinstance(value, bool):
        value = None
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not low <= number <= high:
        raise ResultError(_("This value is not valid."), field=field, code=field)
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
        raise ResultError(
            _("Choose a player of this table."), field="seat", code="seat"
        )
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
    """Record a write from the table: its submission (the sheet's table-entry
    history and the resend guard) and its line in the action log, in the
    writing transaction."""
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
    _action_log(fresh, seat=seat, phone_seat=phone_seat, action=action, game=game)


# A table's write in the action log: its code (actionlog.actions).
_ACTIONS = {
    Action.DEAL: "table.written",
    Action.EDIT: "table.written",
    Action.DELETE: "table.written",
    Action.ACCEPT: "table.accepted",
    Action.REJECT: "table.rejected",
}


def _action_log(fresh, *, seat, phone_seat, action, game) -> None:
    table = fresh.table
    where = _("Game %(game)s") % {"game": game} if game else _("The whole table")
    who = _("seat %(seat)s") % {"seat": seat}
    if phone_seat is not None and phone_seat != seat:
        who = _("seat %(seat)s, on the phone of seat %(phone)s") % {
            "seat": seat,
            "phone": phone_seat,
        }
    action_record(
        by=None,
        action=_ACTIONS[action],
        tournament=table.round.tournament_id,
        target=fresh,
        target_text=f"{table.round} · {table}",
        note=f"{where}: {TableSubmission.Action(action).label} ({who})",
    )
