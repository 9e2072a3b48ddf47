"""Simulate a whole tournament through the same services the directors use."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from draws.simulation import (
    FORMATS,
    PAIR_DRAWS,
    SERVICE_ERRORS,
    SimulationError,
    tournament_simulate,
)


class Command(BaseCommand):
    help = (
        "Create clubs and players, register and check them in, draw, play, enter "
        "and confirm every round through the directors' services, close the rounds "
        "and advance the final. Prints the tournament's slug on its last line."
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

    def handle(self, *args, **options):
        verbose = options["verbosity"] > 0
        try:
            simulated = tournament_simulate(
                players=options["players"],
                format=options["format"],
                teams=options["teams"],
                rounds=options["rounds"],
                final=options["final"],
                draw=options["draw"],
                seed=options["seed"],
                slug=options["slug"],
                name=options["name"],
                language=options["language"],
                leave_open=options["leave_open"],
                progress=self.stderr.write if verbose else None,
            )
        except SimulationError as exc:
            raise CommandError(f"--{exc.argument} {exc.reason}") from exc
        except SERVICE_ERRORS as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(simulated.slug)
