"""Gather the treasurer's figures: fees in, refunds and cash prizes out.

One tournament's figures are the cash desk's (``cashdesk.selectors.treasurer_figures``)
with the cash prizes the prizes app awarded filled in, so the balance is computed
in one place (``TreasurerFigures.balance_cents``). A series' report sums its
evenings' figures; ``printing.treasury`` prints them.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cashdesk.models import Payment, Refund
from cashdesk.selectors import TreasurerFigures, treasurer_figures
from prizes import selectors as prize_selectors
from series.models import Series
from series.selectors import series_events
from tournaments.models import Tournament


@dataclass(frozen=True)
class PaymentLine:
    """One payment as the report lists it (refunded ones with their refund)."""

    taken_at: datetime.datetime
    entrant: str
    rate: str
    method: str  # the method's code (Payment.Method)
    amount_cents: int
    refund_cents: int  # 0 if not refunded
    refund_method: str  # "" if not refunded


@dataclass(frozen=True)
class PrizeLine:
    """A cash prize paid out: the place, the winner and the amount."""

    place: int
    name: str
    amount_cents: int


@dataclass(frozen=True)
class TreasuryReport:
    """A tournament's money: the figures, each payment and each cash prize."""

    tournament: Tournament
    figures: TreasurerFigures
    payments: list[PaymentLine]
    prizes: list[PrizeLine]


def cash_prizes_for(*, tournament: Tournament) -> tuple[int, list[PrizeLine]]:
    """Return the cash prizes awarded (in cents) and one line per cash prize."""
    lines = [
        PrizeLine(place=award.place, name=award.name, amount_cents=award.amount_cents)
        for award in prize_selectors.awards_by_place(tournament=tournament)
        if award.amount_cents
    ]
    return prize_selectors.cash_prizes_cents(tournament=tournament), lines


def tournament_figures(*, tournament: Tournament) -> TreasurerFigures:
    """Return the cash desk's figures with the cash prizes paid out filled in."""
    cash = prize_selectors.cash_prizes_cents(tournament=tournament)
    return replace(treasurer_figures(tournament=tournament), cash_prizes_cents=cash)


def report_json(figures: TreasurerFigures) -> dict:
    """Return the figures as ``treasurer_report --json`` prints them, and only those."""
    return {
        "fees_cents": figures.fees_cents,
        "refunds_cents": figures.refunds_cents,
        "cash_prizes_cents": figures.cash_prizes_cents,
        "balance_cents": figures.balance_cents,
        "by_method": dict(figures.by_method),
    }


def treasury_report(*, tournament: Tournament) -> TreasuryReport:
    """Return a tournament's treasurer's report (six queries and the prizes')."""
    cash, prizes = cash_prizes_for(tournament=tournament)
    figures = replace(treasurer_figures(tournament=tournament), cash_prizes_cents=cash)
    rows = (
        Payment.objects.filter(entry__tournament=tournament)
        .exclude(status=Payment.Status.UNDONE)
        .select_related("entry__player", "entry__team", "rate", "refund")
        .order_by("taken_at", "id")
    )
    payments = []
    for payment in rows:
        refund = getattr(payment, "refund", None)
        payments.append(
            PaymentLine(
                taken_at=payment.taken_at,
                entrant=str(payment.entry),
                rate=payment.rate.label,
                method=payment.method,
                amount_cents=payment.amount_cents,
                refund_cents=refund.amount_cents if refund else 0,
                refund_method=refund.method if refund else "",
            )
        )
    return TreasuryReport(
        tournament=tournament, figures=figures, payments=payments, prizes=prizes
    )


@dataclass(frozen=True)
class SeriesEventFigures:
    """One evening of a series and its figures."""

    number: int
    tournament: Tournament
    figures: TreasurerFigures


@dataclass(frozen=True)
class SeriesTreasury:
    """A series' money: each evening's figures and their sum."""

    series: Series
    events: list[SeriesEventFigures]
    total: TreasurerFigures


def figures_sum(figures: Iterable[TreasurerFigures]) -> TreasurerFigures:
    """Return the sum of several evenings' figures, method by method, rate by rate."""
    by_method: dict[str, int] = {m: 0 for m in Payment.Method.values}
    refunds: dict[str, int] = {m: 0 for m in Refund.Method.values}
    by_rate: dict[str, int] = defaultdict(int)
    fees = refunded = cash = paid = unpaid = 0
    for f in figures:
        fees += f.fees_cents
        refunded += f.refunds_cents
        cash += f.cash_prizes_cents
        paid += f.paid
        unpaid += f.unpaid
        for key, cents in f.by_method.items():
            by_method[key] = by_method.get(key, 0) + cents
        for key, cents in f.refunds_by_method.items():
            refunds[key] = refunds.get(key, 0) + cents
        for key, cents in f.by_rate.items():
            by_rate[key] += cents
    return TreasurerFigures(
        fees_cents=fees,
        refunds_cents=refunded,
        by_method=by_method,
        by_rate=dict(by_rate),
        refunds_by_method=refunds,
        paid=paid,
        unpaid=unpaid,
        cash_prizes_cents=cash,
    )


def series_treasury(*, series: Series) -> SeriesTreasury:
    """Return a series' treasurer's report: its evenings' figures, summed."""
    events = [
        SeriesEventFigures(
            number=event.number,
            tournament=event.tournament,
            figures=tournament_figures(tournament=event.tournament),
        )
        for event in series_events(series=series)
    ]
    return SeriesTreasury(
        series=series, events=events, total=figures_sum(e.figures for e in events)
    )
