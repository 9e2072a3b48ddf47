"""The desk's writes: a payment with its check-in, undo, refunds and the constraints."""

import pytest
from django.db import IntegrityError, transaction

from actionlog.models import ActionEntry
from cashdesk import selectors
from cashdesk.models import FeeRate, Payment, Refund
from cashdesk.services import (
    RateRow,
    checkin_and_pay,
    entry_withdraw_refund,
    fee_settings_save,
    payment_refund,
    payment_take,
    payment_undo,
)
from core.errors import InvalidInput, StateConflict
from tournaments.models import Entry
from tournaments.services import entry_withdraw

pytestmark = pytest.mark.django_db


def _entries(tournament):
    return list(tournament.entries.order_by("id"))


def test_the_one_key_checks_in_and_takes_the_default_rate_in_cash(
    kaarting, fees, director
):
    member, other = _entries(kaarting)[0], _entries(kaarting)[5]
    done = checkin_and_pay(entry=member, by=director)
    checkin_and_pay(entry=other, by=director)
    member.refresh_from_db()
    assert member.status == Entry.Status.PRESENT and done.checked_in
    assert done.payment.method == "cash" and done.payment.amount_cents == 500
    assert done.payment.taken_by == director
    assert Payment.objects.get(entry=other).amount_cents == 750
    codes = list(
        ActionEntry.objects.filter(
            tournament_id=kaarting.pk,
            target_type="tournaments.entry",
            target_id=member.pk,
        )
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert codes == ["entry.present", "payment.taken"]


def test_the_desk_may_choose_the_rate_and_the_method(kaarting, fees, director):
    youth = FeeRate.objects.get(code="youth")
    entry = _entries(kaarting)[6]
    done = checkin_and_pay(entry=entry, by=director, method="card", rate=youth)
    assert (done.payment.method, done.payment.amount_cents) == ("card", 250)
    free = checkin_and_pay(entry=_entries(kaarting)[7], by=director, method="free")
    assert (free.payment.method, free.payment.amount_cents) == ("free", 0)


def test_an_entrant_who_paid_ahead_is_only_checked_in(kaarting, fees, director):
    entry = _entries(kaarting)[4]
    payment_take(entry=entry, by=director, method="transfer")
    done = checkin_and_pay(entry=entry, by=director)
    assert done.payment is None and done.checked_in
    assert Payment.objects.filter(entry=entry).count() == 1


def test_a_second_payment_is_refused_and_its_check_in_rolled_back(
    kaarting, fees, director
):
    """The database's one-live-payment rule refuses it after the check-in was
    written: the whole step goes, nothing half-saved."""
    entry = _entries(kaarting)[4]
    payment_take(entry=entry, by=director, method="transfer")
    logged = ActionEntry.objects.count()
    with pytest.raises(StateConflict, match="paid already"):
        payment_take(entry=entry, by=director, check_in=True)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED
    assert Payment.objects.filter(entry=entry).count() == 1
    assert ActionEntry.objects.count() == logged


def test_a_rate_of_another_tournament_is_refused_and_nothing_is_kept(
    kaarting, fees, director, tournament
):
    other = fee_settings_save(
        tournament=tournament, by=director, rates=[RateRow("x", "X", 100)]
    )
    entry = _entries(kaarting)[0]
    with pytest.raises(InvalidInput):
        checkin_and_pay(entry=entry, by=director, rate=other.rates.get())
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED
    assert not Payment.objects.exists()


def test_no_fee_no_payment(kaarting, director):
    with pytest.raises(StateConflict, match="no fee"):
        payment_take(entry=_entries(kaarting)[0], by=director)


def test_undo_makes_the_fee_owed_again(kaarting, fees, director):
    entry = _entries(kaarting)[0]
    payment = checkin_and_pay(entry=entry, by=director).payment
    payment_undo(payment=payment, by=director)
    assert selectors.paid_state(entry_id=entry.pk) is None
    assert entry.pk in selectors.unpaid_entries(tournament=kaarting).values_list(
        "id", flat=True
    )
    with pytest.raises(StateConflict):
        payment_undo(payment=payment, by=director)
    again = payment_take(entry=entry, by=director)  # a new live payment is allowed
    assert again.status == Payment.Status.LIVE


def test_a_refund_needs_a_withdrawal_and_gives_back_at_most_the_fee(
    kaarting, fees, director
):
    entry = _entries(kaarting)[5]
    payment = checkin_and_pay(entry=entry, by=director).payment
    with pytest.raises(StateConflict, match="not withdrawn"):
        payment_refund(payment=payment, by=director)
    refund = entry_withdraw_refund(entry=entry, by=director, reason="ill")
    entry.refresh_from_db()
    payment.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    assert (refund.amount_cents, payment.status) == (750, Payment.Status.REFUNDED)
    with pytest.raises(StateConflict):
        payment_refund(payment=payment, by=director)


def test_a_partial_refund_above_the_fee_is_refused(kaarting, fees, director):
    entry = _entries(kaarting)[5]
    payment = checkin_and_pay(entry=entry, by=director).payment
    entry_withdraw(entry=entry, by=director)
    with pytest.raises(InvalidInput):
        payment_refund(payment=payment, by=director, amount_cents=751)
    refund = payment_refund(payment=payment, by=director, amount_cents=250)
    assert refund.amount_cents == 250


def test_the_treasurer_figures_add_up(kaarting, fees, director):
    entries = _entries(kaarting)
    checkin_and_pay(entry=entries[0], by=director)  # member, cash 5.00
    checkin_and_pay(entry=entries[5], by=director, method="card")  # 7.50
    payment_take(entry=entries[6], by=director, method="transfer")  # 7.50
    undone = checkin_and_pay(entry=entries[7], by=director).payment
    payment_undo(payment=undone, by=director)
    entry_withdraw_refund(entry=entries[5], by=director)
    figures = selectors.treasurer_figures(tournament=kaarting)
    assert figures.by_method == {"cash": 500, "transfer": 750, "card": 750, "free": 0}
    assert figures.fees_cents == 2000
    assert figures.refunds_cents == 750
    assert figures.balance_cents == 1250
    assert figures.by_rate == {"Member": 500, "Non-member": 1500}
    assert (figures.paid, figures.unpaid) == (2, 5)  # one withdrew
    data = figures.as_dict()
    assert data["balance_cents"] == data["fees_cents"] - data["refunds_cents"]


def test_fee_settings_refuse_a_bad_iban_and_keep_nothing(kaarting, fees, director):
    with pytest.raises(Exception, match="check digits"):
        fee_settings_save(
            tournament=kaarting,
            by=director,
            rates=[RateRow("member", "Member", 600, "member")],
            beneficiary="X",
            iban="BE71096123456768",
        )
    assert FeeRate.objects.get(code="member").amount_cents == 500
    assert FeeRate.objects.count() == 3


def test_a_rate_with_payments_stays(kaarting, fees, director):
    checkin_and_pay(entry=_entries(kaarting)[0], by=director)
    with pytest.raises(StateConflict, match="stays"):
        fee_settings_save(
            tournament=kaarting, by=director, rates=[RateRow("other", "Other", 750)]
        )


def test_fee_per_player_charges_a_pair_twice(director, pairs_fees):
    tournament, rate = pairs_fees
    entry = tournament.entries.get()
    payment = payment_take(entry=entry, by=director)
    assert payment.amount_cents == 2 * rate.amount_cents


@pytest.fixture
def pairs_fees(director):
    from tests import factories

    tournament = factories.TournamentFactory(format="pairs")
    team = factories.TeamFactory(
        player_one=factories.PlayerFactory(), player_two=factories.PlayerFactory()
    )
    factories.TeamEntryFactory(tournament=tournament, team=team)
    fees = fee_settings_save(
        tournament=tournament,
        by=director,
        per="player",
        rates=[RateRow("all", "Everyone", 1000)],
    )
    return tournament, fees.rates.get()


@pytest.mark.parametrize(
    "fields",
    [
        {"amount_cents": 0, "method": "cash"},  # nothing paid is free
        {"amount_cents": 500, "method": "free"},  # free is nothing paid
        {"amount_cents": 500, "method": "cash", "status": "undone"},  # no time
        {"amount_cents": 500, "method": "gold"},
    ],
)
def test_the_database_refuses_what_must_never_happen(kaarting, fees, fields):
    entry = _entries(kaarting)[0]
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(entry=entry, rate=fees.rates.first(), **fields)


def test_the_database_keeps_one_live_payment_per_entry(kaarting, fees):
    entry, rate = _entries(kaarting)[0], fees.rates.first()
    Payment.objects.create(entry=entry, rate=rate, amount_cents=500)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(entry=entry, rate=rate, amount_cents=500)
    Payment.objects.filter(entry=entry).update(status="refunded")
    Payment.objects.create(entry=entry, rate=rate, amount_cents=500)  # paid again


def test_the_database_refuses_a_refund_of_nothing(kaarting, fees):
    payment = Payment.objects.create(
        entry=_entries(kaarting)[0], rate=fees.rates.first(), amount_cents=500
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Refund.objects.create(payment=payment, amount_cents=0)
