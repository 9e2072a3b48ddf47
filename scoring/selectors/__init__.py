"""Read score sheets and round desks for the director's screens.

The rooms: ``sheet`` (one sheet and the difference between its two entries),
``corrections`` (what a correction changed), ``desk`` (a round's tables and their
sheets), ``labels`` (trumps and sides as the sheet prints them). What a
table's phone shows is :mod:`phones.selectors`.
"""

from scoring.selectors.corrections import (
    CorrectionView,
    HistoryItem,
    describe_correction,
    describe_deal,
    sheet_history,
)
from scoring.selectors.desk import (
    DESK_FILTERS,
    DeskFilter,
    DeskRow,
    RoundDesk,
    SheetNeighbours,
    next_unconfirmed_table,
    round_desk,
    sheet_neighbours,
    table_by_number,
)
from scoring.selectors.labels import side_label, trump_symbol
from scoring.selectors.sheet import (
    CARD_RANKS,
    COMPARED,
    DealRow,
    Difference,
    GameBlock,
    SheetView,
    columns_for,
    seat_names,
    sheet_differences,
    sheet_view,
)

__all__ = [
    "CARD_RANKS",
    "COMPARED",
    "CorrectionView",
    "DESK_FILTERS",
    "DealRow",
    "DeskFilter",
    "DeskRow",
    "Difference",
    "GameBlock",
    "HistoryItem",
    "RoundDesk",
    "SheetNeighbours",
    "SheetView",
    "columns_for",
    "describe_correction",
    "describe_deal",
    "next_unconfirmed_table",
    "round_desk",
    "seat_names",
    "sheet_differences",
    "sheet_history",
    "sheet_neighbours",
    "sheet_view",
    "side_label",
    "table_by_number",
    "trump_symbol",
]
