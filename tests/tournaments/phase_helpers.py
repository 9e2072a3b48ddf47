"""The phase rows the phase settings' tests save: pools, then a knockout."""

from tournaments.models import Phase

POOLS = Phase.DrawMethod.POOLS
KNOCKOUT = Phase.DrawMethod.KNOCKOUT


def pools(**overrides) -> dict:
    return {
        "name": "Pools",
        "rounds": 3,
        "draw_method": POOLS,
        "games_per_table": 1,
        "advancement": Phase.Advancement.POOLS,
        "pool_size": 4,
        "per_pool": 1,
        "best_next": 1,
    } | overrides


def knockout(**overrides) -> dict:
    return {
        "name": "Knockout",
        "rounds": 4,
        "draw_method": KNOCKOUT,
        "games_per_table": 1,
        "best_of": 1,
        "third_place": True,
    } | overrides
