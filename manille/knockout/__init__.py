"""Play the phases open events add: pools, then a knockout, without Django.

``pools`` splits a field into pools (snake or random, clubs kept apart) and
schedules each; ``advancement`` ranks each pool and picks who goes through (the
first N of each pool and the best M of the next place, explained); ``bracket``
builds and plays single elimination (byes to the top seeds, a consolation
bracket, a match for third place, walkovers); ``tables`` plans individual
elimination by tables of four. Words are only marked (``manille.text``); the
Django layer translates them. Each module's docstring states its decisions.

A pools-then-knockout phase, as the Django layer will run it::

    split = split_pools(ranked_entrants, size=4)            # the pools
    rounds = [pool_rounds(pool) for pool in split.pools]    # each pool's tables
    standings = pool_standings(split.pools, infos, games, byes=byes)
    adv = pool_advancement(standings, per_pool=1, best_next=1)  # adv.ties?
    ko = knockout_build([q.entry_id for q in adv.qualifiers],
                        apart={q.entry_id: q.pool for q in adv.qualifiers})
    ko = knockout_record(ko, round=0, match=3, winner="b")  # or knockout_forfeit
    knockout_phases(ko, names=names, gettext=gettext)       # the bracket API
"""

from manille.knockout.advancement import (
    ACROSS,
    Advancement,
    PoolStanding,
    Qualifier,
    Tie,
    explain_qualifier,
    pool_advancement,
    pool_standings,
)
from manille.knockout.bracket import (
    Bracket,
    Knockout,
    Match,
    Round,
    Source,
    knockout_build,
    knockout_clear,
    knockout_forfeit,
    knockout_phases,
    knockout_places,
    knockout_record,
)
from manille.knockout.errors import ERROR_TEXT, KnockoutError
from manille.knockout.pools import (
    Pool,
    PoolRound,
    PoolSplit,
    pool_rounds,
    split_pools,
)
from manille.knockout.tables import (
    TablePlan,
    TableRound,
    next_round_order,
    table_plan,
    table_round_seating,
    table_round_title,
)

__all__ = [
    "ACROSS",
    "ERROR_TEXT",
    "Advancement",
    "Bracket",
    "Knockout",
    "KnockoutError",
    "Match",
    "Pool",
    "PoolRound",
    "PoolSplit",
    "PoolStanding",
    "Qualifier",
    "Round",
    "Source",
    "TablePlan",
    "TableRound",
    "Tie",
    "explain_qualifier",
    "knockout_build",
    "knockout_clear",
    "knockout_forfeit",
    "knockout_phases",
    "knockout_places",
    "knockout_record",
    "next_round_order",
    "pool_advancement",
    "pool_rounds",
    "pool_standings",
    "split_pools",
    "table_plan",
    "table_round_seating",
    "table_round_title",
]
