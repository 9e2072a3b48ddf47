"""Build and play single elimination: byes, a consolation bracket, third place.

Decisions made here once:

- **Seeding.** The standard order: in a bracket of S lines (the next power of
  two) seed s meets seed S + 1 - s, and the halves are laid out so that seeds 1
  and 2 can meet only in the final, 1 to 4 only from the semi-finals on, and so
  on. The S - N missing seeds are byes, so the byes go to seeds 1 to S - N.
  Two of one pool do not meet in the first round where swapping lower seeds
  between matches avoids it (``apart``).
- **A bye** is a first-round match with ``b`` None, already won by ``a``.
- **Later rounds.** Match i of a round holds the winners of matches 2i and 2i + 1
  of the round before (``Source``); a side is None until its match is decided.
- **Third place** (``third_place=True``): the semi-finals' losers, in a phase of
  its own, made only when both semi-finals are real matches (a field of 4, or 5
  and more).
- **Consolation** (``consolation=True``): a bracket of the main first round's
  losers only (the bye holders never lost). Its seeds are those of the matches,
  not of the losers, which are not known in advance: the loser of the match of
  the better seed is seeded higher. Byes there go to its top seeds, and are won
  as soon as the loser is known.
- **Results.** A result names the winning side; a walkover or forfeit
  (``knockout_forfeit``) gives the match to the side that did not forfeit. A
  result may be changed or cleared only while no later match it feeds has been
  played. A match of ``best_of`` 3 is still one result here: the games are
  scored elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from manille.knockout.errors import KnockoutError
from manille.text import gettext_noop

MAIN = "main"
THIRD_PLACE = "third_place"
CONSOLATION = "consolation"
WINNER = "winner"
LOSER = "loser"
MAX_ENTRANTS = 1024

BRACKET_NAMES = {
    MAIN: gettext_noop("Main bracket"),
    THIRD_PLACE: gettext_noop("Match for third place"),
    CONSOLATION: gettext_noop("Consolation bracket"),
}
THIRD_PLACE_ROUND = gettext_noop("Third place")
# A round's name by the number of entrants it seats.
ROUND_NAMES = {
    2: gettext_noop("Final"),
    4: gettext_noop("Semi-finals"),
    8: gettext_noop("Quarter-finals"),
    16: gettext_noop("Last 16"),
    32: gettext_noop("Last 32"),
    64: gettext_noop("Last 64"),
    128: gettext_noop("Last 128"),
    256: gettext_noop("Last 256"),
    512: gettext_noop("Last 512"),
    1024: gettext_noop("Last 1024"),
}


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a match comes from: the winner or loser of an earlier one."""

    bracket: str
    round: int
    match: int
    outcome: str = WINNER


@dataclass(frozen=True, slots=True)
class Match:
    a: int | None
    b: int | None
    winner: str | None = None
    bye: bool = False
    source_a: Source | None = None
    source_b: Source | None = None
    seed_a: int | None = None
    seed_b: int | None = None
    walkover: bool = False
    best_of: int = 1

    @property
    def winner_id(self) -> int | None:
        return {"a": self.a, "b": self.b}.get(self.winner) if self.winner else None

    @property
    def loser_id(self) -> int | None:
        if self.winner is None or self.bye:
            return None
        return self.b if self.winner == "a" else self.a


