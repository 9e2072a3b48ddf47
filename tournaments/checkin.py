"""Check entrants in at the door: a typed name, a pasted list, or everyone at once.

The check-in page reads its rows here as plain tuples (one query, no model
instances: 576 rows are rendered in a blink), and the three quick ways in share one
matcher: a name as typed (in any order, any case, with or without accents,
apostrophes, spaces and hyphens), a member number, or a name with its club.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import ngettext

from actionlog.services import action_record
from core import folding
from tournaments.models import Entry, Tournament
from tournaments.names import entrant_club, entrant_name
from tournaments.personal_codes import entry_codes_ensure
from tournaments.versioning import tournaments_touch

# A pasted list holds at most this many lines (a hall holds a few hundred).
MAX_LINES = 2000
# Folded words (``core.folding``: no case, accents, apostrophes, dots; a hyphen
# parts words) are also split on what a pasted spreadsheet row or a typed
# "Last, First (Club)" puts between them.
_SPLIT = re.compile(r"[\s,;:/|()\[\]\"]+")


def words_of(text: str | None) -> list[str]:
    """Return the folded words of ``text``: "Van den Bossche-D'Hondt" → 4 words."""
    return [w for w in _SPLIT.split(folding.fold(text)) if w]


def name_key(text: str | None) -> str:
    """Return ``text`` folded with no space, hyphen or apostrophe: one comparable key.

    "D’Hondt", "d'hondt" and "DHONDT" give one key; so do "Van den Bossche" and
    "Vandenbossche", "Jean-Pierre" and "jean pierre".
    """
    return "".join(words_of(text))


# ----------------------------------------------------------------------- the rows


@dataclass(frozen=True, slots=True)
class CheckinRow:
    """One entrant as the check-in page and the matcher see it."""

    id: int
    status: str
    late: bool
    name: str  # "Last, First" or the team's name
    first_name: str  # "" for a team
    last_name: str  # the team's name for a team
    members: str  # a team's players, "First Last & First Last"
    club: str
    number: str  # a player's member number
    words: frozenset[str] = field(default=frozenset())
    keys: frozenset[str] = field(default=frozenset())  # the whole name, squashed
    text: str = ""  # folded, words in order: what a partial search looks through
    personal_code: str = ""  # handed out at check-in (tournaments.personal_codes)

    @property
    def status_label(self) -> str:
        return str(Entry.Status(self.status).label)


_ROW_FIELDS = (
    "id",
    "status",
    "late",
    "player__first_name",
    "player__last_name",
    "player__member_number",
    "player__club__name",
    "player__club__short_name",
    "team__name",
    "team__club__name",
    "team__club__short_name",
    "team__player_one__first_name",
    "team__player_one__last_name",
    "team__player_two__first_name",
    "team__player_two__last_name",
    "personal_code",
)


def _row(values: tuple, *, search: bool = True) -> CheckinRow:
    """Build a row from ``_ROW_FIELDS``; ``search`` also folds what matching needs."""
    (pk, status, late, first, last, number, pclub, pshort, team, tclub, tshort) = (
        values[:11]
    )
    f1, l1, f2, l2 = values[11:15]
    if team is None:
        club, short = pclub, pshort
        members = ""
        person = [(first, last)]
    else:
        club, short = tclub, tshort
        person = [(f, ln) for f, ln in ((f1, l1), (f2, l2)) if ln is not None]
        members = " & ".join(f"{f} {ln}" for f, ln in person)
    row = CheckinRow(
        id=pk,
        status=status,
        late=late,
        name=entrant_name(first, last, team, sort=True),
        first_name=first or "",
        last_name=last if team is None else team,
        members=members,
        club=entrant_club(club, short),
        number=number or "",
        personal_code=values[15],
    )
    if not search:
        return row
    names = [team] if team is not None else [f"{first} {last}", f"{last} {first}"]
    words, keys, text = search_terms(
        names=names,
        clubs=[club, short],
        others=[first, last, number, f1, l1, f2, l2],
    )
    return replace(row, words=words, keys=keys, text=text)


def search_terms(
    *, names: list[str], clubs: list[str | None], others: list[str | None] = ()
) -> tuple[frozenset[str], frozenset[str], str]:
    """Return what :func:`match` looks through for one entrant: words, keys, text.

    ``names`` are the whole name in each order it may be typed ("Ann Claeys",
    "Claeys Ann") or a team's name; ``clubs`` the club's name and short name;
    ``others`` any other words (first and last names, a member number, a team's
    players).
    """
    every = [*names, *clubs, *others]
    words = {w for part in every if part for w in words_of(part)}
    # Hyphenated and multi-word names are also one word: "vandenbossche".
    words |= {name_key(part) for part in every if part}
    text = " ".join(words_of(" ".join(p for p in every if p)))
    club_keys = {""} | {name_key(c) for c in clubs if c}
    whole = {name_key(n) for n in names if n}
    keys = frozenset(n + c for n in whole for c in club_keys) | frozenset(
        c + n for n in whole for c in club_keys
    )
    return frozenset(words), keys, text


def checkin_rows(*, tournament: Tournament, search: bool = True) -> list[CheckinRow]:
    """Return every entrant of the tournament in name order (one query).

    Without ``search`` the rows only show (the page with an empty search box):
    what a search looks through is not folded.
    """
    rows = [
        _row(v, search=search)
        for v in Entry.objects.filter(tournament=tournament)
        .order_by("id")
        .values_list(*_ROW_FIELDS)
    ]
    rows.sort(
        key=lambda r: (folding.sort_key(r.last_name), folding.sort_key(r.first_name))
    )
    return rows


def checkin_row(*, tournament: Tournament, entry_id: int) -> CheckinRow | None:
    """Return one entrant's row (the row a button redraws), or None."""
    values = (
        Entry.objects.filter(tournament=tournament, pk=entry_id)
        .values_list(*_ROW_FIELDS)
        .first()
    )
    return _row(values, search=False) if values is not None else None


