"""The draw and the money: only paid entrants drawn (when set), never the refunded."""

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cashdesk import selectors
from cashdesk.models import FeeSettings, Payment
from cashdesk.services import (
    checkin_and_pay,
    entry_withdraw_refund,
    payment_refund,
    payment_take,
    payment_undo,
)
from core.errors import ServiceError
from draws import services as draw_services
from tournaments.models import Bye, Entry, Round, Seat
from tournaments.services import entry_set_present

pytestmark = pytest.mark.django_db


def _drawn_ids(rnd: Round) -> set[int]:
    seats = set(Seat.objects.filter(round=rnd).values_list("entry_id", flat=True))
    return seats | set(Bye.objects.filter(round=rnd).values_list("entry_id", flat=True))


def _only_paid(fees, value=True):
    FeeSettings.objects.filter(pk=fees.pk).update(only_paid_drawn=value)


def test_only_paid_entrants_are_drawn_when_the_setting_is_on(kaarting, fees, director):
    entries = list(kaarting.entries.order_by("id"))
    for entry in entries[:5]:
        checkin_and_pay(entry=entry, by=director)
    for entry in entries[5:]:
        entry_set_present(entry=entry, present=True, by=director)
    _only_paid(fees)
    assert selectors.unpaid_counts(tournament=kaarting) == {"total": 3, "present": 3}
    rnd = draw_services.round_draw(phase=kaarting.phases.get(), by=director, seed=1)
    assert _drawn_ids(rnd) == {e.pk for e in entries[:5]}


def test_with_the_setting_off_the_unpaid_are_drawn_too(kaarting, fees, director):
    for entry in kaarting.entries.all():
        entry_set_present(entry=entry, present=True, by=director)
    rnd = draw_services.round_draw(phase=kaarting.phases.get(), by=director, seed=1)
    assert len(_drawn_ids(rnd)) == 8


def test_a_refunded_entrant_who_comes_back_is_not_drawn_unless_paid_again(
    kaarting, fees, director
):
    entries = list(kaarting.entries.order_by("id"))
    for entry in entries:
        checkin_and_pay(entry=entry, by=director)
    entry_withdraw_refund(entry=entries[0], by=director)
    entry_set_present(entry=entries[0], present=True, by=director)  # back
    rnd = draw_services.round_draw(phase=kaarting.phases.get(), by=director, seed=1)
    assert entries[0].pk not in _drawn_ids(rnd)
    payment_take(entry=entries[0], by=director)
    rnd = draw_services.round_redraw(round=rnd, by=director, seed=1)
    assert entries[0].pk in _drawn_ids(rnd)


def test_a_drawn_entrant_is_not_refunded(kaarting, fees, director):
    entries = list(kaarting.entries.order_by("id"))
    for entry in entries:
        checkin_and_pay(entry=entry, by=director)
    draw_services.round_draw(phase=kaarting.phases.get(), by=director, seed=1)
    with pytest.raises(ServiceError, match="drawn in round 1"):
        entry_withdraw_refund(entry=entries[0], by=director)
    entries[0].refresh_from_db()
    assert entries[0].status == Entry.Status.PRESENT  # the withdrawal went too


# --------------------------------------------------------------- the property

STEP = st.tuples(
    st.sampled_from(["pay", "present", "withdraw", "refund", "undo", "draw"]),
    st.integers(min_value=0, max_value=7),
    st.sampled_from(["cash", "transfer", "card", "free"]),
)


@given(steps=st.lists(STEP, min_size=1, max_size=25), only_paid=st.booleans())
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_no_entrant_is_both_refunded_and_drawn(
    kaarting, fees, director, steps, only_paid
):
    """Any sequence of the desk's and the draw's writes: whoever a draw seats has no
    refund standing, and (when only paid are drawn) had a live payment then.

    Everyone starts present and paid, so the draws are real from the first step.
    """
    sid = transaction.savepoint()
    try:
        _only_paid(fees, only_paid)
        entries = list(kaarting.entries.order_by("id"))
        for entry in entries:  # the doors open: everyone came and paid
            checkin_and_pay(entry=entry, by=director)
        phase = kaarting.phases.get()
        for action, index, method in steps:
            entry = entries[index]
            try:
                with transaction.atomic():
                    _step(action, entry, method, phase, director)
            except (ServiceError, ValidationError):
                pass  # a refusal: nothing kept
            _check(kaarting, only_paid)
    finally:
        transaction.savepoint_rollback(sid)


def _step(action, entry, method, phase, director):
    if action == "pay":
        checkin_and_pay(entry=entry, by=director, method=method)
    elif action == "present":
        entry_set_present(entry=entry, present=True, by=director)
    elif action == "withdraw":
        entry_withdraw_refund(entry=entry, by=director)
    elif action == "refund":
        live = Payment.objects.filter(entry=entry, status="live").first()
        if live is not None:
            payment_refund(payment=live, by=director)
    elif action == "undo":
        live = Payment.objects.filter(entry=entry, status="live").first()
        if live is not None:
            payment_undo(payment=live, by=director)
    else:
        draft = Round.objects.filter(
            tournament=phase.tournament, status="draft"
        ).first()
        if draft is None:
            rnd = draw_services.round_draw(phase=phase, by=director, seed=3)
        else:
            rnd = draw_services.round_redraw(round=draft, by=director, seed=3)
        drawn = _drawn_ids(rnd)
        live = set(
            Payment.objects.filter(entry_id__in=drawn, status="live").values_list(
                "entry_id", flat=True
            )
        )
        if phase.tournament.fee_settings.only_paid_drawn:
            assert drawn <= live, "an unpaid entrant was drawn"


def _check(tournament, only_paid):
    drawn = set(
        Seat.objects.filter(round__tournament=tournament).values_list(
            "entry_id", flat=True
        )
    ) | set(
        Bye.objects.filter(round__tournament=tournament).values_list(
            "entry_id", flat=True
        )
    )
    refunded_now = set(
        Payment.objects.filter(entry_id__in=drawn, refund__isnull=False).values_list(
            "entry_id", flat=True
        )
    ) - set(
        Payment.objects.filter(entry_id__in=drawn, status="live").values_list(
            "entry_id", flat=True
        )
    )
    assert not refunded_now, "an entrant is both refunded and drawn"
