"""Bump a tournament's public version once the change the public sees is committed.

The version is the ETag and cache key of the live pages, the API and the version
endpoint open pages poll. Every service that changes what the public sees calls
``tournament_touch``; nothing else writes the version.

Why after commit: the bump is what tells readers to fetch again, so it must not be
seen before the data it announces, and a rolled-back transaction bumps nothing (a
savepoint rolled back inside a committed transaction may leave a harmless extra bump).
Several bumps in one transaction become one ``UPDATE`` (one bump per tournament).

The version endpoint is polled every few seconds by every open page, so each
tournament is kept in Django's shared cache, keyed on its slug, and written again
by every bump: a poll, or a page's ETag, costs no query while it is warm.
"""

import time
from collections.abc import Iterable
from typing import NamedTuple

from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Q

from clubs.models import Club, Player, Team
from core.cachekeys import key_part
from tournaments.models import Entry, Tournament


class _Batch:
    """The tournaments to bump when the current transaction commits."""

    def __init__(self, using: str | None) -> None:
        self.using = using
        self.ids: set[int] = set()


class _Flush:
    """An on-commit callback: bump what its batch holds (once: it empties it).

    Every touch registers one, so the first to run bumps all the batch's
    tournaments in one ``UPDATE`` and the others find nothing left to do.
    """

    def __init__(self, batch: _Batch) -> None:
        self.batch = batch

    def __call__(self) -> None:
        ids, self.batch.ids = self.batch.ids, set()
        if ids:
            bumped = Tournament.objects.using(self.batch.using).filter(pk__in=ids)
            bumped.update(version=F("version") + 1)
            _tournaments_cache(bumped)


# ------------------------------------------------- the tournament as last committed

# How long a cached tournament may live without a bump. Every bump writes it again
# at once; this only bounds how stale it can get where that write cannot reach:
# another process's own memory cache (locmem: use Redis with several processes), a
# save that bumps nothing, or two bumps of one tournament racing in two processes.
TOURNAMENT_CACHE_SECONDS = 2


def tournament_cache_key(slug: str) -> str:
    # key_part: a slug typed into an address may be any length (issue 23).
    return f"tournament:{key_part(slug)}"


def version_cache_key(slug: str) -> str:
    # "v2": the state holds the language since; a process still running the old
    # code never reads a tuple of the new shape, nor the new code an old one.
    return f"tournament-state:v2:{key_part(slug)}"


class PublicState(NamedTuple):
    """What the polled public answers of a tournament need, small enough to cache."""

    version: int
    listed: bool
    key: str  # public_state(): what every public answer depends on
    language: str  # the tournament's default language for its public pages


def public_state(tournament: Tournament) -> str:
    """Return what every public answer of a tournament depends on, as one string.

    The version moves on every change the public sees; the tiebreak order and the
    bye settings are in it as well, so an answer never outlives them even when they
    are changed around the services (the admin).
    """
    return "|".join(
        str(p)
        for p in (
            tournament.pk,
            tournament.version,
            tournament.tiebreaks,
            tournament.bye_score,
            tournament.bye_points,
            tournament.bye_wins,
        )
    )


def _state_of(tournament: Tournament) -> PublicState:
    return PublicState(
        tournament.version,
        tournament.is_public,
        public_state(tournament),
        tournament.language or "",
    )


# Every phone polls the state every few seconds: each app process keeps what it
# read for half a second, so a burst of polls reads the shared cache (Redis: a
# round trip) once. Another process's bump shows here at most that much later
# (the pages poll every 2.5 s); this process's own bumps and saves at once.
LOCAL_STATE_SECONDS = 0.5
_local_states: dict[str, tuple[float, "PublicState"]] = {}


def local_states_forget() -> None:
    """Forget every state this process keeps (tests that empty the cache)."""
    _local_states.clear()


def _tournaments_cache(tournaments) -> None:
    """Write these tournaments (and their versions) to the cache, as just committed."""
    values = {}
    now = time.monotonic()
    for t in tournaments:
        values[tournament_cache_key(t.slug)] = t
        values[version_cache_key(t.slug)] = tuple(_state_of(t))
        _local_states[t.slug] = (now, _state_of(t))
    cache.set_many(values, TOURNAMENT_CACHE_SECONDS)


