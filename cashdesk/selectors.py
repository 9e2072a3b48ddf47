"""Read a tournament's fees: who paid and who did not, the default rate, the figures.

The draw asks :func:`entries_not_drawn` which checked-in entrants it leaves out;
the treasurer's figures (:func:`treasurer_figures`) are one dataclass that the
prizes add their cash paid out to (``dataclasses.replace``), so the balance is
computed in one place.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, Sum

from cashdesk.models import FeeRate, FeeSettings, Payment, Refund
from tournaments.models import Bye, Entry, Seat, Tournament


def fee_settings_for(*, tournament: Tournament) -> FeeSettings | None:
    """Return the tournament's fee settings with their rates, or None (no fee)."""
    return (
        FeeSettings.objects.filter(tournament=tournament)
        .prefetch_related("rates")
        .first()
    )


def has_fee(*, tournament: Tournament) -> bool:
    """Say whether the tournament charges a fee (it has at least one rate)."""
    return FeeRate.objects.filter(settings__tournament=tournament).exists()


def entry_club_id(entry: Entry) -> int | None:
    """Return the club an entrant plays for (a player's, or a team's)."""
    if entry.player_id:
        return entry.player.club_id
    return entry.team.club_id if entry.team_id else None


def entry_players(entry: Entry) -> int:
    """Return how many players an entry counts for a fee per player (1 or 2)."""
    if entry.team_id is None:
        return 1
    team = entry.team
    return max(1, (team.player_one_id is not None) + (team.player_two_id is not None))


def rate_default(
    *, settings: FeeSettings, rates: list[FeeRate], club_id: int | None
) -> FeeRate | None:
    """Return the rate an entrant pays unless the desk chooses another.

    Members of the organising club get the rate marked for members; everyone else
    the one marked for others; with neither marked, the first rate.
    """
    if not rates:
        return None
    organiser = settings.tournament.club_id
    wanted = (
        FeeRate.Default.MEMBER
        if organiser is not None and club_id == organiser
        else FeeRate.Default.OTHER
    )
    for rate in rates:
        if rate.default_for == wanted:
            return rate
    return rates[0]


def amount_due(*, settings: FeeSettings, rate: FeeRate, entry: Entry) -> int:
    """Return what an entrant owes at a rate, in cents (per player: a pair twice)."""
    if settings.per == FeeSettings.Per.PLAYER:
        return rate.amount_cents * entry_players(entry)
    return rate.amount_cents


@dataclass(frozen=True)
class PaidState:
    """An entrant's live payment, as the check-in rows show it."""

    payment_id: int
    amount_cents: int
    method: str
    rate_label: str

    @property
    def method_label(self) -> str:
        return str(Payment.Method(self.method).label)


def paid_states(*, tournament: Tournament) -> dict[int, PaidState]:
    """Return each paid entrant's live payment by entry id (one query)."""
    rows = Payment.objects.filter(
        entry__tournament=tournament, status=Payment.Status.LIVE
    ).values_list("entry_id", "id", "amount_cents", "method", "rate__label")
    return {
        entry_id: PaidState(pk, amount, method, label)
        for entry_id, pk, amount, method, label in rows
    }


def paid_state(*, entry_id: int) -> PaidState | None:
    """Return one entrant's live payment, or None."""
    row = (
        Payment.objects.filter(entry_id=entry_id, status=Payment.Status.LIVE)
        .values_list("id", "amount_cents", "method", "rate__label")
        .first()
    )
    return PaidState(*row) if row else None


def _live():
    return Payment.objects.filter(entry=OuterRef("pk"), status=Payment.Status.LIVE)


def unpaid_entries(*, tournament: Tournament):
    """Return the entrants still in (registered or present) with no live payment."""
    return (
        Entry.objects.filter(tournament=tournament)
        .exclude(status=Entry.Status.WITHDRAWN)
        .filter(~Exists(_live()))
    )


def paid_entries(*, tournament: Tournament):
    """Return the entrants with a live payment (withdrawn ones included)."""
    return Entry.objects.filter(tournament=tournament).filter(Exists(_live()))


def unpaid_counts(*, tournament: Tournament) -> dict[str, int]:
    """Return how many entrants still in have not paid: present, and in all."""
    return unpaid_entries(tournament=tournament).aggregate(
        total=Count("id"), present=Count("id", filter=Q(status=Entry.Status.PRESENT))
    )


