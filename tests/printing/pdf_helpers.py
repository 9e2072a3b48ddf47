"""Read a printed PDF back (its text, its fonts) and make the rounds it prints."""

import io

from pypdf import PdfReader

from tests import factories
from tournaments.models import Round, Table

ACCENTED = [
    ("Élise", "Lefèvre"),
    ("Zoë", "Noë"),
    ("François", "Bruneël"),
    ("Anaïs", "Deçoster"),
]


# ------------------------------------------------------------------ helpers


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _fonts(resources, seen: set) -> list:
    """Return every font dictionary reachable from a /Resources dictionary."""
    found = []
    if resources is None or id(resources) in seen:
        return found
    seen.add(id(resources))
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            found += _fonts(xobject.get("/Resources"), seen)
    return found


def all_fonts(data: bytes) -> list:
    seen: set = set()
    fonts = []
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts += _fonts(page.get("/Resources"), seen)
    return fonts


def is_embedded(font) -> bool:
    """Tell whether a font's glyphs are in the file (a /FontFile2 for TrueType)."""
    fonts = [font]
    for descendant in font.get("/DescendantFonts") or []:
        fonts.append(descendant.get_object())
    for f in fonts:
        descriptor = f.get("/FontDescriptor")
        if descriptor is not None and "/FontFile2" in descriptor.get_object():
            return True
    return False


def seat_names(table: Table) -> list[str]:
    return [
        s.entry.player.full_name
        for s in table.seats.select_related("entry__player").order_by("position")
    ]


def player_round(tournament, *, tables: int = 3, status="published") -> Round:
    rnd = factories.RoundFactory(tournament=tournament, number=1, status=status)
    for n in range(1, tables + 1):
        factories.individual_table(round=rnd, number=n)
    return rnd


BASE = "http://hall.example:8000"
