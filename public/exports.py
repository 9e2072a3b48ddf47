"""Export a table as a CSV or XLSX file that a spreadsheet opens without running it.

The code lives in :mod:`clubs.exports`, the lowest app, so that every app's pages
(a series' standings too) export the same safe way; the names stay importable here.
"""

from clubs.exports import (  # noqa: F401 - re-exported
    BOM,
    DECIMAL,
    FORMULA_START,
    PLAIN_NUMBER,
    SEMICOLON_LANGUAGES,
    SafeTableExport,
    decimal_comma,
    spreadsheet_safe,
    table_export,
)
