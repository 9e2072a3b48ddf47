"""Create a tournament from an event file written by export_event."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from transfer import services


class Command(BaseCommand):
    help = (
        "Create the tournament of FILE (written by export_event) with its people "
        "and history in this database, in one transaction. Clubs, players and "
        "teams this database has already are reused. The file's directors are "
        "never made directors here: --director names who directs it. Prints the "
        "new slug."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The event file to read.")
        parser.add_argument(
            "--slug",
            default=None,
            help="Import under this short name (when the file's is taken here).",
        )
        parser.add_argument(
            "--director",
            default=None,
            metavar="USERNAME",
            help="The user of this site who directs the imported event (else only "
            "staff do).",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        director = self._director(options["director"])
        try:
            services.file_size_check(path.stat().st_size)
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s")
                % {"file": path, "error": exc.strerror or exc}
            ) from None
        except ValidationError as exc:
            message = " ".join(exc.messages)
            raise CommandError(f"{message} {_('Nothing was imported.')}") from None
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s")
                % {"file": path, "error": exc.strerror or exc}
            ) from None
        report = services.ImportReport()
        try:
            data = services.event_from_json(raw)
            tournament = services.import_event(
                data, slug=options["slug"], by=director, report=report
            )
        except ValidationError as exc:
            message = " ".join(exc.messages)
            raise CommandError(f"{message} {_('Nothing was imported.')}") from None
        if options["verbosity"] > 0:
            for section in services.REPORT_ORDER:
                created = report.created.get(section, 0)
                reused = report.reused.get(section, 0)
                if created or reused:
                    self.stderr.write(
                        _("%(section)s: %(created)s created, %(reused)s reused")
                        % {"section": section, "created": created, "reused": reused}
                    )
        if report.directors_not_granted:
            self.stderr.write(
                _(
                    "The file's directors were not made directors here: %(names)s. "
                    "A superuser adds directors on the tournament's page."
                )
                % {"names": ", ".join(report.directors_not_granted)}
            )
        self.stdout.write(tournament.slug)

    def _director(self, username: str | None):
        if username is None:
            return None
        users = get_user_model()
        user = users._default_manager.filter(**{users.USERNAME_FIELD: username}).first()
        if user is None:
            raise CommandError(
                _("There is no user “%(name)s” on this site. Nothing was imported.")
                % {"name": username}
            )
        return user
