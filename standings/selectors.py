"""Read standings, rounds and results for the public, with a fixed number of queries.

What counts and who is listed is :mod:`standings.reader`'s rule, the one reader of
events: only published or closed rounds count, and only tables whose score sheet
is confirmed (unless a director asks for ``include_unconfirmed``). A no-show (never
checked in, never seated nor given a bye in a public round) is listed nowhere, so
it counts in no "place n of N"; an entrant who played and later withdrew stays.
Every function here runs the same small number of queries whatever the size of the
event: it reads plain values and hands them to :mod:`manille.standings`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.params import parse_id
from manille.standings import (
    ByeRow,
    ByeRule,
    ClubRow,
    EntrantInfo,
    GameRow,
    StandingRow,
    compute_club_standings,
    compute_standings,
    explain_order,
    without_gc,
)
from standings.reader import PUBLIC_ROUND_STATUSES, listed_entrants, read_events
from tournaments.models import Entry, Phase, Round, Tournament

KINDS = ("players", "teams", "clubs")


class StandingsRequestError(ValueError):
    """A request the public can get wrong: an unknown kind, round or phase."""


# ------------------------------------------------------------------------ helpers


def entrant_kind(tournament: Tournament) -> str:
    """Return "players" for an individual event, "teams" for fixed pairs."""
    return "players" if tournament.is_individual else "teams"


def normalize_kind(*, tournament: Tournament, kind: str | None) -> str:
    """Return the kind to show: "clubs" or the tournament's kind of entrant.

    "players" and "teams" both mean the tournament's entrants, so callers need not
    know the format.
    """
    kind = (kind or "").strip() or entrant_kind(tournament)
    if kind not in KINDS:
        raise StandingsRequestError(kind)
    return "clubs" if kind == "clubs" else entrant_kind(tournament)


def bye_rule_for(tournament: Tournament) -> ByeRule:
    return ByeRule(
        score=tournament.bye_score,
        points=tournament.bye_points,
        wins=tournament.bye_wins,
    )


def _phase_id(phase) -> int | None:
    if phase is None or phase == "":
        return None
    if isinstance(phase, Phase):
        return phase.pk
    phase_id = parse_id(phase)  # bounded: a longer number overflows the database
    if phase_id is None:
        raise StandingsRequestError(phase)
    return phase_id


@dataclass(frozen=True, slots=True)
class StandingsInput:
    entrants: dict[int, EntrantInfo]
    games: list[GameRow]
    byes: list[ByeRow]


def standings_input(
    *,
    tournament: Tournament,
    after_round: int | None = None,
    phase=None,
    include_unconfirmed: bool = False,
) -> StandingsInput:
    """Read the plain rows the calculation needs: four queries (the one reader of
    events, :func:`standings.reader.read_events`)."""
    phase_id = _phase_id(phase)
    with without_gc():
        events, entries = read_events(
            [tournament.pk],
            lines=True,
            after_round=after_round,
            phase_id=phase_id,
            include_unconfirmed=include_unconfirmed,
        )
        event = events[tournament.pk]
        return StandingsInput(
            entrants=listed_entrants(event, entries),
            games=event.games,
            byes=event.byes,
        )


def standings_from_input(
    data: StandingsInput, *, tournament: Tournament, kind: str
) -> list[StandingRow] | list[ClubRow]:
    rows = compute_standings(
        data.entrants.values(),
        data.games,
        tiebreaks=tournament.tiebreak_list,
        byes=data.byes,
        bye_rule=bye_rule_for(tournament),
    )
    if kind == "clubs":
        return compute_club_standings(rows)
    return rows


# ---------------------------------------------------------------------- standings


def standings_for(
    *,
    tournament: Tournament,
    kind: str = "players",
    after_round: int | None = None,
    phase=None,
    include_unconfirmed: bool = False,
) -> list[StandingRow] | list[ClubRow]:
    """Return the ranked rows of players or teams (``StandingRow``) or of clubs.

    ``kind`` "players" and "teams" both mean the tournament's entrants; "clubs"
    ranks clubs. ``after_round`` counts rounds 1..n only; ``phase`` (a Phase or its
    id) only that phase's rounds. Four queries, whatever the size of the event.
    """
    kind = normalize_kind(tournament=tournament, kind=kind)
    data = standings_input(
        tournament=tournament,
        after_round=after_round,
        phase=phase,
        include_unconfirmed=include_unconfirmed,
    )
    return standings_from_input(data, tournament=tournament, kind=kind)


@dataclass(frozen=True, slots=True)
class Neighbour:
    """A row next to the entrant, and the first tiebreak that separates them."""

    row: StandingRow
    code: str | None
    mine: int | float | None
    theirs: int | float | None


@dataclass(frozen=True, slots=True)
class EntrantPage:
    row: StandingRow
    entrants: dict[int, EntrantInfo]
    above: Neighbour | None
    below: Neighbour | None
    tiebreaks: tuple[str, ...]
    total: int
    head_to_head_name: str = ""
    games_won_by: dict[int, int] = field(default_factory=dict)


def entrant_page_data(
    *,
    tournament: Tournament,
    entry,
    after_round: int | None = None,
    phase=None,
) -> EntrantPage | None:
    """Explain an entrant's position: games, tiebreak values and both neighbours.

    ``entry`` is an Entry or its id; ``None`` when the entrant is not listed.
    """
    entry_id = entry.pk if isinstance(entry, Entry) else int(entry)
    data = standings_input(tournament=tournament, after_round=after_round, phase=phase)
    rows = standings_from_input(data, tournament=tournament, kind="players")
    index = next((i for i, r in enumerate(rows) if r.entry_id == entry_id), None)
    if index is None:
        return None
    row = rows[index]
    codes = tuple(tournament.tiebreak_list)  # never empty: the default order

    def neighbour(other: StandingRow, upper: bool) -> Neighbour:
        if upper:
            code, theirs, mine = explain_order(other, row, codes)
        else:
            code, mine, theirs = explain_order(row, other, codes)
        return Neighbour(row=other, code=code, mine=mine, theirs=theirs)

    # The neighbours are the nearest rows with another rank, or a row sharing it.
    above = neighbour(rows[index - 1], True) if index > 0 else None
    below = neighbour(rows[index + 1], False) if index + 1 < len(rows) else None
    h2h_name = ""
    if row.head_to_head_with is not None and row.head_to_head_with in data.entrants:
        h2h_name = data.entrants[row.head_to_head_with].name
    return EntrantPage(
        row=row,
        entrants=data.entrants,
        above=above,
        below=below,
        tiebreaks=codes,
        total=len(rows),
        head_to_head_name=h2h_name,
        games_won_by={r.entry_id: r.games_won for r in rows},
    )


@dataclass(frozen=True, slots=True)
class ClubPage:
    club: ClubRow
    members: list[StandingRow]
    entrants: dict[int, EntrantInfo]
    total: int


def club_page_data(
    *,
    tournament: Tournament,
    club,
    after_round: int | None = None,
    phase=None,
) -> ClubPage | None:
    """Explain a club's position: its members' rows and how the percentage adds up."""
    club_id = getattr(club, "pk", club)
    data = standings_input(tournament=tournament, after_round=after_round, phase=phase)
    rows = standings_from_input(data, tournament=tournament, kind="players")
    clubs = compute_club_standings(rows)
    club_row = next((c for c in clubs if c.club_id == int(club_id)), None)
    if club_row is None:
        return None
    members = [r for r in rows if r.club_id == club_row.club_id]
    return ClubPage(
        club=club_row, members=members, entrants=data.entrants, total=len(clubs)
    )


# ------------------------------------------------------------------------- rounds


def public_rounds(*, tournament: Tournament) -> list[Round]:
    """The published and closed rounds, in order, with their phase (one query)."""
    return list(
        Round.objects.filter(tournament=tournament, status__in=PUBLIC_ROUND_STATUSES)
        .select_related("phase")
        .order_by("number")
    )


def public_phases(*, tournament: Tournament) -> list[Phase]:
    """The phases that have a public round (one query)."""
    return list(
        Phase.objects.filter(
            tournament=tournament, round_set__status__in=PUBLIC_ROUND_STATUSES
        )
        .distinct()
        .order_by("order")
    )


def current_round_number(*, tournament: Tournament) -> int | None:
    """The latest published or closed round's number, or None (one query)."""
    return (
        Round.objects.filter(tournament=tournament, status__in=PUBLIC_ROUND_STATUSES)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
