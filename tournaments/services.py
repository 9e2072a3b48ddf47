"""Change tournaments: setup, registration, check-in, draws and publication."""

import csv
import io
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import selectors as club_selectors
from clubs.models import Club, Player, Team
from tournaments import draw as draw_module
from tournaments import selectors
from tournaments.models import (
    Bye,
    Entry,
    Game,
    Phase,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)

RULE_FIELDS = (
    "multiplier",
    "no_trump_doubles",
    "blind_doubles",
    "max_knocks",
    "capot_doubles",
    "draw_carry",
    "max_factor",
    "revoke_points",
    "trick_points",
    "target",
    "deals",
)

TOURNAMENT_FIELDS = {
    f.name
    for f in Tournament._meta.get_fields()
    if getattr(f, "editable", False)
    and f.concrete
    and not f.many_to_many
    and f.name not in {"id", "version", "created_at"}
}

PHASE_FIELDS = (
    "name",
    "rounds",
    "draw_method",
    "games_per_table",
    "advancement",
    "advance_count",
)

INDIVIDUAL_METHODS = {Phase.DrawMethod.INDIVIDUAL, Phase.DrawMethod.SEEDED}
PAIR_METHODS = {
    Phase.DrawMethod.RANDOM,
    Phase.DrawMethod.SWISS,
    Phase.DrawMethod.ROUND_ROBIN,
    Phase.DrawMethod.LADDER,
    Phase.DrawMethod.SEEDED,
}


def tournament_touch(*, tournament: Tournament) -> None:
    """Bump the tournament's version so open public pages know to refresh.

    Call it inside the transaction of every change the public can see (a round
    published, a sheet confirmed or corrected, a round closed or reopened).
    """
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)


# -------------------------------------------------------------------- tournaments


def _clean_tournament(tournament: Tournament) -> None:
    if tournament.target is None and tournament.deals is None:
        raise ValidationError(
            {"target": _("A game needs an end: a target score or a number of deals.")}
        )
    tournament.full_clean(exclude=["directors"], validate_constraints=False)


def _default_phases(tournament: Tournament) -> list[dict]:
    if tournament.is_individual:
        return [
            {
                "name": _("Qualifying rounds"),
                "rounds": 3,
                "draw_method": Phase.DrawMethod.INDIVIDUAL,
            }
        ]
    return [
        {
            "name": _("Rounds"),
            "rounds": 5,
            "draw_method": Phase.DrawMethod.SWISS,
            "games_per_table": 1,
        }
    ]


@transaction.atomic
def tournament_create(*, by, phases: list[dict] | None = None, **fields) -> Tournament:
    """Create a tournament directed by ``by``, with its phases (a default one if none).

    ``phases`` is a list of dicts of phase fields, in order.
    """
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament(**fields)
    _clean_tournament(tournament)
    try:
        with transaction.atomic():
            tournament.save()
    except IntegrityError as exc:
        raise ValidationError(
            {"slug": _("This short name is taken; choose another.")}
        ) from exc
    if by is not None:
        tournament.directors.add(by)
    rows = phases if phases else _default_phases(tournament)
    phases_save(tournament=tournament, rows=rows, by=by)
    return tournament


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, by, phases: list[dict] | None = None, **fields
) -> Tournament:
    """Change a tournament's settings; its rules only while no result exists.

    ``phases``, when given, are saved with the settings (see ``phases_save``).
    """
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = {k for k, v in fields.items() if getattr(tournament, k) != v}
    rule_changes = changed.intersection(RULE_FIELDS)
    if rule_changes and selectors.tournament_has_results(tournament=tournament):
        message = _(
            "The rules cannot change any more: results have been entered for "
            "this tournament."
        )
        raise ValidationError({name: message for name in sorted(rule_changes)})
    if "format" in changed and tournament.rounds.exists():
        raise ValidationError(
            {"format": _("The format cannot change once a round has been drawn.")}
        )
    if "format" in changed and tournament.entries.exists():
        raise ValidationError(
            {
                "format": _(
                    "The format cannot change once entrants are registered: "
                    "players enter alone, pairs as teams."
                )
            }
        )
    for key, value in fields.items():
        setattr(tournament, key, value)
    _clean_tournament(tournament)
    try:
        with transaction.atomic():
            tournament.save()
    except IntegrityError as exc:
        raise ValidationError(
            {"slug": _("This short name is taken; choose another.")}
        ) from exc
    if phases is not None:
        phases_save(tournament=tournament, rows=phases, by=by)
    return tournament


