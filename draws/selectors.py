"""Read what the draw pages show: who advances, what comes next, the flags."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import combinations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from manille.draws import quiet_clubs
from manille.standings import explain_order
from scoring.services import EntryConflict, EntryError
from standings.rounds import round_read
from standings.selectors import entrant_kind, standings_for
from tournaments.checkin import match, search_terms
from tournaments.models import Bye, Entry, Phase, Round, RoundLog, Seat, Table


@dataclass
class AdvanceResult:
    """Who goes on to the next phase, and how the cut was decided."""

    phase: object
    next_phase: object
    method: str
    qualifiers: list  # StandingRow, in seeding order
    ranked: list  # every candidate StandingRow, in order
    last_in: object | None = None
    first_out: object | None = None
    tied: list = field(default_factory=list)  # rows level with the cut on the 1st key
    decided_by: str | None = None  # the tiebreak that separated last_in and first_out
    values: tuple = (None, None)
    level: bool = False  # level on every tiebreak: registration order decided
    advanced: bool = False

    @property
    def count(self) -> int:
        return len(self.qualifiers)

    @property
    def has_tie(self) -> bool:
        return len(self.tied) > 1

    @property
    def cut_rows(self) -> list:
        """The rows to show around the cut: the tied group, or last in, first out."""
        if self.has_tie:
            rows = list(self.tied)
            if self.first_out is not None and self.first_out not in rows:
                rows.append(self.first_out)
            # Around the cut only: three in, three out.
            cut = rows.index(self.last_in) if self.last_in in rows else 0
            return rows[max(0, cut - 2) : cut + 4]
        return [r for r in (self.last_in, self.first_out) if r is not None]

    @property
    def qualifier_ids(self) -> set[int]:
        return {row.entry_id for row in self.qualifiers}


def _last_round_winners(phase, ranked: list) -> list:
    """Return the best-ranked entrant of each table of the phase's last round."""
    last = Round.objects.filter(phase=phase).order_by("-number").first()
    if last is None:
        return []
    position = {row.entry_id: index for index, row in enumerate(ranked)}
    tables: dict[int, list[int]] = {}
    for table_id, entry_id in Seat.objects.filter(round=last).values_list(
        "table_id", "entry_id"
    ):
        if entry_id in position:
            tables.setdefault(table_id, []).append(entry_id)
    winners = {min(ids, key=position.__getitem__) for ids in tables.values()}
    return [row for row in ranked if row.entry_id in winners]


def advance_preview(*, phase) -> AdvanceResult:
    """Compute the qualifiers of a phase by its advancement rule (no writes).

    Raise :class:`scoring.services.EntryError` when nobody advances from it.
    """
    tournament = phase.tournament
    next_phase = (
        Phase.objects.filter(tournament=tournament, order__gt=phase.order)
        .order_by("order")
        .first()
    )
    if next_phase is None or phase.advancement == Phase.Advancement.NONE:
        raise EntryConflict(
            _("Nobody advances from %(phase)s.") % {"phase": phase.name},
            code="no_advancement",
        )
    withdrawn = set(
        Entry.objects.filter(
            tournament=tournament, status=Entry.Status.WITHDRAWN
        ).values_list("id", flat=True)
    )
    ranked = [
        row
        for row in standings_for(
            tournament=tournament, kind=entrant_kind(tournament), phase=phase
        )
        if row.entry_id not in withdrawn
    ]
    if phase.advancement == Phase.Advancement.TABLE_WINNERS:
        pool = _last_round_winners(phase, ranked)
    else:
        pool = ranked
    count = phase.advance_count or len(pool)
    qualifiers = pool[:count]
    result = AdvanceResult(
        phase=phase,
        next_phase=next_phase,
        method=phase.advancement,
        qualifiers=qualifiers,
        ranked=pool,
    )
    if qualifiers and len(pool) > count:
        last_in, first_out = pool[count - 1], pool[count]
        tiebreaks = tournament.tiebreak_list
        result.last_in, result.first_out = last_in, first_out
        first_key = tiebreaks[0] if tiebreaks else "games_won"
        level_value = last_in.tiebreaks.get(first_key)
        result.tied = [
            row for row in pool if row.tiebreaks.get(first_key) == level_value
        ]
        code, up, low = explain_order(last_in, first_out, tiebreaks)
        result.decided_by, result.values = code, (up, low)
        result.level = code is None
    return result


