"""Compile the .po catalogues under locale/ to .mo files without GNU gettext."""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile translation catalogues (.po → .mo) in pure Python, when changed."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Compile all.")

    def handle(self, *args, force=False, **options):
        compiled = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if (
                    not force
                    and mo_path.exists()
                    and mo_path.stat().st_mtime >= po_path.stat().st_mtime
                ):
                    continue
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
                compiled += 1
        if options["verbosity"] > 1 or compiled:
            self.stdout.write(f"{compiled} catalogue(s) compiled.")
