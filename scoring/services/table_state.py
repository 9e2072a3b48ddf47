"""Keep a sheet's table state in step with its games and the opponents' acceptances.

Runs inside the caller's transaction, after the sheet is locked: by
:func:`scoring.services.commit.sheet_commit` whenever a game of a table-entered sheet
changes (at the table or at the desk), and by the table-entry services.

Every phone at a table polls its state every few seconds (``If-None-Match``), so
what the poll needs to answer "not modified" is kept in Django's shared cache,
keyed on the table's code (:class:`TableCached`): written after commit by every
write that claims a new version of the sheet (``commit.sheet_lock``, the one place
every write to a sheet goes through), read again from the database on a miss
(``table_cache_store``). The round's being open (a later round published, the
round closed) is trusted only while the tournament's public version has not
moved since it was checked: every service that opens or closes a round bumps it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.core.cache import cache
from django.db import transaction

from scoring.models import ScoreSheet
from scoring.table_entry import table_entry
from tournaments.models import Game, Round, Tournament
from tournaments.versioning import public_state_cached

__all__ = [
    "TABLE_CACHE_SECONDS",
    "TableCached",
    "table_cache_key",
    "table_cache_store",
    "table_cache_written",
    "table_cached",
    "table_state_compute",
    "table_state_refresh",
]

State = ScoreSheet.TableState


def _acceptances(
    sheet: ScoreSheet, reset: Iterable[int] | None
) -> dict[int | None, bool]:
    """The sheet's acceptances (game id, None for the table → accepted), in one
    query; ``reset``: the ids of games a change just touched, whose acceptances
    and the table-wide one are deleted first.

    A change after acceptance needs a new acceptance, while the table may still
    give one. A confirmed sheet's code writes nothing, so nobody could: a
    director's correction of it keeps the acceptances (the sheet stays accepted
    at its table, never "awaiting" what cannot come), and the correction, with
    its reason, is in the sheet's history after them.
    """
    rows = table_entry().acceptances(sheet_id=sheet.pk)
    if reset is not None and sheet.status != ScoreSheet.Status.CONFIRMED:
        touched = set(reset)
        gone = {pk for pk, game, _ok in rows if game is None or game in touched}
        if gone:
            table_entry().acceptances_delete(ids=gone)
            rows = [row for row in rows if row[0] not in gone]
    return {game: ok for _pk, game, ok in rows}


def table_state_compute(
    *,
    sheet: ScoreSheet,
    tournament: Tournament,
    involved: bool = True,
    games: Iterable[Game] | None = None,
    reset: Iterable[int] | None = None,
) -> str:
    """Return where the sheet stands at its table.

    ``DESK`` stays (only the desk gives a sheet back). Not ``involved`` (nothing
    came from the table): the desk's sheet, ``NONE``. Otherwise: ``DISPUTED``
    while a rejection stands; ``AWAITING`` while a finished game (game-by-game
    acceptance) or the finished table (one acceptance of the table) lacks an
    acceptance; ``ACCEPTED`` once every game is finished and accepted;
    ``ENTERING`` in between (a game still being played, nothing waiting).
    ``games``: the table's games as the caller has them up to date (else read).
    ``reset``: the games a change touched, whose acceptances go first
    (``_acceptances``).
    """
    accepted = _acceptances(sheet, reset) if reset is not None else None
    if sheet.table_state == State.DESK:
        return State.DESK
    if not involved:
        return State.NONE
    if games is None:
        games = list(
            Game.objects.filter(table_id=sheet.table_id)
            .order_by()
            .values_list("id", "finished")
        )
    else:
        games = [(g.id, g.finished) for g in games]
    if accepted is None:
        accepted = _acceptances(sheet, None)
    if not all(accepted.values()):
        return State.DISPUTED
    all_finished = bool(games) and all(finished for _id, finished in games)
    if tournament.acceptance == Tournament.Acceptance.TABLE:
        required = [None] if all_finished else []
    else:
        required = [gid for gid, finished in games if finished]
    if any(accepted.get(scope) is not True for scope in required):
        return State.AWAITING
    return State.ACCEPTED if all_finished else State.ENTERING


def table_state_refresh(
    *,
    sheet: ScoreSheet,
    tournament: Tournament,
    involved: bool = True,
    games: Iterable[Game] | None = None,
    reset: Iterable[int] | None = None,
) -> str:
    """Compute the sheet's table state and save it if it changed; return it.

    ``reset``: as for :func:`table_state_compute` (a change to these games).
    """
    state = table_state_compute(
        sheet=sheet, tournament=tournament, involved=involved, games=games, reset=reset
    )
    if state != sheet.table_state:
        ScoreSheet.objects.filter(pk=sheet.pk).update(table_state=state)
        sheet.table_state = state
    return state


# --------------------------------------------------------------------------- cache

# How long a cached entry lives without a write. Every write to the sheet writes it
# again at once; this only bounds how stale it can get where that write cannot
# reach: another process's own memory cache (locmem: use Redis with several
# processes), a change made around the services (the admin), or two writes racing
# in two processes. The pages poll every 2.5 s.
TABLE_CACHE_SECONDS = 10


class TableCached(NamedTuple):
    """What a table's poll needs to answer "not modified", small enough to cache."""

    sheet: int  # the sheet's id
    version: int  # the sheet's version as last committed
    language: str  # the tournament's language (the page speaks it)
    usable: bool  # the code may write (as far as the sheet and its round say)
    slug: str  # the tournament's, for its public version
    checked: int | None  # the tournament's version when the round was found open