def tournament_add_director(*, tournament: Tournament, user, by) -> None:
    tournament.directors.add(user)


# ------------------------------------------------------------------------ phases


def _check_phase(tournament: Tournament, phase: Phase, drawn: int) -> None:
    allowed = INDIVIDUAL_METHODS if tournament.is_individual else PAIR_METHODS
    if phase.draw_method not in allowed:
        raise ValidationError(
            {
                "draw_method": _("“%(method)s” does not fit a %(format)s tournament.")
                % {
                    "method": phase.get_draw_method_display(),
                    "format": tournament.get_format_display(),
                }
            }
        )
    if phase.rounds is not None and phase.rounds < drawn:
        raise ValidationError(
            {
                "rounds": _("%(phase)s already has %(count)d rounds drawn.")
                % {"phase": phase.name, "count": drawn}
            }
        )
    if phase.advancement == Phase.Advancement.TOP_N and not phase.advance_count:
        raise ValidationError(
            {"advance_count": _("Say how many entrants of the standings advance.")}
        )
    if tournament.is_individual and phase.advance_count and phase.advance_count % 4:
        raise ValidationError(
            {
                "advance_count": _(
                    "Tables seat four: make the number of qualifiers a multiple "
                    "of 4 (or leave it empty)."
                )
            }
        )
    if not phase.name.strip():
        raise ValidationError({"name": _("A phase needs a name.")})


