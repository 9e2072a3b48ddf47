"""Generate the malformed values the fuzz test sends: seeded, so a run repeats."""

from __future__ import annotations

import random

HUGE = "9" * 20  # past every 64-bit integer column

# One of each kind of trouble; ``malformed`` picks among them.
BAD_VALUES: tuple[str, ...] = (
    "",
    " ",
    "   \t ",
    "x" * 100_000,
    HUGE,
    "-" + HUGE,
    "18446744073709551616",
    "2147483648",
    "32768",
    "-1",
    "-0",
    "0",
    "1.5",
    "1e309",
    "1e-9",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "١٢٣",  # Arabic-Indic digits: str.isdigit() says yes, int() says yes too
    "²",  # superscript two: isdigit() yes, int() no
    "\x00",
    "a\x00b",
    "\x01\x02\x1b[31m\x7f",
    "line\r\nbreak",
    "\u202eevil\u202c",  # right-to-left override
    "שלום עולם",
    "👨\u200d👩\u200d👧\u200d👦" * 20,
    "e\u0301\u0301\u0301\u0301",
    "\ufeffbom",
    "' OR 1=1 --",
    "'; DROP TABLE tournaments_tournament; --",
    '"><script>alert(1)</script>',
    "<img src=x onerror=alert(1)>",
    "{{ 7|add:7 }}{% debug %}",
    "%(name)s %s {0}",
    '=HYPERLINK("http://evil","x")',
    "../../../../etc/passwd",
    "true",
    "null",
    "[]",
    '{"a": 1}',
    "on",
    "🂡",
    "♣",
    '""',
    ";;;",
    '"' + "x" * 140_000 + '"',
    'a;b;c\n"unclosed',
)

NUMBERS: tuple[str, ...] = (
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "9",
    "10",
    "60",
    "61",
    "120",
    "-5",
    "999",
    "9999",
    "10000",
    HUGE,
    "-" + HUGE,
    "1.0",
    " 7 ",
)

# Query strings written out by hand: raw bytes, repeated and empty keys.
RAW_QUERIES: tuple[str, ...] = (
    "%00",
    "q=%00",
    "q=%FF%FE",
    "phase=" + HUGE,
    "page=-1",
    "page=0",
    "page=" + HUGE,
    "after_round=" + HUGE,
    "phase=1&phase=x",
    "kind=&kind=clubs",
    "sort=-",
    "sort=" + "x" * 5000,
    "=&&=&",
    "a[]=1&a[0]=2",
    "copy=2&copy=3",
    "edit=1.1.1",
    "edit=" + HUGE + "." + HUGE,
    "_export=csv",
    "_export=xlsx",
    "_export=pdf",
    "_export=%00",
    "size=a4",
    "size=A3",
    "size=%00",
)


def malformed(rng: random.Random) -> str:
    """Return one malformed value (a number half the time for numeric fields)."""
    return rng.choice(BAD_VALUES)


def any_value(rng: random.Random, *, baseline: str | None = None) -> str:
    """Return a value for a field: malformed, a number, or a twist of its own value."""
    roll = rng.random()
    if roll < 0.55:
        return malformed(rng)
    if roll < 0.85:
        return rng.choice(NUMBERS)
    base = baseline or ""
    if base.isdigit() and roll < 0.95:
        return rng.choice(NUMBERS)
    twists = (
        base + "\x00",
        base * 50,
        base + "'",
        " " + base + " ",
        base.upper(),
        base[::-1],
        base + HUGE,
    )
    return rng.choice(twists)


# Plausible values for the fields a page renders empty (a new deal, a new club),
# so that breaking one other field reaches the service instead of stopping at
# the first "this field is required".
PLAUSIBLE = {
    "trump": "n",
    "points_a": "60",
    "points_b": "60",
    "knocks": "0",
    "score_a": "101",
    "score_b": "57",
    "tricks_a": "4",
    "tens_a": "2",
    "aces_a": "2",
    "kings_a": "2",
    "queens_a": "2",
    "jacks_a": "2",
    "reason": "checked with the players",
    "points": "5",
    "seed": "7",
    "name": "Fuzz",
    "short_name": "FZ",
    "city": "Kortrijk",
    "first_name": "Jan",
    "last_name": "Peeters",
    "partner_first_name": "Els",
    "partner_last_name": "Maes",
    "club": "Harelbeke",
    "member_number": "1234",
    "team": "Peeters & Maes",
    "text": "voornaam;achternaam;club\nJan;Fuzz;Harelbeke\n",
    "username": "fuzz-director",
    "password": "wrong-password",
    "email": "fuzz@example.org",
    "venue": "Harelbeke",
    "date": "2026-10-04",
    "slug": "fuzz-new",
}


def plausible(fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Fill the empty fields whose (formset-less) name has a plausible value."""
    out = []
    for name, value in fields:
        base = name.rsplit("-", 1)[-1]
        if value == "" and base in PLAUSIBLE:
            value = PLAUSIBLE[base]
        out.append((name, value))
    return out
