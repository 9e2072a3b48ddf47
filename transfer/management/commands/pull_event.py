"""Pull an event from the web site (or its downloaded file) onto this hall."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from transfer.hall_client import HallLinkError, fetch_event
from transfer.services import event_from_json
from transfer.services.publishing import event_pulled_import


class Command(BaseCommand):
    help = (
        "Create here the event the token opens on the web site SITE_URL, with its "
        "entrants (or from --file, the same file downloaded, for a hall that "
        "never has internet). Pulled again before a round is drawn here, it "
        "replaces the earlier copy. Prints the slug."
    )

    def add_arguments(self, parser):
        parser.add_argument("site_url", nargs="?", help="The web site's address.")
        parser.add_argument("--token", help="The event's token from the web site.")
        parser.add_argument("--file", help="An event file downloaded from the web.")
        parser.add_argument(
            "--director",
            metavar="USERNAME",
            help="The user of this laptop who directs it (default: the only "
            "staff user, if there is one).",
        )

    def handle(self, *args, **options):
        raw = self._read(options)
        try:
            data = event_from_json(raw)
            tournament, again = event_pulled_import(
                data=data,
                by=self._director(options["director"]),
                source=options["file"] or options["site_url"],
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        if again:
            self.stderr.write(_("The earlier copy was replaced."))
        self.stdout.write(tournament.slug)

    def _read(self, options) -> bytes:
        if options["file"]:
            path = Path(options["file"])
            if not path.is_file():
                raise CommandError(_("No file “%(path)s”.") % {"path": path})
            return path.read_bytes()
        if not options["site_url"] or not options["token"]:
            raise CommandError(_("Give the web site's address and --token, or --file."))
        try:
            return fetch_event(options["site_url"], options["token"])
        except HallLinkError as exc:
            raise CommandError(str(exc)) from None

    def _director(self, username):
        users = get_user_model().objects
        if username:
            user = users.filter(username=username).first()
            if user is None:
                raise CommandError(_("No user “%(user)s” here.") % {"user": username})
            return user
        staff = list(users.filter(is_staff=True, is_active=True)[:2])
        if len(staff) != 1:
            raise CommandError(
                _("Say who directs the event here: --director USERNAME.")
            )
        return staff[0]
