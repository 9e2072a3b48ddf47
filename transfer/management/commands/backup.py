"""Write a consistent copy of the configured database into backups/ (make backup)."""

from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from transfer.backup import database_backup


class Command(BaseCommand):
    help = (
        "Copy the whole database (DATABASE_URL, else db.sqlite3) while the site "
        "runs: SQLite through its online backup API into manille-<UTC time>.sqlite3, "
        "PostgreSQL with pg_dump -Fc into manille-<UTC time>.dump. Prints the path."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--out",
            default=None,
            help="The folder to write into (default: backups/ in the project).",
        )

    def handle(self, *args, **options):
        out_dir = (
            Path(options["out"]) if options["out"] else settings.BASE_DIR / "backups"
        )
        try:
            path = database_backup(out_dir=out_dir)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        if options["verbosity"] > 0:
            self.stderr.write(_("Backup written: %(path)s") % {"path": path})
        self.stdout.write(str(path))
