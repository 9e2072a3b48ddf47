"""Store tournaments, their phases, entries, rounds, tables, seats and games.

The rooms: ``tournament`` (the event and its rules settings), ``phases``,
``entries`` (who plays) and ``rounds`` (a round, its draw and its log). Every model
is imported here, so ``tournaments.models`` stays the one address of each (imports,
migrations, the admin).
"""

from tournaments.models.entries import Entry
from tournaments.models.knockout import KnockoutMatch, PoolPlace
from tournaments.models.phases import PHASE_FIELDS, Phase
from tournaments.models.rounds import Bye, Game, Round, RoundLog, Seat, Table
from tournaments.models.tournament import (
    RULE_FIELDS,
    Tournament,
    default_tiebreaks,
    validate_tiebreaks,
)

__all__ = [
    "PHASE_FIELDS",
    "RULE_FIELDS",
    "Bye",
    "Entry",
    "Game",
    "KnockoutMatch",
    "Phase",
    "PoolPlace",
    "Round",
    "RoundLog",
    "Seat",
    "Table",
    "Tournament",
    "default_tiebreaks",
    "validate_tiebreaks",
]
