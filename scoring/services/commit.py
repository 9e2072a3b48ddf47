"""Save one copy of a score sheet: lock it, change it, check it, write it, audit it.

Every write to a sheet goes through :func:`sheet_commit`, inside the caller's
transaction: the versioned conditional UPDATE claims the sheet (optimistic
locking), the engine checks every touched game, and a confirmed sheet's change is
logged as a correction. A desk's write names its action (``log=``) and is filed
in the action log with only what changed (:func:`result_changes`); a table's
write names none, as it logs itself (``on_saved``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from manille.engine import GameScore, Rules
from scoring.models import DealRecord, GameTotal, ScoreSheet, TableEvent
from scoring.services.audit import (  # noqa: F401 - result_changes, sheet_log: named here
    _audit,
    _deal_log,
    _snapshots,
    result_changes,
    sheet_log,
)
from scoring.services.errors import ResultConflict, ResultError, SheetConflict
from scoring.services.inputs import (
    DealInput,
    GameInput,
    _check_totals,
    _game_result,
    score_inputs,
)
from scoring.services.table_state import table_cache_written, table_state_refresh
from tournaments.models import Game, Round, Tournament
from tournaments.selectors import hall_copy_refusal
from tournaments.services import tournament_touch

Mutation = Callable[[ScoreSheet, dict[int, Game], dict[int, GameInput]], set[int]]
# Told what a saved change did: the sheet, then the touched games before and after
# (``{"games": [...]}``, as a correction logs them).
Saved = Callable[[ScoreSheet, dict, dict], None]


# --------------------------------------------------------------------------- lock


def sheet_lock(*, sheet: ScoreSheet, version: int, by) -> ScoreSheet:
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
            raise ResultError(_("This score sheet does not exist."), code="missing")
        raise SheetConflict(current)
    fresh = ScoreSheet.objects.select_related(
        "table__round__tournament", "table__round__phase", "table__code"
    ).get(pk=sheet.pk)
    # The phones' polls answer from the cache: tell it once this commits.
    table_cache_written(sheet=fresh)
    return fresh


def round_check_open(sheet: ScoreSheet) -> None:
    rnd = sheet.table.round
    hall_copy = hall_copy_refusal(tournament=rnd.tournament)
    if hall_copy is not None:
        raise ResultConflict(hall_copy, code="hall_copy")
    if rnd.status == Round.Status.CLOSED:
        raise ResultConflict(
            _("Round %(number)s is closed: reopen it before changing its sheets.")
            % {"number": rnd.number},
            code="round_closed",
        )
    if rnd.status == Round.Status.DRAFT:
        raise ResultConflict(
            _("Round %(number)s is not published yet: publish the draw first.")
            % {"number": rnd.number},
            code="round_draft",
        )


def _check_may_write(
    fresh: ScoreSheet,
    *,
    tournament: Tournament,
    copy: int,
    by,
    confirmed: bool,
    reason: str,
) -> None:
    """Refuse a copy this director may not type now (double entry, confirmation)."""
    if copy == 2:
        if not tournament.double_entry:
            raise ResultError(
                _("This tournament does not use double entry."), code="copy"
            )
        if confirmed:
            raise ResultConflict(
                _("This sheet is confirmed: the second entry is closed."),
                code="confirmed",
            )
        if by is not None and fresh.entered_by_id == getattr(by, "pk", None):
            raise ResultConflict(
                _("The second entry must be typed by another director."),
                code="same_director",
            )
    elif (
        tournament.double_entry
        and by is not None
        and fresh.second_by_id == getattr(by, "pk", None)
    ):
        raise ResultConflict(
            _("You typed the second entry: another director types the first."),
            code="same_director",
        )
    if copy == 1 and confirmed and not reason:
        raise ResultError(
            _("This sheet is confirmed: give a reason for the correction."),
            field="reason",
            code="reason_required",
        )


# --------------------------------------------------------------------------- load


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


# --------------------------------------------------------------------------- write


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


def _save_deals(
    *,
    game: Game,
    new: GameInput,
    old_deals: list[DealInput],
    copy: int,
    tournament: Tournament,
    rules: Rules,
) -> GameScore:
    """Check a game's deals with the engine and write the deal rows that changed.

    ``new.deals`` is replaced by the deals as stored (side B filled in, card
    counts only where the tournament counts cards), which the audit trail and the
    game's result then read.
    """
    points, game_score = score_inputs(
        tournament=tournament,
        game_number=game.number,
        deals=new.deals,
        rules=rules,
    )
    counts_cards = tournament.entry_mode == Tournament.EntryMode.CARDS
    new.deals = [
        dataclasses.replace(
            d, points_a=a, points_b=b, cards_a=d.cards_a if counts_cards else None
        )
        for d, (a, b) in zip(new.deals, points, strict=True)
    ]
    rows = list(
        enumerate(zip(new.deals, points, game_score.deals, strict=True), start=1)
    )
    kept = len(old_deals)
    if new.deals[:kept] == old_deals:
        rows = rows[kept:]  # an appended deal: the rows before stand
    else:
        DealRecord.objects.filter(game_id=game.pk, copy=copy).delete()
    if rows:
        DealRecord.objects.bulk_create(
            [_record(game, copy, n, d, a, b, sc) for n, (d, (a, b), sc) in rows]
        )
    return game_score


def _save_totals(
    game: Game, totals: tuple[int, int] | None, old: tuple[int, int] | None, copy: int
) -> None:
    if totals != old:
        GameTotal.objects.filter(game_id=game.pk, copy=copy).delete()
    if totals is not None and totals != old:
        GameTotal.objects.create(
            game=game, copy=copy, score_a=totals[0], score_b=totals[1]
        )


def entry_mode_check(
    *,
    tournament: Tournament,
    deals: bool = False,
    totals: bool = False,
    game: int | None = None,
) -> None:
    """Refuse deals in a totals-only tournament, totals in a deal-by-deal one.

    The mode decides what a sheet stores: anything else would be dropped, yet
    mark the sheet entered and move its version.
    """
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        if deals:
            raise ResultError(
                _("This tournament enters game totals only, not deals."),
                game=game,
                code="mode",
            )
    elif totals:
        raise ResultError(
            _("This tournament enters results deal by deal, not as totals."),
            game=game,
            code="mode",
        )


def _save_game(
    *,
    game: Game,
    new: GameInput,
    old: GameInput,
    copy: int,
    tournament: Tournament,
    rules: Rules,
    events: list[TableEvent],
) -> None:
    """Check one touched game, write its copy and, for the first copy, its result."""
    entry_mode_check(
        tournament=tournament,
        deals=bool(new.deals),
        totals=new.totals is not None,
        game=game.number,
    )
    game_score = None
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        if new.totals is not None:
            _check_totals(new.totals, tournament, game.number)
    else:
        game_score = _save_deals(
            game=game,
            new=new,
            old_deals=old.deals,
            copy=copy,
            tournament=tournament,
            rules=rules,
        )
    _save_totals(game, new.totals, old.totals, copy)
    if copy == 1:
        result = _game_result(
            tournament=tournament,
            game_score=game_score,
            deals=new.deals,
            totals=new.totals,
            events=events,
            stopped=(game.decided_by_time, game.time_decision),
        )
        Game.objects.filter(pk=game.pk).update(**result)
        for name, value in result.items():  # the loaded game, as saved
            setattr(game, name, value)


def _mark_entered(fresh: ScoreSheet, *, copy: int, by) -> None:
    """Record who typed the sheet first (or its second copy), once."""
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


# --------------------------------------------------------------------------- commit


def sheet_commit(
    *,
    sheet: ScoreSheet,
    by,
    version: int,
    copy: int,
    reason: str,
    mutate: Mutation,
    events_changed: bool = False,
    on_saved: Saved | None = None,
    log: str | None = None,
) -> ScoreSheet:
    """Apply ``mutate`` to one copy of the sheet, check, save and audit it.

    Runs inside the caller's transaction. ``mutate`` changes the loaded state (and
    may write table events) and returns the ids of the games it touched.
    ``on_saved`` (a write from the table: its submission log) is told the touched
    games before and after. A change to the first copy of a sheet entered at its
    table deletes the touched games' acceptances and the table-wide one, and
    recomputes the sheet's table state.

    ``log``: the action log's code of a desk's write (``sheet.saved`` is filed as
    ``sheet.corrected`` on a confirmed sheet, with the games' results before and
    after); None for a write that logs itself (the table's, through
    ``on_saved``), so that no write is filed twice.
    """
    reason = (reason or "").strip()
    fresh = _sheet_open(sheet=sheet, version=version, copy=copy, by=by, reason=reason)
    tournament = fresh.table.round.tournament
    confirmed = fresh.status == ScoreSheet.Status.CONFIRMED

    games, state, old_events, old = _sheet_state(fresh, copy, tournament)
    touched = mutate(fresh, games, state)
    if not touched:
        return fresh
    events = old_events
    if events_changed and copy == 1:
        events = _load_events(list(games))
    rules = tournament.rules()
    # The results before, for a correction's log (the games are loaded: no query).
    scores = (
        {gid: (games[gid].score_a, games[gid].score_b) for gid in touched}
        if confirmed and copy == 1
        else None
    )
    for gid in sorted(touched, key=lambda i: games[i].number):
        _save_game(
            game=games[gid], new=state[gid], old=old[gid], copy=copy,
            tournament=tournament, rules=rules, events=events[gid],
        )  # fmt: skip
    _mark_entered(fresh, copy=copy, by=by)
    # What the write changed, in the shape the logs read it.
    change = {
        "games": games,
        "touched": touched,
        "old": old,
        "old_events": old_events,
        "state": state,
        "events": events,
    }
    entry = None
    if log is not None:
        action = "sheet.corrected" if confirmed and log == "sheet.saved" else log
        before, after = result_changes(**change, copy=copy, scores=scores)
        entry = sheet_log(
            sheet=fresh, by=by, action=action, before=before, after=after, note=reason
        )
    if copy == 1:
        _first_copy_written(
            fresh,
            tournament=tournament,
            by=by,
            reason=reason,
            confirmed=confirmed,
            entry=entry,
            on_saved=on_saved,
            snapshot=change,
        )
    return fresh


def _sheet_open(
    *, sheet: ScoreSheet, version: int, copy: int, by, reason: str
) -> ScoreSheet:
    """Lock the sheet and refuse a write to it now: an unknown copy, a round not
    open, a copy this director may not type (``reason``: stripped already)."""
    if copy not in (1, 2):
        raise ResultError(_("Unknown entry copy."), code="copy")
    fresh = sheet_lock(sheet=sheet, version=version, by=by)
    round_check_open(fresh)
    _check_may_write(
        fresh,
        tournament=fresh.table.round.tournament,
        copy=copy,
        by=by,
        confirmed=fresh.status == ScoreSheet.Status.CONFIRMED,
        reason=reason,
    )
    return fresh


def _sheet_state(fresh, copy: int, tournament):
    """The sheet's games by id, the copy's state (changed in place by a
    mutation), its table events, and the state as it was before."""
    # By number: the model's order (table, round) would join both for nothing.
    games = {
        g.id: g for g in Game.objects.filter(table_id=fresh.table_id).order_by("number")
    }
    totals_mode = tournament.entry_mode == Tournament.EntryMode.TOTALS
    state, old_events = _load_state(list(games.values()), copy, totals_mode)
    old = {gid: GameInput(list(state[gid].deals), state[gid].totals) for gid in games}
    return games, state, old_events, old


def _first_copy_written(
    fresh, *, tournament, by, reason, confirmed, entry, on_saved, snapshot
) -> None:
    """After a write to the first copy: a confirmed sheet's correction (and the
    public's version), the table's own log, the table state of a sheet entered at
    its table (``snapshot``: what :func:`~scoring.services.audit._snapshots` reads)."""
    at_table = on_saved is not None or fresh.table_state != ScoreSheet.TableState.NONE
    if not (confirmed or at_table):
        return
    before, after = _snapshots(**snapshot)
    if confirmed:
        _audit(fresh, by=by, reason=reason, before=before, after=after, entry=entry)
        tournament_touch(tournament=tournament)
    if on_saved is not None:
        on_saved(fresh, before, after)
    if at_table:
        table_state_refresh(
            sheet=fresh,
            tournament=tournament,
            games=snapshot["games"].values(),
            reset=snapshot["touched"],
        )


def _game_of(games: dict[int, Game], game: Game | int) -> Game:
    gid = game if isinstance(game, int) else game.pk
    if gid not in games:
        raise ResultError(_("This game is not played at this table."), code="game")
    return games[gid]
