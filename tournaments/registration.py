"""Register entrants one by one (late entries too) or from a CSV file, all or none."""

from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from actionlog.services import acting, action_record
from clubs import selectors as club_selectors
from clubs.models import Club, Player
from clubs.tabular import (
    COLUMN_LABELS,
    FIELDS,
    ImportResult,
    ImportRow,
    cell_problems,
    parse_csv,
    repeated_in_file,
)
from tournaments import selectors
from tournaments.models import (
    Entry,
    Tournament,
)
from tournaments.services import entry_register, tournament_started, tournament_touch


def _check_rows(tournament: Tournament, rows: list[ImportRow]) -> None:
    """Find duplicates and conflicts with the database; write nothing."""
    pairs = not tournament.is_individual
    clubs = _check_people(tournament, rows, pairs=pairs)
    if pairs:
        _check_teams(tournament, rows, clubs)


def _check_people(
    tournament: Tournament, rows: list[ImportRow], *, pairs: bool
) -> dict[str, Club | None]:
    """Check each row's person against the file and the database.

    Return the clubs looked up, by folded name (``None`` for a club to create).
    """
    seen: dict[tuple, int] = {}
    numbers: dict[tuple[str, str], int] = {}
    clubs: dict[str, Club | None] = {}
    registered = set() if pairs else _registered(tournament, "player_id")
    for row in rows:
        if row.errors or repeated_in_file(row, seen, numbers):
            continue
        club_key = selectors.fold(row.club)
        first_of_club = club_key not in clubs
        if first_of_club:
            clubs[club_key] = club_selectors.club_find(name=row.club)
        _check_person(
            row, clubs[club_key], registered=registered, first_of_club=first_of_club
        )
    return clubs


def _registered(tournament: Tournament, column: str) -> set[int]:
    """Return the ids (``player_id`` or ``team_id``) already entered."""
    return set(
        Entry.objects.filter(
            tournament=tournament, **{f"{column}__isnull": False}
        ).values_list(column, flat=True)
    )


def _check_person(
    row: ImportRow,
    club: Club | None,
    *,
    registered: set[int],
    first_of_club: bool = True,
):
    """Note what a row creates, and mark member numbers the database contradicts.

    A club to create is noted on its first line only: the summary says it once.
    """
    if row.club and club is None and first_of_club:
        row.notes.append(_("new club"))
    player = (
        club_selectors.player_find(
            first_name=row.first_name, last_name=row.last_name, club=club
        )
        if (club is not None or not row.club)
        else None
    )
    if player is None:
        row.notes.append(_("new player"))
        if row.member_number and club is not None:
            holder = Player.objects.filter(
                club=club, member_number=row.member_number
            ).first()
            if holder is not None:
                row.errors.append(
                    _("Member number %(number)s belongs to %(name)s.")
                    % {"number": row.member_number, "name": holder.full_name}
                )
        return
    if (
        row.member_number
        and player.member_number
        and player.member_number != row.member_number
    ):
        row.errors.append(
            _("%(name)s has member number %(known)s, not %(number)s.")
            % {
                "name": player.full_name,
                "known": player.member_number,
                "number": row.member_number,
            }
        )
        return
    if player.pk in registered:
        row.notes.append(_("already registered"))
        row.skip = True


