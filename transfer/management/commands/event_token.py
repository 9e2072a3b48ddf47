"""Issue a token with which the hall's laptop pulls and publishes one event."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from transfer.services.tokens import TOKEN_DAYS, event_token_issue


class Command(BaseCommand):
    help = (
        "Print a new token for the event SLUG, issued to --user (one of its "
        f"directors), valid {TOKEN_DAYS} days. Only its digest is kept: copy it. "
        "The hall's laptop then runs pull_event and publish_event with it."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The event's short name on this site.")
        parser.add_argument(
            "--user", required=True, metavar="USERNAME", help="A director of it."
        )

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(
                _("No tournament “%(slug)s” on this site.") % {"slug": options["slug"]}
            )
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(
                _("No user “%(user)s” on this site.") % {"user": options["user"]}
            )
        try:
            token = event_token_issue(tournament=tournament, user=user)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        self.stdout.write(token)
