"""Keep the records of a write to a sheet: the action log's entry, a confirmed
sheet's correction and the games' snapshots both are made of."""

from __future__ import annotations

import dataclasses

from actionlog.models import ActionEntry
from actionlog.services import action_record
from scoring.models import Correction, ScoreSheet, TableEvent
from scoring.services.inputs import DealInput, GameInput
from tournaments.models import Game

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
