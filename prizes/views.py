"""Serve the director's prize page (settings, table, awards) and who won what."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cashdesk.selectors import fee_settings_for
from core.refusals import refused_as_message, refused_on_form
from prizes import selectors, services
from prizes.forms import PrizeSettingsForm, PrizeTableForm
from tournaments.access import director_required, tournament_or_404


def _rates(tournament) -> list[tuple[str, str]]:
    fees = fee_settings_for(tournament=tournament)
    return [(r.code, r.label) for r in fees.rates.all()] if fees else []


def _page(request, tournament, *, settings_form=None, table_form=None, status=200):
    settings = selectors.prize_settings_for(tournament=tournament)
    prizes = selectors.prizes_for(tournament=tournament)
    awards = selectors.awards_for(tournament=tournament)
    plan = selectors.award_plan(tournament=tournament)
    return render(
        request,
        "prizes/director.html",
        {
            "tournament": tournament,
            "settings": settings,
            "settings_form": settings_form or PrizeSettingsForm(settings=settings),
            "table_form": table_form
            or PrizeTableForm(prizes=prizes, rates=_rates(tournament)),
            "plan": plan,
            "plan_lines": [_line(line) for line in plan.lines],
            "awards": [_line(award) for award in awards],
            "given": sum(1 for a in awards if a.given_at),
            "places": _places(plan),
        },
        status=status,
    )


def _line(item) -> dict:
    """What a row of the awards shows: place, winner, prize, cash, how settled."""
    return {
        "item": item,
        "prize": getattr(item, "prize_text", None) or item.description,
        "amount_cents": item.amount_cents,
        "settled": selectors.settled_text(item),
    }


def _places(plan) -> list[tuple[int, int]]:
    """Each place of the table and its rounded amount, for the pot's summary."""
    if plan.split is None:
        return []
    return list(enumerate(plan.split.place_cents, 1))


@director_required
@require_http_methods(["GET", "POST"])
def prizes(request, tournament):
    """The prize table, the cash pot, and the awards computed from the standings."""
    if request.method == "GET":
        return _page(request, tournament)
    settings = selectors.prize_settings_for(tournament=tournament)
    form = PrizeSettingsForm(request.POST, settings=settings)
    if form.is_valid():
        with refused_on_form(form):
            services.prize_settings_save(
                tournament=tournament, by=request.user, **form.values()
            )
            messages.success(request, _("The prize settings are saved."))
            return redirect("prizes:prizes", slug=tournament.slug)
    return _page(request, tournament, settings_form=form, status=400)


@director_required
@require_POST
def prize_table(request, tournament):
    """Save the prize table (the lines filled in, in their order)."""
    form = PrizeTableForm(
        request.POST,
        prizes=selectors.prizes_for(tournament=tournament),
        rates=_rates(tournament),
    )
    if form.is_valid():
        with refused_on_form(form):
            rows = form.rows()
            services.prize_table_save(
                tournament=tournament, by=request.user, prizes=rows
            )
            messages.success(
                request,
                ngettext(
                    "The prize table is saved: %(count)d prize.",
                    "The prize table is saved: %(count)d prizes.",
                    len(rows),
                )
                % {"count": len(rows)},
            )
            return redirect("prizes:prizes", slug=tournament.slug)
    return _page(request, tournament, table_form=form, status=400)


@director_required
@require_POST
def prizes_award(request, tournament):
    """Award the prizes from the final standings (the page's one button)."""
    with refused_as_message(request):
        awards = services.prizes_award(tournament=tournament, by=request.user)
        messages.success(
            request,
            ngettext(
                "%(count)d prize awarded.", "%(count)d prizes awarded.", len(awards)
            )
            % {"count": len(awards)},
        )
    return redirect("prizes:prizes", slug=tournament.slug)


@require_GET
def public_prizes(request, slug):
    """Who won what: the awards in place order, with how shared places were settled."""
    tournament = tournament_or_404(request, slug)
    awards = selectors.awards_by_place(tournament=tournament)
    return render(
        request,
        "prizes/public.html",
        {"tournament": tournament, "awards": [_line(a) for a in awards]},
    )
