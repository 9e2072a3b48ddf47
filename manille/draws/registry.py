"""List the draw methods: one small class each, with its code, label and generator.

The codes are the values of ``tournaments.models.Phase.DrawMethod``; the formats are
the values of ``Tournament.Format``. Pure: the tournaments app reads which method
fits which format from here without importing the draw workflow.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from manille.draws.base import Draw, DrawError, Entrant, standing_key
from manille.draws.individual import draw_individual
from manille.draws.ladder import draw_ladder
from manille.draws.random_pairs import draw_random
from manille.draws.round_robin import draw_round_robin
from manille.draws.seeded import draw_seeded
from manille.draws.swiss import draw_swiss
from manille.text import gettext_noop

# Tournament formats (``Tournament.Format`` values).
INDIVIDUAL = "individual"
PAIRS = "pairs"

History = Iterable[frozenset[int]]


class DrawMethod:
    """A way to draw a round: which formats it serves and how it seats them."""

    code: ClassVar[str]
    label: ClassVar[str]
    # Seats per table for each format the method serves.
    table_sizes: ClassVar[Mapping[str, int]]
    # Whether the draw needs the round's number within its phase.
    needs_round_in_phase: ClassVar[bool] = False
    # A staged method seats a round from the phase's own plan (its pools, its
    # bracket), which the draw workflow keeps; ``draw`` is not called for it.
    staged: ClassVar[bool] = False

    def serves(self, format: str) -> bool:
        return format in self.table_sizes

    def table_size(self, format: str) -> int:
        return self.table_sizes[format]

    def draw(
        self,
        entrants: Sequence[Entrant],
        *,
        format: str,
        seed: int,
        history: History = (),
        round_in_phase: int = 1,
    ) -> Draw:
        """Draw a round of ``entrants`` (present ones, in any order)."""
        raise NotImplementedError


class Individual(DrawMethod):
    code = "individual"
    label = gettext_noop("Individual: random tables of four")
    table_sizes = {INDIVIDUAL: 4}

    def draw(self, entrants, *, format, seed, history=(), round_in_phase=1):
        return draw_individual(entrants, seed=seed, history=history)


class _PairMethod(DrawMethod):
    """Two teams to a table; an entrant's seed counts in a phase's first round only.

    Seeds come from the advancement into a phase (qualifiers by ranking); later
    rounds go by the results within the phase.
    """

    table_sizes = {PAIRS: 2}
    needs_round_in_phase = True

    def draw(self, entrants, *, format, seed, history=(), round_in_phase=1):
        if round_in_phase > 1:
            entrants = [replace(e, rank=None) for e in entrants]
        return self.pair(
            entrants, seed=seed, history=history, round_number=round_in_phase
        )

    def pair(self, teams, *, seed: int, history: History, round_number: int) -> Draw:
        raise NotImplementedError


class Random(_PairMethod):
    code = "random"
    label = gettext_noop("Pairs: random")

    def pair(self, teams, *, seed, history, round_number):
        return draw_random(teams, seed=seed, history=history)


class Swiss(_PairMethod):
    code = "swiss"
    label = gettext_noop("Pairs: Swiss")

    def pair(self, teams, *, seed, history, round_number):
        return draw_swiss(teams, seed=seed, history=history)


class RoundRobin(_PairMethod):
    code = "round_robin"
    label = gettext_noop("Pairs: round robin")

    def pair(self, teams, *, seed, history, round_number):
        return draw_round_robin(
            teams, seed=seed, history=history, round_number=round_number
        )


class Ladder(_PairMethod):
    code = "ladder"
    label = gettext_noop("Pairs: ladder")

    def pair(self, teams, *, seed, history, round_number):
        return draw_ladder(teams, seed=seed, history=history)


class Seeded(DrawMethod):
    """Qualifiers of a later phase, by their seed, then wins, points and id."""

    code = "seeded"
    label = gettext_noop("Seeded by ranking")
    table_sizes = {INDIVIDUAL: 4, PAIRS: 2}

    def draw(self, entrants, *, format, seed, history=(), round_in_phase=1):
        ranked = sorted(entrants, key=lambda e: (*standing_key(e), e.id))
        return draw_seeded(ranked, table_size=self.table_size(format), seed=seed)


class _Staged(DrawMethod):
    """A phase seated from its own plan (``manille.knockout``), not drawn afresh."""

    staged = True
    needs_round_in_phase = True

    def draw(self, entrants, *, format, seed, history=(), round_in_phase=1):
        raise DrawError("staged_method", method=self.code)


class Pools(_Staged):
    """Pools, a round robin inside each (``manille.knockout.pools``)."""

    code = "pools"
    label = gettext_noop("Pools, then a round robin in each")
    table_sizes = {INDIVIDUAL: 4, PAIRS: 2}


class Knockout(_Staged):
    """Single elimination from the phase before (``manille.knockout.bracket``)."""

    code = "knockout"
    label = gettext_noop("Knockout bracket")
    table_sizes = {PAIRS: 2}


METHODS: tuple[DrawMethod, ...] = (
    Individual(),
    Random(),
    Swiss(),
    RoundRobin(),
    Ladder(),
    Seeded(),
    Pools(),
    Knockout(),
)
_BY_CODE = {m.code: m for m in METHODS}


def method(code: str) -> DrawMethod:
    """Return the method with ``code``; raise ``DrawError`` for an unknown code."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise DrawError("unknown_method", method=code) from None


def codes_for(format: str) -> frozenset[str]:
    """Return the codes of the methods that serve a tournament ``format``."""
    return frozenset(m.code for m in METHODS if m.serves(format))