def _check_teams(
    tournament: Tournament, rows: list[ImportRow], clubs: dict[str, Club | None]
) -> None:
    """Check that each team is two players of one club, and find it in the database."""
    groups: dict[tuple[str, str], list[ImportRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            groups[(selectors.fold(row.team), selectors.fold(row.club))].append(row)
    registered = _registered(tournament, "team_id")
    team_names: dict[str, tuple[str, str]] = {}
    for (team_key, club_key), members in groups.items():
        if team_key in team_names and team_names[team_key] != (team_key, club_key):
            for row in members:
                row.errors.append(
                    _("Team “%(team)s” appears with two different clubs.")
                    % {"team": row.team}
                )
            continue
        team_names[team_key] = (team_key, club_key)
        if len(members) != 2:
            for row in members:
                row.errors.append(
                    ngettext(
                        "Team “%(team)s” has %(count)d player in the file; a "
                        "team is two players.",
                        "Team “%(team)s” has %(count)d players in the file; a "
                        "team is two players.",
                        len(members),
                    )
                    % {"team": row.team, "count": len(members)}
                )
            continue
        if any(row.errors for row in members):
            continue  # a name that breaks the rules is not looked up
        _check_team(members, clubs.get(club_key), registered=registered)


def _check_team(members: list[ImportRow], club: Club | None, *, registered: set[int]):
    """Note whether a team of two rows is new, known, or already registered."""
    team = club_selectors.team_find(name=members[0].team, club=club)
    if team is None:
        for row in members:
            row.notes.append(_("new team"))
        return
    for row in members:
        row.notes.append(_("existing team"))
    if team.pk in registered:
        for row in members:
            row.notes.append(_("already registered"))
            row.skip = True


def _apply_rows(
    tournament: Tournament, rows: list[ImportRow], result: ImportResult
) -> list[Entry]:
    """Write clubs, players, teams and entries for checked rows (in a transaction)."""
    from clubs import services as club_services

    late = tournament_started(tournament)
    clubs: dict[str, Club | None] = {"": None}
    players: dict[int, Player] = {}
    entries: list[Entry] = []

    def club_for(name: str) -> Club | None:
        key = selectors.fold(name)
        if key not in clubs:
            club = club_selectors.club_find(name=name)
            if club is None:
                club = club_services.club_create(name=name)
                result.created_clubs += 1
            clubs[key] = club
        return clubs[key]

    for row in rows:
        if row.skip:
            continue
        club = club_for(row.club)
        player = club_selectors.player_find(
            first_name=row.first_name, last_name=row.last_name, club=club
        )
        if player is None:
            player = club_services.player_create(
                first_name=row.first_name,
                last_name=row.last_name,
                club=club,
                member_number=row.member_number,
            )
            result.created_players += 1
        elif row.member_number and not player.member_number:
            club_services.player_update(
                player=player, by=None, member_number=row.member_number
            )
        players[row.line] = player
        if tournament.is_individual:
            entries.append(
                entry_register(tournament=tournament, player=player, late=late)
            )
            result.created_entries += 1
    if tournament.is_individual:
        return entries
    groups: dict[tuple[str, str], list[ImportRow]] = defaultdict(list)
    for row in rows:
        if not row.skip:
            groups[(selectors.fold(row.team), selectors.fold(row.club))].append(row)
    for members in groups.values():
        first, second = members
        club = club_for(first.club)
        team = club_selectors.team_find(name=first.team, club=club)
        if team is None:
            team = club_services.team_create(
                name=first.team,
                club=club,
                player_one=players[first.line],
                player_two=players[second.line],
            )
            result.created_teams += 1
        entries.append(entry_register(tournament=tournament, team=team, late=late))
        result.created_entries += 1
    return entries


class _Rollback(Exception):
    pass


def registrations_import(
    *, tournament: Tournament, csv_text: str, commit: bool, by=None
) -> ImportResult:
    """Read registrations from CSV; with ``commit`` write them, all or nothing.

    Columns (first line, en/nl/fr names accepted): first name, last name, club,
    member number, and for pairs the team name (two lines per team). ``;``, ``,``
    or tab separated (``clubs.tabular.decode_csv`` turns a file's bytes into this
    text). A value breaking its model field's rules (too long, a control
    character) is an error on its line and column. A player already registered is
    skipped; a duplicate inside the file or a conflicting member number is an
    error, and any error means nothing is written.
    """
    result = ImportResult()
    rows = parse_csv(csv_text, result, pairs=not tournament.is_individual)
    result.rows = rows
    if result.errors:
        return result
    _check_rows(tournament, rows)
    if not commit or not result.ok:
        return result
    try:
        with transaction.atomic():
            Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
            with acting(by):
                _apply_rows(tournament, rows, result)
            if not result.ok:
                raise _Rollback
            action_record(
                by=by,
                action="entries.imported",
                tournament=tournament,
                after={
                    "created_entries": result.created_entries,
                    "created_players": result.created_players,
                    "created_teams": result.created_teams,
                    "created_clubs": result.created_clubs,
                },
            )
            tournament_touch(tournament=tournament)
    except _Rollback:
        pass
    except ValidationError as exc:
        result.errors.extend(exc.messages)
    except IntegrityError:
        result.errors.append(
            _("Someone changed the registrations meanwhile; nothing was imported.")
        )
    if result.errors or not result.ok:
        result.created_clubs = result.created_players = 0
        result.created_teams = result.created_entries = 0
        return result
    result.committed = True
    return result


def registration_add(
    *,
    tournament: Tournament,
    first_name: str,
    last_name: str,
    club: str = "",
    member_number: str = "",
    team: str = "",
    partner_first_name: str = "",
    partner_last_name: str = "",
    by=None,
) -> Entry:
    """Register one player (or, for pairs, one team of two) typed by the director.

    Clubs and players are found or created as by the import; once the draw has
    begun the entry is a late entry, present at once.
    """
    pairs = not tournament.is_individual
    rows = [
        ImportRow(
            line=1,
            first_name=first_name.strip(),
            last_name=last_name.strip(),
            club=club.strip(),
            member_number=member_number.strip(),
            team=team.strip(),
        )
    ]
    if pairs:
        rows.append(
            ImportRow(
                line=2,
                first_name=partner_first_name.strip(),
                last_name=partner_last_name.strip(),
                club=club.strip(),
                team=team.strip(),
            )
        )
    for row in rows:
        problems = [
            _("%(column)s: %(problem)s")
            % {"column": COLUMN_LABELS[column], "problem": problem}
            for column in FIELDS
            for problem in cell_problems(getattr(row, column), column)
        ]
        if problems:
            raise ValidationError(problems)
        if not row.first_name or not row.last_name:
            raise ValidationError(_("Every player needs a first and a last name."))
        if pairs and not row.team:
            raise ValidationError(_("A team needs a name."))
    _check_rows(tournament, rows)
    errors = [e for r in rows for e in r.errors]
    if errors:
        raise ValidationError(errors)
    if any(r.skip for r in rows):
        raise ValidationError(_("This entrant is registered already."))
    result = ImportResult(rows=rows)
    with transaction.atomic(), acting(by):
        entries = _apply_rows(tournament, rows, result)
        tournament_touch(tournament=tournament)
    return entries[0]
