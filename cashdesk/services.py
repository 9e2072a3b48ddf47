"""Write a tournament's fees, take payments at the desk, undo and refund them.

Every write runs in one transaction and records itself in the action log inside
it; a refusal is a ``core.errors`` error raised before anything is kept. The one
key of the desk, :func:`checkin_and_pay`, checks the entrant in (the tournaments'
own service) and takes the fee in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.services import action_record
from cashdesk import banking, selectors
from cashdesk.models import FeeRate, FeeSettings, Payment, Refund
from cashdesk.money import euros
from core.errors import InvalidInput, StateConflict
from tournaments.models import Entry, Tournament
from tournaments.services import entry_set_present, entry_withdraw


def _user(by):
    return by if getattr(by, "is_authenticated", False) else None


# ----------------------------------------------------------------- fee settings


@dataclass(frozen=True)
class RateRow:
    """A rate as the settings form sends it."""

    code: str
    label: str
    amount_cents: int
    default_for: str = ""


def _settings_summary(fees: FeeSettings, rates: list[FeeRate]) -> dict:
    """Return the settings as the log compares them: one text per rate."""
    return {
        "per": fees.per,
        "only_paid_drawn": fees.only_paid_drawn,
        "beneficiary": fees.beneficiary,
        "iban": fees.iban,
        "bic": fees.bic,
        "rates": [
            f"{r.code}: {r.label} {r.amount_cents}c"
            + (f" ({r.default_for})" if r.default_for else "")
            for r in rates
        ],
    }


def _check_rates(rows: list[RateRow]) -> None:
    codes = [r.code for r in rows]
    if len(set(codes)) != len(codes):
        raise InvalidInput(_("Each rate needs its own code."), field="rates")
    for kind in (FeeRate.Default.MEMBER, FeeRate.Default.OTHER):
        if sum(r.default_for == kind for r in rows) > 1:
            raise InvalidInput(
                _("Only one rate can be the default for %(whom)s.")
                % {"whom": FeeRate.Default(kind).label},
                field="rates",
            )


@transaction.atomic
def fee_settings_save(
    *,
    tournament: Tournament,
    by,
    rates: list[RateRow],
    per: str = FeeSettings.Per.ENTRANT,
    only_paid_drawn: bool = False,
    beneficiary: str = "",
    iban: str = "",
    bic: str = "",
) -> FeeSettings:
    """Save the tournament's fee, its rates and the account for paying ahead.

    Rates are matched by code: a new code is a new rate, a code left out is
    removed, unless payments were taken at it (they keep their rate).
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    fees, _created = FeeSettings.objects.get_or_create(tournament=tournament)
    old_rates = {r.code: r for r in fees.rates.all()}
    before = _settings_summary(fees, list(old_rates.values()))
    fees.per, fees.only_paid_drawn = per, bool(only_paid_drawn)
    fees.beneficiary = (beneficiary or "").strip()
    fees.iban = banking.iban_compact(iban)
    fees.bic = (bic or "").strip().upper()
    if bool(fees.beneficiary) != bool(fees.iban):
        raise InvalidInput(
            _("Give both the beneficiary's name and the IBAN, or neither."),
            field="iban" if fees.beneficiary else "beneficiary",
        )
    fees.full_clean(exclude=["tournament"])
    fees.save()
    _check_rates(rates)
    gone = [r for code, r in old_rates.items() if code not in {x.code for x in rates}]
    for rate in gone:
        if rate.payments.exists():
            raise StateConflict(
                _("Payments were taken at the rate “%(rate)s”: it stays.")
                % {"rate": rate.label},
                field="rates",
            )
        rate.delete()
    # Defaults first cleared, so two rates may swap them in one save.
    fees.rates.exclude(default_for="").update(default_for="")
    saved = []
    for order, row in enumerate(rates):
        rate = old_rates.get(row.code) or FeeRate(settings=fees, code=row.code)
        rate.label = (row.label or "").strip()
        rate.amount_cents = row.amount_cents
        rate.default_for = row.default_for
        rate.order = order
        rate.full_clean(exclude=["settings"], validate_unique=False)
        rate.save()
        saved.append(rate)
    action_record(
        by=by,
        action="fee.changed",
        tournament=tournament,
        target=tournament,
        before=before,
        after=_settings_summary(fees, saved),
    )
    return fees


