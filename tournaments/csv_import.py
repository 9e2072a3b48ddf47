"""Read a registration CSV into rows and check each row on its own (no database)."""

import csv
import io
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.selectors import fold

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

MAX_LENGTHS = {
    "first_name": 80,
    "last_name": 80,
    "club": 120,
    "member_number": 30,
    "team": 120,
}


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


def parse_csv(csv_text: str, result: ImportResult, *, pairs: bool) -> list[ImportRow]:
    """Read a file's rows into ``result``; note what is wrong with the file or a row."""
    text = csv_text.lstrip("\ufeff")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        result.errors.append(_("The file is empty."))
        return []
    first = lines[0]
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows = [r for r in reader]
    header_index = next(i for i, r in enumerate(rows) if any(c.strip() for c in r))
    header = rows[header_index]
    mapping = _map_header(header)
    result.columns = [c for c in MAX_LENGTHS if c in mapping]
    needed = ["first_name", "last_name"] + (["team"] if pairs else [])
    missing = [c for c in needed if c not in mapping]
    if missing:
        names = {
            "first_name": _("first name"),
            "last_name": _("last name"),
            "team": _("team"),
        }
        result.errors.append(
            _(
                "The first line must name the columns; missing: %(missing)s "
                "(found: %(found)s). Accepted names include first_name/voornaam/"
                "prénom, last_name/achternaam/nom, club, member_number/lidnummer, "
                "team/ploeg/équipe."
            )
            % {
                "missing": ", ".join(str(names[c]) for c in missing),
                "found": ", ".join(h.strip() for h in header) or "—",
            }
        )
        return []
    parsed: list[ImportRow] = []
    for offset, cells in enumerate(rows[header_index + 1 :], start=header_index + 2):
        if not any(c.strip() for c in cells):
            continue
        row = ImportRow(line=offset)
        for column, index in mapping.items():
            value = cells[index].strip() if index < len(cells) else ""
            value = re.sub(r"\s+", " ", value)
            if len(value) > MAX_LENGTHS[column]:
                row.errors.append(
                    _("%(column)s is longer than %(max)d characters.")
                    % {"column": column, "max": MAX_LENGTHS[column]}
                )
                value = value[: MAX_LENGTHS[column]]
            setattr(row, column, value)
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
