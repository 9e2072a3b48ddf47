"""Export a table as a CSV or XLSX file that a spreadsheet opens without running it.

A cell whose text begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage
return) is a formula to Excel and LibreOffice, so a player called
``=HYPERLINK("http://evil","x")`` would be a live link in everyone's download.
Such a text gets a leading ``'``, the OWASP recommendation ("CSV injection"): the
spreadsheet shows the text as typed. Only text is touched: numbers stay numbers,
and a text that is a plain number (``-3``) is no formula. Characters an XLSX file
cannot hold (control characters, which the models' validators refuse anyway) are
dropped, so an old row can never turn the export into an error.
"""

import re

from django.http import HttpResponse
from django_tables2.export import TableExport
from tablib import Dataset

from clubs.validators import strip_control_characters

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def spreadsheet_safe(value):
    """Return ``value`` as a spreadsheet shows it, never as a formula."""
    if not isinstance(value, str):
        return value
    value = strip_control_characters(value)
    if value.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export, each header and cell made spreadsheet-safe."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        if dataset.headers:
            safe.headers = [spreadsheet_safe(h) for h in dataset.headers]
        for row in dataset:
            safe.append([spreadsheet_safe(cell) for cell in row])
        return safe


def table_export(table, fmt: str, filename: str) -> HttpResponse:
    """Answer ``table`` as a ``fmt`` ("csv" or "xlsx") download called ``filename``."""
    return SafeTableExport(
        fmt, table, dataset_kwargs={"title": filename[:31]}
    ).response(f"{filename}.{fmt}")