def advance_panel(*, round: Round) -> AdvanceResult | dict | None:  # noqa: A002
    """Return what the results desk shows about advancing after ``round``.

    Nothing unless the round is closed and the last of its phase; a dict with the
    reason when nobody can advance; otherwise the preview, marked ``advanced`` once
    the qualifiers were sent on.
    """
    if round.status != Round.Status.CLOSED:
        return None
    numbers = list(
        Round.objects.filter(phase_id=round.phase_id).values_list("number", flat=True)
    )
    if max(numbers) != round.number or len(numbers) < round.phase.rounds:
        return None
    try:
        result = advance_preview(phase=round.phase)
    except EntryError as exc:
        return {"error": exc.message}
    result.advanced = RoundLog.objects.filter(
        round=round, action=RoundLog.Action.ADVANCED
    ).exists()
    return result


# ------------------------------------------------ what may be done next, and why not
#
# The services refuse with these same messages, and the director's pages offer a
# button only where they return None: no button is offered that the server refuses.


def round_draw_blocker(*, phase: Phase) -> str | None:
    """Return why the phase's next round cannot be drawn now, or None if it can."""
    tournament_id = phase.tournament_id
    draft = (
        Round.objects.filter(tournament_id=tournament_id, status=Round.Status.DRAFT)
        .values_list("number", flat=True)
        .first()
    )
    if draft is not None:
        return _(
            "Round %(number)d is still a draft: publish it (or draw it again) first."
        ) % {"number": draft}
    drawn = Round.objects.filter(phase=phase).count()
    if drawn >= phase.rounds:
        return _("All %(count)d rounds of %(phase)s are drawn.") % {
            "count": phase.rounds,
            "phase": phase.name,
        }
    if Round.objects.filter(
        tournament_id=tournament_id, phase__order__gt=phase.order
    ).exists():
        return _("A later phase has begun already.")
    earlier = (
        Phase.objects.filter(tournament_id=tournament_id, order__lt=phase.order)
        .exclude(pk=phase.pk)
        .order_by("-order")
        .first()
    )
    present = Entry.objects.filter(
        tournament_id=tournament_id, status=Entry.Status.PRESENT
    )
    if earlier is None:
        if not present.exists():
            return _("Nobody is checked in for %(phase)s: check entrants in first.") % {
                "phase": phase.name
            }
        return None
    if not present.filter(phase=phase).exists():
        return _(
            "Nobody has qualified for %(phase)s yet: advance the qualifiers of "
            "%(earlier)s first."
        ) % {"phase": phase.name, "earlier": earlier.name}
    return None


def phase_advance_blocker(*, phase: Phase) -> tuple[str, str] | None:
    """Return (code, message) saying why a phase cannot advance now, or None."""
    later = Phase.objects.filter(
        tournament_id=phase.tournament_id, order__gt=phase.order
    ).order_by("order")
    next_phase = later.first()
    if next_phase is None or phase.advancement == Phase.Advancement.NONE:
        return "no_advancement", _("Nobody advances from %(phase)s.") % {
            "phase": phase.name
        }
    statuses = list(Round.objects.filter(phase=phase).values_list("status", flat=True))
    if len(statuses) < phase.rounds or any(s != Round.Status.CLOSED for s in statuses):
        return "rounds_open", _(
            "Close every round of %(phase)s before advancing its qualifiers."
        ) % {"phase": phase.name}
    if Round.objects.filter(phase=next_phase).exists():
        return "next_begun", _("%(phase)s has begun: its qualifiers are fixed.") % {
            "phase": next_phase.name
        }
    return None


def phase_actions(*, phases: list[Phase]) -> list[Phase]:
    """Mark each phase with why it cannot be drawn or advanced now (None: it can)."""
    for phase in phases:
        phase.draw_blocker = round_draw_blocker(phase=phase)
        blocked = phase_advance_blocker(phase=phase)
        phase.advance_blocker = blocked[1] if blocked else None
        phase.advances = not (blocked and blocked[0] == "no_advancement")
    return phases


