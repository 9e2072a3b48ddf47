"""Draw the tables of a tournament round from plain entrants, without Django.

One module per method (``individual``, ``random_pairs``, ``swiss``, ``round_robin``,
``ladder``, ``seeded``) on what they share in ``base``; ``registry`` lists them.
"""

from manille.draws.base import (
    ERROR_TEXT,
    INDIVIDUAL_GAMES,
    REASON_TEXT,
    Draw,
    DrawError,
    DrawTable,
    Entrant,
    quiet_clubs,
    table_conflicts,
)
from manille.draws.individual import draw_individual
from manille.draws.ladder import draw_ladder
from manille.draws.random_pairs import draw_random
from manille.draws.round_robin import draw_round_robin, round_robin_schedule
from manille.draws.seeded import draw_seeded
from manille.draws.swiss import draw_swiss

__all__ = [
    "ERROR_TEXT",
    "INDIVIDUAL_GAMES",
    "REASON_TEXT",
    "Draw",
    "DrawError",
    "DrawTable",
    "Entrant",
    "draw_individual",
    "draw_ladder",
    "draw_random",
    "draw_round_robin",
    "draw_seeded",
    "draw_swiss",
    "quiet_clubs",
    "round_robin_schedule",
    "table_conflicts",
]
