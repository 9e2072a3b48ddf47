"""Keep a sheet's table state in step with its games and the opponents' acceptances.

Runs inside the caller's transaction, after the sheet is locked: by
:func:`scoring.services.commit._commit` whenever a game of a table-entered sheet
changes (at the table or at the desk), and by the table-entry services.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from scoring.models import Acceptance, ScoreSheet
from tournaments.models import Game, Tournament

__all__ = ["acceptances_reset", "table_state_compute", "table_state_refresh"]

State = ScoreSheet.TableState


def acceptances_reset(*, sheet: ScoreSheet, games: Iterable[int]) -> None:
    """Delete the acceptances of changed games (ids) and the table-wide one.

    A correction after acceptance needs a new acceptance.
    """
    ids = list(games)
    Acceptance.objects.filter(sheet=sheet).filter(
        Q(game__isnull=True) | Q(game_id__in=ids)
    ).delete()


def table_state_compute(
    *, sheet: ScoreSheet, tournament: Tournament, involved: bool = True
) -> str:
    """Return where the sheet stands at its table.

    ``DESK`` stays (only the desk gives a sheet back). Not ``involved`` (nothing
    came from the table): the desk's sheet, ``NONE``. Otherwise: ``DISPUTED``
    while a rejection stands; ``AWAITING`` while a finished game (game-by-game
    acceptance) or the finished table (one acceptance of the table) lacks an
    acceptance; ``ACCEPTED`` once every game is finished and accepted;
    ``ENTERING`` in between (a game still being played, nothing waiting).
    """
    if sheet.table_state == State.DESK:
        return State.DESK
    if not involved:
        return State.NONE
    games = list(
        Game.objects.filter(table_id=sheet.table_id).values_list("id", "finished")
    )
    accepted = dict(
        Acceptance.objects.filter(sheet=sheet).values_list("game_id", "accepted")
    )
    if not all(accepted.values()):
        return State.DISPUTED
    all_finished = bool(games) and all(finished for _id, finished in games)
    if tournament.acceptance == Tournament.Acceptance.TABLE:
        required = [None] if all_finished else []
    else:
        required = [gid for gid, finished in games if finished]
    if any(accepted.get(scope) is not True for scope in required):
        return State.AWAITING
    return State.ACCEPTED if all_finished else State.ENTERING


def table_state_refresh(
    *, sheet: ScoreSheet, tournament: Tournament, involved: bool = True
) -> str:
    """Compute the sheet's table state and save it if it changed; return it."""
    state = table_state_compute(sheet=sheet, tournament=tournament, involved=involved)
    if state != sheet.table_state:
        ScoreSheet.objects.filter(pk=sheet.pk).update(table_state=state)
        sheet.table_state = state
    return state
