"""Print every table's code of a round, with the address its QR code opens."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring.selectors import table_url
from scoring.services import table_codes_ensure
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
            self.stderr.write(
                f"{tournament.name} enters its results at the desk only: the codes "
                "open nothing until the tables enter them."
            )
        base = (base_url or settings.SITE_URL).rstrip("/") + "/"
        for number, code in table_codes_ensure(round=rnd).items():
            self.stdout.write(f"{number} {code} {table_url(code, base)}")
