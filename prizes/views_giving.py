"""Serve the prize-giving: the director's screen, one key a prize, and the projector.

The director's screen posts each key (give, undo, pick) and htmx swaps the screen
with the answer; without script each form posts and the page comes back. The
projector is a public page that ``static/js/live.js`` refreshes when the
tournament's version moves (every prize given, taken back or picked bumps it).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs.access import is_htmx
from core.errors import InvalidInput
from core.params import parse_id
from core.refusals import refused_as_message
from prizes import services
from prizes.giving import giving_for
from prizes.models import Prize, PrizeAward
from tournaments.access import director_required, tournament_or_404

# The header live.js sends when it fetches a page's region after a bump.
LIVE_HEADER = "X-Live-Region"
# Keys that pick the n-th prize on the table: 1…9, 0, then a…z.
PICK_KEYS = "1234567890abcdefghijklmnopqrstuvwxyz"


# ------------------------------------------------------------ the director's screen


def _screen_context(tournament) -> dict:
    giving = giving_for(tournament=tournament)
    table = [
        {"prize": prize, "key": PICK_KEYS[i] if i < len(PICK_KEYS) else ""}
        for i, prize in enumerate(giving.table)
    ]
    return {"tournament": tournament, "giving": giving, "table": table}


def _screen(request, tournament):
    """Answer htmx with the screen alone (its messages in it), else go back to it."""
    if not is_htmx(request):
        return redirect("prizes:giving", slug=tournament.slug)
    context = _screen_context(tournament)
    context["with_messages"] = True
    return render(request, "prizes/_giving.html", context)


def _award(request, tournament) -> PrizeAward:
    """The award a key was pressed for (the form's ``award``), or a refusal."""
    pk = parse_id(request.POST.get("award"))
    award = None
    if pk is not None:
        award = PrizeAward.objects.filter(tournament=tournament, pk=pk).first()
    if award is None:
        raise InvalidInput(
            _("This prize is no longer awarded: the screen was out of date."),
            field="award",
        )
    return award


@director_required
@require_GET
def giving(request, tournament):
    """The prize-giving: the next winner to call, big, and one key to give it."""
    return render(request, "prizes/giving.html", _screen_context(tournament))


@director_required
@require_POST
def giving_give(request, tournament):
    """Mark the award shown as given (Space, Enter, the big button); call the next."""
    with refused_as_message(request):
        award = services.prize_give(award=_award(request, tournament), by=request.user)
        if not is_htmx(request):
            messages.success(request, _("Given: %(name)s.") % {"name": award.name})
    return _screen(request, tournament)


@director_required
@require_POST
def giving_undo(request, tournament):
    """Take the last prize given back (Backspace, the Undo button): call it again."""
    with refused_as_message(request):
        award = services.prize_give_undo(
            award=_award(request, tournament), by=request.user
        )
        messages.info(
            request, _("Taken back: %(name)s is called again.") % {"name": award.name}
        )
    return _screen(request, tournament)


@director_required
@require_POST
def giving_pick(request, tournament):
    """Record the prize the winner chose from the table (one click or its key)."""
    with refused_as_message(request):
        award = _award(request, tournament)
        pk = parse_id(request.POST.get("prize"))
        prize = (
            Prize.objects.filter(tournament=tournament, pk=pk).first() if pk else None
        )
        if prize is None:
            raise InvalidInput(
                _("Choose one of the prizes on the table."), field="prize"
            )
        services.prize_pick(award=award, prize=prize, by=request.user)
    return _screen(request, tournament)


# ------------------------------------------------------------------ the projector


@never_cache
@require_GET
def projector(request, slug):
    """The prize-giving on the big screen: the winner called, the last few given.

    Public, as the projector's standings are; live.js polls the tournament's
    version and fetches the region alone (``X-Live-Region``) when it moves.
    """
    tournament = tournament_or_404(request, slug)
    context = {"tournament": tournament, "giving": giving_for(tournament=tournament)}
    region = render_to_string("prizes/_projector.html", context, request)
    if request.headers.get(LIVE_HEADER):
        response = HttpResponse(region)
    else:
        context["region"] = region
        response = render(request, "prizes/projector.html", context)
    patch_vary_headers(response, (LIVE_HEADER,))
    return response