@transaction.atomic
def phases_save(*, tournament: Tournament, rows: list[dict], by) -> list[Phase]:
    """Set a tournament's phases from ``rows`` (in order), all or nothing.

    Each row is a dict of phase fields with an optional ``id`` (an existing phase
    to change) and ``delete`` (remove it; refused once it has rounds).
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    existing = {p.pk: p for p in Phase.objects.filter(tournament=tournament)}
    drawn = defaultdict(int)
    for phase_id in Round.objects.filter(tournament=tournament).values_list(
        "phase_id", flat=True
    ):
        drawn[phase_id] += 1
    kept: list[Phase] = []
    deleted: list[Phase] = []
    seen: set[int] = set()
    for row in rows:
        row = dict(row)
        phase_id = row.pop("id", None)
        delete = row.pop("delete", False)
        if phase_id is not None:
            phase = existing.get(phase_id)
            if phase is None:
                raise ValidationError(_("This phase belongs to another tournament."))
            seen.add(phase_id)
        else:
            if delete:
                continue
            phase = Phase(tournament=tournament)
        if delete:
            if drawn[phase.pk]:
                raise ValidationError(
                    _("%(phase)s has rounds drawn and cannot be removed.")
                    % {"phase": phase.name}
                )
            deleted.append(phase)
            continue
        for key, value in row.items():
            if key not in PHASE_FIELDS:
                raise TypeError(f"unknown phase field: {key}")
            setattr(phase, key, value)
        if tournament.is_individual:
            phase.games_per_table = len(draw_module.INDIVIDUAL_GAMES)
        _check_phase(tournament, phase, drawn[phase.pk] if phase.pk else 0)
        kept.append(phase)
    if not kept:
        raise ValidationError(_("A tournament needs at least one phase."))
    for phase in deleted:
        phase.delete()
    Phase.objects.filter(tournament=tournament).update(order=F("order") + 1000)
    for order, phase in enumerate(kept, start=1):
        phase.order = order
        phase.full_clean(exclude=["tournament"], validate_unique=False)
        phase.save()
    return kept


# ----------------------------------------------------------------------- entries


@transaction.atomic
def entry_register(
    *,
    tournament: Tournament,
    player: Player | None = None,
    team: Team | None = None,
    late: bool = False,
) -> Entry:
    """Register a player (individual format) or a team (pairs) in a tournament.

    A late entry (once the draw has begun) is marked present at once.
    """
    if tournament.is_individual:
        if player is None or team is not None:
            raise ValidationError(_("An individual tournament registers players."))
        taken = Entry.objects.filter(tournament=tournament, player=player)
    else:
        if team is None or player is not None:
            raise ValidationError(_("A pairs tournament registers teams."))
        taken = Entry.objects.filter(tournament=tournament, team=team)
    if taken.exists():
        raise ValidationError(
            _("%(name)s is registered already.") % {"name": player or team}
        )
    if team is not None:
        members = [p for p in (team.player_one_id, team.player_two_id) if p]
        clash = Entry.objects.filter(tournament=tournament).filter(
            team__player_one_id__in=members
        ) | Entry.objects.filter(tournament=tournament).filter(
            team__player_two_id__in=members
        )
        if members and clash.exists():
            raise ValidationError(
                _("A player of %(team)s already plays in another team here.")
                % {"team": team}
            )
    status = Entry.Status.PRESENT if late else Entry.Status.REGISTERED
    try:
        with transaction.atomic():
            return Entry.objects.create(
                tournament=tournament,
                player=player,
                team=team,
                late=late,
                status=status,
            )
    except IntegrityError as exc:
        raise ValidationError(_("This entrant is registered already.")) from exc


@transaction.atomic
def entry_set_present(*, entry: Entry, present: bool) -> Entry:
    """Check an entrant in (present) or out (absent); this undoes a withdrawal."""
    entry.status = Entry.Status.PRESENT if present else Entry.Status.REGISTERED
    Entry.objects.filter(pk=entry.pk).update(status=entry.status)
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """Withdraw an entrant: never drawn again; results already played are kept."""
    entry.status = Entry.Status.WITHDRAWN
    Entry.objects.filter(pk=entry.pk).update(status=entry.status)
    return entry


def _tournament_started(tournament: Tournament) -> bool:
    return Round.objects.filter(tournament=tournament).exists()


# -------------------------------------------------------------------- the import


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
            key = selectors.fold(r.team) if r.team else r.line
            if key not in seen:
                seen.add(key)
                count += 1
        return count

    @property
    def skipped(self) -> int:
        return sum(1 for r in self.rows if r.skip)


def _header_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", selectors.fold(text))


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


def _parse_csv(csv_text: str, result: ImportResult, *, pairs: bool) -> list[ImportRow]:
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
        selectors.fold(row.first_name),
        selectors.fold(row.last_name),
        selectors.fold(row.club),
    )


def _check_rows(tournament: Tournament, rows: list[ImportRow]) -> None:
    """Find duplicates and conflicts with the database; write nothing."""
    pairs = not tournament.is_individual
    seen: dict[tuple, int] = {}
    numbers: dict[tuple[str, str], int] = {}
    clubs: dict[str, Club | None] = {}
    registered_players = set(
        Entry.objects.filter(tournament=tournament, player__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    registered_teams = set(
        Entry.objects.filter(tournament=tournament, team__isnull=False).values_list(
            "team_id", flat=True
        )
    )
    for row in rows:
        if row.errors:
            continue
        key = _person_key(row)
        if key in seen:
            row.errors.append(
                _("%(name)s is already on line %(line)d.")
                % {"name": f"{row.first_name} {row.last_name}", "line": seen[key]}
            )
            continue
        seen[key] = row.line
        if row.member_number:
            nkey = (selectors.fold(row.club), row.member_number)
            if nkey in numbers:
                row.errors.append(
                    _("Member number %(number)s is already on line %(line)d.")
                    % {"number": row.member_number, "line": numbers[nkey]}
                )
                continue
            numbers[nkey] = row.line
        club_key = selectors.fold(row.club)
        if club_key not in clubs:
            clubs[club_key] = club_selectors.club_find(name=row.club)
        club = clubs[club_key]
        if row.club and club is None:
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
                    continue
        else:
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
                continue
            if not pairs and player.pk in registered_players:
                row.notes.append(_("already registered"))
                row.skip = True
    if not pairs:
        return
    groups: dict[tuple[str, str], list[ImportRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            groups[(selectors.fold(row.team), selectors.fold(row.club))].append(row)
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
                    _(
                        "Team “%(team)s” has %(count)d player(s) in the file; a "
                        "team is two players."
                    )
                    % {"team": row.team, "count": len(members)}
                )
            continue
        club = clubs.get(club_key)
        team = club_selectors.team_find(name=members[0].team, club=club)
        if team is None:
            for row in members:
                row.notes.append(_("new team"))
        else:
            for row in members:
                row.notes.append(_("existing team"))
            if team.pk in registered_teams:
                for row in members:
                    row.notes.append(_("already registered"))
                    row.skip = True


def _apply_rows(
    tournament: Tournament, rows: list[ImportRow], result: ImportResult
) -> list[Entry]:
    """Write clubs, players, teams and entries for checked rows (in a transaction)."""
    from clubs import services as club_services

    late = _tournament_started(tournament)
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
            club_services.player_update(player=player, member_number=row.member_number)
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
    *, tournament: Tournament, csv_text: str, commit: bool
) -> ImportResult:
    """Read registrations from CSV; with ``commit`` write them, all or nothing.

    Columns (first line, en/nl/fr names accepted): first name, last name, club,
    member number, and for pairs the team name (two lines per team). ``;``, ``,``
    or tab separated; UTF-8 with or without a BOM. A player already registered is
    skipped; a duplicate inside the file or a conflicting member number is an
    error, and any error means nothing is written.
    """
    result = ImportResult()
    rows = _parse_csv(csv_text, result, pairs=not tournament.is_individual)
    result.rows = rows
    if result.errors:
        return result
    _check_rows(tournament, rows)
    if not commit or not result.ok:
        return result
    try:
        with transaction.atomic():
            Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
            _apply_rows(tournament, rows, result)
            if not result.ok:
                raise _Rollback
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
    with transaction.atomic():
        entries = _apply_rows(tournament, rows, result)
    return entries[0]


# ------------------------------------------------------------------------- draws


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def _table_size(tournament: Tournament) -> int:
    return 4 if tournament.is_individual else 2


def _phase_entries(phase: Phase) -> list[Entry]:
    """Return the present entrants a phase draws from (withdrawn never)."""
    first = (
        not Phase.objects.filter(tournament=phase.tournament_id, order__lt=phase.order)
        .exclude(pk=phase.pk)
        .exists()
    )
    entries = Entry.objects.filter(
        tournament=phase.tournament_id, status=Entry.Status.PRESENT
    ).select_related("player", "team")
    if not first:
        entries = entries.filter(phase=phase)
    return list(entries)


def _compute_draw(
    *, phase: Phase, round_number: int, seed: int, exclude_round: Round | None
) -> draw_module.Draw:
    tournament = phase.tournament
    allowed = INDIVIDUAL_METHODS if tournament.is_individual else PAIR_METHODS
    method = phase.draw_method
    if method not in allowed:
        raise ValidationError(
            _("The phase's draw (%(method)s) does not fit this tournament's format.")
            % {"method": phase.get_draw_method_display()}
        )
    entries = _phase_entries(phase)
    if not entries:
        raise ValidationError(
            _("Nobody is checked in for %(phase)s: check entrants in first.")
            % {"phase": phase.name}
        )
    records = selectors.entrant_records(
        tournament=tournament, before_round=round_number
    )
    byes = selectors.bye_counts(tournament=tournament, exclude_round=exclude_round)
    history = selectors.history_pairs(
        tournament=tournament, exclude_round=exclude_round
    )
    bye_wins = tournament.bye_wins and not tournament.is_individual
    entrants = []
    for entry in entries:
        wins, points = records.get(entry.pk, (0, 0))
        if bye_wins:
            wins += byes.get(entry.pk, 0) * phase.games_per_table
        entrants.append(
            draw_module.Entrant(
                id=entry.pk,
                club=entry.player.club_id if entry.player_id else entry.team.club_id,
                wins=wins,
                points=points,
                byes=byes.get(entry.pk, 0),
                rank=entry.seed,
            )
        )
    try:
        if method == Phase.DrawMethod.SEEDED:
            ranked = sorted(
                entrants,
                key=lambda e: (
                    e.rank is None,
                    e.rank or 0,
                    -e.wins,
                    -e.points,
                    e.id,
                ),
            )
            return draw_module.draw_seeded(
                ranked, table_size=_table_size(tournament), seed=seed
            )
        if tournament.is_individual:
            return draw_module.draw_individual(entrants, seed=seed, history=history)
        in_phase = (
            Round.objects.filter(phase=phase, number__lt=round_number).count() + 1
        )
        # A ranked phase (qualifiers) keeps its seeds only for its first round.
        if phase.draw_method != Phase.DrawMethod.ROUND_ROBIN and in_phase > 1:
            entrants = [
                draw_module.Entrant(
                    id=e.id,
                    club=e.club,
                    wins=e.wins,
                    points=e.points,
                    byes=e.byes,
                )
                for e in entrants
            ]
        return draw_module.draw_pairs(
            entrants,
            method=method,
            seed=seed,
            history=history,
            round_number=in_phase,
        )
    except draw_module.DrawError as exc:
        raise ValidationError(_(draw_module.ERROR_TEXT[exc.code]) % exc.params) from exc


def _write_draw(*, round: Round, draw: draw_module.Draw, phase: Phase) -> None:
    """Save the draw's tables, seats, games, empty score sheets and byes."""
    from scoring.models import ScoreSheet

    tables = Table.objects.bulk_create(
        [
            Table(round=round, number=t.number, reasons=",".join(t.reasons)[:200])
            for t in draw.tables
        ]
    )
    if any(t.pk is None for t in tables):  # pragma: no cover - old databases
        tables = list(Table.objects.filter(round=round).order_by("number"))
    seats, games, sheets = [], [], []
    for table, drawn in zip(tables, draw.tables, strict=True):
        for position, entry_id in enumerate(drawn.seats, start=1):
            seats.append(
                Seat(round=round, table=table, position=position, entry_id=entry_id)
            )
        if len(drawn.seats) == 4:
            for number, (side_a, side_b) in enumerate(
                draw_module.INDIVIDUAL_GAMES, start=1
            ):
                games.append(
                    Game(
                        table=table,
                        number=number,
                        side_a="".join(map(str, side_a)),
                        side_b="".join(map(str, side_b)),
                    )
                )
        else:
            for number in range(1, phase.games_per_table + 1):
                games.append(Game(table=table, number=number, side_a="1", side_b="2"))
        sheets.append(ScoreSheet(table=table))
    Seat.objects.bulk_create(seats, batch_size=2000)
    Game.objects.bulk_create(games, batch_size=2000)
    ScoreSheet.objects.bulk_create(sheets, batch_size=2000)
    Bye.objects.bulk_create([Bye(round=round, entry_id=e) for e in draw.byes])


