"""List the event file's sections: their models, their rows, what stays out."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import models

from cashdesk.models import FeeRate, FeeSettings, Payment, Refund
from clubs.models import Club, Player, Team
from phones.models import Acceptance, TableCode, TableSubmission
from registrations.models import Registration
from scorepad.models import PadDeal, PadGame, PadPlayer
from scoring.models import (
    Correction,
    DealRecord,
    DeskWrite,
    GameTotal,
    ScoreSheet,
    TableEvent,
)
from series.models import Series, SeriesEvent
from tournaments.models import (
    Bye,
    Entry,
    Game,
    KnockoutMatch,
    Phase,
    PoolPlace,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)
from transfer.models import EventToken

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


# The tournament's own row: whether a hall published it to this site is this
# site's fact (it makes the draws and results read-only here), never the file's.
TOURNAMENT = Section(
    "tournament",
    Tournament,
    lambda t: Tournament.objects.filter(pk=t.pk),
    withheld=(("hall_copy_at", None),),
)
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
    # A personal code proves an opponent's acceptance at the table: a secret of
    # the hall, never in a file; the import hands out new ones.
    Section(
        "entries",
        Entry,
        lambda t: Entry.objects.filter(tournament=t),
        withheld=(("personal_code", ""),),
    ),
    Section(
        "pool_places",
        PoolPlace,
        lambda t: PoolPlace.objects.filter(phase__tournament=t),
    ),
    Section("rounds", Round, lambda t: Round.objects.filter(tournament=t)),
    Section("tables", Table, lambda t: Table.objects.filter(round__tournament=t)),
    Section(
        "knockout_matches",
        KnockoutMatch,
        lambda t: KnockoutMatch.objects.filter(phase__tournament=t),
    ),
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
    EventToken: "secret: a hall's key to this event on the web site that issued "
    "it; only that site keeps its digest (transfer.services.tokens)",
    Registration: "personal data (e-mail, phone) the registrant gave the web site "
    "alone; a publish keeps the web's registrations, each with its entrant "
    "(transfer.services.kept)",
    FeeSettings: "the money a site took stays on that site: a publish keeps the "
    "web's fees and payments (transfer.services.kept)",
    FeeRate: "a rate of the fee settings (stays with them)",
    Payment: "a fee taken on this site (kept by a publish, with its entrant)",
    Refund: "a payment's refund (stays with the payment)",
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


def _is_user(field) -> bool:
    return field.is_relation and field.related_model is get_user_model()
