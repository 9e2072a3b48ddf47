"""List the printed documents, one small class each, for views, command and buttons.

Each document declares its ``identifier`` (the ``--what`` of ``print_round``), its
``verbose_name``, its ``options`` (the query string of its URL and the command's
flags), who may print it, how to name the file and ``render()`` (bytes of a PDF),
the way pretix's exporters declare ``identifier``, ``verbose_name`` and
``render()``. A new document is one class here and one module beside this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from printing import (
    bracket,
    checkin_list,
    draw,
    pools,
    poster,
    press,
    prizes,
    results,
    sheets,
    standings,
    treasury,
)
from printing import series as series_module
from printing.base import Choice
from series.models import Series
from tournaments.models import Phase, Round, Tournament


@dataclass(frozen=True)
class Button:
    """A link to print a document, as the director's round page shows it."""

    label: str
    url: str
    primary: bool = False


class Document:
    """A printed document of a round, or of a tournament (standings, poster)."""

    identifier: str
    verbose_name: str
    options: tuple[Choice, ...] = ()
    # Score sheets and table results are for the directors of the tournament;
    # the others for anyone who may see the round.
    directors_only: bool = False
    # The standings also print without a round (the final standings); the
    # poster never reads one.
    needs_round: bool = True
    # What it is served as: a PDF, and some as a spreadsheet or an image too.
    formats: tuple[str, ...] = ("pdf",)

    def defaults(self, tournament: Tournament) -> dict[str, str]:
        """Return each option's value when the reader names none."""
        return {}

    def clean(
        self, *, tournament: Tournament, params: Mapping[str, str | None]
    ) -> dict[str, str]:
        """Return the options, defaults filled in; ``PdfError`` on a bad value."""
        values = self.defaults(tournament)
        for option in self.options:
            given = params.get(option.name)
            if given is not None:
                values[option.name] = given
            option.check(values[option.name])
        return values

    def render(
        self,
        *,
        tournament: Tournament,
        round: Round | None,
        options: Mapping[str, str],
        lang: str,
        base_url: str,
    ) -> bytes:
        raise NotImplementedError

    def render_as(self, fmt: str, **kwargs) -> bytes:
        """Return the document in ``fmt``, one of ``formats`` (a PDF: ``render``)."""
        return self.render(**kwargs)

    def filename(
        self, *, tournament: Tournament, round: Round | None, options: Mapping
    ) -> str:
        """Return the PDF's file name, e.g. ``spring-cup-round-2-draw.pdf``."""
        return _filename(tournament, "round", round.number, self.identifier)

    def filename_as(self, fmt: str, **kwargs) -> str:
        """Return the file name in ``fmt``: the PDF's, ending in ``.csv``, ``.png``…"""
        return self.filename(**kwargs).removesuffix(".pdf") + "." + fmt

    def round_buttons(self, *, tournament: Tournament, round: Round) -> list[Button]:
        """Return the links that print this document from a round's page."""
        return []


def _filename(tournament: Tournament, *parts) -> str:
    return "-".join([tournament.slug, *map(str, parts)]) + ".pdf"


def _round_url(name: str, tournament: Tournament, round: Round) -> str:
    return reverse(f"pdf:{name}", args=[tournament.slug, round.number])


class ScoreSheets(Document):
    identifier = "sheets"
    verbose_name = gettext_lazy("Score sheets")
    options = (sheets.SIZE,)
    directors_only = True

    def defaults(self, tournament):
        return {"size": "a4"}

    def clean(self, *, tournament, params):
        size = params.get("size")
        params = {**params, "size": size.lower() if size is not None else None}
        return super().clean(tournament=tournament, params=params)

    def render(self, *, tournament, round, options, lang, base_url):
        return sheets.score_sheets_pdf(
            round=round, base_url=base_url, size=options["size"], lang=lang
        )

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "round", round.number, "sheets", options["size"])

    def round_buttons(self, *, tournament, round):
        url = _round_url("sheets", tournament, round)
        buttons = [Button(_("Print score sheets"), url, primary=True)]
        if not tournament.is_individual and round.phase.games_per_table <= 2:
            buttons.append(Button(_("Score sheets, two A5 per A4"), url + "?size=a5"))
        return buttons


