"""Print every table's code of a round, with the address its QR code opens."""

import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from phones.selectors import table_url
from phones.services.codes import table_codes_ensure
from tournaments.models import Round, Tournament


class Command(BaseCommand):
    help = (
        "Print one line per table of a published round: <table number> <code> <url>, "
        "making the codes the round does not have yet."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's short name in addresses")
        parser.add_argument("round", type=int, help="the round's number")
        parser.add_argument(
            "--base-url",
            default=None,
            help="the public address the URLs start with (default: SITE_URL)",
        )

    def handle(self, *args, slug, round, base_url=None, **options):  # noqa: A002
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament has the short name {slug!r}.")
        rnd = Round.objects.filter(tournament=tournament, number=round).first()
        if rnd is None:
            raise CommandError(f"{tournament.name} has no round {round}.")
        if rnd.status == Round.Status.DRAFT:
            raise CommandError(
                f"Round {round} of {tournament.name} is a draft: publish it first "
                "(its tables may still change)."
            )
        if rnd.status == Round.Status.CLOSED:
            self.stderr.write(
                f"Round {round} is closed: its codes open nothing until it is reopened."
            )
        if tournament.result_entry == Tournament.ResultEntry.DESK:
            # A code would answer 403 on every phone: print none.
            raise CommandError(
                f"{tournament.name} enters its results at the desk only: its "
                "tables have no codes. To let the tables enter their own deals, "
                "choose another 'who enters the results' in the tournament's "
                "settings, then run this again."
            )
        if base_url is None and not os.environ.get("SITE_URL", "").strip():
            self.stderr.write(
                f"SITE_URL is not set: the addresses start with {settings.SITE_URL}, "
                "made from this command's HOST and PORT, which may not be where the "
                "site runs. Set SITE_URL to the address the players' phones reach "
                "(the one `make run HOST=0.0.0.0` prints), or give --base-url."
            )
        base = (base_url or settings.SITE_URL).rstrip("/") + "/"
        for number, code in table_codes_ensure(round=rnd).items():
            self.stdout.write(f"{number} {code} {table_url(code, base)}")
