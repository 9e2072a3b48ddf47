"""Say which phases a simulated event plays, and refuse what cannot make one.

``draws.simulation`` builds the event from these rows through the directors'
services: qualifying rounds and a final, or pools (``draw="pools"``) and a
knockout, whose level games a director settles (:func:`settle_level_matches`).
"""

from __future__ import annotations

import random

from django.utils import translation
from django.utils.translation import gettext, pgettext

from draws import staged
from manille.draws.round_robin import round_robin_schedule
from manille.knockout.pools import pool_count
from standings.brackets import phase_knockout
from tournaments.models import KnockoutMatch, Phase

PAIR_DRAWS = {
    "swiss": Phase.DrawMethod.SWISS,
    "round_robin": Phase.DrawMethod.ROUND_ROBIN,
    "random": Phase.DrawMethod.RANDOM,
    "ladder": Phase.DrawMethod.LADDER,
    "pools": Phase.DrawMethod.POOLS,
}
FORMATS = ("individual", "pairs")


class SimulationError(ValueError):
    """The arguments cannot make an event; ``argument`` names the one at fault.

    The command prints it as its option (``--final must be even for pairs``).
    """

    def __init__(self, argument: str, reason: str) -> None:
        super().__init__(f"{argument} {reason}")
        self.argument = argument
        self.reason = reason


def phase_rows(
    *, pairs: bool, rounds: int, final: int, draw: str, language: str
) -> list[dict]:
    """Return the phases to create: the rounds, then the final if there is one."""
    # Phase names are data the directors see: write them in the event's language.
    with translation.override(language):
        phase_names = (
            gettext("Qualifying rounds"),
            gettext("Rounds"),
            pgettext("phase", "Final"),
        )
    qualifying = {
        "name": phase_names[0] if final else phase_names[1],
        "rounds": rounds,
        "draw_method": PAIR_DRAWS[draw] if pairs else Phase.DrawMethod.INDIVIDUAL,
    }
    if pairs:
        qualifying["games_per_table"] = 1
    phases = [qualifying]
    if final:
        qualifying["advancement"] = Phase.Advancement.TOP_N
        qualifying["advance_count"] = final
        final_phase = {
            "name": phase_names[2],
            "rounds": 1,
            "draw_method": Phase.DrawMethod.SEEDED,
        }
        if pairs:
            final_phase["games_per_table"] = 1
        phases.append(final_phase)
    return phases


def simulation_slug(format, count, rounds, final, seed, staged, knockout) -> str:
    if staged:
        return f"sim-{format}-{count}-pools-k{knockout}-s{seed}"
    return f"sim-{format}-{count}-r{rounds}-f{final}-s{seed}"


def staged_phase_rows(
    *,
    pairs: bool,
    count: int,
    draw: str,
    pool_size: int | None,
    knockout: int,
    final: int,
    language: str,
) -> list[dict] | None:
    """Return the phases of pools and/or a knockout, or None for the others."""
    if draw != "pools" and not knockout:
        if pool_size:
            raise SimulationError("pool-size", "needs --draw pools")
        return None
    if not pairs:
        raise SimulationError("draw", "pools and knockouts are simulated for pairs")
    if final:
        raise SimulationError("final", "and --knockout exclude each other")
    if knockout and not 2 <= knockout <= count:
        raise SimulationError("knockout", f"must be from 2 to {count}")
    with translation.override(language):
        names = (gettext("Pools"), gettext("Qualifying rounds"), gettext("Knockout"))
    if draw != "pools":
        raise SimulationError("knockout", "needs --draw pools")
    if not pool_size or pool_size < 2:
        raise SimulationError("pool-size", "must be at least 2 with --draw pools")
    split = [len(p) for p in _pool_sizes(count, pool_size)]
    rounds = max(len(round_robin_schedule(n)) for n in split)
    pools = {
        "name": names[0],
        "rounds": rounds,
        "draw_method": Phase.DrawMethod.POOLS,
        "games_per_table": 1,
        "pool_size": pool_size,
    }
    if not knockout:
        return [pools]
    per_pool, best_next = divmod(knockout, len(split))
    if per_pool < 1:
        raise SimulationError(
            "knockout", f"must be at least the number of pools ({len(split)})"
        )
    pools.update(
        advancement=Phase.Advancement.POOLS, per_pool=per_pool, best_next=best_next
    )
    return [pools, _knockout_phase(names[2], knockout)]


def _pool_sizes(count: int, size: int) -> list[range]:
    n = pool_count(count, size=size)
    return [range(count // n + (1 if i < count % n else 0)) for i in range(n)]


def _knockout_phase(name: str, entrants: int) -> dict:
    return {
        "name": name,
        "rounds": max(1, (entrants - 1).bit_length()),
        "draw_method": Phase.DrawMethod.KNOCKOUT,
        "games_per_table": 1,
        "best_of": 1,
        "third_place": True,
    }


def settle_level_matches(phase: Phase, rng: random.Random, user) -> None:
    """Decide a knockout match whose game ended level, as a director would."""
    if phase.draw_method != Phase.DrawMethod.KNOCKOUT:
        return
    state = phase_knockout(phase=phase)
    for where in state.undecided if state else ():
        match = KnockoutMatch.objects.get(
            phase=phase, bracket=where[0], round_index=where[1], match_index=where[2]
        )
        staged.knockout_match_decide(
            match=match,
            winner=rng.choice("ab"),
            decision=KnockoutMatch.Decision.DIRECTOR,
            reason="level game: the director drew lots",
            by=user,
        )
