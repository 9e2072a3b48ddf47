"""Print a round's score sheets, draw, standings or table results to a PDF file."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from printing.base import PdfError
from printing.qr import site_url
from printing.registry import DOCUMENTS
from tournaments.models import Round, Tournament


class Command(BaseCommand):
    help = (
        "Write one PDF for a round: score sheets, the draw, the standings after "
        "the round, or the table results."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's short name in addresses")
        parser.add_argument("round", type=int, help="the round number")
        parser.add_argument("--what", choices=tuple(DOCUMENTS), default="sheets")
        parser.add_argument("--out", required=True, type=Path, help="FILE.pdf")
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            help="language of the sheets (default: the tournament's)",
        )
        parser.add_argument(
            "--base-url",
            help="address the printed QR codes point to (default: SITE_URL)",
        )
        # Each document's options (--size, --order, --kind); unset means the
        # document's default, which for --kind depends on the tournament.
        for document in DOCUMENTS.values():
            for option in document.options:
                parser.add_argument(f"--{option.name}", choices=option.values)

    def handle(self, *args, **options):
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("No tournament with the short name “%(slug)s”.")
                % {"slug": options["slug"]}
            ) from None
        document = DOCUMENTS[options["what"]]
        rnd = self.round_of(tournament, options["round"])
        lang = options["lang"] or tournament.language
        params = {option.name: options[option.name] for option in document.options}
        try:
            data = document.render(
                tournament=tournament,
                round=rnd,
                options=document.clean(tournament=tournament, params=params),
                lang=lang,
                base_url=site_url(options["base_url"]),
            )
        except PdfError as exc:
            raise CommandError(str(exc)) from None
        out: Path = options["out"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
        with translation.override(lang):
            done = _("Wrote %(path)s (%(size)s KiB).") % {
                "path": out,
                "size": len(data) // 1024,
            }
        self.stdout.write(self.style.SUCCESS(done))

    def round_of(self, tournament: Tournament, number: int | None) -> Round | None:
        """Return the round to print, ``None`` for a document of the tournament."""
        if number is None:
            return None
        try:
            return Round.objects.get(tournament=tournament, number=number)
        except Round.DoesNotExist:
            with translation.override(tournament.language):
                raise CommandError(
                    _("%(tournament)s has no round %(number)s.")
                    % {"tournament": tournament.name, "number": number}
                ) from None