def _draw_summary(draw: draw_module.Draw) -> str:
    repeats = sum(t.repeats for t in draw.tables)
    same = sum(t.same_club for t in draw.tables)
    return _(
        "%(tables)d tables, %(byes)d byes, seed %(seed)d; %(repeats)d repeated "
        "pairs, %(same)d same-club pairs."
    ) % {
        "tables": len(draw.tables),
        "byes": len(draw.byes),
        "seed": draw.seed,
        "repeats": repeats,
        "same": same,
    }


@transaction.atomic
def round_draw(*, phase: Phase, by, seed: int | None = None) -> Round:
    """Draw the phase's next round as a draft: tables, seats, games, sheets, byes."""
    tournament = Tournament.objects.select_for_update().get(pk=phase.tournament_id)
    phase = Phase.objects.select_related("tournament").get(pk=phase.pk)
    if Round.objects.filter(tournament=tournament, status=Round.Status.DRAFT).exists():
        raise ValidationError(
            _("A round is still a draft: publish it (or draw it again) first.")
        )
    drawn = Round.objects.filter(phase=phase).count()
    if drawn >= phase.rounds:
        raise ValidationError(
            _("All %(count)d rounds of %(phase)s are drawn.")
            % {"count": phase.rounds, "phase": phase.name}
        )
    later = Round.objects.filter(
        tournament=tournament, phase__order__gt=phase.order
    ).exists()
    if later:
        raise ValidationError(_("A later phase has begun already."))
    number = (
        Round.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0
    ) + 1
    seed = _new_seed() if seed is None else seed
    result = _compute_draw(
        phase=phase, round_number=number, seed=seed, exclude_round=None
    )
    rnd = Round.objects.create(
        tournament=tournament,
        phase=phase,
        number=number,
        seed=seed,
        draw_method=result.method,
        status=Round.Status.DRAFT,
    )
    _write_draw(round=rnd, draw=result, phase=phase)
    RoundLog.objects.create(
        round=rnd, action=RoundLog.Action.DRAWN, reason=_draw_summary(result), by=by
    )
    return rnd