def checkin_filter(rows: list[CheckinRow], query: str) -> list[CheckinRow]:
    """Return the rows a search box shows: every typed word found in the row.

    A word may be part of a name ("ghesq"), of a club or a member number.
    """
    typed = words_of(query)
    if not typed:
        return rows
    return [r for r in rows if folding.fold_matches(typed, r.text)]


# -------------------------------------------------------------------- the matcher


@dataclass
class LineMatch:
    """What one typed name or one line of a list found."""

    line: int
    text: str
    found: list[CheckinRow]

    @property
    def row(self) -> CheckinRow | None:
        """The one entrant found, else None (nobody, or several)."""
        return self.found[0] if len(self.found) == 1 else None

    @property
    def state(self) -> str:
        """Say "matched", "none" or "several"."""
        if not self.found:
            return "none"
        return "matched" if len(self.found) == 1 else "several"


def match(rows: list, text: str) -> list:
    """Return the entrants ``text`` names, the surest reading first.

    ``rows`` are any objects with ``number``, ``keys``, ``words`` and ``text``
    (:class:`CheckinRow`, a round's seats).

    In order, the first that finds anyone: a member number; the whole name (in
    either order, with or without the club); every word a whole word of the
    entrant; every word part of the entrant's words.
    """
    typed = words_of(text)
    if not typed:
        return []
    key = "".join(typed)
    if len(typed) == 1:
        found = [r for r in rows if r.number and name_key(r.number) == typed[0]]
        if found:
            return found
    found = [r for r in rows if key in r.keys]
    if found:
        return found
    found = [r for r in rows if all(w in r.words for w in typed)]
    if found:
        return found
    return [r for r in rows if folding.fold_matches(typed, r.text)]


def checkin_list_preview(*, tournament: Tournament, text: str) -> list[LineMatch]:
    """Read a pasted list (one name or member number a line) and match each line.

    Empty lines are skipped; only the first ``MAX_LINES`` lines are read.
    """
    rows = checkin_rows(tournament=tournament)
    result = []
    for number, line in enumerate(text.splitlines()[:MAX_LINES], start=1):
        line = line.strip()
        if not words_of(line):
            continue
        result.append(LineMatch(line=number, text=line[:200], found=match(rows, line)))
    return result