@dataclass
class NextAction:
    """The one thing the director's overview proposes next, and how."""

    text: str  # what the state is, in a sentence
    label: str = ""  # the button's words ("" for none)
    url: str = ""
    post: bool = False  # the button submits a form (a draw, an advance)
    links: list = field(default_factory=list)  # (label, url) for the round


def next_action(*, tournament) -> NextAction:
    """Return what the overview proposes: always what the state allows next."""
    from django.urls import reverse

    slug = tournament.slug
    rounds = list(
        Round.objects.filter(tournament=tournament)
        .select_related("phase")
        .order_by("number")
    )
    draft = next((r for r in rounds if r.status == Round.Status.DRAFT), None)
    if draft is not None:
        return NextAction(
            text=_("Round %(number)d is a draft, not yet visible to the players.")
            % {"number": draft.number},
            label=_("Check and publish round %(number)d") % {"number": draft.number},
            url=reverse("director:round", args=[slug, draft.number]),
        )
    open_rounds = [r for r in rounds if r.status == Round.Status.PUBLISHED]
    if open_rounds:
        rnd = open_rounds[-1]
        draw_url = reverse("director:round", args=[slug, rnd.number])
        return NextAction(
            text=_("Round %(number)d is published: enter its results, then close it.")
            % {"number": rnd.number},
            label=_("Results of round %(number)d") % {"number": rnd.number},
            url=reverse("scoring:round", kwargs={"round_id": rnd.pk}),
            links=[
                (_("The draw of round %(number)d") % {"number": rnd.number}, draw_url)
            ],
        )
    phases = list(Phase.objects.filter(tournament=tournament).order_by("order"))
    if not phases:
        return NextAction(text=_("No phase yet: add one in the settings."))
    last = rounds[-1] if rounds else None
    current = last.phase if last else phases[0]
    later = [p for p in phases if p.order > current.order]
    links = []
    if last is not None:
        links.append(
            (
                _("Round %(number)d (closed)") % {"number": last.number},
                reverse("director:round", args=[slug, last.number]),
            )
        )
    number = (last.number if last else 0) + 1
    blocker = round_draw_blocker(phase=current)
    if blocker is None:
        return NextAction(
            text=_("Round %(number)d is closed.") % {"number": last.number}
            if last
            else _("No round drawn yet."),
            label=_("Draw round %(number)d") % {"number": number},
            url=reverse("director:round_draw", args=[slug, current.pk]),
            post=True,
            links=links,
        )
    # Once the qualifiers are through, the next phase's draw comes first.
    if later and round_draw_blocker(phase=later[0]) is None:
        return NextAction(
            text=_("The qualifiers of %(phase)s are known.") % {"phase": later[0].name},
            label=_("Draw round %(number)d (%(phase)s)")
            % {"number": number, "phase": later[0].name},
            url=reverse("director:round_draw", args=[slug, later[0].pk]),
            post=True,
            links=links,
        )
    advance = phase_advance_blocker(phase=current)
    if advance is None:
        return NextAction(
            text=_("Every round of %(phase)s is closed.") % {"phase": current.name},
            label=_("Advance the qualifiers to %(phase)s") % {"phase": later[0].name},
            url=reverse("director:phase_advance", args=[slug, current.pk]),
            post=True,
            links=links,
        )
    if (
        last is not None
        and not later
        and len([r for r in rounds if r.phase_id == current.pk]) >= current.rounds
    ):
        return NextAction(
            text=_("Every round is played and closed: the tournament is over."),
            label=_("Final standings"),
            url=reverse("live:standings", args=[slug]),
            links=links,
        )
    return NextAction(text=blocker, links=links)


# ------------------------------------------------------- repairing a published round


