"""Pair the singles still looking for a partner, by the stated rule.

The rule: in order of registration, the first single left with the second, the
third with the fourth, and so on; an odd one out stays unpaired for the director.
Run it at the registration deadline (cron or by hand):

    python manage.py pair_singles <slug>
"""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from registrations.director_services import singles_pair_remaining
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Pair the singles of an event still looking for a partner, in order of "
        "registration (1st with 2nd, 3rd with 4th…); an odd one out is left."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name in addresses")

    def handle(self, *args, slug, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No event {slug!r}.")
        if tournament.is_individual:
            raise CommandError(f"{slug!r} is an individual event: no pairs to make.")
        try:
            entries, left = singles_pair_remaining(tournament=tournament)
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        for entry in entries:
            self.stdout.write(f"paired: {entry.team}")
        self.stdout.write(f"{len(entries)} pairs made.")
        if left is not None:
            self.stdout.write(f"left without a partner: {left.name}")
