"""Publish an event of this hall to the web site, replacing its copy there."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from transfer.hall_client import HallLinkError
from transfer.services.publishing import event_publish_to


class Command(BaseCommand):
    help = (
        "Send the event SLUG, whole, to the web site SITE_URL, which replaces its "
        "copy with it (all or nothing; publishing again is harmless). --token is "
        "the one the web site's director issued for this event."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The event's short name here.")
        parser.add_argument("site_url", help="The web site, e.g. https://club.example")
        parser.add_argument("--token", required=True, help="The event's token.")

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(
                _("No tournament “%(slug)s” here.") % {"slug": options["slug"]}
            )
        try:
            answer = event_publish_to(
                tournament=tournament,
                site=options["site_url"],
                token=options["token"],
                by=None,
            )
        except HallLinkError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            _("Published “%(slug)s” (rounds: %(rounds)s, entrants: %(entrants)s).")
            % {
                "slug": answer.get("published"),
                "rounds": answer.get("rounds"),
                "entrants": answer.get("entrants"),
            }
        )
