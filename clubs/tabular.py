"""Decode a list of people (CSV or XLSX), read it into rows, check each row.

The one reader of the tournaments' registration import and the clubs' member
import: encodings, delimiters, header names in English, Dutch or French, each
cell checked by its model field's rules (no database read).
"""

import codecs
import csv
import io
import re
import zipfile
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Player, Team
from core.folding import fold

HEADER_ALIASES = {
    "first_name": {
        "firstname", "first", "givenname", "forename", "voornaam", "prenom",
    },
    "last_name": {
        "lastname", "last", "surname", "familyname", "achternaam", "familienaam",
        "naam", "nom", "nomdefamille",
    },
    "club": {"club", "clubname", "clubnaam", "vereniging", "cercle", "societe"},
    "member_number": {
        "membernumber", "member", "membernr", "memberno", "number", "lidnummer",
        "lidnr", "nummer", "numerodemembre", "numero", "nummembre", "licence",
        "license", "affiliation",
    },
    "team": {
        "team", "teamname", "pair", "ploeg", "ploegnaam", "teamnaam", "paar",
        "equipe", "nomdelequipe", "nomequipe", "doublette",
    },
}  # fmt: skip

COLUMN_LABELS = {
    "first_name": gettext_lazy("first name"),
    "last_name": gettext_lazy("last name"),
    "club": gettext_lazy("club"),
    "member_number": gettext_lazy("member number"),
    "team": gettext_lazy("team"),
}

# The model field each column is stored in: its length and validators apply.
FIELDS = {
    "first_name": Player._meta.get_field("first_name"),
    "last_name": Player._meta.get_field("last_name"),
    "club": Club._meta.get_field("name"),
    "member_number": Player._meta.get_field("member_number"),
    "team": Team._meta.get_field("name"),
}
MAX_LENGTHS = {column: f.max_length for column, f in FIELDS.items()}

# Byte-order marks, longest first: UTF-32 LE begins with UTF-16 LE's mark.
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
UTF16_SAMPLE = 4096

# Runs of spaces, tabs, line breaks (a quoted cell may hold some) and no-break
# spaces become one space; the whitespace that is a control character (vertical
# tab, form feed, the separators U+001C to U+001F, U+0085, U+2028, U+2029) stays
# for the validators to refuse, never silently turned into a space.
SPACES = re.compile(r"[^\S\x0b\x0c\x1c-\x1f\x85\u2028\u2029]+")