def tournament_cached(*, slug: str) -> Tournament | None:
    """Return the tournament ``slug`` with its current version, or None if none.

    For the public pages polled by every phone in the hall: from the shared cache
    while it is warm (no query), else one indexed query. A reader only ``add``s
    what it read, so it never overwrites a newer version a bump has just written.
    Who may read it is the caller's business: an unlisted tournament is for its
    directors only (``tournaments.selectors.tournament_for_reader``).
    """
    key = tournament_cache_key(slug)
    found = cache.get(key)
    if found is None:
        found = Tournament.objects.filter(slug=slug).first()
        if found is None:
            return None
        cache.add(key, found, TOURNAMENT_CACHE_SECONDS)
    return found


def tournament_forget(sender=None, *, instance: Tournament, **kwargs) -> None:
    """Drop a saved or deleted tournament from the cache (post_save, post_delete).

    Only a cache refresh, no rule: a change made around the services (the admin,
    a script) must not leave a reader the old settings, nor an unlisted tournament
    open, for the cache's lifetime.
    """
    _local_states.pop(instance.slug, None)
    cache.delete_many(
        [tournament_cache_key(instance.slug), version_cache_key(instance.slug)]
    )


def public_state_cached(*, slug: str) -> PublicState | None:
    """Return the public state of the tournament ``slug``, or None if there is none.

    What the version poll and the live pages' ETags need, kept beside the cached
    tournament as a small tuple: every phone in the hall polls it, and a tuple reads
    from the cache several times faster than a model instance. Kept in this process
    for ``LOCAL_STATE_SECONDS`` too.
    """
    now = time.monotonic()
    kept = _local_states.get(slug)
    if kept is not None and now - kept[0] < LOCAL_STATE_SECONDS:
        return kept[1]
    key = version_cache_key(slug)
    state = cache.get(key)
    if state is None:
        found = tournament_cached(slug=slug)
        if found is None:
            return None
        state = tuple(_state_of(found))
        cache.add(key, state, TOURNAMENT_CACHE_SECONDS)
    state = PublicState(*state)
    _local_states[slug] = (now, state)
    return state


def _live_batch(connection) -> _Batch | None:
    """Return the batch of the open transaction, if one of its callbacks is pending.

    A rollback (of the transaction, or of every savepoint that registered one of
    its callbacks) drops them from ``run_on_commit``: their changes are undone, so
    their batch is dropped too.
    """
    batch = getattr(connection, "_tournament_bumps", None)
    if batch is None or not connection.in_atomic_block:
        return None
    for item in connection.run_on_commit:  # (savepoint ids, callback, robust)
        if getattr(item[1], "batch", None) is batch:
            return batch
    return None


def tournaments_touch(*, tournament_ids: Iterable[int], using: str | None = None):
    """Bump the version of these tournaments after the current transaction commits.

    Outside a transaction the bump happens at once.
    """
    ids = {pk for pk in tournament_ids if pk is not None}
    if not ids:
        return
    connection = transaction.get_connection(using)
    batch = _live_batch(connection)
    if batch is None:
        batch = connection._tournament_bumps = _Batch(using)
    batch.ids |= ids
    transaction.on_commit(_Flush(batch), using=using)


def tournament_touch(*, tournament: Tournament) -> None:
    """Bump the tournament's version after commit so open public pages refresh."""
    tournaments_touch(tournament_ids=[tournament.pk])


# -------------------------------------------------- names of clubs, players, teams

# Where a name shows in a tournament: the entries that display it (an entrant's
# name, its club, a team's members and their clubs).
NAME_LOOKUPS = {
    Club: (
        "player__club",
        "team__club",
        "team__player_one__club",
        "team__player_two__club",
    ),
    Player: ("player", "team__player_one", "team__player_two"),
    Team: ("team",),
}


def tournaments_showing(instance: Club | Player | Team) -> set[int]:
    """Return the ids of the tournaments whose pages show this club, player or team."""
    query = Q()
    for lookup in NAME_LOOKUPS[type(instance)]:
        query |= Q(**{lookup: instance})
    return set(
        Entry.objects.filter(query)
        .order_by()
        .values_list("tournament_id", flat=True)
        .distinct()
    )


def touch_for_renamed(sender, *, instance, **kwargs) -> None:
    """Receive ``clubs.signals.renamed``: bump every tournament showing ``instance``."""
    tournaments_touch(tournament_ids=tournaments_showing(instance))
