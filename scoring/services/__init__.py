"""Record score sheets: check every deal with the engine, save atomically, audit.

The rooms: ``errors`` (why an entry is refused), ``inputs`` (what a director types,
turned into the engine's deals), ``commit`` (lock, check, write and audit one copy
of a sheet), ``sheets`` (the services on a sheet) and ``rounds`` (close, reopen).
"""

from scoring.services.commit import entry_mode_check
from scoring.services.errors import EntryConflict, EntryError, SheetConflict
from scoring.services.inputs import DealInput, GameInput
from scoring.services.rounds import round_close, round_reopen
from scoring.services.sheets import (
    deal_delete,
    deal_record,
    game_totals_record,
    sheet_confirm,
    sheet_correct,
    sheet_ensure,
    sheet_save,
    table_event_add,
    table_event_remove,
)

__all__ = [
    "DealInput",
    "EntryConflict",
    "EntryError",
    "GameInput",
    "SheetConflict",
    "deal_delete",
    "deal_record",
    "entry_mode_check",
    "game_totals_record",
    "round_close",
    "round_reopen",
    "sheet_confirm",
    "sheet_correct",
    "sheet_ensure",
    "sheet_save",
    "table_event_add",
    "table_event_remove",
]
