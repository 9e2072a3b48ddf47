"""Rank a series from each event's ranked rows, explaining what counted.

Pure Python: no Django import (the "pure" import contract and
``tests/series/test_compute.py`` check it). Frozen dataclasses go in and come out.

Decisions made here once:

- An entrant is known across events by a key (``entry_key``: ``player:12`` or
  ``team:5``), not by an event's entry id.
- A substitute (``EventResult.plays_for``) who replaces a member: under the rule
  ``member`` his result counts for the member (key, name and club of the member),
  unless the member played that event himself; then, as under ``self``, it counts
  for the substitute.
- An event's score is the entrant's games won, points or point difference there,
  or under ``ranking_points`` the points of his place in that event (``points[0]``
  for 1st…; beyond the table 0). A shared place gives everyone in it that place's
  points (two 2nds both get 2nd's points).
- ``best_of`` N counts each entrant's N best event scores; among equal scores the
  earlier event counts. Every figure of the row (games, points, tiebreaks) is
  summed over the counted events only, so the row adds up.
- Fewer than ``min_events`` events played: the entrant is listed after the ranked
  ones, without a rank.
- Ties on the series points are broken by the series' tiebreaks (the registry's
  codes, summed over the counted events); ``head_to_head`` is a meeting inside
  one event and is skipped here. Entrants equal on everything share a rank (1, 2,
  2, 4) and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import NamedTuple

from manille.tiebreaks import DEFAULT_TIEBREAKS, HIGHER, TIEBREAKS, validate_codes

__all__ = [
    "RANKINGS",
    "SUBSTITUTE_RULES",
    "EventInfo",
    "EventResult",
    "EventScore",
    "SeriesError",
    "SeriesRow",
    "SeriesRules",
    "compute_series",
    "event_score",
]

RANKINGS = ("games_won", "points", "point_difference", "ranking_points")
SUBSTITUTE_RULES = ("member", "self")
# The sums a series row carries; the tiebreaks read them by their registry codes.
_SUMMED = (
    "games_played",
    "games_won",
    "points",
    "point_difference",
    "deals_won",
    "revokes",
    "opponents_strength",
)


class SeriesError(ValueError):
    """An impossible input (a bug in the caller): an unknown rule or code."""


# --------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class EventInfo:
    """One event of the series; ``number`` is its place in the series, from 1."""

    id: int
    number: int
    name: str = ""


class EntrantKey(NamedTuple):
    """Who an entrant is across events: ``key`` with the name and club to show."""

    key: str
    name: str
    club: str = ""
    club_id: int | None = None


class EventResult(NamedTuple):
    """One entrant's ranked row in one event (from the event's own standings).

    Named tuples rather than dataclasses, here and for :class:`EventScore`: a
    circuit holds tens of thousands, made, cached and read back on every change.
    """

    event_id: int
    entrant: EntrantKey
    rank: int
    shared: bool = False
    games_played: int = 0
    games_won: int = 0
    points: int = 0
    point_difference: int = 0
    deals_won: int = 0
    revokes: int = 0
    opponents_strength: int = 0
    # The member this entrant replaced (a fixed substitute), if any.
    plays_for: EntrantKey | None = None


@dataclass(frozen=True, slots=True)
class SeriesRules:
    ranking: str = "games_won"
    ranking_points: tuple[int, ...] = ()
    best_of: int | None = None
    min_events: int = 1
    substitutes: str = "member"
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS

    def __post_init__(self) -> None:
        if self.ranking not in RANKINGS:
            raise SeriesError(f"unknown ranking {self.ranking!r}")
        if self.substitutes not in SUBSTITUTE_RULES:
            raise SeriesError(f"unknown substitutes rule {self.substitutes!r}")
        if self.best_of is not None and self.best_of < 1:
            raise SeriesError("best_of must be at least 1")
        try:
            validate_codes(self.tiebreaks)
        except ValueError as error:
            raise SeriesError(str(error)) from None


# -------------------------------------------------------------------------- output


class EventScore(NamedTuple):
    """What one event gave an entrant, and whether it counts."""

    event_id: int
    number: int
    rank: int
    shared: bool
    score: int
    counted: bool
    games_played: int
    games_won: int
    points: int
    point_difference: int
    # The member's name when a substitute played for him (rule ``member``), or the
    # name of the member he replaced when the substitute counts for himself.
    substitute: str = ""
    replaced: str = ""


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: int | None
    key: str
    name: str
    club: str
    club_id: int | None
    events_played: int
    events_counted: int
    games_played: int
    games_won: int
    points: int
    point_difference: int
    series_points: int
    tiebreaks: dict[str, int | None]
    shared: bool
    results: tuple[EventScore, ...] = ()
    deals_won: int = 0
    revokes: int = 0
    opponents_strength: int = 0

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def counted_numbers(self) -> tuple[int, ...]:
        return tuple(r.number for r in self.results if r.counted)

    @property
    def dropped_numbers(self) -> tuple[int, ...]:
        return tuple(r.number for r in self.results if not r.counted)


# -------------------------------------------------------------------- calculation


def event_score(result: EventResult, rules: SeriesRules) -> int:
    """Return what one event is worth to the entrant under the series' ranking."""
    if rules.ranking == "ranking_points":
        table = rules.ranking_points
        return table[result.rank - 1] if 1 <= result.rank <= len(table) else 0
    return getattr(result, rules.ranking)


