"""Close a round whose tables are all confirmed, or reopen it for corrections.

Both are lines of the round's history (``tournaments.round_log.round_log_add``),
which files them in the action log too.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ScoreSheet
from scoring.services.errors import ResultConflict, ResultError
from tournaments.models import Round, RoundLog, Table
from tournaments.round_log import round_log_add
from tournaments.selectors import hall_copy_refusal
from tournaments.services import tournament_touch

__all__ = ["round_close", "round_reopen"]


def _refuse_hall_copy(rnd: Round) -> None:
    """Refuse closing or reopening a round of the copy a hall published here."""
    refusal = hall_copy_refusal(tournament=rnd.tournament)
    if refusal is not None:
        raise ResultConflict(refusal, code="hall_copy")


@transaction.atomic
def round_close(*, round: Round, by) -> Round:  # noqa: A002 - the contract's name
    """Close a round whose every table is confirmed; its standings freeze."""
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=round.pk)
    )
    _refuse_hall_copy(rnd)
    if rnd.status == Round.Status.CLOSED:
        raise ResultConflict(
            _("Round %(number)s is already closed.") % {"number": rnd.number},
            code="closed",
        )
    if rnd.status == Round.Status.DRAFT:
        raise ResultConflict(
            _("Round %(number)s is not published yet.") % {"number": rnd.number},
            code="draft",
        )
    total = Table.objects.filter(round=rnd).count()
    confirmed = ScoreSheet.objects.filter(
        table__round=rnd, status=ScoreSheet.Status.CONFIRMED
    ).count()
    if confirmed < total:
        raise ResultConflict(
            _(
                "%(missing)s of %(total)s tables are not confirmed yet: a round "
                "closes only when every table is confirmed."
            )
            % {"missing": total - confirmed, "total": total},
            code="unconfirmed",
        )
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    round_log_add(round=rnd, action=RoundLog.Action.CLOSED, by=by)
    tournament_touch(tournament=rnd.tournament)
    return rnd


@transaction.atomic
def round_reopen(*, round: Round, by, reason: str) -> Round:  # noqa: A002
    """Reopen a closed round for corrections; the reason is logged."""
    reason = (reason or "").strip()
    if not reason:
        raise ResultError(
            _("Give a reason for reopening the round."),
            field="reason",
            code="reason_required",
        )
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=round.pk)
    )
    _refuse_hall_copy(rnd)
    if rnd.status != Round.Status.CLOSED:
        raise ResultConflict(
            _("Round %(number)s is not closed.") % {"number": rnd.number},
            code="not_closed",
        )
    rnd.status = Round.Status.PUBLISHED
    rnd.closed_at = None
    rnd.save(update_fields=["status", "closed_at"])
    round_log_add(round=rnd, action=RoundLog.Action.REOPENED, by=by, reason=reason)
    tournament_touch(tournament=rnd.tournament)
    return rnd