def tables_with_results(*, round: Round, table_ids=None) -> set[int]:  # noqa: A002
    """Return the ids of the round's tables with anything entered on their sheet.

    A deal, a game total, a table event (forfeit, award) or a sheet no longer
    "not entered": such a table's seats are fixed; its sheet is corrected instead.
    """
    from scoring.models import DealRecord, GameTotal, ScoreSheet, TableEvent

    tables = Table.objects.filter(round=round)
    if table_ids is not None:
        tables = tables.filter(pk__in=list(table_ids))
    found = set(
        tables.filter(sheet__isnull=False)
        .exclude(sheet__status=ScoreSheet.Status.OPEN)
        .values_list("id", flat=True)
    )
    games = {"game__table__in": tables}
    for model in (DealRecord, GameTotal, TableEvent):
        found.update(
            model.objects.filter(**games)
            .order_by()
            .values_list("game__table_id", flat=True)
            .distinct()
        )
    return found


def replacement_candidates(*, round: Round) -> list[Entry]:  # noqa: A002
    """Return who can take a seat of ``round``: present, not seated in it.

    Those on a bye in the round first (the reserves), then the others (late
    entries, entrants checked in after the draw), each group by name. Each is
    marked ``on_bye``.
    """
    seated = Seat.objects.filter(round=round).values("entry_id")
    on_bye = set(Bye.objects.filter(round=round).values_list("entry_id", flat=True))
    entries = list(
        Entry.objects.filter(
            tournament_id=round.tournament_id, status=Entry.Status.PRESENT
        )
        .exclude(pk__in=seated)
        .select_related("player__club", "team__club")
    )
    for entry in entries:
        entry.on_bye = entry.pk in on_bye
    return sorted(entries, key=lambda e: (not e.on_bye, str(e).casefold()))


# ------------------------------------------------------ the director's round page


@dataclass
class QuietClub:
    """A club whose players sitting together are not flagged, and why."""

    name: str
    reason: str  # manille.draws.base.QUIET_ORGANISER or QUIET_CROWDED
    members: int  # its entrants at the tables
    seated: int  # everyone at the tables


@dataclass
class DirectorRound:
    """A round as the director checks it: the flags that say something."""

    read: object  # standings.rounds.RoundRead
    tables: tuple  # RoundTable, flags kept only where they say something
    quiet: list  # QuietClub

    @property
    def flagged(self) -> list:
        """The tables with a rematch or players of one club worth a look."""
        return [t for t in self.tables if t.rematches or t.same_club]


def round_for_director(*, round: Round) -> DirectorRound:  # noqa: A002
    """Read a round with its flags, keeping the club flags that say something.

    Rematches are always flagged. Players of one club sitting together are not
    when the club organises the event, or when nearly everyone belongs to it
    (``manille.draws.quiet_clubs``); a table that only seats such players
    loses its "same-club pair" reason too.
    """
    data = round_read(round=round, with_games=False, with_flags=True)
    quiet = quiet_clubs(
        [[s.club_id for s in t.seats] for t in data.tables],
        organiser=data.round.tournament.club_id,
    )
    if not quiet:
        return DirectorRound(read=data, tables=data.tables, quiet=[])
    tables = []
    for table in data.tables:
        if not table.same_club:
            tables.append(table)
            continue
        loud: set[int] = set()
        pairs = 0
        for a, b in combinations(table.seats, 2):
            if a.club_id is not None and a.club_id == b.club_id:
                if a.club_id not in quiet:
                    loud.update((a.entry_id, b.entry_id))
                    pairs += 1
        seats = tuple(
            replace(s, same_club=s.entry_id in loud) if s.same_club else s
            for s in table.seats
        )
        reasons = table.reasons
        if not pairs:
            reasons = tuple(r for r in reasons if not r.startswith("same_club"))
        tables.append(replace(table, seats=seats, same_club=pairs, reasons=reasons))
    seated = sum(len(t.seats) for t in data.tables)
    names: dict[int, str] = {}
    members: dict[int, int] = {}
    for table in data.tables:
        for s in table.seats:
            if s.club_id in quiet:
                names[s.club_id] = s.club
                members[s.club_id] = members.get(s.club_id, 0) + 1
    notes = [
        QuietClub(name=names[c], reason=why, members=members[c], seated=seated)
        for c, why in quiet.items()
    ]
    notes.sort(key=lambda q: (q.reason != "organiser", q.name))
    return DirectorRound(read=data, tables=tuple(tables), quiet=notes)


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
