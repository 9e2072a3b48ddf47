"""Print the treasurer's report: a tournament's or a series' figures, PDF or sheet.

The figures are gathered in ``printing.treasury_figures`` (re-exported here).
Each report prints as a PDF and as a CSV or XLSX sheet, every cell of the sheet
made spreadsheet-safe (``core.exports``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import NamedTuple

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib.pagesizes import A4
from reportlab.platypus import CondPageBreak, Spacer, Table
from tablib import Dataset

from cashdesk.models import Payment, Refund
from cashdesk.money import decimal_euros, euros
from cashdesk.selectors import TreasurerFigures
from core.exports import BOM, SEMICOLON_LANGUAGES, decimal_comma, spreadsheet_safe
from printing.base import (
    FONT,
    FONT_BOLD,
    MARGIN,
    ParagraphLine,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
)
from printing.series import SeriesHeading
from printing.treasury_figures import (  # noqa: F401 - re-exported
    PaymentLine,
    PrizeLine,
    SeriesEventFigures,
    SeriesTreasury,
    TreasuryReport,
    cash_prizes_for,
    figures_sum,
    report_json,
    series_treasury,
    tournament_figures,
    treasury_report,
)
from series.models import Series
from tournaments.models import Tournament

SHEET_FORMATS = ("csv", "xlsx")


# ------------------------------------------------------------------ labels, rows


def _method_label(code: str) -> str:
    return str(Payment.Method(code).label)


def _refund_method_label(code: str) -> str:
    return str(Refund.Method(code).label)


class SummaryRow(NamedTuple):
    section: str
    item: str
    cents: int
    total: bool = False  # a section's total (printed in bold)


def _summary_rows(figures: TreasurerFigures) -> list[SummaryRow]:
    """Return the figures line by line: the report's first table, the sheet's top."""
    received, refunds = _("Fees received"), _("Refunds")
    rows = [
        SummaryRow(received, _method_label(m), c) for m, c in figures.by_method.items()
    ]
    rows.append(SummaryRow(received, _("Total"), figures.fees_cents, True))
    rows += [SummaryRow(_("By rate"), label, c) for label, c in figures.by_rate.items()]
    rows += [
        SummaryRow(refunds, _refund_method_label(m), -c)
        for m, c in figures.refunds_by_method.items()
    ]
    rows.append(SummaryRow(refunds, _("Total"), -figures.refunds_cents, True))
    rows.append(
        SummaryRow(
            _("Cash prizes paid out"), _("Total"), -figures.cash_prizes_cents, True
        )
    )
    rows.append(
        SummaryRow(
            _("Balance"),
            _("Fees − refunds − cash prizes"),
            figures.balance_cents,
            True,
        )
    )
    return rows


# ------------------------------------------------------------------------- sheets


def sheet_bytes(
    headers: Sequence[str], rows: Iterable[Sequence], *, fmt: str, title: str
) -> bytes:
    """Return rows as a CSV or XLSX file, every text cell spreadsheet-safe.

    Amounts come as ``Decimal`` euros: numbers in the XLSX; in the CSV written
    with a decimal comma and ``;`` in Dutch and French, as ``core.exports`` writes
    the other CSV files.
    """
    semicolons = (translation.get_language() or "").split("-")[0] in (
        SEMICOLON_LANGUAGES
    )
    csv = fmt == "csv"
    data = Dataset(title=spreadsheet_safe(title)[:31])
    data.headers = [spreadsheet_safe(h) for h in headers]
    for row in rows:
        cells = [spreadsheet_safe(c) for c in row]
        if csv:
            cells = [str(c) if isinstance(c, Decimal) else c for c in cells]
            if semicolons:
                cells = [decimal_comma(c) for c in cells]
        data.append(cells)
    if not csv:
        return data.export("xlsx")
    if semicolons:
        return (BOM + data.export("csv", delimiter=";")).encode("utf-8")
    return data.export("csv").encode("utf-8")


def _money(cents: int) -> Decimal:
    return decimal_euros(cents)


def _when(moment: datetime.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _report_sheet_rows(report: TreasuryReport) -> list[list]:
    """Return the sheet's rows: the figures, then each cash prize and each payment.

    A name has a cell of its own (never text after a date): what a spreadsheet
    could take for a formula starts a cell, where ``spreadsheet_safe`` sees it.
    """
    rows = [
        [r.section, r.item, "", "", "", _money(r.cents)]
        for r in _summary_rows(report.figures)
    ]
    prizes = _("Cash prizes paid out")
    for line in report.prizes:
        place = _("place %(place)s") % {"place": line.place}
        rows.append([prizes, line.name, place, "", "", _money(-line.amount_cents)])
    payments = _("Payments")
    for p in report.payments:
        when, method = _when(p.taken_at), _method_label(p.method)
        rows.append([payments, p.entrant, p.rate, method, when, _money(p.amount_cents)])
        if p.refund_cents:
            rows.append([
                _("Refunds"), p.entrant, p.rate, _refund_method_label(p.refund_method),
                "", _money(-p.refund_cents),
            ])  # fmt: skip
    return rows


SHEET_HEADERS = (
    gettext_lazy("Section"),
    gettext_lazy("Item"),
    gettext_lazy("Rate or place"),
    gettext_lazy("Method"),
    gettext_lazy("When"),
    gettext_lazy("Amount (€)"),
)


def treasury_sheet(
    *, tournament: Tournament, fmt: str, lang: str | None = None
) -> bytes:
    """Return a tournament's treasurer's report as a CSV or XLSX file."""
    with translation.override(document_language(tournament, lang)):
        report = treasury_report(tournament=tournament)
        return sheet_bytes(
            [str(h) for h in SHEET_HEADERS],
            _report_sheet_rows(report),
            fmt=fmt,
            title=_("Treasurer's report"),
        )


def _series_lang(series: Series, lang: str | None) -> str:
    return lang or series.language or "en"


def series_treasury_sheet(
    *, series: Series, fmt: str, lang: str | None = None
) -> bytes:
    """Return a series' treasurer's report as a CSV or XLSX file: one row an evening."""
    with translation.override(_series_lang(series, lang)):
        treasury = series_treasury(series=series)
        headers = [
            "#",
            _("Date"),
            _("Tournament"),
            _("Fees received"),
            *[_method_label(m) for m in Payment.Method.values],
            _("Refunds"),
            _("Cash prizes paid out"),
            _("Balance"),
        ]
        lines = [
            _figure_cells(e.number, e.tournament.date, e.tournament.name, e.figures)
            for e in treasury.events
        ]
        lines.append(_figure_cells("", None, _("Total"), treasury.total))
        return sheet_bytes(headers, lines, fmt=fmt, title=_("Treasurer's report"))


def _figure_cells(number, date, name: str, f: TreasurerFigures) -> list:
    return [
        number,
        formats.date_format(date, "SHORT_DATE_FORMAT") if date else "",
        name,
        _money(f.fees_cents),
        *[_money(f.by_method.get(m, 0)) for m in Payment.Method.values],
        _money(f.refunds_cents),
        _money(f.cash_prizes_cents),
        _money(f.balance_cents),
    ]


# --------------------------------------------------------------------------- PDFs

_WIDTH = A4[0] - 2 * MARGIN


def _figures_table(figures: TreasurerFigures) -> Table:
    """The summary: each section's lines, its total in bold, the balance last."""
    lines = [[_("Section"), _("Item"), _("Amount")]]
    bold = []
    last = None
    for row in _summary_rows(figures):
        shown = row.section if row.section != last else ""
        lines.append([shown, row.item, euros(row.cents)])
        last = row.section
        if row.total:
            bold.append(len(lines) - 1)
    extra = [("ALIGN", (2, 0), (2, -1), "RIGHT")]
    extra += [("FONTNAME", (1, r), (2, r), FONT_BOLD) for r in bold]
    widths = [0.3 * _WIDTH, 0.45 * _WIDTH, 0.25 * _WIDTH]
    return Table(lines, colWidths=widths, style=grid_style(font_size=10, extra=extra))


