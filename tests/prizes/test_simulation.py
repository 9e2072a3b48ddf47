"""The 120-player kaarting of issue 24, simulated end to end: fees, a refund, the
pot, the prizes; the API's cash adds up to the pot, the treasurer's figures too."""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from cashdesk.models import Payment, Refund
from cashdesk.selectors import treasurer_figures
from prizes import selectors
from prizes.models import PrizeAward
from tournaments.models import Entry, Seat, Tournament

pytestmark = pytest.mark.django_db

KAARTING = (
    *("--players", "120", "--rounds", "3", "--final", "0"),
    *("--fee", "10", "--cash-share", "50", "--seed", "1"),
)


def test_the_kaarting_takes_the_fees_refunds_one_and_awards_the_pot(client):
    out, err = StringIO(), StringIO()
    call_command("simulate_tournament", *KAARTING, stdout=out, stderr=err)
    tournament = Tournament.objects.get(slug=out.getvalue().split()[-1])
    told = err.getvalue()
    assert tournament.slug == "sim-individual-120-r3-f0-s1"
    payments = Payment.objects.filter(entry__tournament=tournament)
    assert payments.count() == 120
    assert {p.amount_cents for p in payments} == {1_000}
    transfers = payments.filter(method="transfer").count()
    assert 0 < transfers < 30  # a random few by transfer
    refund = Refund.objects.get(payment__entry__tournament=tournament)
    withdrawn = refund.payment.entry
    assert withdrawn.status == Entry.Status.WITHDRAWN
    assert not Seat.objects.filter(entry=withdrawn).exists()  # never drawn

    # Half of €1,190 received (€1,200 less the €10 refunded): €595.
    pot = selectors.pot_cents(tournament=tournament)
    assert pot == 59_500
    rows = client.get(
        reverse("api:prizes", kwargs={"slug": tournament.slug})
    ).json()["prizes"]
    assert sum(r["amount_cents"] or 0 for r in rows) == pot
    cash = [r for r in rows if r["amount_cents"]]
    assert [r["place"] for r in cash][:1] == [1]
    assert len(cash) >= 5
    # Every other place of the 119 who played gets a prize in kind; the last ones
    # the booby prize; one row per awarded place.
    assert len(rows) == 119
    with translation.override("nl"):  # the event's language
        in_kind = {gettext("Bottle of wine"), gettext("Booby prize")}
    assert {r["prize"] for r in rows if not r["amount_cents"]} == in_kind
    assert all(r["prize"] for r in rows)  # a cash prize says its amount
    last = max(r["place"] for r in rows)
    assert all(
        r["amount_cents"] is None for r in rows if r["place"] == last
    )
    assert "prizes awarded" in told

    figures = treasurer_figures(tournament=tournament)
    assert figures.fees_cents == 120_000
    assert figures.refunds_cents == 1_000
    assert sum(figures.by_method.values()) == figures.fees_cents
    assert selectors.cash_prizes_cents(tournament=tournament) == pot
    assert PrizeAward.objects.filter(tournament=tournament).count() == 119

    # The treasurer's report (printing's) adds up.
    out = StringIO()
    call_command("treasurer_report", tournament.slug, "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["fees_cents"] == 120_000
    assert report["refunds_cents"] == 1_000
    assert sum(report["by_method"].values()) == report["fees_cents"]
    assert report["balance_cents"] == (
        report["fees_cents"] - report["refunds_cents"] - report["cash_prizes_cents"]
    )


def test_without_money_options_the_command_says_what_it_said_before():
    out, err = StringIO(), StringIO()
    call_command(
        "simulate_tournament",
        *("--players", "8", "--rounds", "1", "--seed", "3", "--language", "en"),
        stdout=out,
        stderr=err,
    )
    assert out.getvalue() == "sim-individual-8-r1-f0-s3\n"
    assert not Payment.objects.exists() and not PrizeAward.objects.exists()
    timings = re.sub(r"\d+\.\d s\b", "T s", err.getvalue())
    assert timings.splitlines()[0] == "8 entrants registered and present"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--fee", "ten"), "--fee 'ten' is no amount in euros"),
        (("--fee", "-1"), "--fee must be from 0"),
        (("--cash-share", "150"), "--cash-share must be from 0 to 100"),
    ],
)
def test_money_options_that_make_no_sense_are_refused(arguments, message):
    with pytest.raises(CommandError, match=re.escape(message)):
        call_command("simulate_tournament", "--players", "8", *arguments)
    assert not Tournament.objects.exists()