class Draw(Document):
    identifier = "draw"
    verbose_name = gettext_lazy("Draw")
    options = (draw.ORDER,)

    def defaults(self, tournament):
        return {"order": "both"}

    def render(self, *, tournament, round, options, lang, base_url):
        return draw.draw_pdf(round=round, order=options["order"], lang=lang)

    def round_buttons(self, *, tournament, round):
        url = _round_url("draw", tournament, round)
        return [Button(_("Print the draw"), url)]


class Standings(Document):
    identifier = "standings"
    verbose_name = gettext_lazy("Standings")
    options = (standings.KIND,)
    needs_round = False

    def defaults(self, tournament):
        return {"kind": "players" if tournament.is_individual else "teams"}

    def render(self, *, tournament, round, options, lang, base_url):
        return standings.standings_pdf(
            tournament=tournament, after_round=round, kind=options["kind"], lang=lang
        )

    def filename(self, *, tournament, round, options):
        parts = ["round", round.number] if round is not None else ["final"]
        return _filename(tournament, "standings", options["kind"], *parts)

    def round_buttons(self, *, tournament, round):
        url = _round_url("round_standings", tournament, round)
        return [Button(_("Print standings after this round"), url)]


class TableResults(Document):
    identifier = "results"
    verbose_name = gettext_lazy("Table results")
    directors_only = True

    def render(self, *, tournament, round, options, lang, base_url):
        return results.table_results_pdf(round=round, lang=lang)

    def round_buttons(self, *, tournament, round):
        url = _round_url("results", tournament, round)
        return [Button(_("Print table results"), url)]


class Poster(Document):
    """The poster for the hall entrance: the tournament's address and its QR code."""

    identifier = "poster"
    verbose_name = gettext_lazy("Poster for the hall entrance")
    needs_round = False

    def render(self, *, tournament, round, options, lang, base_url):
        return poster.poster_pdf(tournament=tournament, base_url=base_url, lang=lang)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "poster")


class CheckinList(Document):
    """The check-in list: each entrant's fee, a payment QR code for the unpaid."""

    identifier = "checkin_list"
    verbose_name = gettext_lazy("Check-in list with payment QR codes")
    directors_only = True
    needs_round = False

    def render(self, *, tournament, round, options, lang, base_url):
        return checkin_list.checkin_list_pdf(tournament=tournament, lang=lang)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "checkin-list")


class TreasurerReport(Document):
    """The treasurer's report: fees by method and rate, refunds, cash prizes."""

    identifier = "treasurer"
    verbose_name = gettext_lazy("Treasurer's report")
    directors_only = True
    needs_round = False
    formats = ("pdf", *treasury.SHEET_FORMATS)

    def render(self, *, tournament, round, options, lang, base_url):
        return treasury.treasury_pdf(tournament=tournament, lang=lang)

    def render_as(self, fmt, *, tournament, lang, **kwargs):
        if fmt == "pdf":
            return self.render(tournament=tournament, lang=lang, **kwargs)
        return treasury.treasury_sheet(tournament=tournament, fmt=fmt, lang=lang)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "treasurer")


class PressResults(Document):
    """The top N for the press and the club's chat: an A4 page or a phone's image."""

    identifier = "press"
    verbose_name = gettext_lazy("Results for the press")
    options = (press.TOP,)
    directors_only = True
    needs_round = False
    formats = ("pdf", "png")

    def defaults(self, tournament):
        return {"top": str(press.DEFAULT_TOP)}

    def render(self, *, tournament, round, options, lang, base_url):
        top = press.top_from(options)
        return press.press_pdf(tournament=tournament, top=top, lang=lang)

    def render_as(self, fmt, *, tournament, options, lang, **kwargs):
        if fmt == "png":
            top = press.top_from(options)
            return press.press_png(tournament=tournament, top=top, lang=lang)
        return self.render(tournament=tournament, options=options, lang=lang, **kwargs)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "results-top", options["top"])


class PrizeList(Document):
    """The prize list: place, winner, club, prize and a column to sign for it."""

    identifier = "prize_list"
    verbose_name = gettext_lazy("Prize list with signatures")
    options = (prizes.ORDER,)
    directors_only = True  # who wins what, before the prize-giving calls it
    needs_round = False

    def defaults(self, tournament):
        return {"by": "called"}

    def render(self, *, tournament, round, options, lang, base_url):
        return prizes.prize_list_pdf(
            tournament=tournament, order=options["by"], lang=lang
        )

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "prize-list")