def _lock_draft(round: Round) -> Round:
    rnd = (
        Round.objects.select_for_update()
        .select_related("tournament", "phase")
        .get(pk=round.pk)
    )
    if rnd.status != Round.Status.DRAFT:
        raise ValidationError(
            _("Round %(number)d is published: its draw can no longer change.")
            % {"number": rnd.number}
        )
    return rnd


@transaction.atomic
def round_redraw(*, round: Round, by, seed: int | None = None) -> Round:
    """Draw a draft round again with a new seed (or the one given)."""
    Tournament.objects.select_for_update().filter(pk=round.tournament_id).first()
    rnd = _lock_draft(round)
    from scoring.models import DealRecord

    if DealRecord.objects.filter(game__table__round=rnd).exists():
        raise ValidationError(_("Results have been typed for this round."))
    seed = _new_seed() if seed is None else seed
    result = _compute_draw(
        phase=rnd.phase, round_number=rnd.number, seed=seed, exclude_round=rnd
    )
    Table.objects.filter(round=rnd).delete()
    Bye.objects.filter(round=rnd).delete()
    rnd.seed = seed
    rnd.draw_method = result.method
    rnd.save(update_fields=["seed", "draw_method"])
    _write_draw(round=rnd, draw=result, phase=rnd.phase)
    RoundLog.objects.create(
        round=rnd, action=RoundLog.Action.REDRAWN, reason=_draw_summary(result), by=by
    )
    return rnd