@dataclass
class ImportRow:
    """One line of a registration file, what it will do, and what is wrong with it."""

    line: int
    first_name: str = ""
    last_name: str = ""
    club: str = ""
    member_number: str = ""
    team: str = ""
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    skip: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ImportResult:
    """What an import found (``commit=False``) or did (``commit=True``)."""

    rows: list[ImportRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    committed: bool = False
    created_clubs: int = 0
    created_players: int = 0
    created_teams: int = 0
    created_entries: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors and all(r.ok for r in self.rows)

    @property
    def error_rows(self) -> list[ImportRow]:
        return [r for r in self.rows if r.errors]

    @property
    def new_entries(self) -> int:
        """How many entries the import makes (or made)."""
        if self.committed:
            return self.created_entries
        seen, count = set(), 0
        for r in self.rows:
            if r.skip or r.errors:
                continue
            key = fold(r.team) if r.team else r.line
            if key not in seen:
                seen.add(key)
                count += 1
        return count

    @property
    def skipped(self) -> int:
        return sum(1 for r in self.rows if r.skip)


def _utf16_without_bom(sample: bytes) -> str | None:
    """Return the UTF-16 byte order a sample's NUL bytes betray, if any.

    Text saved as UTF-16 without a byte-order mark has a NUL as the high byte of
    every ASCII character (the delimiters, digits, line breaks, most letters): at
    odd offsets in little-endian, at even ones in big-endian. Single-byte text has
    almost none.
    """
    even, odd = sample[0::2], sample[1::2]
    nul_even, nul_odd = even.count(0), odd.count(0)
    if odd and nul_odd >= len(odd) / 5 and nul_even * 4 <= nul_odd:
        return "utf-16-le"
    if even and nul_even >= len(even) / 5 and nul_odd * 4 <= nul_even:
        return "utf-16-be"
    return None


def decode_csv(raw: bytes) -> str:
    """Return an uploaded file's text, whatever a spreadsheet saved it as.

    A byte-order mark names the encoding (UTF-8, UTF-16 or UTF-32, either byte
    order); NULs at every other byte betray UTF-16 without one; otherwise UTF-8,
    and failing that Windows-1252 (what Belgian spreadsheets save as "CSV").
    Raise ``ValidationError`` saying where the file cannot be read.
    """
    for bom, codec in BOMS:
        if raw.startswith(bom):
            return _decode(raw[len(bom) :], codec, offset=len(bom))
    codec = _utf16_without_bom(raw[:UTF16_SAMPLE])
    if codec is not None:
        return _decode(raw, codec, offset=0)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _decode(raw, "cp1252", offset=0)


def _decode(raw: bytes, codec: str, *, offset: int) -> str:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as exc:
        if codec == "cp1252":
            message = _(
                "The file cannot be read: line %(line)d holds a byte (0x%(byte)02X) "
                "that is neither UTF-8 nor Windows-1252. In your spreadsheet, save "
                "it as “CSV UTF-8”."
            )
        else:
            message = _(
                "The file looks like %(codec)s but cannot be read as such (byte "
                "%(offset)d, near line %(line)d). In your spreadsheet, save it as "
                "“CSV UTF-8”."
            )
        width = 2 if "16" in codec else 4 if "32" in codec else 1
        newline = "\n".encode(codec)
        raise ValidationError(
            message,
            code="encoding",
            params={
                "line": raw[: exc.start - exc.start % width].count(newline) + 1,
                "byte": raw[exc.start],
                "codec": codec.upper(),
                "offset": offset + exc.start + 1,
            },
        ) from None


def _header_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text))


def _map_header(header: list[str]) -> dict[str, int]:
    mapping: dict[str, int] = {}
    for index, name in enumerate(header):
        key = _header_key(name)
        for column, aliases in HEADER_ALIASES.items():
            if (key == column.replace("_", "") or key in aliases) and (
                column not in mapping
            ):
                mapping[column] = index
                break
    return mapping


