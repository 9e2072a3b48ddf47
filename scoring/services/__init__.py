"""Record score sheets: check every deal with the engine, save atomically, audit.

The rooms: ``errors`` (why an entry is refused), ``inputs`` (what a director types,
turned into the engine's deals), ``commit`` (lock, check, write and audit one copy
of a sheet), ``sheets`` (the services on a sheet), ``rounds`` (close, reopen),
``rescore`` (stored deals
scored again by the engine: an imported event file's), ``timing`` (the games
unfinished at time), ``takeover`` (the desk taking a
table-entered sheet over, and giving it back) and ``table_state`` (where a sheet
entered at its table stands). The phones' own services are :mod:`phones.services`,
on this package's public API for a sheet: ``sheet_lock``, ``sheet_commit``,
``round_check_open``, ``sheet_confirmed``.
"""

from scoring.services.commit import (
    entry_mode_check,
    round_check_open,
    sheet_commit,
    sheet_lock,
)
from scoring.services.errors import (
    ResultConflict,
    ResultError,
    SheetConflict,
    engine_message,
)
from scoring.services.inputs import DealInput, GameInput
from scoring.services.rescore import GameRescore, game_rescore
from scoring.services.rounds import round_close, round_reopen
from scoring.services.sheets import (
    deal_delete,
    deal_record,
    game_totals_record,
    sheet_confirm,
    sheet_confirmed,
    sheet_correct,
    sheet_ensure,
    sheet_save,
    table_event_add,
    table_event_remove,
)
from scoring.services.takeover import sheet_give_back, sheet_take_over
from scoring.services.timing import game_time_decide, round_time_rule_apply

__all__ = [
    "DealInput",
    "ResultConflict",
    "ResultError",
    "GameInput",
    "GameRescore",
    "SheetConflict",
    "deal_delete",
    "deal_record",
    "engine_message",
    "entry_mode_check",
    "game_time_decide",
    "game_totals_record",
    "game_rescore",
    "round_close",
    "round_check_open",
    "round_reopen",
    "round_time_rule_apply",
    "sheet_commit",
    "sheet_confirm",
    "sheet_confirmed",
    "sheet_correct",
    "sheet_ensure",
    "sheet_give_back",
    "sheet_lock",
    "sheet_save",
    "sheet_take_over",
    "table_event_add",
    "table_event_remove",
]