@dataclass(slots=True)
class _Acc:
    entrant: EntrantKey
    # event id -> (EventInfo, EventResult, note), in the series' order.
    results: dict = field(default_factory=dict)


def _credit(
    events: Sequence[EventInfo],
    results: Mapping[int, Iterable[EventResult]],
    rules: SeriesRules,
) -> dict[str, _Acc]:
    """Give every event result to the key it counts for (the substitutes' rule)."""
    acc: dict[str, _Acc] = {}
    for event in events:
        rows = list(results.get(event.id, ()))
        own_keys = {r.entrant.key for r in rows}
        for r in rows:
            member = r.plays_for
            if (
                member is not None
                and rules.substitutes == "member"
                and member.key not in own_keys
            ):
                who, note = member, ("substitute", r.entrant.name)
            else:
                who = r.entrant
                note = ("replaced", member.name) if member is not None else None
            a = acc.get(who.key)
            if a is None:
                a = acc[who.key] = _Acc(entrant=who)
            earlier = a.results.get(event.id)
            # Two substitutes for one member in one event: the better place counts.
            if earlier is None or r.rank < earlier[1].rank:
                a.results[event.id] = (event, r, note)
    return acc


def compute_series(
    events: Sequence[EventInfo],
    results: Mapping[int, Iterable[EventResult]],
    rules: SeriesRules,
) -> list[SeriesRow]:
    """Rank the series: ranked rows first (by series points, then tiebreaks),
    then the entrants short of ``min_events``, without a rank.

    Written for a circuit of 2,000 players over 40 events: every entrant's
    figures are summed in local names and the rows are made once, ranked.
    """
    all_codes = validate_codes(rules.tiebreaks) or DEFAULT_TIEBREAKS
    codes = tuple(c for c in all_codes if not TIEBREAKS[c].pairwise)
    acc = _credit(sorted(events, key=lambda e: e.number), results, rules)
    # How each tiebreak reads the summed figures: by their place in _SUMMED when
    # its value is a plain attribute, else through the metric itself.
    plain = {
        code: _SUMMED.index(TIEBREAKS[code].attribute)
        for code in all_codes
        if TIEBREAKS[code].attribute in _SUMMED
    }
    table = rules.ranking_points
    by_place = rules.ranking == "ranking_points"
    figure = None if by_place else attrgetter(rules.ranking)
    best_of = rules.best_of

    built: list[tuple] = []
    for key, a in acc.items():
        # In the series' order (_credit keeps it): the earlier of equal scores
        # counts, as the sort below is stable.
        items = list(a.results.values())
        if by_place:
            scores = [
                table[r.rank - 1] if 1 <= r.rank <= len(table) else 0
                for _e, r, _n in items
            ]
        else:
            scores = [figure(r) for _e, r, _n in items]
        best = sorted(range(len(items)), key=scores.__getitem__, reverse=True)
        if best_of is not None:
            best = best[:best_of]
        counted = [False] * len(items)
        played = won = points = difference = deals = revokes = strength = 0
        series_points = 0
        for i in best:
            counted[i] = True
            series_points += scores[i]
            r = items[i][1]
            played += r.games_played
            won += r.games_won
            points += r.points
            difference += r.point_difference
            deals += r.deals_won
            revokes += r.revokes
            strength += r.opponents_strength
        lines = _event_lines(items, scores, counted)
        sums = (played, won, points, difference, deals, revokes, strength)
        tiebreaks, sort_key = _tiebreaks(all_codes, codes, plain, sums, series_points)
        built.append(
            (
                sort_key,
                a.entrant.name.casefold(),
                key,
                a.entrant,
                len(lines),
                len(best),
                sums,
                series_points,
                tiebreaks,
                lines,
            )
        )

    return _ranked(built, rules.min_events)