def entries_not_drawn(*, tournament_id: int) -> set[int]:
    """Return the ids of the checked-in entrants the draw leaves out for money.

    Always those whose fee was refunded and not paid again (a refund is for a
    withdrawal: nobody is both refunded and drawn); with "only paid entrants are
    drawn", every one with no live payment. Empty for a tournament with no fee.
    """
    fees = FeeSettings.objects.filter(tournament_id=tournament_id).first()
    if fees is None:
        return set()
    present = Entry.objects.filter(
        tournament_id=tournament_id, status=Entry.Status.PRESENT
    ).filter(~Exists(_live()))
    if not fees.only_paid_drawn:
        present = present.filter(
            Exists(Payment.objects.filter(entry=OuterRef("pk"), refund__isnull=False))
        )
    return set(present.values_list("id", flat=True))


def entry_is_drawn(*, entry_id: int) -> int | None:
    """Return the number of a round that seats the entrant (or gives a bye), or None."""
    seat = (
        Seat.objects.filter(entry_id=entry_id)
        .values_list("round__number", flat=True)
        .first()
    )
    if seat is not None:
        return seat
    return (
        Bye.objects.filter(entry_id=entry_id)
        .values_list("round__number", flat=True)
        .first()
    )


# ------------------------------------------------------------ the treasurer's figures


@dataclass(frozen=True)
class TreasurerFigures:
    """The money of one tournament, in cents: fees in, refunds and prizes out.

    ``fees_cents`` counts every payment taken and not undone (refunded ones too:
    the money came in, and went out again as ``refunds_cents``). The prizes fill
    ``cash_prizes_cents`` (``dataclasses.replace``); the balance follows.
    """

    fees_cents: int
    refunds_cents: int
    by_method: dict[str, int]
    by_rate: dict[str, int]
    refunds_by_method: dict[str, int]
    paid: int  # entrants with a live payment
    unpaid: int  # entrants still in without one
    cash_prizes_cents: int = 0

    @property
    def balance_cents(self) -> int:
        return self.fees_cents - self.refunds_cents - self.cash_prizes_cents

    def as_dict(self) -> dict:
        """Return the figures as the treasurer's report prints them (JSON)."""
        return {
            "fees_cents": self.fees_cents,
            "refunds_cents": self.refunds_cents,
            "cash_prizes_cents": self.cash_prizes_cents,
            "balance_cents": self.balance_cents,
            "by_method": dict(self.by_method),
            "by_rate": dict(self.by_rate),
            "refunds_by_method": dict(self.refunds_by_method),
            "paid": self.paid,
            "unpaid": self.unpaid,
        }


# The prizes sit above the cash desk and tell it what they paid out in cash: their
# app registers the reader when Django starts (``PrizesConfig.ready``), as the
# table entry does for scoring (``scoring.table_entry``). None: no prizes app.
_cash_prizes_reader = None


def cash_prizes_reader_register(reader) -> None:
    """Name the function ``reader(*, tournament) -> int`` (cents) that says the
    cash prizes a tournament paid out."""
    global _cash_prizes_reader
    _cash_prizes_reader = reader


def treasurer_figures_with_prizes(*, tournament: Tournament) -> TreasurerFigures:
    """:func:`treasurer_figures` with the cash prizes paid out, as the treasurer's
    report counts them (``payments/figures.json``)."""
    figures = treasurer_figures(tournament=tournament)
    if _cash_prizes_reader is None:
        return figures
    cash = _cash_prizes_reader(tournament=tournament)
    return dataclasses.replace(figures, cash_prizes_cents=cash)


def treasurer_figures(*, tournament: Tournament) -> TreasurerFigures:
    """Return the tournament's fees by method and rate, and its refunds (4 queries)."""
    taken = Payment.objects.filter(entry__tournament=tournament).exclude(
        status=Payment.Status.UNDONE
    )
    by_method = {m: 0 for m in Payment.Method.values}
    by_rate: dict[str, int] = defaultdict(int)
    for method, label, cents in (
        taken.values("method", "rate__label")
        .annotate(cents=Sum("amount_cents"))
        .values_list("method", "rate__label", "cents")
    ):
        by_method[method] += cents
        by_rate[label] += cents
    refunds = {m: 0 for m in Refund.Method.values}
    for method, cents in (
        Refund.objects.filter(payment__entry__tournament=tournament)
        .values("method")
        .annotate(cents=Sum("amount_cents"))
        .values_list("method", "cents")
    ):
        refunds[method] += cents
    return TreasurerFigures(
        fees_cents=sum(by_method.values()),
        refunds_cents=sum(refunds.values()),
        by_method=by_method,
        by_rate=dict(by_rate),
        refunds_by_method=refunds,
        paid=paid_entries(tournament=tournament).count(),
        unpaid=unpaid_entries(tournament=tournament).count(),
    )
