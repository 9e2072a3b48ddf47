"""Write one tournament, its people and its history to an event file (JSON)."""

import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from transfer import services


class Command(BaseCommand):
    help = (
        "Write the tournament SLUG with its clubs, players, teams, phases, entries, "
        "rounds, sheets, deals and history to FILE (JSON; - for standard output), "
        "for import_event in another database. The tables' codes are never "
        "written (secret: the other database makes its own)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The tournament's short name.")
        parser.add_argument("file", help="The event file to write (- for stdout).")

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(
                _("No tournament has the short name “%(slug)s”.")
                % {"slug": options["slug"]}
            )
        text = services.event_to_json(services.export_event(tournament))
        if options["file"] == "-":
            self.stdout.write(text, ending="")
            return
        path = Path(options["file"])
        # Written beside the target and renamed: a half-written file never has
        # the name a director will import.
        try:
            handle, temporary = tempfile.mkstemp(
                dir=path.parent, prefix=f".{path.name}.", suffix=".part"
            )
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": path, "error": exc.strerror or exc}
            ) from None
        if options["verbosity"] > 0:
            self.stderr.write(
                _("%(slug)s written to %(file)s.")
                % {"slug": tournament.slug, "file": path}
            )