def _prizes_table(prizes: Sequence[PrizeLine]) -> Table:
    widths = [0.12 * _WIDTH, 0.63 * _WIDTH, 0.25 * _WIDTH]
    lines = [[pgettext("standings", "rank"), _("Name"), _("Amount")]]
    lines += [
        [str(p.place), fit(p.name, FONT, 9, widths[1] - 6), euros(p.amount_cents)]
        for p in prizes
    ]
    extra = [("ALIGN", (2, 0), (2, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "RIGHT")]
    return Table(
        lines,
        colWidths=widths,
        repeatRows=1,
        style=grid_style(font_size=9, extra=extra),
    )


def _payments_table(payments: Sequence[PaymentLine]) -> Table:
    widths = [f * _WIDTH for f in (0.14, 0.34, 0.18, 0.14, 0.2)]
    lines = [[_("When"), _("Entrant"), _("Rate"), _("Method"), _("Amount")]]
    for p in payments:
        amount = euros(p.amount_cents)
        if p.refund_cents:
            amount += f" (−{euros(p.refund_cents)})"
        lines.append([
            formats.time_format(timezone.localtime(p.taken_at), "TIME_FORMAT"),
            fit(p.entrant, FONT, 9, widths[1] - 6),
            fit(p.rate, FONT, 9, widths[2] - 6),
            _method_label(p.method),
            amount,
        ])  # fmt: skip
    extra = [("ALIGN", (4, 0), (4, -1), "RIGHT")]
    return Table(
        lines,
        colWidths=widths,
        repeatRows=1,
        style=grid_style(font_size=9, extra=extra),
    )


def _heading(text: str) -> list:
    return [
        Spacer(1, 8),
        CondPageBreak(40),
        ParagraphLine(text, size=12, font=FONT_BOLD),
    ]


def treasury_pdf(*, tournament: Tournament, lang: str | None = None) -> bytes:
    """Return a tournament's treasurer's report: figures, cash prizes, payments."""
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        report = treasury_report(tournament=tournament)
        figures = report.figures
        summary = _("%(paid)s paid, %(unpaid)s not paid") % {
            "paid": figures.paid,
            "unpaid": figures.unpaid,
        }
        story: list = [_figures_table(figures)]
        if report.prizes:
            story += _heading(_("Cash prizes paid out"))
            story.append(_prizes_table(report.prizes))
        story += _heading(_("Payments"))
        if report.payments:
            story.append(_payments_table(report.payments))
        else:
            story.append(ParagraphLine(_("No payment taken yet.")))
        title = _("Treasurer's report")
        section = Section("treasury", title, summary)
        return render(tournament, [section], story, subject=title)


def _events_table(treasury: SeriesTreasury) -> Table:
    widths = [f * _WIDTH for f in (0.06, 0.12, 0.3, 0.13, 0.13, 0.13, 0.13)]
    lines = [[
        "#", _("Date"), _("Tournament"), _("Fees received"), _("Refunds"),
        _("Cash prizes"), _("Balance"),
    ]]  # fmt: skip
    for e in treasury.events:
        f = e.figures
        lines.append([
            str(e.number),
            formats.date_format(e.tournament.date, "SHORT_DATE_FORMAT"),
            fit(e.tournament.name, FONT, 9, widths[2] - 6),
            euros(f.fees_cents),
            euros(f.refunds_cents),
            euros(f.cash_prizes_cents),
            euros(f.balance_cents),
        ])  # fmt: skip
    t = treasury.total
    lines.append([
        "", "", _("Total"), euros(t.fees_cents), euros(t.refunds_cents),
        euros(t.cash_prizes_cents), euros(t.balance_cents),
    ])  # fmt: skip
    extra = [
        ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
        ("FONTNAME", (0, -1), (-1, -1), FONT_BOLD),
    ]
    return Table(
        lines,
        colWidths=widths,
        repeatRows=1,
        style=grid_style(font_size=9, extra=extra),
    )


def series_treasury_pdf(*, series: Series, lang: str | None = None) -> bytes:
    """Return a series' treasurer's report: each evening's figures and the season's."""
    register_fonts()
    with translation.override(_series_lang(series, lang)):
        treasury = series_treasury(series=series)
        dates = [e.tournament.date for e in treasury.events]
        heading = SeriesHeading(
            name=series.name,
            date=max(dates) if dates else timezone.localdate(),
            venue=series.club.name if series.club_id else "",
            language=series.language,
        )
        story: list = [_figures_table(treasury.total)]
        story += _heading(_("Evenings"))
        if treasury.events:
            story.append(_events_table(treasury))
        else:
            story.append(ParagraphLine(_("No evening in this series yet.")))
        title = _("Treasurer's report")
        subtitle = _("%(count)s evenings") % {"count": len(treasury.events)}
        section = Section("treasury", title, subtitle)
        return render(heading, [section], story, subject=title)
