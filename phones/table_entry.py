"""Answer scoring's questions about a sheet's table entry (``scoring.table_entry``)."""

from __future__ import annotations

from collections.abc import Iterable

from phones.history import submissions_history
from phones.models import Acceptance, TableSubmission
from phones.services.codes import table_codes_ensure
from scoring.table_entry import TableEntry

__all__ = ["PhonesTableEntry"]


class PhonesTableEntry(TableEntry):
    """The phones' codes, table writes and acceptances, as scoring asks for them."""

    def acceptances(self, *, sheet_id: int) -> list[tuple[int, int | None, bool]]:
        return list(
            Acceptance.objects.filter(sheet_id=sheet_id).values_list(
                "pk", "game_id", "accepted"
            )
        )

    def acceptances_delete(self, *, ids: Iterable[int]) -> None:
        Acceptance.objects.filter(pk__in=ids).delete()

    def involved(self, *, sheet_id: int) -> bool:
        return (
            TableSubmission.objects.filter(sheet_id=sheet_id).exists()
            or Acceptance.objects.filter(sheet_id=sheet_id).exists()
        )

    def rejections(self, *, round_id: int) -> list[tuple[int, int, str]]:
        return list(
            Acceptance.objects.filter(sheet__table__round_id=round_id, accepted=False)
            .order_by("at", "id")
            .values_list("sheet_id", "seat", "reason")
        )

    def history(self, *, sheet, names):
        return submissions_history(sheet=sheet, names=names)

    def codes(self, *, round):  # noqa: A002
        return table_codes_ensure(round=round)
