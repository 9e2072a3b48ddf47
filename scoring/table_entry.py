"""Ask the table entry what it holds about a sheet, without importing it.

The app that takes results on the players' phones (:mod:`phones`) sits above
scoring and owns the table codes, the writes made at a table and the opponents'
acceptances. Scoring still needs a few answers about them (a sheet's state at its
table, the desk's rejections, a sheet's history, the code the desk shows): that
app registers them here when Django starts (``PhonesConfig.ready``). Until one
does, a sheet has no acceptance, no table write and no code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["TableEntry", "register", "table_entry"]


class TableEntry:
    """The answers scoring asks of the table entry; this one knows of none."""

    def acceptances(self, *, sheet_id: int) -> list[tuple[int, int | None, bool]]:
        """The sheet's acceptances: (id, game id or None for the table, accepted)."""
        return []

    def acceptances_delete(self, *, ids: Iterable[int]) -> None:
        """Delete these acceptances (a change to their game needs new ones)."""

    def involved(self, *, sheet_id: int) -> bool:
        """Whether the table wrote on the sheet or accepted anything on it."""
        return False

    def rejections(self, *, round_id: int) -> list[tuple[int, int, str]]:
        """The round's rejections, oldest first: (sheet id, seat, reason)."""
        return []

    def history(self, *, sheet, names: dict[int, str] | None) -> list[Any]:
        """The sheet's writes from its table, as ``HistoryItem``s."""
        return []

    def codes(self, *, round) -> dict[int, str]:  # noqa: A002
        """``{table number: code}`` for every table of the round (made if missing)."""
        return {}


_registered = TableEntry()


def register(entry: TableEntry) -> None:
    """Make ``entry`` the one scoring asks (the table entry app, at start-up)."""
    global _registered
    _registered = entry


def table_entry() -> TableEntry:
    """The table entry registered, or one that knows of nothing."""
    return _registered
