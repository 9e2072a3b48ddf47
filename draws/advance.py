"""Send a finished phase's qualifiers on to the next one, seeded by ranking."""

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import StateConflict
from draws.selectors import advance_preview, phase_advance_blocker
from draws.staged import knockout_seed
from standings.labels import tiebreak_label
from tournaments.models import Entry, Phase, Round, RoundLog, Tournament
from tournaments.round_log import round_log_add
from tournaments.services import tournament_touch


@transaction.atomic
def phase_advance(*, phase, by):
    """Send the qualifiers of a finished phase to the next one, seeded by ranking.

    Every round of the phase must be closed. The cut follows the tournament's
    tiebreak order (``draws.selectors.advance_preview``); the result says which
    tiebreak decided it. Returns the :class:`draws.selectors.AdvanceResult`.
    """
    tournament = Tournament.objects.select_for_update().get(pk=phase.tournament_id)
    phase = Phase.objects.select_related("tournament").get(pk=phase.pk)
    blocked = phase_advance_blocker(phase=phase)  # what the pages check too
    if blocked is not None:
        code, message = blocked
        raise StateConflict(message, code=code)
    rounds = list(Round.objects.filter(phase=phase).order_by("number"))
    result = advance_preview(phase=phase)
    if result.ties:
        raise StateConflict(
            _(
                "An exact tie at the cut of %(phase)s: choose who goes through "
                "(%(where)s) before advancing."
            )
            % {"phase": phase.name, "where": ", ".join(t.where for t in result.ties)},
            code="tie",
        )
    Entry.objects.filter(tournament=tournament, phase=result.next_phase).update(
        phase=None, seed=None
    )
    for seed, row in enumerate(result.qualifiers, start=1):
        Entry.objects.filter(pk=row.entry_id).update(phase=result.next_phase, seed=seed)
    if result.next_phase.draw_method == Phase.DrawMethod.KNOCKOUT:
        knockout_seed(phase=result.next_phase)
    reason = _("%(count)s qualifiers for %(phase)s.") % {
        "count": result.count,
        "phase": result.next_phase.name,
    }
    if result.pools is not None:
        reason += " " + "; ".join(
            f"{row.name}: {result.reasons[row.entry_id]}"
            for row in result.qualifiers
            if row.route != "place"
        )
    elif result.has_tie:
        reason += " " + (
            _("Level at the cut: registration order decided.")
            if result.level
            else _("Tie at the cut decided by %(tiebreak)s (%(a)s against %(b)s).")
            % {
                "tiebreak": tiebreak_label(result.decided_by),
                "a": result.values[0],
                "b": result.values[1],
            }
        )
    round_log_add(
        round=rounds[-1], action=RoundLog.Action.ADVANCED, by=by, reason=reason
    )
    tournament_touch(tournament=tournament)
    result.advanced = True
    return result
