"""Simulate a whole tournament through the same services the directors use.

The play is ``draws.simulation``'s; with ``--fee`` or ``--cash-share`` the money
too (``prizes.simulation``): the fees taken at the desk, a refund, the cash pot and
the prizes awarded. The command lives in the prizes app, above both.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError

from draws.simulation import (
    FORMATS,
    PAIR_DRAWS,
    SERVICE_ERRORS,
    SimulationError,
    tournament_simulate,
)
from prizes.simulation import tournament_simulate_with_prizes


def _euros(text: str) -> int:
    """Read ``--fee`` (euros: 10, 7.50) as cents."""
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise CommandError(f"--fee {text!r} is no amount in euros") from None
    if not value.is_finite() or value < 0 or value > 100_000:
        raise CommandError("--fee must be from 0 to 100000 euros")
    return int((value * 100).to_integral_value())


def _percent(text: str) -> Decimal:
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise CommandError(f"--cash-share {text!r} is no percentage") from None
    if not value.is_finite() or not 0 <= value <= 100:
        raise CommandError("--cash-share must be from 0 to 100")
    return value


class Command(BaseCommand):
    help = (
        "Create clubs and players, register and check them in, draw, play, enter "
        "and confirm every round through the directors' services, close the rounds "
        "and advance the final. With --fee and --cash-share, take every entrant's "
        "fee (a few by transfer), refund one withdrawal, and award the prizes: the "
        "cash pot by the default percentage table, a prize for every other place, "
        "the booby prize. Prints the tournament's slug on its last line."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=64)
        parser.add_argument("--format", choices=FORMATS, default="individual")
        parser.add_argument("--teams", type=int, default=None)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument(
            "--final",
            type=int,
            default=0,
            help="How many reach the final (0: no final).",
        )
        parser.add_argument("--draw", choices=sorted(PAIR_DRAWS), default="swiss")
        parser.add_argument(
            "--pool-size",
            type=int,
            default=None,
            help="With --draw pools: the pools' size (a round robin in each).",
        )
        parser.add_argument(
            "--knockout",
            type=int,
            default=0,
            help="How many go on from the pools to a knockout (0: none).",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--slug", default=None)
        parser.add_argument("--name", default=None, help="The tournament's name.")
        parser.add_argument(
            "--language",
            default="nl",
            choices=["nl", "fr", "en"],
            help="The event's default language (public pages, PDFs, phase names).",
        )
        parser.add_argument(
            "--leave-open",
            action="store_true",
            help="Leave the last round published with no results (for the demo).",
        )
        parser.add_argument(
            "--fee",
            default=None,
            help="Each entrant's fee in euros, taken at the desk (10, 7.50).",
        )
        parser.add_argument(
            "--cash-share",
            default=None,
            help="The fees' share in the cash pot, in percent (50 for half).",
        )

    def handle(self, *args, **options):
        verbose = options["verbosity"] > 0
        arguments = {
            name: options[name]
            for name in ("players", "format", "teams", "rounds", "final", "draw")
            + ("seed", "slug", "name", "language", "leave_open")
            + ("pool_size", "knockout")
        }
        progress = self.stderr.write if verbose else None
        money = options["fee"] is not None or options["cash_share"] is not None
        try:
            if money:
                simulated = tournament_simulate_with_prizes(
                    **arguments,
                    fee_cents=_euros(options["fee"] or "0"),
                    cash_share=_percent(options["cash_share"] or "0"),
                    progress=progress,
                )
            else:
                simulated = tournament_simulate(**arguments, progress=progress)
        except SimulationError as exc:
            raise CommandError(f"--{exc.argument} {exc.reason}") from exc
        except SERVICE_ERRORS as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(simulated.slug)