def _retag_tables(rnd: Round, tables: list[Table]) -> None:
    """Mark tables changed by hand, noting whether they are still clean."""
    history = selectors.history_pairs(tournament=rnd.tournament, exclude_round=rnd)
    for table in tables:
        seats = list(
            Seat.objects.filter(table=table).select_related(
                "entry__player", "entry__team"
            )
        )
        ids = [s.entry_id for s in seats]
        clubs = {
            s.entry_id: draw_module.Entrant(
                id=s.entry_id,
                club=s.entry.player.club_id
                if s.entry.player_id
                else s.entry.team.club_id,
            )
            for s in seats
        }
        repeats, same = draw_module.table_conflicts(ids, clubs, history)
        codes = ["manual"]
        if not repeats:
            codes.append("no_repeat")
        if not same:
            codes.append("no_same_club")
        table.reasons = ",".join(codes)
        table.save(update_fields=["reasons"])


@transaction.atomic
def round_swap_seats(*, round: Round, seat_a: Seat, seat_b: Seat, by) -> Round:
    """Swap the entrants of two seats of a draft round (a director's hand change)."""
    rnd = _lock_draft(round)
    seats = {
        s.pk: s
        for s in Seat.objects.select_for_update()
        .select_related("table", "entry")
        .filter(round=rnd, pk__in=[seat_a.pk, seat_b.pk])
    }
    if seat_a.pk == seat_b.pk or len(seats) != 2:
        raise ValidationError(_("Choose two different seats of this round."))
    a, b = seats[seat_a.pk], seats[seat_b.pk]
    if a.table_id == b.table_id:
        raise ValidationError(
            _("Both seats are at table %(table)d: swapping them changes nothing.")
            % {"table": a.table.number}
        )
    entry_a, entry_b = a.entry, b.entry
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=rnd, table=a.table, position=a.position, entry=entry_b),
            Seat(round=rnd, table=b.table, position=b.position, entry=entry_a),
        ]
    )
    _retag_tables(rnd, [a.table, b.table])
    RoundLog.objects.create(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        reason=_("%(a)s (table %(ta)d) ⇄ %(b)s (table %(tb)d)")
        % {"a": entry_a, "ta": a.table.number, "b": entry_b, "tb": b.table.number},
        by=by,
    )
    return rnd


@transaction.atomic
def round_swap_bye(*, round: Round, seat: Seat, bye: Bye, by) -> Round:
    """Give a seat's entrant the bye and seat the entrant who had it."""
    rnd = _lock_draft(round)
    seat = Seat.objects.select_related("table", "entry").get(pk=seat.pk, round=rnd)
    bye = Bye.objects.select_related("entry").get(pk=bye.pk, round=rnd)
    seated, waiting = seat.entry, bye.entry
    seat.delete()
    bye.delete()
    Seat.objects.create(
        round=rnd, table=seat.table, position=seat.position, entry=waiting
    )
    Bye.objects.create(round=rnd, entry=seated)
    _retag_tables(rnd, [seat.table])
    RoundLog.objects.create(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        reason=_("%(a)s (table %(t)d) ⇄ %(b)s (bye)")
        % {"a": seated, "t": seat.table.number, "b": waiting},
        by=by,
    )
    return rnd


@transaction.atomic
def round_publish(*, round: Round, by) -> Round:
    """Publish a draft round: the public sees its draw from now on."""
    rnd = _lock_draft(round)
    withdrawn = list(
        Entry.objects.filter(
            seats__round=rnd, status=Entry.Status.WITHDRAWN
        ).select_related("player", "team")
    )
    if withdrawn:
        raise ValidationError(
            _(
                "%(names)s withdrew after the draw: swap them out or draw the "
                "round again before publishing."
            )
            % {"names": ", ".join(str(e) for e in withdrawn)}
        )
    rnd.status = Round.Status.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    RoundLog.objects.create(round=rnd, action=RoundLog.Action.PUBLISHED, by=by)
    tournament_touch(tournament=rnd.tournament)
    return rnd
