"""Serve the director's side of pools and knockouts: the bracket, its decisions, ties.

The bracket page lists every match of a knockout phase with its table and what
decided it; a match not won at the table (a walkover, a level game, time) is
decided there (``draws.staged.knockout_match_decide``). An exact tie at a pool's
cut is settled from the results desk's advance panel (``phase_tie_choose``).
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.params import parse_id
from core.refusals import refused_as_message
from draws import staged
from draws.forms import MatchDecisionForm
from standings.brackets import phase_knockout
from tournaments.access import director_required
from tournaments.models import KnockoutMatch, Phase


@director_required
@require_GET
def phase_bracket(request, tournament, phase_id):
    """Show a knockout phase's brackets, each match's table and decision."""
    phase = get_object_or_404(
        Phase, pk=phase_id, tournament=tournament, draw_method=Phase.DrawMethod.KNOCKOUT
    )
    phase.tournament = tournament
    state = phase_knockout(phase=phase)
    rows = []
    if state is not None:
        matches = {
            (m.bracket, m.round_index, m.match_index): m
            for m in KnockoutMatch.objects.filter(phase=phase)
        }
        for bracket in state.knockout.brackets:
            for r, rnd in enumerate(bracket.rounds):
                for i, match in enumerate(rnd.matches):
                    where = (bracket.code, r, i)
                    rows.append(
                        {
                            "bracket": bracket,
                            "round": rnd,
                            "match": match,
                            "a": state.names.get(match.a, "") if match.a else "",
                            "b": state.names.get(match.b, "") if match.b else "",
                            "table": state.tables.get(where),
                            "row": matches.get(where),
                            "level": where in state.undecided,
                        }
                    )
    return render(
        request,
        "draws/bracket.html",
        {
            "tournament": tournament,
            "phase": phase,
            "state": state,
            "rows": rows,
            "form": MatchDecisionForm(),
        },
    )


@director_required
@require_POST
def match_decide(request, tournament, phase_id, match_id):
    """Decide who goes through a match (or take the decision back)."""
    match = get_object_or_404(
        KnockoutMatch, pk=match_id, phase_id=phase_id, phase__tournament=tournament
    )
    form = MatchDecisionForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    else:
        with refused_as_message(request):
            staged.knockout_match_decide(
                match=match,
                winner=form.cleaned_data["winner"],
                decision=form.cleaned_data["decision"],
                reason=form.cleaned_data["reason"],
                by=request.user,
            )
            messages.success(request, _("The bracket is updated."))
    return redirect("draws:phase_bracket", slug=tournament.slug, phase_id=phase_id)


@director_required
@require_POST
def phase_tie(request, tournament, phase_id):
    """Settle an exact tie at a pool's cut with the entrants the director ticks."""
    phase = get_object_or_404(Phase, pk=phase_id, tournament=tournament)
    chosen = [i for i in map(parse_id, request.POST.getlist("chosen")) if i]
    key = (request.POST.get("key") or "")[:8]
    with refused_as_message(request):
        staged.phase_tie_choose(phase=phase, key=key, chosen=chosen, by=request.user)
        messages.success(request, _("The tie is settled: check the qualifiers."))
    back = request.POST.get("back_round")
    round_id = parse_id(back) if back else None
    if round_id:
        return redirect("scoring:round", round_id=round_id)
    return redirect("draws:phase_list", slug=tournament.slug)
