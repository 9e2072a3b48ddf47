"""Print the poster for the hall entrance to a PDF file."""

from pathlib import Path

from django.conf import settings

from printing.management.commands.print_round import Command as PrintRound


class Command(PrintRound):
    help = (
        "Write the poster for the hall entrance: the tournament's name, its "
        "public address and a QR code of it."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's short name in addresses")
        parser.add_argument("--out", required=True, type=Path, help="FILE.pdf")
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            help="language of the poster (default: the tournament's)",
        )
        parser.add_argument(
            "--base-url",
            help="address the poster's QR code points to (default: SITE_URL)",
        )

    def handle(self, *args, **options):
        """Print ``print_round``'s way, the poster needing no round."""
        return super().handle(*args, **{**options, "what": "poster", "round": None})
