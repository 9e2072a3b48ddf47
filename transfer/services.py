"""Move one tournament, with the people and history it depends on, between databases.

The file (``"format": "manille-event"``, ``"version": 1``) holds one section per
model, each a list of rows: every concrete field of the row by name, its own key
(``"key"``, numbered from 1 in the order of the source's ids) and, for a foreign
key, the key of the row it points at in the file. Users are named by username.

People travel by natural key, so an event lands in a database that already holds
others: a club by its name; a player by club and member number, else by club and
name (case-insensitive, as the database's own uniqueness rule); a team by club and
name. Rows that match are reused as they are (an event never changes another's
people); the rest are created. Everything else of the event is created anew.
The people are those the event shows (entrants, the members of entered teams, the
member a substitute plays for) and their clubs, and the organising club. A club's
managers are not carried (they are the other site's business); a player's fixed
substitute is written only when that player is in the file too, and set only on a
player the import creates.

Table codes never travel: they open a table's entry page, so they are secret, and
the importing site makes new ones when it needs them. A table submission's copy of
its code is left out of the file and imported as ``WITHHELD_CODE``; a code someone
typed into a text (a reason) is written as ``WITHHELD_CODE`` too. What else of the
apps stays out of the file, and why, is ``NOT_IN_THE_FILE``.

The version changes only when an older file can no longer be read: a section or a
field the file lacks is read as empty or as the model's default.

An import is all-or-nothing: one transaction, every row checked by the models'
own field validation before it is written, the database's constraints after; any
refusal says what is wrong and leaves the database as it was.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
import uuid
from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import DatabaseError, IntegrityError, connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Team
from core.errors import InvalidInput, StateConflict
from scorepad.models import PadDeal, PadGame, PadPlayer
from scoring.models import (
    Acceptance,
    Correction,
    DealRecord,
    DeskWrite,
    GameTotal,
    ScoreSheet,
    TableCode,
    TableEvent,
    TableSubmission,
)
from series.models import Series, SeriesEvent
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

FORMAT = "manille-event"
VERSION = 1
# What a table submission's code becomes on import: the file never holds it. Not
# a code (a code has no dash), so it opens nothing and reads as withheld.
WITHHELD_CODE = "------"


@dataclasses.dataclass(frozen=True)
class Section:
    """One list of the file: its name, its model and its rows in a tournament.

    ``loose`` names links to rows of the same section the file may not hold (a
    member's substitute who is no part of the event): written when the row is in
    the file, else left empty, and set after the whole section is in. ``withheld``
    names fields never written to the file, with the value an import gives them.
    ``file_names`` renames a field in the file (a field called ``key``, which
    is the row's own key there).
    """

    name: str
    model: type[models.Model]
    rows: Callable[[Tournament], models.QuerySet]
    loose: tuple[str, ...] = ()
    withheld: tuple[tuple[str, object], ...] = ()
    file_names: tuple[tuple[str, str], ...] = ()


# The people, found again by natural key on import (see _match_people).
PEOPLE = (
    Section("clubs", Club, lambda t: _clubs(t)),
    Section("players", Player, lambda t: _players(t), loose=("substitute",)),
    Section("teams", Team, lambda t: _teams(t)),
)
# The event itself, created anew on import, in an order where a row's foreign keys
# point only at rows of the sections before it.
EVENT = (
    Section("phases", Phase, lambda t: Phase.objects.filter(tournament=t)),
    Section("entries", Entry, lambda t: Entry.objects.filter(tournament=t)),
    Section("rounds", Round, lambda t: Round.objects.filter(tournament=t)),
    Section("tables", Table, lambda t: Table.objects.filter(round__tournament=t)),
    Section("seats", Seat, lambda t: Seat.objects.filter(round__tournament=t)),
    Section("byes", Bye, lambda t: Bye.objects.filter(round__tournament=t)),
    Section("games", Game, lambda t: Game.objects.filter(table__round__tournament=t)),
    Section(
        "round_log", RoundLog, lambda t: RoundLog.objects.filter(round__tournament=t)
    ),
    Section(
        "sheets",
        ScoreSheet,
        lambda t: ScoreSheet.objects.filter(table__round__tournament=t),
    ),
    Section(
        "deals",
        DealRecord,
        lambda t: DealRecord.objects.filter(game__table__round__tournament=t),
    ),
    Section(
        "totals",
        GameTotal,
        lambda t: GameTotal.objects.filter(game__table__round__tournament=t),
    ),
    Section(
        "table_events",
        TableEvent,
        lambda t: TableEvent.objects.filter(game__table__round__tournament=t),
    ),
    Section(
        "corrections",
        Correction,
        lambda t: Correction.objects.filter(sheet__table__round__tournament=t),
    ),
    Section(
        "table_submissions",
        TableSubmission,
        lambda t: TableSubmission.objects.filter(sheet__table__round__tournament=t),
        withheld=(("code", WITHHELD_CODE),),
        file_names=(("key", "idempotency_key"),),
    ),
    Section(
        "acceptances",
        Acceptance,
        lambda t: Acceptance.objects.filter(sheet__table__round__tournament=t),
    ),
)
SECTIONS = PEOPLE + EVENT
# The models of the site's apps an event file leaves out on purpose, and why
# (a test holds every model to be in SECTIONS or here).
NOT_IN_THE_FILE: dict[type[models.Model], str] = {
    TableCode: "secret: a code opens its table's entry page; the importing site "
    "makes new codes when it needs them (table_codes_ensure)",
    Series: "a series ranks many events: it is no one event's, and an event "
    "moved alone leaves its series behind",
    SeriesEvent: "the link of a series to the event: it goes with the series",
    PadGame: "the score pad's casual club-night games belong to no tournament",
    PadPlayer: "a seat of a score pad game (no tournament's)",
    PadDeal: "a deal of a score pad game (no tournament's)",
    DeskWrite: "the desk's keys against a save sent twice: they matter only "
    "while the desk's queue is sending, on the site that typed them",
}
SECTION_OF = {s.model: s.name for s in SECTIONS}
REPORT_ORDER = (
    "users",
    *(s.name for s in PEOPLE),
    "tournament",
    *(s.name for s in EVENT),
)
SECTION_OF[Tournament] = "tournament"


def _teams(t: Tournament) -> models.QuerySet:
    return Team.objects.filter(pk__in=Entry.objects.filter(tournament=t).values("team"))


def _players(t: Tournament) -> models.QuerySet:
    """Every player the event shows: entrants, the members of entered teams and
    the members substitutes played for."""
    entries = Entry.objects.filter(tournament=t)
    return Player.objects.filter(
        models.Q(pk__in=entries.values("player"))
        | models.Q(pk__in=entries.values("plays_for"))
        | models.Q(pk__in=_teams(t).values("player_one"))
        | models.Q(pk__in=_teams(t).values("player_two"))
    )


def _clubs(t: Tournament) -> models.QuerySet:
    """Every club the event shows: its players' and its teams' clubs, and the
    organising club."""
    return Club.objects.filter(
        models.Q(pk__in=_players(t).values("club"))
        | models.Q(pk__in=_teams(t).values("club"))
        | models.Q(pk=t.club_id)
    )


# ---------------------------------------------------------------------- export


def _is_user(field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _dump_value(value):
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    return value


def _is_typed_text(field) -> bool:
    """A text someone typed (a name, a reason), or a JSON value that may hold one;
    not a choice or a short name in addresses."""
    if isinstance(field, models.JSONField):
        return True
    return (
        isinstance(field, models.CharField | models.TextField)
        and not isinstance(field, models.SlugField)
        and not field.choices
    )


def _code_hider(tournament: Tournament) -> Callable:
    """Return a function that replaces the event's table codes by WITHHELD_CODE in
    a value, its texts and those of a JSON value at any depth.

    A code can be typed into a text (a player's reason for a rejection: "the code
    on our sheet, ABC234, …"), in any case; the file must not carry it.
    """
    codes = TableCode.objects.filter(table__round__tournament=tournament)
    pattern = "|".join(re.escape(code) for code in codes.values_list("code", flat=True))
    if not pattern:
        return lambda value: value
    found = re.compile(pattern, re.IGNORECASE)

    def hide(value):
        if isinstance(value, str):
            return found.sub(WITHHELD_CODE, value)
        if isinstance(value, list):
            return [hide(item) for item in value]
        if isinstance(value, dict):
            return {hide(k): hide(v) for k, v in value.items()}
        return value

    return hide


def _dump_row(
    obj,
    key: int,
    keys: dict,
    section: Section | None = None,
    *,
    hide: Callable = lambda value: value,
) -> dict:
    """Return one row of the file: its key, its fields, foreign keys as file keys.

    A withheld field is left out; a loose link to a row outside the file is empty;
    ``hide`` takes the secrets out of the texts someone typed.
    """
    loose = section.loose if section else ()
    withheld = {name for name, _value in section.withheld} if section else set()
    file_names = dict(section.file_names) if section else {}
    row = {"key": key}
    for field in obj._meta.concrete_fields:
        if field.primary_key or field.name in withheld:
            continue
        value = getattr(obj, field.attname)
        if field.is_relation and value is not None:
            if _is_user(field):
                value = keys["users"][value]
            elif field.name in loose:
                value = keys[field.related_model].get(value)
            else:
                value = keys[field.related_model][value]
        elif _is_typed_text(field):
            value = hide(value)
        row[file_names.get(field.name, field.name)] = _dump_value(value)
    return row


def _users_of(tournament: Tournament, sections: dict) -> dict[int, str]:
    """Return the username of every user the event names (directors, history)."""
    ids = set(tournament.directors.values_list("pk", flat=True))
    for section in EVENT:
        for field in section.model._meta.concrete_fields:
            if _is_user(field):
                ids |= {
                    pk
                    for pk in sections[section.name]
                    .order_by()
                    .values_list(field.attname, flat=True)
                    .distinct()
                    if pk is not None
                }
    users = get_user_model().objects.filter(pk__in=ids)
    return {u.pk: u.get_username() for u in users}


def export_event(tournament: Tournament) -> dict:
    """Return the tournament, its people and its whole history as the file's data.

    Read in one transaction that sees one state of the database (repeatable read
    on PostgreSQL; SQLite's transactions always do), so a result confirmed while
    the export runs is either wholly in the file or not at all.
    """
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
                )
        tournament = Tournament.objects.get(pk=tournament.pk)
        querysets = {s.name: s.rows(tournament).order_by("pk") for s in SECTIONS}
        keys: dict = {"users": _users_of(tournament, querysets)}
        keys[Tournament] = {tournament.pk: 1}
        data: dict = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "tournament": None,
        }
        hide = _code_hider(tournament)

        def dump(section: Section) -> None:
            objects = list(querysets[section.name])
            # Every key of the section first: a loose link may point forward.
            keys[section.model] = {obj.pk: n for n, obj in enumerate(objects, 1)}
            data[section.name] = [
                _dump_row(obj, keys[section.model][obj.pk], keys, section, hide=hide)
                for obj in objects
            ]

        for section in PEOPLE:
            dump(section)
        # Written once its club has a key.
        data["tournament"] = _dump_row(tournament, 1, keys, hide=hide)
        data["tournament"]["directors"] = sorted(
            keys["users"][pk]
            for pk in tournament.directors.values_list("pk", flat=True)
        )
        for section in EVENT:
            dump(section)
    return data


def event_to_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# ---------------------------------------------------------------------- import


@dataclasses.dataclass
class ImportReport:
    """What an import reused and what it created, per section."""

    reused: dict[str, int] = dataclasses.field(default_factory=dict)
    created: dict[str, int] = dataclasses.field(default_factory=dict)


def _refuse(message: str, **params) -> InvalidInput:
    return InvalidInput(message % params if params else message, code="event_file")


def event_from_json(text: str | bytes) -> dict:
    """Parse an event file; refuse anything that is not JSON with a message."""
    try:
        data = json.loads(text)
    except UnicodeDecodeError:
        raise _refuse(
            _("The file is not UTF-8 text: it is not an event file.")
        ) from None
    except RecursionError:
        raise _refuse(
            _("The file is not an event file: it nests too deeply.")
        ) from None
    except json.JSONDecodeError as exc:
        raise _refuse(
            _(
                "The file is not an event file: it breaks off or is damaged at line "
                "%(line)s, column %(column)s (%(error)s)."
            ),
            line=exc.lineno,
            column=exc.colno,
            error=exc.msg,
        ) from None
    check_envelope(data)
    return data


def check_envelope(data) -> None:
    """Refuse data that is not this format, or another version of it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(
            _('This is not a Manille event file (no "format": "%(format)s").'),
            format=FORMAT,
        )
    if data.get("version") != VERSION:
        raise _refuse(
            _(
                "This event file is version %(version)s of the format; this site "
                "reads version %(expected)s."
            ),
            version=data.get("version"),
            expected=VERSION,
        )
    if not isinstance(data.get("tournament"), dict):
        raise _refuse(_("The event file has no tournament."))
    directors = data["tournament"].get("directors", [])
    if not isinstance(directors, list) or not all(
        isinstance(d, str) for d in directors
    ):
        raise _refuse(_("The tournament's directors are not a list of usernames."))
    for section in SECTIONS:
        rows = data.get(section.name, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise _refuse(
                _("The event file's section “%(section)s” is not a list of rows."),
                section=section.name,
            )


class _Loader:
    """Turn the file's rows into model instances, mapping file keys to new ids."""

    def __init__(self, data: dict, report: ImportReport) -> None:
        self.data = data
        self.report = report
        self.ids: dict = {}  # model -> {file key: id in this database}
        self.users: dict[str, int] = {}

    def where(self, section: str, index: int) -> str:
        return _("Event file, “%(section)s”, row %(row)s") % {
            "section": section,
            "row": index + 1,
        }

    def key_of(self, section: str, index: int, row: dict) -> int:
        key = row.get("key")
        if not isinstance(key, int) or isinstance(key, bool):
            raise _refuse(
                _("%(where)s: the row has no key."), where=self.where(section, index)
            )
        return key

    def build(
        self,
        model,
        section: str,
        index: int,
        row: dict,
        *,
        file_names: dict[str, str] | None = None,
        **fixed,
    ):
        """Return an unsaved instance of ``model`` from ``row``, checked field by field.

        ``fixed`` sets fields the file may not choose (the tournament). A field the
        file leaves out takes the model's default; a field the model does not have
        is refused (a file from a newer version of the site). ``file_names`` maps a
        field to its name in the file where the two differ.
        """
        where = self.where(section, index)
        file_names = file_names or {}
        fields = {
            file_names.get(f.name, f.name): f
            for f in model._meta.concrete_fields
            if not f.primary_key
        }
        extra = {"key", "directors"} if model is Tournament else {"key"}
        unknown = set(row) - set(fields) - extra
        if unknown:
            raise _refuse(
                _("%(where)s: unknown field “%(field)s” (a file from a newer site?)."),
                where=where,
                field=sorted(unknown)[0],
            )
        obj = model()
        relations = []
        for name, field in fields.items():
            if field.name in fixed:
                setattr(obj, field.attname, fixed[field.name])
                relations.append(field.name)
                continue
            if name not in row:
                continue
            value = row[name]
            if field.is_relation:
                relations.append(field.name)
                setattr(obj, field.attname, self.relation(field, value, where))
                continue
            try:
                setattr(obj, field.attname, field.to_python(value))
            except ValidationError as exc:
                raise _refuse(
                    _("%(where)s, “%(field)s”: %(error)s"),
                    where=where,
                    field=name,
                    error=" ".join(exc.messages),
                ) from None
            except (TypeError, ValueError, OverflowError):  # e.g. a list for a date
                raise _refuse(
                    _("%(where)s, “%(field)s”: a value of the wrong kind."),
                    where=where,
                    field=name,
                ) from None
        try:
            # Foreign keys are mapped above (each check would be a query); the
            # uniqueness and check constraints are the database's, at insert.
            obj.full_clean(
                exclude=relations, validate_unique=False, validate_constraints=False
            )
        except (TypeError, ValueError, OverflowError):  # a value of the wrong kind
            raise _refuse(
                _("%(where)s: a value of the wrong kind."), where=where
            ) from None
        except ValidationError as exc:
            field, messages = next(iter(exc.message_dict.items()))
            raise _refuse(
                _("%(where)s, “%(field)s”: %(error)s"),
                where=where,
                field=file_names.get(field, field),
                error=" ".join(messages),
            ) from None
        return obj

    def relation(self, field, value, where: str):
        if value is None:
            return None
        if _is_user(field):
            if not isinstance(value, str) or value not in self.users:
                raise _refuse(
                    _("%(where)s, “%(field)s”: an unknown user."),
                    where=where,
                    field=field.name,
                )
            return self.users[value]
        found = self.ids.get(field.related_model, {})
        if not isinstance(value, int) or isinstance(value, bool) or value not in found:
            raise _refuse(
                _("%(where)s, “%(field)s”: no row %(key)s in “%(section)s”."),
                where=where,
                field=field.name,
                key=value,
                section=SECTION_OF.get(field.related_model, "?"),
            )
        return found[value]

    def rows(self, section: str) -> list[dict]:
        return self.data.get(section, [])

    def count(self, which: dict, section: str) -> None:
        which[section] = which.get(section, 0) + 1


# -------------------------------------------------------------- people (by key)


def _usernames(data: dict) -> set[str]:
    """Every username the file names: the directors and the history's authors."""
    names = set(data["tournament"].get("directors") or [])
    for section in EVENT:
        for field in section.model._meta.concrete_fields:
            if _is_user(field):
                names |= {
                    row.get(field.name)
                    for row in data.get(section.name, [])
                    if isinstance(row.get(field.name), str)
                }
    bad = [n for n in names if not isinstance(n, str) or not n.strip()]
    if bad:
        raise _refuse(_("The event file names a user without a username."))
    return names


def _match_users(loader: _Loader) -> None:
    """Find users by username; create the missing ones, unable to log in.

    A created user has no password (an administrator gives one), is not staff and
    holds no permission: only the history and the directors' list name them.
    """
    users = get_user_model()
    field = users.USERNAME_FIELD
    for name in sorted(_usernames(loader.data)):
        user = users._default_manager.filter(**{field: name}).first()
        if user is None:
            user = users(**{field: name})
            user.set_unusable_password()
            try:
                user.full_clean(exclude=["password"], validate_unique=False)
            except ValidationError as exc:
                raise _refuse(
                    _("The user “%(name)s” cannot be created: %(error)s"),
                    name=name,
                    error=" ".join(exc.messages),
                ) from None
            user.save()
            loader.count(loader.report.created, "users")
        else:
            loader.count(loader.report.reused, "users")
        loader.users[name] = user.pk


def _find_player(obj: Player, where: str) -> Player | None:
    same_club = (
        Player.objects.filter(club_id=obj.club_id)
        if obj.club_id
        else Player.objects.filter(club__isnull=True)
    )
    if obj.member_number:
        found = same_club.filter(member_number=obj.member_number).first()
        if found is not None:
            return found
    found = (
        same_club.filter(
            first_name__iexact=obj.first_name, last_name__iexact=obj.last_name
        )
        .order_by("pk")
        .first()
    )
    if (
        found is not None
        and obj.member_number
        and found.member_number
        and found.member_number != obj.member_number
    ):
        raise _refuse(
            _(
                "%(where)s: %(name)s of this club is member %(theirs)s here and "
                "%(ours)s in the file; correct one of them first."
            ),
            where=where,
            name=obj.full_name,
            theirs=found.member_number,
            ours=obj.member_number,
        )
    return found


def _find_team(obj: Team, where: str) -> Team | None:
    same_club = (
        Team.objects.filter(club_id=obj.club_id)
        if obj.club_id
        else Team.objects.filter(club__isnull=True)
    )
    found = same_club.filter(name__iexact=obj.name).order_by("pk").first()
    if found is None:
        return None
    here = {found.player_one_id, found.player_two_id} - {None}
    there = {obj.player_one_id, obj.player_two_id} - {None}
    if here and there and here != there:
        raise _refuse(
            _(
                "%(where)s: the team “%(name)s” of this club has other players here "
                "than in the file; rename one of them first."
            ),
            where=where,
            name=obj.name,
        )
    return found


def _match_people(loader: _Loader) -> None:
    """Reuse the clubs, players and teams this database has; create the rest."""
    finders = {
        "clubs": lambda obj, where: Club.objects.filter(name=obj.name).first(),
        "players": _find_player,
        "teams": _find_team,
    }
    for section in PEOPLE:
        ids = loader.ids.setdefault(section.model, {})
        created = []  # (row, where, the new instance): for the loose links
        for index, row in enumerate(loader.rows(section.name)):
            key = loader.key_of(section.name, index, row)
            where = loader.where(section.name, index)
            tight = {k: v for k, v in row.items() if k not in section.loose}
            obj = loader.build(
                section.model,
                section.name,
                index,
                tight,
                file_names=dict(section.file_names),
            )
            found = finders[section.name](obj, where)
            if found is None:
                obj.save()
                found = obj
                created.append((row, where, obj))
                loader.count(loader.report.created, section.name)
            else:
                loader.count(loader.report.reused, section.name)
            if key in ids:
                raise _refuse(_("%(where)s: the key is used twice."), where=where)
            ids[key] = found.pk
        _link_loose(loader, section, created)


def _link_loose(loader: _Loader, section: Section, created: list) -> None:
    """Set the loose links (a member's substitute) of the rows just created, now
    that every row of the section has its id; a reused row stays as it is."""
    fields = [section.model._meta.get_field(name) for name in section.loose]
    for row, where, obj in created:
        changed = []
        for field in fields:
            value = loader.relation(field, row.get(field.name), where)
            if value is not None:
                setattr(obj, field.attname, value)
                changed.append(field.name)
        if changed:
            obj.save(update_fields=changed)


# -------------------------------------------------------------- the event (anew)


def _timestamps(model) -> list:
    """The fields Django fills in itself on save (``auto_now``, ``auto_now_add``)."""
    return [
        f
        for f in model._meta.concrete_fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]


def _restore_timestamps(model, objects: list, stamps: list[dict]) -> None:
    """Give the new rows the file's times, which saving replaced by now."""
    fields = _timestamps(model)
    changed = set()
    for obj, values in zip(objects, stamps, strict=True):
        for field in fields:
            if values.get(field.attname) is not None:
                setattr(obj, field.attname, values[field.attname])
                changed.add(field.name)
    if changed:
        model.objects.bulk_update(objects, sorted(changed), batch_size=500)


def _create_tournament(loader: _Loader, slug: str) -> Tournament:
    row = dict(loader.data["tournament"])
    row.pop("key", None)
    row["slug"] = slug
    tournament = loader.build(Tournament, "tournament", 0, row)
    stamps = {
        f.attname: getattr(tournament, f.attname) for f in _timestamps(Tournament)
    }
    tournament.save()
    _restore_timestamps(Tournament, [tournament], [stamps])
    directors = row.get("directors") or []
    tournament.directors.set([loader.users[name] for name in directors])
    loader.ids[Tournament] = {1: tournament.pk}
    loader.count(loader.report.created, "tournament")
    return tournament


def _create_event(loader: _Loader, tournament: Tournament) -> None:
    for section in EVENT:
        fixed = dict(section.withheld)  # what the file never holds
        if any(f.name == "tournament" for f in section.model._meta.concrete_fields):
            fixed["tournament"] = tournament.pk
        keys, objects, stamps = [], [], []
        for index, row in enumerate(loader.rows(section.name)):
            keys.append(loader.key_of(section.name, index, row))
            obj = loader.build(
                section.model,
                section.name,
                index,
                row,
                file_names=dict(section.file_names),
                **fixed,
            )
            objects.append(obj)
            stamps.append(
                {f.attname: getattr(obj, f.attname) for f in _timestamps(obj)}
            )
        if len(set(keys)) != len(keys):
            raise _refuse(
                _("“%(section)s”: a key is used twice."), section=section.name
            )
        section.model.objects.bulk_create(objects, batch_size=500)
        _restore_timestamps(section.model, objects, stamps)
        loader.ids[section.model] = {
            key: obj.pk for key, obj in zip(keys, objects, strict=True)
        }
        loader.report.created[section.name] = len(objects)


def import_event(
    data: dict, slug: str | None = None, *, report: ImportReport | None = None
) -> Tournament:
    """Create the event of ``data`` (an event file's content) in this database.

    ``slug`` imports it under another short name. A slug already in use, a file
    of another format or version, or any row the models or the database refuse
    raises ``InvalidInput``/``StateConflict`` with the reason; nothing is written.
    """
    check_envelope(data)
    report = report if report is not None else ImportReport()
    slug = slug if slug is not None else data["tournament"].get("slug")
    try:
        validate_slug(slug)
    except (ValidationError, TypeError):
        raise _refuse(
            _("“%(slug)s” is not a valid short name (letters, digits, - and _)."),
            slug=slug,
        ) from None
    if Tournament.objects.filter(slug=slug).exists():
        raise _clash(slug)
    loader = _Loader(data, report)
    try:
        with transaction.atomic():
            _match_users(loader)
            _match_people(loader)
            tournament = _create_tournament(loader, slug)
            _create_event(loader, tournament)
    except IntegrityError as exc:
        if Tournament.objects.filter(slug=slug).exists():
            raise _clash(slug) from None  # imported meanwhile by someone else
        raise _refuse(
            _("The event file breaks a rule of the database (%(error)s)."),
            error=str(exc).strip().splitlines()[0] if str(exc).strip() else "?",
        ) from None
    except (DatabaseError, ValueError, OverflowError) as exc:
        # Values the models' validation let through and the database refused
        # (e.g. a NUL character in a text on PostgreSQL).
        raise _refuse(
            _("The database refused the event file (%(error)s)."),
            error=str(exc).strip().splitlines()[0] if str(exc).strip() else "?",
        ) from None
    return tournament


def _clash(slug: str) -> StateConflict:
    return StateConflict(
        _(
            "A tournament with the short name “%(slug)s” exists already in this "
            "database. Import it under another short name (--slug NEW)."
        )
        % {"slug": slug},
        code="slug_taken",
    )