# ---------------------------------------------------------------------- payments


def _locked_entry(entry: Entry) -> Entry:
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("tournament", "player", "team")
        .get(pk=entry.pk)
    )


def _fees(tournament_id: int) -> tuple[FeeSettings, list[FeeRate]]:
    fees = (
        FeeSettings.objects.select_related("tournament")
        .filter(tournament_id=tournament_id)
        .first()
    )
    rates = list(fees.rates.all()) if fees is not None else []
    if not rates:
        raise StateConflict(
            _("This tournament charges no fee: set its rates first."), code="no_fee"
        )
    return fees, rates


def _payment_values(payment: Payment) -> dict:
    return {
        "amount": euros(payment.amount_cents),
        "method": payment.method,
        "rate": payment.rate.label,
        "reference": payment.reference,
    }


@transaction.atomic
def payment_take(
    *,
    entry: Entry,
    by,
    method: str = Payment.Method.CASH,
    rate: FeeRate | None = None,
    check_in: bool = False,
    reference: str = "",
) -> Payment:
    """Take an entrant's fee at a rate (the default rate unless given).

    With ``check_in`` a registered entrant is marked present in the same
    transaction. The database's "one live payment per entry" decides a second
    payment (two desks at once): refused, and the check-in with it.
    """
    entry = _locked_entry(entry)
    fees, rates = _fees(entry.tournament_id)
    if entry.status == Entry.Status.WITHDRAWN:
        raise StateConflict(
            _("%(name)s has withdrawn: bring them back before taking the fee.")
            % {"name": entry},
            code="withdrawn",
        )
    if method not in Payment.Method.values:
        raise InvalidInput(_("Choose how the fee is paid."), field="method")
    if rate is None:
        rate = selectors.rate_default(
            settings=fees, rates=rates, club_id=selectors.entry_club_id(entry)
        )
    elif rate.settings_id != fees.pk:
        raise InvalidInput(_("Choose one of this tournament's rates."), field="rate")
    amount = selectors.amount_due(settings=fees, rate=rate, entry=entry)
    if method == Payment.Method.FREE or amount == 0:
        method, amount = Payment.Method.FREE, 0
    if check_in and entry.status == Entry.Status.REGISTERED:
        entry_set_present(entry=entry, present=True, by=by)
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                entry=entry,
                rate=rate,
                amount_cents=amount,
                method=method,
                reference=(reference or "")[:35],
                taken_by=_user(by),
            )
    except IntegrityError:
        raise StateConflict(
            _("%(name)s has paid already.") % {"name": entry}, code="paid"
        ) from None
    action_record(
        by=by,
        action="payment.taken",
        tournament=entry.tournament_id,
        target=entry,
        after=_payment_values(payment),
    )
    return payment


@dataclass(frozen=True)
class DeskResult:
    """What the desk's one key did for an entrant."""

    entry: Entry
    payment: Payment | None  # None: paid before (ahead, by transfer)
    checked_in: bool  # marked present now


@transaction.atomic
def checkin_and_pay(
    *, entry: Entry, by, method: str = Payment.Method.CASH, rate: FeeRate | None = None
) -> DeskResult:
    """The desk's one key: present, and paid (cash at the default rate unless told).

    An entrant who paid ahead is only checked in; a withdrawn one is refused
    (bring them back on their row: they may want their fee back instead).
    """
    entry = _locked_entry(entry)
    if entry.status == Entry.Status.WITHDRAWN:
        raise StateConflict(
            _("%(name)s has withdrawn: press Present on their row to bring them back.")
            % {"name": entry},
            code="withdrawn",
        )
    was_registered = entry.status == Entry.Status.REGISTERED
    if selectors.paid_state(entry_id=entry.pk) is not None:
        if was_registered:
            entry_set_present(entry=entry, present=True, by=by)
        return DeskResult(entry=entry, payment=None, checked_in=was_registered)
    payment = payment_take(entry=entry, by=by, method=method, rate=rate, check_in=True)
    entry.status = Entry.Status.PRESENT
    return DeskResult(entry=entry, payment=payment, checked_in=was_registered)