# -------------------------------------------------------------------- the writes


@dataclass
class CheckinResult:
    """What a check-in changed: the ids now present that were not (to undo)."""

    changed: list[int]
    already: int = 0  # present before
    withdrawn: int = 0  # left withdrawn

    @property
    def count(self) -> int:
        return len(self.changed)


@transaction.atomic
def entries_check_in(*, tournament: Tournament, entry_ids, by=None) -> CheckinResult:
    """Mark these entrants present; the withdrawn stay withdrawn.

    Ids of another tournament are ignored. Returns who changed, for an undo.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    ids = {i for i in entry_ids if isinstance(i, int)}
    entries = Entry.objects.filter(tournament=tournament, pk__in=ids)
    counts = entries.aggregate(
        already=Count("id", filter=Q(status=Entry.Status.PRESENT)),
        withdrawn=Count("id", filter=Q(status=Entry.Status.WITHDRAWN)),
    )
    waiting = entries.filter(status=Entry.Status.REGISTERED)
    changed = sorted(waiting.values_list("id", flat=True))
    waiting.filter(pk__in=changed).update(status=Entry.Status.PRESENT)
    entry_codes_ensure(tournament=tournament)
    if changed:
        action_record(
            by=by,
            action="entries.present",
            tournament=tournament,
            after={"entrants": len(changed)},
        )
        tournaments_touch(tournament_ids=[tournament.pk])
    return CheckinResult(
        changed=changed, already=counts["already"], withdrawn=counts["withdrawn"]
    )


def entries_all_present(*, tournament: Tournament, by=None) -> CheckinResult:
    """Mark every entrant not yet checked in present (the withdrawn stay out)."""
    ids = Entry.objects.filter(tournament=tournament).values_list("id", flat=True)
    return entries_check_in(tournament=tournament, entry_ids=list(ids), by=by)


@transaction.atomic
def entries_check_in_undo(*, tournament: Tournament, entry_ids, by=None) -> int:
    """Undo a check-in: these entrants, if still present, are not checked in again.

    Returns how many went back. Ids of another tournament are ignored.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    ids = {i for i in entry_ids if isinstance(i, int)}
    count = Entry.objects.filter(
        tournament=tournament, pk__in=ids, status=Entry.Status.PRESENT
    ).update(status=Entry.Status.REGISTERED)
    if count:
        action_record(
            by=by,
            action="entries.absent",
            tournament=tournament,
            after={"entrants": count},
        )
        tournaments_touch(tournament_ids=[tournament.pk])
    return count


def checkin_by_name(*, tournament: Tournament, text: str) -> tuple[str, list]:
    """Check in the one entrant ``text`` names (the search box's Enter).

    Returns (what happened, the entrants found): "present" (checked in now),
    "already" (present before), "withdrawn" (not changed: bring them back on
    their row), "several" or "none" (nothing changed).
    """
    found = match(checkin_rows(tournament=tournament), text)
    if len(found) != 1:
        return ("several" if found else "none"), found
    row = found[0]
    if row.status == Entry.Status.WITHDRAWN:
        return "withdrawn", found
    if row.status == Entry.Status.PRESENT:
        return "already", found
    entries_check_in(tournament=tournament, entry_ids=[row.id])
    return "present", found


def checkin_summary(*, result: CheckinResult) -> str:
    """Say in a sentence what a check-in of several changed."""
    return ngettext(
        "%(count)d entrant marked present (%(already)d already were; "
        "%(withdrawn)d withdrawn left out).",
        "%(count)d entrants marked present (%(already)d already were; "
        "%(withdrawn)d withdrawn left out).",
        result.count,
    ) % {
        "count": result.count,
        "already": result.already,
        "withdrawn": result.withdrawn,
    }
