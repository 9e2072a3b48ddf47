"""Serve a round's page for its director, and the ways back to it (at a table)."""

from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from draws import repair
from draws.forms import DrawForm, ReasonForm, SwapTypedForm
from draws.selectors import round_for_director, swap_choices, tables_with_results
from manille.draws import REASON_TEXT
from tournaments.access import director_required
from tournaments.models import Round


def get_round(tournament, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("phase", "tournament"),
        tournament=tournament,
        number=number,
    )


@director_required
@require_GET
def round_detail(request, tournament, number):
    rnd = get_round(tournament, number)
    return round_detail_page(request, tournament, rnd)


def round_detail_page(request, tournament, rnd, *, swap_form=None, status=200):
    """The round's page; a typed swap refused shows its form again with why."""
    checked = round_for_director(round=rnd)
    data, tables = checked.read, checked.tables
    published = rnd.status == Round.Status.PUBLISHED
    entered = tables_with_results(round=rnd) if published else set()
    return render(
        request,
        "draws/round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": [
                (t, [REASON_TEXT.get(code, code) for code in t.reasons]) for t in tables
            ],
            "byes": data.byes_by_name,
            "is_draft": rnd.status == Round.Status.DRAFT,
            # A draft, or a published round's tables without results: seats move.
            "can_change": rnd.status != Round.Status.CLOSED,
            "is_published": published,
            "entered": entered,
            "unpublish_blocker": repair.unpublish_blocker(round=rnd)
            if published
            else None,
            "reason_form": ReasonForm(),
            "at": table_number(request.GET.get("at")),
            "flagged": len(checked.flagged),
            "quiet": checked.quiet,
            "withdrawn": [s for t in tables for s in t.seats if s.withdrawn],
            "log": rnd.log.select_related("by").order_by("-at", "-id")[:20],
            "scoring_url": reverse("scoring:round", kwargs={"round_id": rnd.pk}),
            "public_url": reverse(
                "public:draw", kwargs={"slug": tournament.slug, "number": rnd.number}
            ),
            "draw_form": DrawForm(),
            "swap_form": swap_form or SwapTypedForm(),
            "swap_focus": swap_form is not None or request.GET.get("swap") == "1",
            "swap_choices": swap_choices(read=data, search=False)
            if rnd.status != Round.Status.CLOSED
            else [],
        },
        status=status,
    )


def table_number(value) -> int | None:
    """Read a table number from the request (where to return), else None."""
    return int(value) if value and value.isdigit() and len(value) < 6 else None


def round_redirect(tournament, rnd, at: int | None = None) -> HttpResponseRedirect:
    """Go back to the round's page, at table ``at`` when given (keeps the place)."""
    url = reverse(
        "draws:round", kwargs={"slug": tournament.slug, "number": rnd.number}
    )
    if at is not None:
        url += f"?at={at}#table-{at}"
    return HttpResponseRedirect(url)
