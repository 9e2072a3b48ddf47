"""Serve the director's fee settings and the desk: check-in with payment, one key."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cashdesk import selectors, services
from cashdesk.forms import DeskForm, FeeSettingsForm
from cashdesk.models import Payment
from cashdesk.money import euros
from core.params import parse_id
from core.refusals import refused_as_message, refused_on_form
from tournaments import checkin
from tournaments import selectors as tournament_selectors
from tournaments.access import director_required
from tournaments.models import Entry

MAX_QUERY = 200


@director_required
@require_http_methods(["GET", "POST"])
def fee_settings(request, tournament):
    """The fee's rates and amounts, "only paid entrants are drawn", the account."""
    fees = selectors.fee_settings_for(tournament=tournament)
    form = FeeSettingsForm(request.POST or None, fees=fees)
    if request.method == "POST" and form.is_valid():
        with refused_on_form(form):
            services.fee_settings_save(
                tournament=tournament,
                by=request.user,
                rates=form.rates(),
                **{k: form.cleaned_data[k] for k in _SETTINGS},
            )
            messages.success(request, _("The fees are saved."))
            return redirect("cashdesk:fees", slug=tournament.slug)
    return render(
        request,
        "cashdesk/fees.html",
        {"tournament": tournament, "form": form, "fees": fees},
        status=400 if form.errors else 200,
    )


_SETTINGS = ("per", "only_paid_drawn", "beneficiary", "iban", "bic")


def _desk_url(tournament, *, query: str = "", entry_id: int | None = None) -> str:
    url = reverse("cashdesk:desk", kwargs={"slug": tournament.slug})
    if query:
        url += "?" + urlencode({"q": query})
    return url + (f"#e{entry_id}" if entry_id else "")


@director_required
@require_GET
def desk(request, tournament):
    """The check-in with payment: type a name, Enter: present and paid."""
    fees = selectors.fee_settings_for(tournament=tournament)
    query = (request.GET.get("q") or "")[:MAX_QUERY]
    rows = checkin.checkin_filter(
        checkin.checkin_rows(tournament=tournament, search=bool(query.strip())), query
    )
    paid = selectors.paid_states(tournament=tournament)
    return render(
        request,
        "cashdesk/desk.html",
        {
            "tournament": tournament,
            "fees": fees,
            "rates": list(fees.rates.all()) if fees else [],
            "methods": Payment.Method.choices,
            "query": query,
            "rows": [(row, paid.get(row.id)) for row in rows],
            "counts": tournament_selectors.entry_counts(tournament=tournament),
            "unpaid": selectors.unpaid_counts(tournament=tournament),
        },
    )


def _choices(request, fees):
    form = DeskForm(request.POST)
    form.is_valid()
    data = form.cleaned_data
    method = data.get("method") or Payment.Method.CASH
    code = data.get("rate") or ""
    rate = fees.rates.filter(code=code).first() if fees and code else None
    return (data.get("q") or "").strip(), method, rate


def _paid_message(result: services.DeskResult) -> str:
    name = str(result.entry)
    if result.payment is None:
        return _("%(name)s is present (paid before).") % {"name": name}
    payment = result.payment
    return _("%(name)s is present and paid %(amount)s (%(method)s, %(rate)s).") % {
        "name": name,
        "amount": euros(payment.amount_cents),
        "method": payment.get_method_display().lower(),
        "rate": payment.rate.label,
    }


@director_required
@require_POST
def desk_pay(request, tournament):
    """The one key: the entrant named (or the row's button) present and paid."""
    fees = selectors.fee_settings_for(tournament=tournament)
    text, method, rate = _choices(request, fees)
    entry_id = parse_id(request.POST.get("entry"))
    if entry_id is None:
        found = checkin.match(checkin.checkin_rows(tournament=tournament), text)
        if len(found) != 1:
            _not_one(request, found, text)
            return redirect(_desk_url(tournament, query=text))
        entry_id = found[0].id
    entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
    if entry is None:
        messages.error(request, _("Unknown entrant."))
        return redirect(_desk_url(tournament))
    with refused_as_message(request):
        result = services.checkin_and_pay(
            entry=entry, by=request.user, method=method, rate=rate
        )
        messages.success(request, _paid_message(result))
    # No #row in the address: the browser then focuses the search box for the next.
    return redirect(_desk_url(tournament))


def _not_one(request, found, text: str) -> None:
    if not text:
        messages.error(request, _("Type a name, a club or a member number."))
    elif found:
        messages.warning(
            request,
            ngettext(
                "%(count)d entrant matches “%(text)s”: press Present + paid on the "
                "row.",
                "%(count)d entrants match “%(text)s”: press Present + paid on the "
                "right row.",
                len(found),
            )
            % {"count": len(found), "text": text},
        )
    else:
        messages.error(
            request, _("Nobody registered matches “%(text)s”.") % {"text": text}
        )


@director_required
@require_POST
def desk_undo(request, tournament):
    """Undo a payment taken by mistake (the row's Undo button)."""
    payment = Payment.objects.filter(
        entry__tournament=tournament, pk=parse_id(request.POST.get("payment"))
    ).first()
    if payment is None:
        messages.error(request, _("Unknown payment."))
        return redirect(_desk_url(tournament))
    with refused_as_message(request):
        services.payment_undo(payment=payment, by=request.user)
        messages.success(
            request,
            _("%(name)s's payment is undone: the fee is owed again.")
            % {"name": payment.entry},
        )
    return redirect(_desk_url(tournament, entry_id=payment.entry_id))


@director_required
@require_POST
def desk_refund(request, tournament):
    """Withdraw an entrant and give their fee back (the row's button)."""
    entry = Entry.objects.filter(
        tournament=tournament, pk=parse_id(request.POST.get("entry"))
    ).first()
    if entry is None:
        messages.error(request, _("Unknown entrant."))
        return redirect(_desk_url(tournament))
    with refused_as_message(request):
        refund = services.entry_withdraw_refund(entry=entry, by=request.user)
        if refund is None:
            messages.success(request, _("%(name)s has withdrawn.") % {"name": entry})
        else:
            messages.success(
                request,
                _("%(name)s has withdrawn: give back %(amount)s.")
                % {"name": entry, "amount": euros(refund.amount_cents)},
            )
    return redirect(_desk_url(tournament, entry_id=entry.pk))
