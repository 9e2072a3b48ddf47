"""Compute a phase's next round: the entrants it draws from, their records and
byes, and the draw method's tables or the staged phase's plan (nothing written)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from cashdesk.selectors import entries_not_drawn
from draws.staged import StagedPlan, staged_plan
from manille import draws as draw_module
from manille.draws import registry as draw_methods
from tournaments import selectors
from tournaments.models import Entry, Phase, Round


def _phase_entries(phase: Phase) -> list[Entry]:
    """Return the present entrants a phase draws from (withdrawn never)."""
    first = (
        not Phase.objects.filter(tournament=phase.tournament_id, order__lt=phase.order)
        .exclude(pk=phase.pk)
        .exists()
    )
    entries = (
        Entry.objects.filter(
            tournament=phase.tournament_id, status=Entry.Status.PRESENT
        )
        # Left out for money: unpaid when only paid entrants are drawn; refunded.
        .exclude(pk__in=entries_not_drawn(tournament_id=phase.tournament_id))
        .select_related("player", "team")
    )
    if not first:
        entries = entries.filter(phase=phase)
    return list(entries)


def _compute_draw(
    *, phase: Phase, round_number: int, seed: int, exclude_round: Round | None
) -> StagedPlan:
    """Draw the phase's round; return the draw, each entrant's club and what to
    keep besides the tables (a staged phase's pools or matches)."""
    tournament = phase.tournament
    if phase.draw_method not in draw_methods.codes_for(tournament.format):
        raise ValidationError(
            _("The phase's draw (%(method)s) does not fit this tournament's format.")
            % {"method": phase.get_draw_method_display()}
        )
    entries = _phase_entries(phase)
    if not entries:
        raise ValidationError(
            _("Nobody is checked in for %(phase)s: check entrants in first.")
            % {"phase": phase.name}
        )
    records = selectors.entrant_records(
        tournament=tournament, before_round=round_number
    )
    byes = selectors.bye_counts(tournament=tournament, exclude_round=exclude_round)
    history = selectors.history_pairs(
        tournament=tournament, exclude_round=exclude_round
    )
    bye_wins = tournament.bye_wins and not tournament.is_individual
    entrants = []
    for entry in entries:
        wins, points = records.get(entry.pk, (0, 0))
        if bye_wins:
            wins += byes.get(entry.pk, 0) * phase.games_per_table
        entrants.append(
            draw_module.Entrant(
                id=entry.pk,
                club=entry.player.club_id if entry.player_id else entry.team.club_id,
                wins=wins,
                points=points,
                byes=byes.get(entry.pk, 0),
                rank=entry.seed,
            )
        )
    method = draw_methods.method(phase.draw_method)
    in_phase = 1
    if method.needs_round_in_phase:
        in_phase += Round.objects.filter(phase=phase, number__lt=round_number).count()
    if method.staged:  # pools and knockouts: seated from the phase's own plan
        return staged_plan(
            phase=phase,
            entrants=entrants,
            in_phase=in_phase,
            seed=seed,
            exclude_round=exclude_round,
        )
    try:
        drawn = method.draw(
            entrants,
            format=tournament.format,
            seed=seed,
            history=history,
            round_in_phase=in_phase,
        )
        return StagedPlan(drawn, {e.id: e.club for e in entrants}, _keep_nothing)
    except draw_module.DrawError as exc:
        raise ValidationError(_(draw_module.ERROR_TEXT[exc.code]) % exc.params) from exc


def _keep_nothing(rnd: Round) -> None:
    """A drawn round keeps nothing besides its tables."""
