"""Take a table-entered sheet over at the desk, and give it back to its table.

Both are filed in the action log with the sheet's table state before and after.
"""

from __future__ import annotations

from django.db import transaction

from scoring.models import ScoreSheet
from scoring.services.commit import round_check_open, sheet_lock, sheet_log
from scoring.services.table_state import table_state_compute
from scoring.table_entry import table_entry

__all__ = ["sheet_give_back", "sheet_take_over"]

State = ScoreSheet.TableState


@transaction.atomic
def sheet_take_over(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Take a sheet over at the desk: the table's code no longer writes on it.

    The desk edits it as any other sheet (it always may); give it back to let
    the table enter and accept again.
    """
    fresh = sheet_lock(sheet=sheet, version=version, by=by)
    round_check_open(fresh)
    if fresh.table_state != State.DESK:
        was = fresh.table_state
        ScoreSheet.objects.filter(pk=fresh.pk).update(table_state=State.DESK)
        fresh.table_state = State.DESK
        sheet_log(
            sheet=fresh,
            by=by,
            action="sheet.taken_over",
            before={"table_state": was},
            after={"table_state": State.DESK},
        )
    return fresh


@transaction.atomic
def sheet_give_back(*, sheet: ScoreSheet, by, version: int) -> ScoreSheet:
    """Give a taken-over sheet back to its table: its state is read again from
    its games and acceptances (the desk's own sheet if the table never wrote)."""
    fresh = sheet_lock(sheet=sheet, version=version, by=by)
    round_check_open(fresh)
    if fresh.table_state != State.DESK:
        return fresh
    involved = table_entry().involved(sheet_id=fresh.pk)
    fresh.table_state = State.NONE
    state = table_state_compute(
        sheet=fresh, tournament=fresh.table.round.tournament, involved=involved
    )
    ScoreSheet.objects.filter(pk=fresh.pk).update(table_state=state)
    fresh.table_state = state
    sheet_log(
        sheet=fresh,
        by=by,
        action="sheet.given_back",
        before={"table_state": State.DESK},
        after={"table_state": state},
    )
    return fresh
