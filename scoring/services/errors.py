"""Say why an entry is refused: invalid input (422) or a state conflict (409)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import InvalidInput, StateConflict
from manille.engine import InvalidDeal
from scoring.models import ScoreSheet

__all__ = ["ResultConflict", "ResultError", "SheetConflict", "engine_message"]


class ResultError(InvalidInput):
    """A refused entry: a translated message, the field and game it belongs to."""

    def __init__(
        self,
        message: str,
        *,
        field: str = "__all__",
        game: int | None = None,
        index: int | None = None,
        code: str = "invalid",
    ) -> None:
        super().__init__(message, code=code, field=field, game=game, index=index)


class ResultConflict(ResultError, StateConflict):
    """A refusal about the state of the sheet or round, not the typed values (409)."""

    status = 409


class SheetConflict(StateConflict):
    """The sheet was saved by someone else since it was loaded (optimistic locking).

    ``sheet`` is the current version from the database.
    """

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__(
            f"sheet {sheet.pk} is at version {sheet.version}",
            code="stale_version",
            sheet=sheet,
        )


# The engine's field names → the entry form's field names.
_FIELD = {
    "points": "points_a",
    "tricks": "tricks_a",
    "cards": "tens_a",
    "knocks": "knocks",
    "trump": "trump",
    "blind": "blind",
    "revoke": "revoke",
    "declarer": "declarer",
}


def engine_message(exc: InvalidDeal) -> str:
    """Translate an engine refusal into the current language."""
    params = {
        key: _(value) if key == "rank" and isinstance(value, str) else value
        for key, value in exc.params.items()
    }
    return _(exc.template) % params


def _from_engine(exc: InvalidDeal, game: int, index: int | None) -> ResultError:
    return ResultError(
        engine_message(exc),
        field=_FIELD.get(exc.field or "", "__all__"),
        game=game,
        index=index,
        code=exc.code,
    )
