"""Read the seats a director's typed swap may name, and find the one typed."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.checkin import match, search_terms

# ----------------------------------------------------- a swap typed by the director


@dataclass(frozen=True)
class SeatChoice:
    """A seat (or a bye) of a round, as a typed swap finds it."""

    label: str  # "12.3" (table 12, seat 3), or "" for a bye
    name: str  # "Last, First" or the team's name
    club: str
    seat_id: int | None
    bye_id: int | None
    table: int | None
    position: int | None
    number: str = ""  # a player's member number (not read here)
    words: frozenset = frozenset()
    keys: frozenset = frozenset()
    text: str = ""

    @property
    def suggestion(self) -> str:
        """What the form suggests as it is typed: "12.3 Claeys, Ann (Harten Troef)"."""
        where = self.label or _("bye")
        club = f" ({self.club})" if self.club else ""
        return f"{where} {self.name}{club}"


def swap_choices(*, read, search: bool = True) -> list[SeatChoice]:
    """Return the seats and byes of a read round (``standings.rounds.RoundRead``).

    Without ``search`` only to suggest them (what a search looks through is left
    out).
    """
    choices = []
    seated = [(t.number, s) for t in read.tables for s in t.seats]
    for number, s in [*seated, *((None, b) for b in read.byes_by_name)]:
        words, keys, text = frozenset(), frozenset(), ""
        if search:
            words, keys, text = search_terms(
                names=[s.name, s.sort_name], clubs=[s.club, s.short_club]
            )
        choices.append(
            SeatChoice(
                label=f"{number}.{s.position}" if number is not None else "",
                name=s.sort_name,
                club=s.club,
                seat_id=s.seat_id,
                bye_id=s.bye_id,
                table=number,
                position=s.position if number is not None else None,
                words=words,
                keys=keys,
                text=text,
            )
        )
    return choices


# "12.3", "12 3", "12-3", "t12 s3", "table 12 seat 3", "tafel 12, plaats 3"…, with
# the rest (a suggestion's name) ignored. Only these words: a name is no seat.
_TABLE_WORD = r"(?:t|tafel|table|tbl)?"
_SEAT_WORD = r"(?:s|seat|stoel|plaats|pl|place|siège|siege|zetel|p)\.?"
_GAP = r"[\s.\-/:,]"
# Between the numbers a mark or a seat word: "123" alone is table 123, not 12.3.
_SEAT = re.compile(
    rf"^\s*{_TABLE_WORD}\.?\s*([0-9]{{1,6}})"
    rf"(?:{_GAP}+(?:{_SEAT_WORD}{_GAP}*)?|{_SEAT_WORD}{_GAP}*)"
    r"([0-9]{1,3})(?![0-9])"
)
_TABLE_ONLY = re.compile(rf"^\s*{_TABLE_WORD}\.?\s*([0-9]{{1,6}})\s*$")


def seat_pick(*, choices: list[SeatChoice], text: str, round_number: int) -> SeatChoice:
    """Return the seat or bye ``text`` names: "12.3" (table 12, seat 3) or a name.

    Raise a ``ValidationError`` saying what is wrong, in the director's words.
    """
    typed = (text or "").strip()
    if not typed:
        raise ValidationError(_("Type a seat (table.seat, e.g. 12.3) or a name."))
    # Not folded: folding drops the dot of "12.3" (a name's "K.M.C." joins up).
    plain = typed.casefold()
    found = _SEAT.match(plain)
    only = _TABLE_ONLY.match(plain)
    if only and not found:
        raise ValidationError(
            _("Which seat at table %(table)s? Type it with the seat, e.g. %(table)s.1.")
            % {"table": only.group(1)}
        )
    if found:
        table, position = int(found.group(1)), int(found.group(2))
        tables = sorted({c.table for c in choices if c.table is not None})
        if table not in tables:
            raise ValidationError(
                _("Round %(round)d has no table %(table)d (tables %(first)d–%(last)d).")
                % {
                    "round": round_number,
                    "table": table,
                    "first": tables[0] if tables else 0,
                    "last": tables[-1] if tables else 0,
                }
            )
        for c in choices:
            if c.table == table and c.position == position:
                return c
        raise ValidationError(
            _("Table %(table)d has nobody in seat %(position)d.")
            % {"table": table, "position": position}
        )
    matches = match(choices, typed)
    if not matches:
        raise ValidationError(
            _("Nobody in round %(round)d matches “%(text)s”.")
            % {"round": round_number, "text": typed[:60]}
        )
    if len(matches) > 1:
        shown = ", ".join(c.suggestion for c in matches[:5])
        raise ValidationError(
            ngettext(
                "“%(text)s” matches %(count)d entrant: %(names)s — type the seat "
                "(e.g. %(example)s).",
                "“%(text)s” matches %(count)d entrants: %(names)s — type the seat "
                "(e.g. %(example)s).",
                len(matches),
            )
            % {
                "text": typed[:60],
                "count": len(matches),
                "names": shown + (" …" if len(matches) > 5 else ""),
                "example": matches[0].label or "12.3",
            }
        )
    return matches[0]
