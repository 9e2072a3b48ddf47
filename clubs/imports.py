"""Import a club's members from a list (CSV or XLSX): preview, then all or none.

The same reader as a tournament's registrations (``clubs.tabular``): header names
in English, Dutch or French, every row's errors and duplicates in the preview,
nothing written until every row is right. Each row is matched to a player, in
this order: a member of the club with that member number, a member of that name,
a player of that name who belongs to no club (he joins the club); anyone else is
a new player of the club.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from actionlog.services import acting, action_record
from clubs import access, services
from clubs import selectors as club_selectors
from clubs.models import Club, Player
from clubs.tabular import ImportResult, ImportRow, parse_csv, repeated_in_file
from core.folding import fold


@dataclass
class MemberImport(ImportResult):
    """What a member import found (preview) or did: counts by what happens."""

    joined: int = 0
    numbered: int = 0

    @property
    def new_members(self) -> int:
        """Rows that add a member: a new player, or one who joins the club."""
        return sum(1 for r in self.rows if not r.skip and not r.errors and r.adds)

    @property
    def unchanged(self) -> int:
        return self.skipped


@dataclass
class MemberRow(ImportRow):
    """A line of the list, and the player it was matched to (if any)."""

    player: Player | None = None
    adds: bool = False  # a member the club does not have yet
    number: bool = False  # the member number is written to a known member


def _club_names(club: Club) -> set[str]:
    return {fold(club.name), fold(club.short_name)} - {""}


def _match(club: Club, row: MemberRow) -> None:
    """Find the player a row names and note what the import does with him."""
    if row.member_number:
        by_number = Player.objects.filter(
            club=club, member_number=row.member_number
        ).first()
        if by_number is not None:
            same = fold(by_number.first_name) == fold(row.first_name) and fold(
                by_number.last_name
            ) == fold(row.last_name)
            if not same:
                row.errors.append(
                    _("Member number %(number)s belongs to %(name)s.")
                    % {"number": row.member_number, "name": by_number.full_name}
                )
                return
            row.player = by_number
            row.notes.append(_("already a member"))
            row.skip = True
            return
    member = club_selectors.player_find(
        first_name=row.first_name, last_name=row.last_name, club=club
    )
    if member is not None:
        row.player = member
        if row.member_number and member.member_number:
            row.errors.append(
                _("%(name)s has member number %(known)s, not %(number)s.")
                % {
                    "name": member.full_name,
                    "known": member.member_number,
                    "number": row.member_number,
                }
            )
        elif row.member_number:
            row.number = True
            row.notes.append(_("already a member; member number added"))
        else:
            row.notes.append(_("already a member"))
            row.skip = True
        return
    clubless = club_selectors.player_find(
        first_name=row.first_name, last_name=row.last_name, club=None
    )
    row.adds = True
    if clubless is not None:
        row.player = clubless
        row.notes.append(_("a known player without a club: joins the club"))
        return
    row.notes.append(_("new player"))


def _check(club: Club, rows: list[MemberRow]) -> None:
    """Mark duplicates in the file, other clubs' lines, and conflicts; write nothing."""
    seen: dict[tuple, int] = {}
    numbers: dict[tuple[str, str], int] = {}
    names = _club_names(club)
    for row in rows:
        if row.club and fold(row.club) not in names:
            row.errors.append(
                _("This line is for the club “%(other)s”, not %(club)s.")
                % {"other": row.club, "club": club.name}
            )
        if row.errors:
            continue
        row.club = ""  # every line is this club's; the name it was given is checked
        if repeated_in_file(row, seen, numbers):
            continue
        _match(club, row)


def _apply(club: Club, rows: list[MemberRow], result: MemberImport) -> None:
    for row in rows:
        if row.skip:
            continue
        if row.player is None:
            services.player_create(
                first_name=row.first_name,
                last_name=row.last_name,
                club=club,
                member_number=row.member_number,
            )
            result.created_players += 1
            continue
        changes = {}
        if row.adds:
            changes["club"] = club
            result.joined += 1
        elif row.number:
            result.numbered += 1
        if row.member_number and not row.player.member_number:
            changes["member_number"] = row.member_number
        services.player_update(player=row.player, by=None, **changes)


class _Rollback(Exception):
    pass


def members_import(*, club: Club, text: str, commit: bool, by) -> MemberImport:
    """Read a club's members from ``text`` (CSV; ``clubs.tabular.upload_text`` turns
    an uploaded CSV or XLSX file into it); with ``commit`` write them, all or none.

    Columns (first line, en/nl/fr names accepted): first name, last name, and
    optionally member number and club (which must be this club). A member already
    in the club is left as he is (his member number added if he had none); a
    duplicate in the file, a member number of someone else or a line for another
    club is an error, and any error means nothing is written.
    """
    access.check_can_edit_club(user=by, club=club)
    result = MemberImport()
    parsed = parse_csv(text, result, pairs=False)
    rows = [
        MemberRow(**{f.name: getattr(r, f.name) for f in fields(ImportRow)})
        for r in parsed
    ]
    result.rows = rows
    if result.errors:
        return result
    _check(club, rows)
    if not commit or not result.ok:
        return result
    try:
        with transaction.atomic():
            Club.objects.select_for_update().filter(pk=club.pk).first()
            _check(club, _fresh(rows))  # as the database is now, under the lock
            if not all(r.ok for r in rows):
                raise _Rollback
            with acting(by):
                _apply(club, rows, result)
            action_record(
                by=by,
                action="club.members_imported",
                club=club,
                target=club,
                after={
                    "created_players": result.created_players,
                    "joined": result.joined,
                    "numbered": result.numbered,
                },
            )
    except _Rollback:
        pass
    except ValidationError as exc:
        result.errors.extend(exc.messages)
    except IntegrityError:
        result.errors.append(
            _("Someone changed the club's members meanwhile; nothing was imported.")
        )
    if result.errors or not result.ok:
        result.created_players = result.joined = result.numbered = 0
        return result
    result.committed = True
    return result


def _fresh(rows: list[MemberRow]) -> list[MemberRow]:
    """Forget what the preview found (it found no error), to look again."""
    for row in rows:
        row.errors, row.notes, row.skip = [], [], False
        row.player, row.adds, row.number = None, False, False
    return rows