@dataclass(frozen=True, slots=True)
class Round:
    name: str
    matches: tuple[Match, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    code: str
    name: str
    rounds: tuple[Round, ...]


@dataclass(frozen=True, slots=True)
class Knockout:
    brackets: tuple[Bracket, ...]

    def bracket(self, code: str) -> Bracket | None:
        return next((b for b in self.brackets if b.code == code), None)

    def match(self, code: str, round: int, match: int) -> Match:  # noqa: A002
        bracket = self.bracket(code)
        try:
            if bracket is None or round < 0 or match < 0:
                raise IndexError
            return bracket.rounds[round].matches[match]
        except IndexError:
            raise KnockoutError(
                "no_such_match", match=f"{round + 1}.{match + 1}", bracket=code
            ) from None

    @property
    def champion(self) -> int | None:
        final = self.brackets[0].rounds[-1].matches[0]
        return final.winner_id


def standard_order(lines: int) -> list[int]:
    """Return seeds 1..``lines`` in bracket order (pairs of neighbours meet first).

    >>> standard_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < lines:
        size = 2 * len(order)
        order = [s for seed in order for s in (seed, size + 1 - seed)]
    return order


def round_name(entrants: int) -> str:
    """Return the marked name of a round that seats ``entrants`` (2 → "Final")."""
    return ROUND_NAMES[entrants]


def knockout_build(
    seeded: Sequence[int],
    *,
    best_of: int = 1,
    final_best_of: int | None = None,
    third_place: bool = True,
    consolation: bool = False,
    apart: Mapping[int, object] | None = None,
) -> Knockout:
    """Build the brackets for ``seeded`` (entry ids, seed 1 first), byes played.

    ``apart`` maps entrants to a group (their pool, say): a first-round match
    between two of one group is avoided where swapping its lower seed with the
    lower seed of another match, the nearest in seed, avoids it for both. Top
    seeds and byes stay where the seeding put them.
    """
    ids = _checked(seeded, best_of, final_best_of)
    slots = [(entrant, None) for entrant in ids]
    group = {s: apart.get(e) for s, e in enumerate(ids, 1)} if apart else {}
    main = _bracket(MAIN, slots, best_of, final_best_of or best_of, group=group)
    brackets = [main]
    if third_place and _real_semi_finals(main):
        semis = len(main.rounds) - 2
        match = Match(
            a=None,
            b=None,
            source_a=Source(MAIN, semis, 0, LOSER),
            source_b=Source(MAIN, semis, 1, LOSER),
            best_of=best_of,
        )
        round_ = Round(name=THIRD_PLACE_ROUND, matches=(match,))
        brackets.append(Bracket(THIRD_PLACE, BRACKET_NAMES[THIRD_PLACE], (round_,)))
    if consolation:
        first = main.rounds[0].matches
        real = sorted(
            (m.seed_a, i) for i, m in enumerate(first) if not m.bye
        )  # the match of the better seed first
        if len(real) >= 2:
            slots = [(None, Source(MAIN, 0, i, LOSER)) for _seed, i in real]
            brackets.append(_bracket(CONSOLATION, slots, best_of, best_of))
    return _settled(Knockout(brackets=tuple(brackets)))


def _checked(seeded: Sequence[int], *best_ofs: int | None) -> list[int]:
    ids = list(seeded)
    if len(ids) < 2:
        raise KnockoutError("too_few_entrants", minimum=2, count=len(ids))
    if len(ids) > MAX_ENTRANTS:
        raise KnockoutError("too_many_entrants", maximum=MAX_ENTRANTS, count=len(ids))
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise KnockoutError("duplicate_entrant", id=twice)
    for n in best_ofs:
        if n is not None and n not in (1, 3):
            raise KnockoutError("bad_best_of", n=n)
    return ids


def _bracket(code, slots, best_of, final_best_of, *, group=None) -> Bracket:
    """Lay out a bracket for ``slots`` (entrant or source, by seed), byes included."""
    lines = 1 << (len(slots) - 1).bit_length()
    order = standard_order(lines)
    if group:
        order = _kept_apart(order, len(slots), group)
    first = []
    for i in range(0, lines, 2):
        sa, sb = order[i], order[i + 1]
        (a, src_a), bye = slots[sa - 1], sb > len(slots)
        b, src_b = (None, None) if bye else slots[sb - 1]
        first.append(
            Match(
                a=a,
                b=b,
                bye=bye,
                source_a=src_a,
                source_b=src_b,
                seed_a=sa,
                seed_b=None if bye else sb,
                best_of=best_of if lines > 2 else final_best_of,
            )
        )
    rounds = [Round(name=round_name(lines), matches=tuple(first))]
    size = lines // 2
    while size >= 2:
        r = len(rounds) - 1
        matches = tuple(
            Match(
                a=None,
                b=None,
                source_a=Source(code, r, 2 * i),
                source_b=Source(code, r, 2 * i + 1),
                best_of=best_of if size > 2 else final_best_of,
            )
            for i in range(size // 2)
        )
        rounds.append(Round(name=round_name(size), matches=matches))
        size //= 2
    return Bracket(code=code, name=BRACKET_NAMES[code], rounds=tuple(rounds))


def _kept_apart(
    order: Sequence[int], count: int, group: Mapping[int, object]
) -> list[int]:
    """Swap lower seeds between first-round matches so no match is within a group.

    ``order`` is the seeds in bracket order (match i: positions 2i and 2i + 1,
    the lower seed second); seeds above ``count`` are byes and never move.
    """
    order = list(order)
    matches = range(len(order) // 2)

    def clash(i: int) -> bool:
        a, b = order[2 * i], order[2 * i + 1]
        return b <= count and group.get(a) is not None and group.get(a) == group.get(b)

    for i in matches:
        if not clash(i):
            continue
        lower = order[2 * i + 1]
        others = sorted(
            (abs(order[2 * j + 1] - lower), order[2 * j + 1], j)
            for j in matches
            if j != i and order[2 * j + 1] <= count
        )
        for _distance, _seed, j in others:
            order[2 * i + 1], order[2 * j + 1] = order[2 * j + 1], order[2 * i + 1]
            if not clash(i) and not clash(j):
                break
            order[2 * i + 1], order[2 * j + 1] = order[2 * j + 1], order[2 * i + 1]
    return order


def _real_semi_finals(main: Bracket) -> bool:
    if len(main.rounds) < 2:
        return False
    return not any(m.bye for m in main.rounds[-2].matches)


def _settled(ko: Knockout) -> Knockout:
    """Fill every side from its source and win every bye whose side is known.

    Sources point only to earlier rounds or to the main bracket, so one pass in
    the brackets' order settles everything.
    """
    done: dict[str, list[list[Match]]] = {}
    for bracket in ko.brackets:
        rounds: list[list[Match]] = []
        done[bracket.code] = rounds
        for rnd in bracket.rounds:
            matches = []
            for m in rnd.matches:
                a = _resolve(m.source_a, done) if m.source_a else m.a
                b = _resolve(m.source_b, done) if m.source_b else m.b
                winner = m.winner
                if m.bye:
                    winner = "a" if a is not None else None
                elif a is None or b is None:
                    winner = None
                matches.append(replace(m, a=a, b=b, winner=winner))
            rounds.append(matches)
    return Knockout(
        brackets=tuple(
            replace(
                bracket,
                rounds=tuple(
                    replace(rnd, matches=tuple(done[bracket.code][r]))
                    for r, rnd in enumerate(bracket.rounds)
                ),
            )
            for bracket in ko.brackets
        )
    )


def _resolve(source: Source, done: Mapping[str, list[list[Match]]]) -> int | None:
    m = done[source.bracket][source.round][source.match]
    return m.winner_id if source.outcome == WINNER else m.loser_id


# ------------------------------------------------------------------------- results


def knockout_record(
    ko: Knockout,
    *,
    bracket: str = MAIN,
    round: int,  # noqa: A002 - the round's index in the bracket, from 0
    match: int,
    winner: str,
    walkover: bool = False,
) -> Knockout:
    """Return ``ko`` with match (``round``, ``match``) of ``bracket`` won by a side."""
    if winner not in ("a", "b"):
        raise KnockoutError("bad_side", side=winner)
    m = ko.match(bracket, round, match)
    if m.bye or m.a is None or m.b is None:
        raise KnockoutError("match_not_ready")
    if (m.winner, m.walkover) == (winner, walkover):
        return ko
    _refuse_if_fed_match_played(ko, Source(bracket, round, match))
    return _settled(_with(ko, bracket, round, match, winner=winner, walkover=walkover))


def knockout_forfeit(
    ko: Knockout,
    *,
    bracket: str = MAIN,
    round: int,  # noqa: A002
    match: int,
    forfeiting: str,
) -> Knockout:
    """Give the match to the side that did not forfeit (a walkover)."""
    if forfeiting not in ("a", "b"):
        raise KnockoutError("bad_side", side=forfeiting)
    other = "b" if forfeiting == "a" else "a"
    return knockout_record(
        ko, bracket=bracket, round=round, match=match, winner=other, walkover=True
    )


def knockout_clear(
    ko: Knockout,
    *,
    bracket: str = MAIN,
    round: int,  # noqa: A002
    match: int,
) -> Knockout:
    """Return ``ko`` with the result of a match taken back (a repair)."""
    m = ko.match(bracket, round, match)
    if m.bye or m.winner is None:
        return ko
    _refuse_if_fed_match_played(ko, Source(bracket, round, match))
    return _settled(_with(ko, bracket, round, match, winner=None, walkover=False))


def _with(ko: Knockout, code: str, r: int, i: int, **changes: object) -> Knockout:
    brackets = []
    for bracket in ko.brackets:
        if bracket.code == code:
            rounds = list(bracket.rounds)
            matches = list(rounds[r].matches)
            matches[i] = replace(matches[i], **changes)
            rounds[r] = replace(rounds[r], matches=tuple(matches))
            bracket = replace(bracket, rounds=tuple(rounds))
        brackets.append(bracket)
    return Knockout(brackets=tuple(brackets))


def _refuse_if_fed_match_played(ko: Knockout, source: Source) -> None:
    """Refuse when a match fed by ``source`` (through byes won by default) is played."""
    where = (source.bracket, source.round, source.match)
    for bracket in ko.brackets:
        for r, rnd in enumerate(bracket.rounds):
            for i, m in enumerate(rnd.matches):
                fed = [s for s in (m.source_a, m.source_b) if s is not None]
                if not any((s.bracket, s.round, s.match) == where for s in fed):
                    continue
                if m.bye:
                    _refuse_if_fed_match_played(ko, Source(bracket.code, r, i))
                elif m.winner is not None:
                    raise KnockoutError("result_feeds_played")


def knockout_places(
    ko: Knockout,
) -> tuple[int | None, int | None, int | None, int | None]:
    """Return (champion, runner-up, third, fourth); None where not decided.

    Third and fourth are None too when no match for third place is played (the
    two semi-final losers then share third place).
    """
    final = ko.brackets[0].rounds[-1].matches[0]
    third_bracket = ko.bracket(THIRD_PLACE)
    if third_bracket is None:
        return final.winner_id, final.loser_id, None, None
    third = third_bracket.rounds[0].matches[0]
    return final.winner_id, final.loser_id, third.winner_id, third.loser_id


def knockout_phases(
    ko: Knockout,
    *,
    names: Mapping[int, str],
    gettext: Callable[[str], str] = lambda s: s,
) -> list[dict]:
    """Return the brackets as the bracket API shows them (names translated)."""
    return [
        {
            "name": gettext(bracket.name),
            "rounds": [
                {
                    "name": gettext(rnd.name),
                    "matches": [
                        {
                            "a": names.get(m.a) if m.a is not None else None,
                            "b": names.get(m.b) if m.b is not None else None,
                            "winner": m.winner,
                            "bye": m.bye,
                        }
                        for m in rnd.matches
                    ],
                }
                for rnd in bracket.rounds
            ],
        }
        for bracket in ko.brackets
    ]
