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

from actionlog.models import ActionEntry
from actionlog.services import action_record
from manille.engine import GameScore, Rules
from scoring.models import Correction, DealRecord, GameTotal, ScoreSheet, TableEvent
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


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(DealInput)}
_ALWAYS = {"trump", "points_a", "points_b"}


def _deal_log(deal: DealInput) -> dict:
    """A deal as the logs keep it: the trump, the points and what is not default."""
    return {
        k: v
        for k, v in dataclasses.asdict(deal).items()
        if k in _ALWAYS or v != _DEFAULTS[k]
    }


def _event_log(event: TableEvent) -> dict:
    return {
        "kind": event.kind,
        "side": event.side,
        "points": event.points,
        "reason": event.reason,
    }


def _snapshot_game(game: Game, state: GameInput, events: list[TableEvent]) -> dict:
    return {
        "number": game.number,
        "deals": [_deal_log(d) for d in state.deals],
        "totals": list(state.totals) if state.totals else None,
        "events": [_event_log(e) for e in events],
    }


def _changed_span(old: list, new: list) -> tuple[int, int, int]:
    """Return where two lists differ: the common head's length, then the ends of
    the differing middles of ``old`` and ``new`` (an append: nothing of ``old``)."""
    head = 0
    while head < len(old) and head < len(new) and old[head] == new[head]:
        head += 1
    old_end, new_end = len(old), len(new)
    while old_end > head and new_end > head and old[old_end - 1] == new[new_end - 1]:
        old_end, new_end = old_end - 1, new_end - 1
    return head, old_end, new_end


def result_changes(
    *,
    games: dict[int, Game],
    touched: set[int],
    old: dict[int, GameInput],
    state: dict[int, GameInput],
    old_events: dict[int, list[TableEvent]],
    events: dict[int, list[TableEvent]],
    copy: int = 1,
    scores: dict[int, tuple[int, int]] | None = None,
) -> tuple[dict, dict]:
    """Return what a write changed on the touched games, as the action log keeps it.

    Flat keys, so that the log keeps only the keys whose values differ:
    ``g2.d5`` deal 5 of game 2 (by its place, before and after), ``g2.totals``
    a game's typed total, ``g2.e1`` its first table event, ``g2.score`` its
    result (given ``scores``, the results before: a correction's), and ``c2.``
    before all of them for the second director's copy. Only the deals between
    the first and the last that differ are read: a deal added is one key.
    """
    before: dict = {}
    after: dict = {}
    copy_prefix = "" if copy == 1 else f"c{copy}."
    for gid in sorted(touched, key=lambda i: games[i].number):
        game = games[gid]
        key = f"{copy_prefix}g{game.number}."
        old_deals, new_deals = old[gid].deals, state[gid].deals
        head, old_end, new_end = _changed_span(old_deals, new_deals)
        for n in range(head, old_end):
            before[f"{key}d{n + 1}"] = _deal_log(old_deals[n])
        for n in range(head, new_end):
            after[f"{key}d{n + 1}"] = _deal_log(new_deals[n])
        if old[gid].totals != state[gid].totals:
            if old[gid].totals is not None:
                before[f"{key}totals"] = list(old[gid].totals)
            if state[gid].totals is not None:
                after[f"{key}totals"] = list(state[gid].totals)
        was, now = old_events.get(gid, []), events.get(gid, [])
        if was is not now:
            ids = {e.pk for e in now}
            kept = {e.pk for e in was}
            for n, e in enumerate(was, start=1):
                if e.pk not in ids:
                    before[f"{key}e{n}"] = _event_log(e)
            for n, e in enumerate(now, start=1):
                if e.pk not in kept:
                    after[f"{key}e{n}"] = _event_log(e)
        if scores is not None and scores[gid] != (game.score_a, game.score_b):
            before[f"{key}score"] = list(scores[gid])
            after[f"{key}score"] = [game.score_a, game.score_b]
    return before, after


