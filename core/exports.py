"""Export a table as a CSV or XLSX file that a spreadsheet opens without running it.

A cell whose text begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage
return) is a formula to Excel and LibreOffice, so a player called
``=HYPERLINK("http://evil","x")`` would be a live link in everyone's download.
Such a text gets a leading ``'``, the OWASP recommendation ("CSV injection"): the
spreadsheet shows the text as typed. Only text is touched: numbers stay numbers,
and a text that is a plain number (``-3``) is no formula. Characters an XLSX file
cannot hold (control characters, which the models' validators refuse anyway) are
dropped, so an old row can never turn the export into an error.

In Dutch and French (Belgium, France) the CSV is written the way Excel there reads
it on a double click: cells separated by ``;``, a UTF-8 byte order mark (else
"Ghesquière" shows as "GhesquiÃ¨re") and decimal commas ("66,67"). Elsewhere it
stays comma-separated with decimal points. The XLSX needs none of this: its numbers
are numbers, shown in the reader's own way.
"""

import re

from django.http import HttpResponse
from django.utils.translation import get_language
from django_tables2.export import TableExport
from tablib import Dataset

from core.validators import strip_control_characters

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
DECIMAL = re.compile(r"[+-]?\d+\.\d+")
# The languages whose Excel expects ";" and decimal commas in a CSV file.
SEMICOLON_LANGUAGES = ("nl", "fr")
BOM = "\ufeff"


def spreadsheet_safe(value):
    """Return ``value`` as a spreadsheet shows it, never as a formula."""
    if not isinstance(value, str):
        return value
    value = strip_control_characters(value)
    if value.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def decimal_comma(value):
    """Return a decimal number (or its text, "66.67") written with a comma."""
    if isinstance(value, float):
        value = repr(value)
    elif not isinstance(value, str) or not DECIMAL.fullmatch(value):
        return value
    return value.replace(".", ",")


class SafeTableExport(TableExport):
    """django-tables2's export, each header and cell made spreadsheet-safe.

    ``semicolons``: write the CSV for a Belgian or French Excel (``;``, a byte
    order mark, decimal commas).
    """

    def __init__(self, *args, semicolons: bool = False, **kwargs):
        self.semicolons = semicolons
        super().__init__(*args, **kwargs)

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        comma = self.semicolons and self.format == "csv"
        safe = Dataset(title=dataset.title)
        if dataset.headers:
            safe.headers = [spreadsheet_safe(h) for h in dataset.headers]
        for row in dataset:
            cells = [spreadsheet_safe(cell) for cell in row]
            safe.append([decimal_comma(c) for c in cells] if comma else cells)
        return safe

    def content_type(self):
        if self.format == "csv":
            return "text/csv; charset=utf-8"
        return super().content_type()

    def export(self):
        if self.format == "csv" and self.semicolons:
            return BOM + self.dataset.export("csv", delimiter=";")
        return super().export()


def table_export(table, fmt: str, filename: str) -> HttpResponse:
    """Answer ``table`` as a ``fmt`` ("csv" or "xlsx") download called ``filename``.

    The CSV follows the active language (see the module's docstring).
    """
    semicolons = (get_language() or "").split("-")[0] in SEMICOLON_LANGUAGES
    return SafeTableExport(
        fmt, table, dataset_kwargs={"title": filename[:31]}, semicolons=semicolons
    ).response(f"{filename}.{fmt}")