def _event_lines(items, scores, counted) -> tuple[EventScore, ...]:
    """An entrant's line for each of his events: place, score, whether it counts."""
    new = tuple.__new__
    lines = []
    for (e, r, note), score, is_counted in zip(items, scores, counted, strict=True):
        substitute = replaced = ""
        if note:
            if note[0] == "substitute":
                substitute = note[1]
            elif note[0] == "replaced":
                replaced = note[1]
        lines.append(
            new(
                EventScore,
                (
                    e.id,
                    e.number,
                    r.rank,
                    r.shared,
                    score,
                    is_counted,
                    r.games_played,
                    r.games_won,
                    r.points,
                    r.point_difference,
                    substitute,
                    replaced,
                ),
            )
        )
    return tuple(lines)


def _tiebreaks(all_codes, codes, plain, sums, series_points) -> tuple[dict, tuple]:
    """An entrant's tiebreak values and the key the ranking sorts him by."""
    figures = None
    tiebreaks: dict[str, int | None] = {}
    for code in all_codes:
        metric = TIEBREAKS[code]
        if metric.pairwise:
            tiebreaks[code] = None
        elif code in plain:
            tiebreaks[code] = sums[plain[code]]
        else:  # pragma: no cover - every registry metric reads an attribute
            figures = figures or _Sums(dict(zip(_SUMMED, sums, strict=True)))
            tiebreaks[code] = metric.value(figures)
    sort_key = (-series_points,)
    for code in codes:
        metric = TIEBREAKS[code]
        if code in plain:
            value = tiebreaks[code]
            sort_key += (-value if metric.direction == HIGHER else value,)
        else:  # pragma: no cover - as above
            figures = figures or _Sums(dict(zip(_SUMMED, sums, strict=True)))
            sort_key += (metric.sort_key(figures),)
    return tiebreaks, sort_key


def _ranked(built: list[tuple], min_events: int) -> list[SeriesRow]:
    """The rows in order: ranked ones (equal keys share a rank), then the rest."""
    ranked = [b for b in built if b[4] >= min_events]
    unranked = [b for b in built if b[4] < min_events]
    ranked.sort(key=itemgetter(0, 1, 2))
    # Unranked: most events first, then by name.
    unranked.sort(key=lambda b: (-b[4], b[1], b[2]))
    out: list[SeriesRow] = []
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for b in ranked[i : j + 1]:
            out.append(_row(b, rank=i + 1, shared=j > i))
        i = j + 1
    out.extend(_row(b, rank=None, shared=False) for b in unranked)
    return out


def _row(b: tuple, *, rank: int | None, shared: bool) -> SeriesRow:
    _sort, _name, key, e, played, counted, sums, series_points, tiebreaks, lines = b
    return SeriesRow(
        rank=rank,
        key=key,
        name=e.name,
        club=e.club,
        club_id=e.club_id,
        events_played=played,
        events_counted=counted,
        games_played=sums[0],
        games_won=sums[1],
        points=sums[2],
        point_difference=sums[3],
        series_points=series_points,
        tiebreaks=tiebreaks,
        shared=shared,
        results=lines,
        deals_won=sums[4],
        revokes=sums[5],
        opponents_strength=sums[6],
    )


class _Sums:
    """The summed figures read through the registry's ``value`` (attribute names)."""

    __slots__ = _SUMMED

    def __init__(self, sums: Mapping[str, int]) -> None:
        for name in _SUMMED:
            setattr(self, name, sums[name])
