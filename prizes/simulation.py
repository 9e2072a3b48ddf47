"""Simulate an event with its money: fees at the desk, a refund, a cash pot, the prizes.

The fee and prize part of ``manage.py simulate_tournament --fee … --cash-share …``:
the event is set up as :func:`draws.simulation.tournament_simulate` sets one up
(the same helpers, so the same slug, clubs and players), then every entrant pays
at the desk (a few by transfer) and one withdraws and is refunded before the first
draw, the rounds are played (:func:`draws.simulation.tournament_play`), and the
prizes are awarded: the pot split by the default percentage table, a prize in kind
for every other place and the booby prize. Every step goes through the services a
director's screens call.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext

from cashdesk import services as cash
from cashdesk.models import Payment
from draws import simulation as base
from draws.simulation import Progress, SimulatedTournament, SimulationError
from prizes import selectors
from prizes import services as prizes
from prizes.models import DEFAULT_TABLE, Prize
from tournaments.models import Entry

# About one entrant in ten pays ahead by transfer; the rest in cash at the desk.
TRANSFER_SHARE = 0.1


@dataclass
class SimulatedMoney:
    """What the money part did: the fees, the refund, the pot and the awards."""

    played: SimulatedTournament
    fee_cents: int
    paid: int = 0
    by_transfer: int = 0
    refunded: Entry | None = None
    pot_cents: int = 0
    awards: int = 0
    cash_cents: int = 0

    @property
    def slug(self) -> str:
        return self.played.slug


def tournament_simulate_with_prizes(
    *,
    players: int = 64,
    format: str = "individual",
    teams: int | None = None,
    rounds: int = 3,
    final: int = 0,
    draw: str = "swiss",
    seed: int = 1,
    slug: str | None = None,
    name: str | None = None,
    language: str = "nl",
    leave_open: bool = False,
    pool_size: int | None = None,
    knockout: int = 0,
    fee_cents: int = 1_000,
    cash_share: Decimal | int = 0,
    progress: Progress | None = None,
) -> SimulatedMoney:
    """Set up, take the fees, refund one withdrawal, play, and award the prizes.

    The arguments of :func:`draws.simulation.tournament_simulate`, and the fee
    (cents a player or team) and the fees' share in the cash pot (%). With
    ``leave_open`` the last round stays open, so nothing is awarded.
    """
    started = time.monotonic()
    say = progress or base._silent
    if fee_cents < 0:
        raise SimulationError("fee", "cannot be negative")
    if not 0 <= Decimal(cash_share) <= 100:
        raise SimulationError("cash-share", "must be from 0 to 100")
    tournament, user, _second = base.tournament_setup(
        players=players,
        format=format,
        teams=teams,
        rounds=rounds,
        final=final,
        draw=draw,
        seed=seed,
        slug=slug,
        name=name,
        language=language,
        pool_size=pool_size,
        knockout=knockout,
        say=say,
    )

    money = SimulatedMoney(played=None, fee_cents=fee_cents)  # type: ignore[arg-type]
    rng = random.Random(seed * 7919 + 24)  # apart from the play's own
    with translation.override(language):
        _fees_take(tournament, money, rng=rng, by=user)
        _prizes_set(tournament, cash_share=Decimal(cash_share), by=user)
    say(
        f"{money.paid} fees taken ({money.by_transfer} by transfer), "
        f"{'1' if money.refunded else '0'} withdrawn and refunded"
    )
    money.played = base.tournament_play(
        tournament=tournament, seed=seed, leave_open=leave_open, progress=say
    )
    if leave_open:
        say("the last round is open: no prizes awarded")
    else:
        awards = prizes.prizes_award(tournament=tournament, by=user)
        money.awards = len(awards)
        money.cash_cents = selectors.cash_prizes_cents(tournament=tournament)
        money.pot_cents = selectors.pot_cents(tournament=tournament)
        say(
            f"{money.awards} prizes awarded, {money.cash_cents / 100:.2f} EUR in cash "
            f"of a {money.pot_cents / 100:.2f} EUR pot"
        )
    money.played.seconds = time.monotonic() - started
    say(
        f"{money.played.entrants} entrants, {money.played.confirmed} sheets "
        f"confirmed in {money.played.seconds:.1f} s"
    )
    return money


def _fees_take(tournament, money: SimulatedMoney, *, rng, by) -> None:
    """One rate for all; everyone pays (a few by transfer); one withdraws, refunded."""
    cash.fee_settings_save(
        tournament=tournament,
        by=by,
        rates=[cash.RateRow("all", gettext("Entry fee"), money.fee_cents, "other")],
    )
    entries = list(Entry.objects.filter(tournament=tournament).order_by("id"))
    for entry in entries:
        transfer = rng.random() < TRANSFER_SHARE
        method = Payment.Method.TRANSFER if transfer else Payment.Method.CASH
        payment = cash.payment_take(entry=entry, by=by, method=method)
        money.paid += 1
        money.by_transfer += payment.method == Payment.Method.TRANSFER
    if money.fee_cents and len(entries) > 4:
        leaving = rng.choice(entries)
        cash.entry_withdraw_refund(
            entry=leaving, by=by, reason=gettext("Withdrew before the first round")
        )
        money.refunded = leaving


def _prizes_set(tournament, *, cash_share: Decimal, by) -> None:
    """The pot by the default table; a bottle for every other place; the booby."""
    prizes.prize_settings_save(
        tournament=tournament,
        by=by,
        cash_share_percent=cash_share,
        percentages=DEFAULT_TABLE,
    )
    prizes.prize_table_save(
        tournament=tournament,
        by=by,
        prizes=[
            prizes.PrizeRow(
                gettext("Bottle of wine"), Prize.Rule.REST, value_cents=800
            ),
            prizes.PrizeRow(gettext("Booby prize"), Prize.Rule.BOOBY),
        ],
    )
