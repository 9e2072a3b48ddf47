"""Serve the treasurer's side: payments, figures, transfers received, QR slips."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from cashdesk import banking, selectors, transfers
from cashdesk.forms import TransfersForm
from cashdesk.models import Payment
from cashdesk.tables import PaymentTable
from core.refusals import refused_on_form
from tournaments.access import director_required, tournament_for_request
from tournaments.models import Entry


@director_required
@require_GET
def payments(request, tournament):
    """Every payment taken, the figures by method and rate, and who has not paid."""
    rows = (
        Payment.objects.filter(entry__tournament=tournament)
        .select_related("entry__player", "entry__team", "rate", "taken_by", "refund")
        .order_by("-taken_at", "-id")
    )
    table = PaymentTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    unpaid = (
        selectors.unpaid_entries(tournament=tournament)
        .select_related("player", "team")
        .order_by("id")
    )
    figures = selectors.treasurer_figures(tournament=tournament)
    return render(
        request,
        "cashdesk/payments.html",
        {
            "tournament": tournament,
            "table": table,
            "figures": figures,
            "by_method": [
                (label, figures.by_method.get(code, 0))
                for code, label in Payment.Method.choices
            ],
            "unpaid": list(unpaid),
        },
    )


@director_required
@require_GET
def figures_json(request, tournament):
    """The treasurer's figures as JSON (what ``treasurer_report --json`` prints)."""
    data = selectors.treasurer_figures_with_prizes(tournament=tournament).as_dict()
    response = JsonResponse({"tournament": tournament.slug, **data})
    response["Cache-Control"] = "private, no-store"
    return response


@director_required
@require_http_methods(["GET", "POST"])
def transfers_received(request, tournament):
    """Paste the bank statement: preview its references, then mark them paid."""
    form = TransfersForm(request.POST or None)
    lines = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        if request.POST.get("commit") == "1":
            with refused_on_form(form):
                done = transfers.transfers_mark_received(
                    tournament=tournament, text=text, by=request.user
                )
                count = sum(1 for line in done if line.state == "unpaid")
                messages.success(
                    request,
                    _("%(count)d transfers marked received.") % {"count": count},
                )
                return redirect("cashdesk:payments", slug=tournament.slug)
        lines = transfers.transfers_preview(tournament=tournament, text=text)
    return render(
        request,
        "cashdesk/transfers.html",
        {
            "tournament": tournament,
            "form": form,
            "lines": lines,
            "ready": sum(1 for ln in lines or () if ln.state == "unpaid"),
        },
        status=400 if form.errors else 200,
    )


def slip_context(tournament, entry: Entry) -> dict:
    """What an entrant's payment slip shows: the amount, the reference, the QR."""
    fees = selectors.fee_settings_for(tournament=tournament)
    rates = list(fees.rates.all()) if fees else []
    paid = selectors.paid_state(entry_id=entry.pk)
    context = {"tournament": tournament, "entry": entry, "paid": paid, "fees": fees}
    if not rates:
        return context
    rate = selectors.rate_default(
        settings=fees, rates=rates, club_id=selectors.entry_club_id(entry)
    )
    due = selectors.amount_due(settings=fees, rate=rate, entry=entry)
    reference = banking.reference_for(entry.pk)
    context.update(rate=rate, due=due, reference=reference)
    if fees.pays_ahead and paid is None and due > 0:
        transfer = banking.Transfer(
            fees.beneficiary, fees.iban, fees.bic, due, reference
        )
        context["qr_svg"] = banking.epc_svg(transfer)
        context["iban"] = banking.iban_display(fees.iban)
    return context


@require_GET
def pay_ahead(request, slug: str, entry_id: int):
    """An entrant's confirmation: what to pay, to whom, with the QR code to scan."""
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        raise Http404
    entry = (
        Entry.objects.filter(tournament=tournament, pk=entry_id)
        .exclude(status=Entry.Status.WITHDRAWN)
        .select_related("player__club", "team__club")
        .first()
    )
    if entry is None:
        raise Http404
    return render(request, "cashdesk/pay_ahead.html", slip_context(tournament, entry))
