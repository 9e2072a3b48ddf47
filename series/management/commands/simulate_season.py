"""Simulate a club's season of evenings through the same services the managers use."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from draws.simulation import SERVICE_ERRORS, SimulationError
from series.simulation import season_simulate


class Command(BaseCommand):
    help = (
        "Create a club with members (some with a fixed substitute) and its season, "
        "then play its evenings through the managers' services: new evening, "
        "check-in with varying attendance, draw, results, close. Prints the time "
        "taken and, on its last line, the series' slug."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument("--evenings", type=int, default=12)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default=None, help="The club's name.")
        parser.add_argument("--language", default="nl", choices=["nl", "fr", "en"])

    def handle(self, *args, **options):
        verbose = options["verbosity"] > 0
        try:
            simulated = season_simulate(
                players=options["players"],
                evenings=options["evenings"],
                rounds=options["rounds"],
                seed=options["seed"],
                name=options["name"],
                language=options["language"],
                progress=self.stderr.write if verbose else None,
            )
        except SimulationError as exc:
            raise CommandError(f"--{exc.argument} {exc.reason}") from exc
        except SERVICE_ERRORS as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"time: {simulated.seconds:.1f} s")
        self.stdout.write(simulated.slug)