def _records(text: str, delimiter: str, result: ImportResult):
    """Return the file's records, each with the line it starts on; or ``None``.

    The line a record starts on is counted as a text editor counts lines (a quoted
    cell may run over several). A file the csv module cannot read (a quotation
    mark never closed swallows the rest of the file into one huge cell) is an error
    on the line where the record began.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            records.append((start, cells))
            start = reader.line_num + 1
    except csv.Error:
        result.errors.append(
            _(
                "Line %(line)d cannot be read: a cell runs on without end. Look for "
                'a quotation mark (") that is opened and never closed.'
            )
            % {"line": start}
        )
        return None
    return records


def cell_problems(value: str, column: str) -> list[str]:
    """Say what is wrong with a value for ``column``, by its model field's rules.

    The field's validators refuse what is too long and control characters, so the
    import says exactly what a form or a service would.
    """
    try:
        FIELDS[column].run_validators(value)
    except ValidationError as exc:
        return list(exc.messages)
    return []


def parse_csv(csv_text: str, result: ImportResult, *, pairs: bool) -> list[ImportRow]:
    """Read a file's rows into ``result``; note what is wrong with the file or a row."""
    text = csv_text.lstrip("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip()), None)
    records = None
    if first is not None:
        delimiter = max((";", ",", "\t"), key=first.count)
        records = _records(text, delimiter, result)
        if records is None:
            return []
        records = [
            (line, cells) for line, cells in records if any(map(str.strip, cells))
        ]
    if not records:
        result.errors.append(_("The file is empty."))
        return []
    header = records[0][1]
    mapping = _map_header(header)
    result.columns = [c for c in FIELDS if c in mapping]
    needed = ["first_name", "last_name"] + (["team"] if pairs else [])
    missing = [c for c in needed if c not in mapping]
    if missing:
        result.errors.append(
            _(
                "The first line must name the columns; missing: %(missing)s "
                "(found: %(found)s). Accepted names include first_name/voornaam/"
                "prénom, last_name/achternaam/nom, club, member_number/lidnummer, "
                "team/ploeg/équipe."
            )
            % {
                "missing": ", ".join(str(COLUMN_LABELS[c]) for c in missing),
                "found": ", ".join(h.strip() for h in header) or "—",
            }
        )
        return []
    parsed: list[ImportRow] = []
    for line, cells in records[1:]:
        row = ImportRow(line=line)
        for column, index in mapping.items():
            value = cells[index] if index < len(cells) else ""
            value = SPACES.sub(" ", value).strip(" ")
            for problem in cell_problems(value, column):
                row.errors.append(
                    _("Column %(number)d (%(column)s): %(problem)s")
                    % {
                        "number": index + 1,
                        "column": COLUMN_LABELS[column],
                        "problem": problem,
                    }
                )
            setattr(row, column, value[: MAX_LENGTHS[column]])
        if not row.first_name:
            row.errors.append(_("The first name is missing."))
        if not row.last_name:
            row.errors.append(_("The last name is missing."))
        if pairs and not row.team:
            row.errors.append(_("The team name is missing."))
        parsed.append(row)
    if not parsed:
        result.errors.append(_("The file has a header but no players."))
    return parsed


def _person_key(row: ImportRow) -> tuple[str, str, str]:
    return (
        fold(row.first_name),
        fold(row.last_name),
        fold(row.club),
    )


def repeated_in_file(
    row: ImportRow, seen: dict[tuple, int], numbers: dict[tuple[str, str], int]
) -> bool:
    """Mark a row naming a person or a member number of an earlier line."""
    key = _person_key(row)
    if key in seen:
        row.errors.append(
            _("%(name)s is already on line %(line)d.")
            % {"name": f"{row.first_name} {row.last_name}", "line": seen[key]}
        )
        return True
    seen[key] = row.line
    if row.member_number:
        nkey = (fold(row.club), row.member_number)
        if nkey in numbers:
            row.errors.append(
                _("Member number %(number)s is already on line %(line)d.")
                % {"number": row.member_number, "line": numbers[nkey]}
            )
            return True
        numbers[nkey] = row.line
    return False


# ----------------------------------------------------------------- spreadsheets

XLSX_MAGIC = b"PK\x03\x04"  # an .xlsx workbook is a zip archive
XLSX_MAX_ROWS = 20_000
XLSX_MAX_COLUMNS = 30


def _xlsx_cell(value) -> str:
    """A spreadsheet cell as the CSV would hold it: 123 not 123.0, a date as ISO."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return value.isoformat()
    # A line break inside a cell would shift the line numbers of the rows below.
    return " ".join(str(value).splitlines())


def xlsx_to_csv(raw: bytes) -> str:
    """Return the first sheet of an Excel workbook as ``;``-separated text.

    Row n of the sheet is line n of the text (empty rows stay, empty lines), so the
    preview names the rows as the spreadsheet numbers them. Raise
    ``ValidationError`` for a file that is not a workbook one can read.
    """
    from openpyxl import load_workbook  # with tablib[xlsx]; only here is it needed

    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError) as exc:
        raise ValidationError(
            _(
                "The file cannot be read as an Excel workbook (.xlsx). Save it again "
                "as “Excel workbook” or as “CSV UTF-8”."
            ),
            code="xlsx",
        ) from exc
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        out = io.StringIO()
        writer = csv.writer(out, delimiter=";", lineterminator="\n")
        if sheet is not None:
            for number, cells in enumerate(sheet.iter_rows(values_only=True), 1):
                if number > XLSX_MAX_ROWS:
                    raise ValidationError(
                        _("The workbook has more than %(rows)d rows."),
                        params={"rows": XLSX_MAX_ROWS},
                        code="xlsx_rows",
                    )
                values = [_xlsx_cell(v) for v in cells[:XLSX_MAX_COLUMNS]]
                while values and values[-1] == "":
                    values.pop()
                writer.writerow(values)
    finally:
        book.close()
    return out.getvalue()


def upload_text(raw: bytes) -> str:
    """Return an uploaded list's text: an Excel workbook's first sheet, or the CSV."""
    if raw.startswith(XLSX_MAGIC):
        return xlsx_to_csv(raw)
    return decode_csv(raw)
