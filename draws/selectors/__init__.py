"""Read what the draw pages show: who advances, what comes next, the flags.

The rooms: ``advance`` (the qualifiers and the cut), ``next_steps`` (what may be
done next, and why not), ``director_round`` (the director's round page and its
repairs) and ``swap`` (the seats a typed swap may name).
"""

from draws.selectors.advance import AdvanceResult, advance_panel, advance_preview
from draws.selectors.director_round import (
    DirectorRound,
    QuietClub,
    replacement_candidates,
    round_for_director,
    tables_with_results,
)
from draws.selectors.next_steps import (
    NextAction,
    next_action,
    phase_actions,
    phase_advance_blocker,
    round_draw_blocker,
)
from draws.selectors.swap import SeatChoice, seat_pick, swap_choices

__all__ = [
    "AdvanceResult",
    "DirectorRound",
    "NextAction",
    "QuietClub",
    "SeatChoice",
    "advance_panel",
    "advance_preview",
    "next_action",
    "phase_actions",
    "phase_advance_blocker",
    "replacement_candidates",
    "round_draw_blocker",
    "round_for_director",
    "seat_pick",
    "swap_choices",
    "tables_with_results",
]
