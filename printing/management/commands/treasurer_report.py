"""Print a tournament's treasurer's figures: fees by method, refunds, cash prizes."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from cashdesk.models import Payment
from cashdesk.money import euros
from printing.base import document_language
from printing.treasury_figures import report_json, tournament_figures
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Print a tournament's treasurer's figures: the fees received by method, "
        "the refunds, the cash prizes paid out and the balance (fees - refunds - "
        "cash prizes). --json prints them as a JSON object in cents."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's short name in addresses")
        parser.add_argument(
            "--json",
            action="store_true",
            help='print {"fees_cents", "refunds_cents", "cash_prizes_cents", '
            '"balance_cents", "by_method"} (integers, in cents)',
        )

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"No tournament is called {options['slug']!r}.")
        figures = tournament_figures(tournament=tournament)
        if options["json"]:
            self.stdout.write(json.dumps(report_json(figures)))
            return
        with translation.override(document_language(tournament, None)):
            methods = [
                (f"  {Payment.Method(m).label}", c)
                for m, c in figures.by_method.items()
            ]
            rows = [
                (_("Fees received"), figures.fees_cents),
                *methods,
                (_("Refunds"), -figures.refunds_cents),
                (_("Cash prizes paid out"), -figures.cash_prizes_cents),
                (_("Balance"), figures.balance_cents),
            ]
            amounts = [euros(cents) for _label, cents in rows]
            counts = _("%(paid)s paid, %(unpaid)s not paid") % {
                "paid": figures.paid,
                "unpaid": figures.unpaid,
            }
        width = max(len(label) for label, _cents in rows)
        amount_w = max(len(a) for a in amounts)
        self.stdout.write(f"{tournament.name} ({tournament.slug})")
        for (label, _cents), amount in zip(rows, amounts, strict=True):
            self.stdout.write(f"{label:<{width}}  {amount:>{amount_w}}")
        self.stdout.write(counts)