def _locked_payment(payment: Payment) -> Payment:
    return (
        Payment.objects.select_for_update(of=("self",))
        .select_related("entry", "rate")
        .get(pk=payment.pk)
    )


@transaction.atomic
def payment_undo(*, payment: Payment, by) -> Payment:
    """Undo a payment taken by mistake: the entrant owes the fee again."""
    payment = _locked_payment(payment)
    if payment.status != Payment.Status.LIVE:
        raise StateConflict(
            _("This payment is %(status)s already: nothing to undo.")
            % {"status": payment.get_status_display().lower()},
            code="not_live",
        )
    before = {"status": payment.status}
    payment.status = Payment.Status.UNDONE
    payment.undone_at = timezone.now()
    payment.undone_by = _user(by)
    payment.save(update_fields=["status", "undone_at", "undone_by"])
    action_record(
        by=by,
        action="payment.undone",
        tournament=payment.entry.tournament_id,
        target=payment.entry,
        before={**before, **_payment_values(payment)},
        after={"status": payment.status},
    )
    return payment


@transaction.atomic
def payment_refund(
    *,
    payment: Payment,
    by,
    amount_cents: int | None = None,
    method: str = Refund.Method.CASH,
    reason: str = "",
) -> Refund:
    """Give back a withdrawn entrant's fee (all of it unless an amount is given).

    Refused for an entrant still in, or one drawn in a round (seated or given a
    bye): a refund is for a withdrawal before playing, and nobody is both refunded
    and drawn. Swap them out, or draw the round again, first.
    """
    entry = _locked_entry(payment.entry)
    payment = _locked_payment(payment)
    if payment.status != Payment.Status.LIVE or payment.amount_cents == 0:
        raise StateConflict(
            _("Only a fee paid and not refunded can be refunded."), code="not_live"
        )
    if entry.status != Entry.Status.WITHDRAWN:
        raise StateConflict(
            _("%(name)s has not withdrawn: withdraw them before refunding the fee.")
            % {"name": entry},
            code="not_withdrawn",
        )
    drawn = selectors.entry_is_drawn(entry_id=entry.pk)
    if drawn is not None:
        raise StateConflict(
            _(
                "%(name)s is drawn in round %(number)d: swap them out or draw the "
                "round again before refunding."
            )
            % {"name": entry, "number": drawn},
            code="drawn",
        )
    amount = payment.amount_cents if amount_cents is None else amount_cents
    if not 0 < amount <= payment.amount_cents:
        raise InvalidInput(
            _("A refund is more than nothing and at most the fee paid (%(paid)s).")
            % {"paid": euros(payment.amount_cents)},
            field="amount",
        )
    refund = Refund(
        payment=payment,
        amount_cents=amount,
        method=method,
        reason=(reason or "").strip(),
        refunded_by=_user(by),
    )
    try:
        refund.full_clean(exclude=["payment"])
    except ValidationError as error:
        raise InvalidInput("; ".join(error.messages), field="reason") from None
    refund.save()
    payment.status = Payment.Status.REFUNDED
    payment.save(update_fields=["status"])
    action_record(
        by=by,
        action="payment.refunded",
        tournament=entry.tournament_id,
        target=entry,
        after={"refund": euros(amount), "method": method, "reason": refund.reason},
    )
    return refund


@transaction.atomic
def entry_withdraw_refund(
    *, entry: Entry, by, method: str = Refund.Method.CASH, reason: str = ""
) -> Refund | None:
    """Withdraw an entrant and give back their fee, if paid, in one step."""
    entry = _locked_entry(entry)
    if entry.status != Entry.Status.WITHDRAWN:
        entry_withdraw(entry=entry, by=by)
    live = Payment.objects.filter(entry=entry, status=Payment.Status.LIVE).first()
    if live is None or live.amount_cents == 0:
        return None
    return payment_refund(payment=live, by=by, method=method, reason=reason)
