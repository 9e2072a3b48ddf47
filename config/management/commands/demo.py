"""Load the demo: a director account, two events and a club season to try the site on.

The steps, and why the password is what it is, are in :mod:`config.demo`.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from config import demo
from draws.simulation import SERVICE_ERRORS, SimulationError


class Command(BaseCommand):
    help = "Create the demo director and demo events (idempotent); print the login."

    def add_arguments(self, parser):
        parser.add_argument(
            "--new-password",
            action="store_true",
            help="Give the demo director a new password (random in hall mode).",
        )

    def handle(self, *args, **options):
        user, password = demo.demo_director(
            hall=settings.HALL_MODE, new_password=options["new_password"]
        )
        # -v 2 shows what each simulation says as it goes, and what it built.
        verbose = options["verbosity"] > 1
        progress = self.stderr.write if verbose else None
        try:
            for event in demo.demo_events_missing():
                self.stdout.write(f"Simulating {event['name']} …")
                simulated = demo.demo_event_simulate(event=event, progress=progress)
                if verbose:
                    self.stdout.write(simulated.slug)
            if demo.demo_season_missing():
                self.stdout.write(f"Simulating {demo.DEMO_CLUB} …")
                season = demo.demo_season_simulate(progress=progress)
                if verbose:
                    self.stdout.write(f"time: {season.seconds:.1f} s")
                    self.stdout.write(season.slug)
        except (SimulationError, *SERVICE_ERRORS) as exc:
            raise CommandError(str(exc)) from exc
        demo.demo_season_manage(user=user)
        self.stdout.write(self.style.SUCCESS(self._login_line(user, password)))

    @staticmethod
    def _login_line(user, password: str | None) -> str:
        url = f"{settings.SITE_URL}accounts/login/"
        if password is None and user.check_password(demo.DIRECTOR_PASSWORD):
            password = demo.DIRECTOR_PASSWORD
        if password is not None:
            return _("Director login: %(user)s / %(password)s  (%(url)s)") % {
                "user": user.username,
                "password": password,
                "url": url,
            }
        return _(
            "Director login: %(user)s, with the password printed when it was made "
            "or the one you chose  (%(url)s); `python manage.py demo "
            "--new-password` prints a new one."
        ) % {"user": user.username, "url": url}
