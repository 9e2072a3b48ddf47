"""Rank entrants from plain game rows (the rules: :mod:`manille.standings`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from manille.standings.rows import (
    ByeRow,
    ByeRule,
    EntrantInfo,
    GameLine,
    GameRow,
    GameScore,
    PlaceRow,
    StandingRow,
    StandingsError,
    without_gc,
)
from manille.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    UnknownTiebreak,
    validate_codes,
)

# -------------------------------------------------------------------- calculation


@dataclass(slots=True)
class _Acc:
    games_played: int = 0
    games_won: int = 0
    points: int = 0
    point_difference: int = 0
    deals_won: int = 0
    revokes: int = 0
    bye_games: int = 0
    bye_points: int = 0
    bye_rounds: list = field(default_factory=list)
    opponents_strength: int = 0
    lines: list = field(default_factory=list)
    # compute_places only: every opponent met, once per game.
    met: list = field(default_factory=list)


def _check_tiebreaks(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    """Return the registry codes to rank on (the default order for none)."""
    try:
        return validate_codes(tiebreaks) or DEFAULT_TIEBREAKS
    except UnknownTiebreak as error:
        raise StandingsError(str(error)) from None


def compute_standings(
    entrants: Iterable[EntrantInfo],
    games: Iterable[GameRow],
    *,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    byes: Iterable[ByeRow] = (),
    bye_rule: ByeRule = ByeRule(),  # noqa: B008 - frozen, so a safe default
) -> list[StandingRow]:
    """Rank the entrants on their games and byes, in the given tiebreak order."""
    with without_gc():
        return _compute_standings(entrants, games, tiebreaks, byes, bye_rule)


def compute_places(
    names: Mapping[int, str],
    games: Iterable[GameScore],
    *,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    byes: Iterable[ByeRow] = (),
    bye_rule: ByeRule = ByeRule(),  # noqa: B008 - frozen, so a safe default
) -> list[PlaceRow]:
    """Rank as :func:`compute_standings` does, returning only places and totals.

    ``names`` maps the entry id of every entrant to rank to his name (entrants
    equal on every tiebreak are listed by name); ``games`` are :class:`GameScore`
    tuples (or plain tuples of the same nine figures). The
    rows come in the same order, with the same ranks, ``shared`` flags and totals
    as :func:`compute_standings` gives for the same event; what is left out (the
    game lines, the opponents, the tiebreak values) is what costs the most to
    build, so a series ranks its forty events at once cheaply.
    """
    with without_gc():
        return _compute_places(names, games, tiebreaks, byes, bye_rule)


def _add_byes(acc: dict[int, _Acc], byes: Iterable[ByeRow], bye_rule: ByeRule) -> None:
    """Credit every bye, after the games (the average is over the real games)."""
    for bye in byes:
        a = acc.get(bye.entry_id)
        if a is None:
            continue
        real_games = a.games_played - a.bye_games
        if bye_rule.score == "fixed":
            pts = bye_rule.points * bye.games
        elif bye_rule.score == "average" and real_games:
            pts = round((a.points - a.bye_points) / real_games * bye.games)
        else:
            pts = 0
        a.bye_points += pts
        a.points += pts
        a.bye_rounds.append(bye.round_number)
        if bye_rule.wins:
            a.bye_games += bye.games
            a.games_played += bye.games
            a.games_won += bye.games


def _rank(
    acc: dict[int, _Acc],
    codes: tuple[str, ...],
    beat: Mapping[tuple[int, int], int],
    names: Mapping[int, str],
) -> tuple[list[list[int]], dict[int, tuple[int, int]]]:
    """Order the entrants in blocks of equal ones, each block listed by name.

    Also return, for the entrants a head-to-head was resolved between, their rival
    and the games they won against him.
    """
    # Each plain metric's sort key per entrant, read once from the registry.
    keys = {
        code: TIEBREAKS[code].sort_keys(acc)
        for code in codes
        if not TIEBREAKS[code].pairwise
    }
    h2h: dict[int, tuple[int, int]] = {}  # eid -> (rival, games won against him)

    def order(group: list[int], codes: tuple[str, ...]) -> list[list[int]]:
        """Split a tied group into ordered blocks of entrants still tied."""
        if len(group) == 1 or not codes:
            return [group]
        code = codes[0]
        if TIEBREAKS[code].pairwise:  # head-to-head: exactly two still tied
            rest = codes[1:]
            if len(group) != 2:
                return order(group, rest)
            x, y = group
            wx, wy = TIEBREAKS[code].resolve(x, y, beat)
            h2h[x], h2h[y] = (y, wx), (x, wy)
            if wx == wy:
                return order(group, rest)
            return [[x], [y]] if wx > wy else [[y], [x]]
        # The plain metrics up to the next pairwise one, compared in one sort:
        # the same blocks as one sort per metric, each splitting the last.
        n = 1
        while n < len(codes) and not TIEBREAKS[codes[n]].pairwise:
            n += 1
        rest = codes[n:]
        if n == 1:
            key = keys[code]
        else:
            key = dict(
                zip(
                    group,
                    zip(
                        *[map(keys[c].__getitem__, group) for c in codes[:n]],
                        strict=True,
                    ),
                    strict=True,
                )
            )
        keyed = sorted(group, key=key.__getitem__)
        blocks: list[list[int]] = []
        start = 0
        size = len(keyed)
        for i in range(1, size + 1):
            if i == size or key[keyed[i]] != key[keyed[start]]:
                if i - start == 1 or not rest:
                    blocks.append(keyed[start:i])
                else:
                    blocks.extend(order(keyed[start:i], rest))
                start = i
        return blocks

    blocks = order(list(acc), codes) if acc else []
    for block in blocks:
        if len(block) > 1:
            block.sort(key=lambda e: (names[e].casefold(), e))
    return blocks, h2h


def _compute_standings(entrants, games, tiebreaks, byes, bye_rule) -> list[StandingRow]:
    """Tally the games and byes, rank, and break ties, in one pass over the rows.

    The loop over the games is inline on purpose: it is the hot path of the live
    standings (the benchmarks time it on 5,000 players), and a helper per game
    would cost a call per game and per entrant; the comments mark the steps.
    """
    codes = _check_tiebreaks(tiebreaks)
    info = {e.id: e for e in entrants}
    acc: dict[int, _Acc] = {eid: _Acc() for eid in info}
    # (winner, loser) -> games, for head-to-head.
    beat: dict[tuple[int, int], int] = defaultdict(int)

    ordered = sorted(games, key=lambda g: (g.round_number, g.table_number, g.number))
    for g in ordered:
        winner = g.winner
        head = (g.id, g.round_number, g.table_number, g.number)
        for own, other, score, opp_score, deals, revokes, side in (
            (g.side_a, g.side_b, g.score_a, g.score_b, g.deals_won_a, g.revokes_a, 0),
            (g.side_b, g.side_a, g.score_b, g.score_a, g.deals_won_b, g.revokes_b, 1),
        ):
            won = winner == side
            lost = winner is not None and not won
            tail = (other, score, opp_score, won, lost, deals, revokes)
            for eid in own:
                a = acc.get(eid)
                if a is None:
                    continue
                a.games_played += 1
                if won:
                    a.games_won += 1
                    for o in other:
                        beat[(eid, o)] += 1
                a.points += score
                a.point_difference += score - opp_score
                a.deals_won += deals
                a.revokes += revokes
                partners = tuple([p for p in own if p != eid])
                a.lines.append(GameLine(*head, partners, *tail))

    _add_byes(acc, byes, bye_rule)

    won_by = {eid: a.games_won for eid, a in acc.items()}
    opponents: dict[int, tuple[tuple[int, int], ...]] = {}
    for eid, a in acc.items():
        opp = [(o, won_by.get(o, 0)) for line in a.lines for o in line.opponents]
        opponents[eid] = tuple(opp)
        a.opponents_strength = sum([w for _o, w in opp])

    blocks, h2h = _rank(acc, codes, beat, {eid: e.name for eid, e in info.items()})
    return _standing_rows(blocks, acc, info, codes, h2h, opponents)


def _standing_rows(blocks, acc, info, codes, h2h, opponents) -> list[StandingRow]:
    """The ranked blocks as rows: once per calculation, not per game."""
    rows: list[StandingRow] = []
    rank = 1
    for block in blocks:
        for eid in block:
            a = acc[eid]
            tb: dict[str, int | float | None] = {}
            for code in codes:
                m = TIEBREAKS[code]
                if m.pairwise:
                    tb[code] = h2h[eid][1] if eid in h2h else None
                else:
                    tb[code] = m.value(a)
            e = info[eid]
            rows.append(
                StandingRow(
                    rank=rank,
                    entry_id=eid,
                    name=e.name,
                    club=e.club_name,
                    club_id=e.club_id,
                    games_played=a.games_played,
                    games_won=a.games_won,
                    points=a.points,
                    point_difference=a.point_difference,
                    tiebreaks=tb,
                    shared=len(block) > 1,
                    deals_won=a.deals_won,
                    revokes=a.revokes,
                    opponents_strength=a.opponents_strength,
                    bye_games=a.bye_games,
                    bye_points=a.bye_points,
                    bye_rounds=tuple(sorted(a.bye_rounds)),
                    head_to_head_with=h2h[eid][0] if eid in h2h else None,
                    games=tuple(a.lines),
                    opponents=opponents[eid],
                )
            )
        rank += len(block)
    return rows


def _compute_places(names, games, tiebreaks, byes, bye_rule) -> list[PlaceRow]:
    """:func:`_compute_standings` without the lines: the same totals and order.

    The games' order does not matter here (no lines to list), and the wins
    against each opponent are counted only when a head-to-head may be resolved.
    """
    codes = _check_tiebreaks(tiebreaks)
    acc: dict[int, _Acc] = {eid: _Acc() for eid in names}
    beat: dict[tuple[int, int], int] = defaultdict(int)
    pairwise = any(TIEBREAKS[code].pairwise for code in codes)

    # The two sides written out: this loop runs some 36,000 times for a series.
    for side_a, side_b, score_a, score_b, winner, da, db, ra, rb in games:
        won_a = winner == 0
        won_b = winner == 1
        for eid in side_a:
            try:
                a = acc[eid]
            except KeyError:
                continue
            a.games_played += 1
            if won_a:
                a.games_won += 1
                if pairwise:
                    for o in side_b:
                        beat[(eid, o)] += 1
            a.points += score_a
            a.point_difference += score_a - score_b
            a.deals_won += da
            a.revokes += ra
            a.met += side_b
        for eid in side_b:
            try:
                a = acc[eid]
            except KeyError:
                continue
            a.games_played += 1
            if won_b:
                a.games_won += 1
                if pairwise:
                    for o in side_a:
                        beat[(eid, o)] += 1
            a.points += score_b
            a.point_difference += score_b - score_a
            a.deals_won += db
            a.revokes += rb
            a.met += side_a

    _add_byes(acc, byes, bye_rule)

    # An opponent who is not ranked here won nothing here.
    won_by = defaultdict(int, {eid: a.games_won for eid, a in acc.items()})
    for a in acc.values():
        a.opponents_strength = sum(map(won_by.__getitem__, a.met))

    blocks, _h2h = _rank(acc, codes, beat, names)
    return _place_rows(blocks, acc)


def _place_rows(blocks, acc) -> list[PlaceRow]:
    """The ranked blocks as places: once per event, not per game."""
    rows: list[PlaceRow] = []
    rank = 1
    for block in blocks:
        shared = len(block) > 1
        for eid in block:
            a = acc[eid]
            rows.append(
                PlaceRow(
                    rank,
                    eid,
                    shared,
                    a.games_played,
                    a.games_won,
                    a.points,
                    a.point_difference,
                    a.deals_won,
                    a.revokes,
                    a.opponents_strength,
                    a.bye_games,
                    a.bye_points,
                    tuple(sorted(a.bye_rounds)),
                )
            )
        rank += len(block)
    return rows
