"""Record score sheets: check every deal with the engine, save atomically, audit.

The rooms: ``errors`` (why an entry is refused), ``inputs`` (what a director types,
turned into the engine's deals), ``commit`` (lock, check, write and audit one copy
of a sheet), ``sheets`` (the services on a sheet), ``rounds`` (close, reopen),
``table_entry`` (a table's own phone: codes, deals, acceptance; the desk taking a
sheet over) and ``table_state`` (where a sheet entered at its table stands).
"""

from scoring.services.commit import entry_mode_check
from scoring.services.errors import (
    EntryConflict,
    EntryError,
    SheetConflict,
    engine_message,
)
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
from scoring.services.table_entry import (
    CODE_ALPHABET,
    TableCodeRefused,
    TableWrite,
    code_normalise,
    sheet_give_back,
    sheet_take_over,
    table_accept,
    table_codes_ensure,
    table_deal_delete,
    table_deal_save,
    table_open,
)

__all__ = [
    "CODE_ALPHABET",
    "DealInput",
    "EntryConflict",
    "EntryError",
    "GameInput",
    "SheetConflict",
    "TableCodeRefused",
    "TableWrite",
    "code_normalise",
    "deal_delete",
    "deal_record",
    "engine_message",
    "entry_mode_check",
    "game_totals_record",
    "round_close",
    "round_reopen",
    "sheet_confirm",
    "sheet_correct",
    "sheet_ensure",
    "sheet_give_back",
    "sheet_save",
    "sheet_take_over",
    "table_accept",
    "table_codes_ensure",
    "table_deal_delete",
    "table_deal_save",
    "table_event_add",
    "table_event_remove",
    "table_open",
]
