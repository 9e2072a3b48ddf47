"""The director's pages: fee settings, the desk's one key, payments, transfers."""

import json

import pytest
from django.urls import reverse

from actionlog.models import ActionEntry
from cashdesk import banking
from cashdesk.models import FeeRate, FeeSettings, Payment
from cashdesk.services import payment_take
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _url(name, tournament, **kw):
    return reverse(f"cashdesk:{name}", kwargs={"slug": tournament.slug, **kw})


def test_the_fees_page_saves_rates_in_cents_and_the_account(director_client, kaarting):
    response = director_client.post(
        _url("fees", kaarting),
        {
            "per": "entrant",
            "only_paid_drawn": "on",
            "beneficiary": "Manilleclub De Zwaan",
            "iban": "be71 0961 2345 6769",
            "bic": "gkccbebb",
            "rate0_label": "Lid",
            "rate0_amount": "5,00",
            "rate0_default": "member",
            "rate1_label": "Niet-lid",
            "rate1_amount": "7.5",
            "rate1_default": "other",
        },
    )
    assert response.status_code == 302
    fees = FeeSettings.objects.get(tournament=kaarting)
    assert (fees.iban, fees.bic, fees.only_paid_drawn) == (
        "BE71096123456769",
        "GKCCBEBB",
        True,
    )
    assert list(fees.rates.values_list("code", "amount_cents", "default_for")) == [
        ("lid", 500, "member"),
        ("niet-lid", 750, "other"),
    ]
    assert ActionEntry.objects.filter(action="fee.changed").count() == 1


def test_a_bad_iban_is_shown_next_to_its_field(director_client, kaarting):
    response = director_client.post(
        _url("fees", kaarting),
        {
            "per": "entrant",
            "beneficiary": "X",
            "iban": "BE71096123456768",
            "rate0_label": "All",
            "rate0_amount": "5",
        },
    )
    assert response.status_code == 400
    assert "check digits" in response.content.decode()
    assert not FeeRate.objects.exists()


def test_a_typed_amount_that_is_no_amount_is_refused(director_client, kaarting):
    response = director_client.post(
        _url("fees", kaarting),
        {"per": "entrant", "rate0_label": "All", "rate0_amount": "5,123"},
    )
    assert response.status_code == 400
    assert "could be read two ways" in response.content.decode()
    assert not FeeRate.objects.exists()


def test_enter_on_a_name_checks_in_and_takes_the_fee(director_client, kaarting, fees):
    entry = kaarting.entries.order_by("id").first()
    response = director_client.post(
        _url("desk_pay", kaarting), {"q": entry.player.last_name, "method": "cash"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.PRESENT
    payment = Payment.objects.get(entry=entry)
    assert (payment.amount_cents, payment.method) == (500, "cash")
    page = director_client.get(response["Location"]).content.decode()
    assert "present and paid €5.00 (cash, Member)" in page


def test_the_desk_shows_the_unpaid_and_a_name_matching_several(
    director_client, kaarting, fees, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        page = director_client.get(_url("desk", kaarting)).content.decode()
    assert page.count('class="badge status-withdrawn unpaid-badge"') == 8
    response = director_client.post(_url("desk_pay", kaarting), {"q": "peeters"})
    assert "q=peeters" in response["Location"]
    assert not Payment.objects.exists()


def test_a_row_button_takes_the_chosen_method_and_rate(director_client, kaarting, fees):
    entry = kaarting.entries.order_by("id").last()
    director_client.post(
        _url("desk_pay", kaarting),
        {"entry": entry.pk, "method": "card", "rate": "youth", "q": ""},
    )
    payment = Payment.objects.get(entry=entry)
    assert (payment.method, payment.amount_cents) == ("card", 250)


def test_undo_and_refund_from_the_desk(director_client, kaarting, fees, director):
    entry = kaarting.entries.order_by("id").last()
    payment = payment_take(entry=entry, by=director, check_in=True)
    director_client.post(_url("desk_undo", kaarting), {"payment": payment.pk})
    payment.refresh_from_db()
    assert payment.status == "undone"
    payment_take(entry=entry, by=director)
    director_client.post(_url("desk_refund", kaarting), {"entry": entry.pk})
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    assert (
        Payment.objects.get(entry=entry, status="refunded").refund.amount_cents == 750
    )


def test_the_figures_as_json(director_client, kaarting, fees, director):
    for entry in kaarting.entries.all()[:3]:
        payment_take(entry=entry, by=director, method="transfer")
    data = json.loads(director_client.get(_url("figures_json", kaarting)).content)
    assert data["fees_cents"] == 1500 == data["by_method"]["transfer"]
    assert data["balance_cents"] == 1500
    assert data["refunds_cents"] == data["cash_prizes_cents"] == 0


def test_the_payments_page_lists_with_few_queries(
    director_client, kaarting, fees, director, django_assert_max_num_queries
):
    for entry in kaarting.entries.all():
        payment_take(entry=entry, by=director)
    with django_assert_max_num_queries(14):
        page = director_client.get(_url("payments", kaarting)).content.decode()
    assert "€52.50" in page  # 3 × 5.00 + 5 × 7.50
    assert "Everyone has paid." in page


def test_transfers_are_ticked_off_from_a_pasted_statement(
    director_client, kaarting, fees
):
    entries = list(kaarting.entries.order_by("id"))
    good = banking.reference_for(entries[0].pk)
    digits = banking.reference_digits(entries[1].pk)
    wrong = digits[:-1] + str((int(digits[-1]) + 1) % 10)
    statement = (
        f"04/10 DUPONT JAN  5,00 EUR  {good}\n"
        f"05/10 CLAEYS  7,50  {digits[:3]}/{digits[3:7]}/{digits[7:]}\n"
        f"06/10 TYPO {wrong}\n"
    )
    preview = director_client.post(_url("transfers", kaarting), {"text": statement})
    assert [line.state for line in preview.context["lines"]] == [
        "unpaid",
        "unpaid",
        "mistyped",
    ]
    assert not Payment.objects.exists()
    director_client.post(
        _url("transfers", kaarting), {"text": statement, "commit": "1"}
    )
    paid = Payment.objects.order_by("entry_id")
    assert [(p.entry_id, p.method) for p in paid] == [
        (entries[0].pk, "transfer"),
        (entries[1].pk, "transfer"),
    ]
    assert paid[0].reference == good
    entries[0].refresh_from_db()
    assert entries[0].status == Entry.Status.REGISTERED  # paid, not yet at the door


def test_the_nav_links_the_desk_when_the_event_has_a_fee(
    director_client, kaarting, fees
):
    page = director_client.get(
        reverse("tournaments:entries", kwargs={"slug": kaarting.slug})
    ).content.decode()
    assert _url("desk", kaarting) in page


def test_the_draft_draw_says_how_many_have_not_paid(
    director_client, kaarting, fees, director
):
    from draws import services as draw_services
    from tournaments.services import entry_set_present

    FeeSettings.objects.filter(pk=fees.pk).update(only_paid_drawn=True)
    entries = list(kaarting.entries.order_by("id"))
    for entry in entries[:5]:
        payment_take(entry=entry, by=director, check_in=True)
    entry_set_present(entry=entries[5], present=True, by=director)
    draw_services.round_draw(phase=kaarting.phases.get(), by=director, seed=1)
    page = director_client.get(
        reverse("draws:round", kwargs={"slug": kaarting.slug, "number": 1})
    ).content.decode()
    assert "3 entrants have not paid" in page
    assert "Only paid entrants are drawn" in page