def table_cache_key(code: str) -> str:
    return f"table-sheet:v1:{code}"


def _usable(sheet: ScoreSheet) -> bool:
    """What ``table_open`` checks that the loaded sheet tells without a query
    (all but a later round's being published)."""
    rnd = sheet.table.round
    tournament = rnd.tournament
    return (
        tournament.result_entry != Tournament.ResultEntry.DESK
        and tournament.entry_mode == Tournament.EntryMode.DEALS
        and rnd.status == Round.Status.PUBLISHED
        and sheet.status != ScoreSheet.Status.CONFIRMED
        and sheet.table_state != State.DESK
    )


def _entry(sheet: ScoreSheet, *, usable: bool, checked: int | None) -> tuple:
    tournament = sheet.table.round.tournament
    return tuple(
        TableCached(
            sheet.pk,
            sheet.version,
            tournament.language or "",
            usable,
            tournament.slug,
            checked if usable else None,
        )
    )


def table_cache_store(*, code: str, sheet: ScoreSheet) -> None:
    """Cache what the database just said of a usable sheet (``table_open``'s).

    Never over a newer version a write has stored meanwhile.
    """
    key = table_cache_key(code)
    tournament = sheet.table.round.tournament
    # Warm the tournament's public state, which the next poll compares with.
    public_state_cached(slug=tournament.slug)
    entry = _entry(sheet, usable=_usable(sheet), checked=tournament.version)
    found = cache.get(key)
    if found is None:
        cache.add(key, entry, TABLE_CACHE_SECONDS)
    elif TableCached(*found).version <= sheet.version:
        cache.set(key, entry, TABLE_CACHE_SECONDS)


def _after_commit(code: str, sheet: ScoreSheet, checked: int | None) -> None:
    """Store the sheet as its transaction committed it (its fields as the services
    left them in memory). ``checked``: the round's check of the entry the write
    found (the tournament's version when the round was found open), carried
    over, so the phones' next polls are answered from the cache at once."""
    key = table_cache_key(code)
    found = cache.get(key)
    if found is not None:
        found = TableCached(*found)
        if found.sheet == sheet.pk and found.version > sheet.version:
            return  # a later write stored already
        if found.sheet == sheet.pk and found.usable and found.checked is not None:
            checked = found.checked
    cache.set(
        key, _entry(sheet, usable=_usable(sheet), checked=checked), TABLE_CACHE_SECONDS
    )


def table_cache_written(*, sheet: ScoreSheet) -> None:
    """After the current transaction commits, cache the sheet's new version.

    ``sheet`` is the locked sheet, loaded with its table's code (if any), round
    and tournament; the services change it in memory as they save it. The entry
    is dropped at once as well: until the commit a poll asks the database (and
    what it stores meanwhile, the old version, the commit overwrites). The
    round's check of the entry dropped goes over to the new one.
    """
    code = getattr(sheet.table, "code", None)
    if code is None:
        return
    key = table_cache_key(code.code)
    found = cache.get(key)
    checked = None
    if found is not None:
        found = TableCached(*found)
        if found.sheet == sheet.pk and found.usable:
            checked = found.checked
    cache.delete(key)
    transaction.on_commit(lambda: _after_commit(code.code, sheet, checked))


def table_cached(*, code: str) -> TableCached | None:
    """The cached state of a usable table, if it is known to be current.

    None when the cache has no entry, the sheet may not be written, or the
    tournament's public version moved since the round was found open (the caller
    then asks the database, ``table_open``, and stores what it read).
    """
    found = cache.get(table_cache_key(code))
    if found is None:
        return None
    found = TableCached(*found)
    if not found.usable or found.checked is None:
        return None
    public = public_state_cached(slug=found.slug)
    if public is None or public.version != found.checked:
        return None
    return found