def sheet_log(
    *,
    sheet: ScoreSheet,
    by,
    action: str,
    before: dict | None = None,
    after: dict | None = None,
    note: str = "",
) -> ActionEntry | None:
    """File a desk's write to ``sheet`` (locked, its table and round loaded) in the
    action log: one INSERT, nothing read. Given ``before`` and ``after``, a write
    that changed nothing is not filed (None)."""
    table = sheet.table
    return action_record(
        by=by,
        action=action,
        tournament=table.round.tournament_id,
        target=sheet,
        target_text=f"{table.round} · {table}",
        before=before,
        after=after,
        note=note,
    )


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


def _snapshots(
    *,
    games: dict[int, Game],
    touched: set[int],
    old: dict[int, GameInput],
    old_events: dict[int, list[TableEvent]],
    state: dict[int, GameInput],
    events: dict[int, list[TableEvent]],
) -> tuple[dict, dict]:
    """Return the touched games before and after a change, by game number."""
    order = sorted(touched, key=lambda gid: games[gid].number)
    before = {"games": [_snapshot_game(games[g], old[g], old_events[g]) for g in order]}
    after = {"games": [_snapshot_game(games[g], state[g], events[g]) for g in order]}
    return before, after


def _audit(
    fresh: ScoreSheet,
    *,
    by,
    reason: str,
    before: dict,
    after: dict,
    entry: ActionEntry | None,
) -> None:
    """Log a confirmed sheet's change: the touched games before and after.

    Its action log ``entry`` takes the correction's time, so that the copy of
    the corrections made before the log (actionlog 0002) knows it has one.
    """
    correction = Correction.objects.create(
        sheet=fresh, by=by, before=before, after=after, reason=reason
    )
    if entry is not None:
        ActionEntry.objects.filter(pk=entry.pk).update(at=correction.at)


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
    if copy not in (1, 2):
        raise ResultError(_("Unknown entry copy."), code="copy")
    fresh = sheet_lock(sheet=sheet, version=version, by=by)
    round_check_open(fresh)
    tournament = fresh.table.round.tournament
    reason = (reason or "").strip()
    confirmed = fresh.status == ScoreSheet.Status.CONFIRMED
    _check_may_write(
        fresh,
        tournament=tournament,
        copy=copy,
        by=by,
        confirmed=confirmed,
        reason=reason,
    )

    # By number: the model's order (table, round) would join both for nothing.
    games = {
        g.id: g for g in Game.objects.filter(table_id=fresh.table_id).order_by("number")
    }
    totals_mode = tournament.entry_mode == Tournament.EntryMode.TOTALS
    state, old_events = _load_state(list(games.values()), copy, totals_mode)
    # What the copy said before ``mutate``, which changes ``state`` in place.
    old = {gid: GameInput(list(state[gid].deals), state[gid].totals) for gid in games}
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
            game=games[gid],
            new=state[gid],
            old=old[gid],
            copy=copy,
            tournament=tournament,
            rules=rules,
            events=events[gid],
        )
    _mark_entered(fresh, copy=copy, by=by)
    entry = None
    if log is not None:
        log_before, log_after = result_changes(
            games=games,
            touched=touched,
            old=old,
            state=state,
            old_events=old_events,
            events=events,
            copy=copy,
            scores=scores,
        )
        entry = sheet_log(
            sheet=fresh,
            by=by,
            action="sheet.corrected" if confirmed and log == "sheet.saved" else log,
            before=log_before,
            after=log_after,
            note=reason,
        )
    if copy != 1:
        return fresh
    at_table = on_saved is not None or fresh.table_state != ScoreSheet.TableState.NONE
    if confirmed or at_table:
        before, after = _snapshots(
            games=games,
            touched=touched,
            old=old,
            old_events=old_events,
            state=state,
            events=events,
        )
        if confirmed:
            _audit(fresh, by=by, reason=reason, before=before, after=after, entry=entry)
            tournament_touch(tournament=tournament)
        if on_saved is not None:
            on_saved(fresh, before, after)
        if at_table:
            table_state_refresh(
                sheet=fresh, tournament=tournament, games=games.values(), reset=touched
            )
    return fresh


def _game_of(games: dict[int, Game], game: Game | int) -> Game:
    gid = game if isinstance(game, int) else game.pk
    if gid not in games:
        raise ResultError(_("This game is not played at this table."), code="game")
    return games[gid]