class Pools(Document):
    """Every pool's standings, who goes through marked with the reason."""

    identifier = "pools"
    verbose_name = gettext_lazy("Pools")
    needs_round = False

    def render(self, *, tournament, round, options, lang, base_url):
        return pools.pools_pdf(tournament=tournament, lang=lang)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "pools")

    def round_buttons(self, *, tournament, round):
        if round.phase.draw_method != Phase.DrawMethod.POOLS:
            return []
        url = reverse("pdf:pools", args=[tournament.slug])
        return [Button(_("Print the pools"), url)]


class KnockoutBracket(Document):
    """The knockout's brackets drawn with lines, third place and consolation after."""

    identifier = "bracket"
    verbose_name = gettext_lazy("Bracket")
    needs_round = False

    def render(self, *, tournament, round, options, lang, base_url):
        return bracket.bracket_pdf(tournament=tournament, lang=lang)

    def filename(self, *, tournament, round, options):
        return _filename(tournament, "bracket")

    def round_buttons(self, *, tournament, round):
        if round.phase.draw_method != Phase.DrawMethod.KNOCKOUT:
            return []
        url = reverse("pdf:bracket", args=[tournament.slug])
        return [Button(_("Print the bracket"), url)]


DOCUMENTS: dict[str, Document] = {
    d.identifier: d
    for d in (
        ScoreSheets(), Draw(), Standings(), TableResults(), Poster(), CheckinList(),
        TreasurerReport(), PressResults(), PrizeList(), Pools(), KnockoutBracket(),
    )
}  # fmt: skip


def document(identifier: str) -> Document:
    """Return the document for an identifier; ``KeyError`` if there is none."""
    return DOCUMENTS[identifier]


def round_buttons(*, tournament: Tournament, round: Round) -> list[Button]:
    """Return every document's print links for a round's page, in registry order."""
    return [
        button
        for doc in DOCUMENTS.values()
        for button in doc.round_buttons(tournament=tournament, round=round)
    ]


# ------------------------------------------------------------ documents of a series


class SeriesDocument:
    """A printed document of a series (a club's season, a circuit)."""

    identifier: str
    verbose_name: str
    # For those who manage the series only (the money), else for its readers.
    managers_only: bool = False
    formats: tuple[str, ...] = ("pdf",)

    def render(self, *, series: Series, lang: str, base_url: str) -> bytes:
        raise NotImplementedError

    def render_as(self, fmt: str, **kwargs) -> bytes:
        """Return the document in ``fmt``, one of ``formats`` (a PDF: ``render``)."""
        return self.render(**kwargs)

    def filename(self, *, series: Series) -> str:
        return f"{series.slug}-{self.identifier}.pdf"

    def filename_as(self, fmt: str, *, series: Series) -> str:
        return self.filename(series=series).removesuffix(".pdf") + "." + fmt


class SeriesStandings(SeriesDocument):
    identifier = "standings"
    verbose_name = gettext_lazy("Series standings")

    def render(self, *, series, lang, base_url):
        return series_module.series_standings_pdf(series=series, lang=lang)


class SeriesTreasurer(SeriesDocument):
    """The season's money: each evening's fees, refunds and cash prizes, summed."""

    identifier = "treasurer"
    verbose_name = gettext_lazy("Treasurer's report of the series")
    managers_only = True
    formats = ("pdf", *treasury.SHEET_FORMATS)

    def render(self, *, series, lang, base_url):
        return treasury.series_treasury_pdf(series=series, lang=lang)

    def render_as(self, fmt, *, series, lang, base_url):
        if fmt == "pdf":
            return self.render(series=series, lang=lang, base_url=base_url)
        return treasury.series_treasury_sheet(series=series, fmt=fmt, lang=lang)


SERIES_DOCUMENTS: dict[str, SeriesDocument] = {
    d.identifier: d for d in (SeriesStandings(), SeriesTreasurer())
}


def series_document(identifier: str) -> SeriesDocument:
    """Return the series document for an identifier; ``KeyError`` if there is none."""
    return SERIES_DOCUMENTS[identifier]
