"""Simulate a whole tournament through the same services the directors use.

The engine of ``manage.py simulate_tournament``, the demo and the tests: it returns
what it built (a :class:`SimulatedTournament`) so that a caller reads the event
itself, not a command's printed lines. Every step goes through the services a
director's screens call (register, check in, draw, publish, enter, confirm,
close, advance), so a simulated event is one the site could have made.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction

from clubs import selectors as club_selectors
from clubs import services as club_services
from draws import services as draw_services
from draws.simulation_games import play_game
from draws.simulation_phases import (
    FORMATS,
    PAIR_DRAWS,
    SimulationError,
    phase_rows,
    settle_level_matches,
    simulation_slug,
    staged_phase_rows,
)
from manille.engine import InvalidDeal
from scoring import services as scoring
from scoring.models import ScoreSheet
from tournaments import services
from tournaments.models import Entry, Phase, Round, Table, Tournament

CLUB_NAMES = [
    "De Zotte Manille",
    "Plankierkoarters",
    "Troefboer",
    "Cercle Manille",
    "Sans Atout",
    "De Ketjes",
    "Den Hazewind",
    "Manillon Deerlijk",
    "Klavertje Vier",
    "Les Piques",
    "Harten Troef",
    "Den Blinden",
]
FIRST = [
    "Jan", "Éric", "Annick", "Luc", "Marie", "Geert", "Hélène", "Koen", "Rita",
    "Dirk", "Chantal", "Pieter", "Nathalie", "Filip", "Sofie", "Rik", "Els",
    "Patrick", "Mieke", "Noël", "Ann", "Wim", "Brigitte", "Stijn",
]  # fmt: skip
LAST = [
    "Vandamme", "Lefebvre", "Claeys", "Ghesquière", "Desmet", "Vermeulen",
    "Dewulf", "Maes", "Verhaeghe", "Lambrecht", "Debaene", "Vanhoutte",
]  # fmt: skip
Progress = Callable[[str], None]
# What a simulation may raise besides its own SimulationError: a service's
# refusal or an impossible deal (a bug in the simulation, said as it is).
SERVICE_ERRORS = (ValidationError, InvalidDeal)


@dataclass(frozen=True)
class PlayedRound:
    """A round drawn, published, entered, confirmed and closed."""

    number: int
    tables: int
    seconds: float


@dataclass(frozen=True)
class Advancement:
    """The qualifiers a finished phase sent to the next one."""

    count: int
    phase: str  # the next phase's name


@dataclass
class SimulatedTournament:
    """What :func:`tournament_simulate` built, for its caller to read or print."""

    tournament: Tournament
    director: object  # the user who ran it (``director``)
    co_director: object  # the second director (``director2``)
    entrants: int = 0
    confirmed: int = 0  # score sheets confirmed, over every round
    seconds: float = 0.0  # the whole simulation, wall-clock
    rounds: list[PlayedRound] = field(default_factory=list)  # closed, in order
    advanced: list[Advancement] = field(default_factory=list)
    open_round: Round | None = None  # published and left with no result

    @property
    def slug(self) -> str:
        return self.tournament.slug


# ------------------------------------------------------------------ the event


def tournament_simulate(
    *,
    players: int = 64,
    format: str = "individual",
    teams: int | None = None,
    rounds: int = 3,
    final: int = 0,
    draw: str = "swiss",
    seed: int = 1,
    slug: str | None = None,
    name: str | None = None,
    language: str = "nl",
    leave_open: bool = False,
    progress: Progress | None = None,
    pool_size: int | None = None,
    knockout: int = 0,
) -> SimulatedTournament:
    """Play a whole event through the directors' services; return what it built.

    Clubs and players are found or created, registered and checked in; every
    round is drawn (seeded by ``seed``: the same arguments give the same event),
    published, entered, confirmed (twice when the rules ask for double entry)
    and closed; after the qualifying rounds the best ``final`` advance to a
    seeded final. ``teams`` (pairs) defaults to half the ``players``; ``draw``
    is the pairs' draw method (a key of ``PAIR_DRAWS``). With ``leave_open`` the
    last round stays published with no result, for a visitor to enter. Each step
    is told to ``progress`` as a line as it ends (a 576-player event takes a
    while). Pairs may play pools (``draw="pools"``, ``pool_size``: every pool's
    round robin, ``rounds`` is then the pools'), and ``knockout`` entrants may go
    on to a knockout (from pools: the first of each pool and the best of the
    next place to fill it), with a match for third place. Raises
    :class:`SimulationError` for arguments that cannot make an event; a
    service's refusal (``SERVICE_ERRORS``) is raised as it is.
    """
    started = time.monotonic()
    say = progress or _silent
    tournament, user, second = tournament_setup(
        players=players,
        format=format,
        teams=teams,
        rounds=rounds,
        final=final,
        draw=draw,
        seed=seed,
        slug=slug,
        name=name,
        language=language,
        pool_size=pool_size,
        knockout=knockout,
        say=say,
    )
    rng = random.Random(seed)
    built = SimulatedTournament(
        tournament=tournament, director=user, co_director=second
    )
    _play_phases(built, rng=rng, seed=seed, leave_open=leave_open, say=say)
    built.confirmed = ScoreSheet.objects.filter(
        table__round__tournament=tournament, status=ScoreSheet.Status.CONFIRMED
    ).count()
    built.entrants = Entry.objects.filter(tournament=tournament).count()
    built.seconds = time.monotonic() - started
    say(
        f"{built.entrants} entrants, {built.confirmed} sheets confirmed in "
        f"{built.seconds:.1f} s"
    )
    return built


def tournament_setup(
    *,
    players: int,
    format: str,
    teams: int | None,
    rounds: int,
    final: int,
    draw: str,
    seed: int,
    slug: str | None,
    name: str | None,
    language: str,
    pool_size: int | None = None,
    knockout: int = 0,
    say: Progress = None,
) -> tuple[Tournament, object, object]:
    """Check the arguments, create the event and its phases, register and check
    in its entrants; return it with its director and co-director (the first half
    of :func:`tournament_simulate`, and of the simulation with prizes)."""
    say = say or _silent
    pairs = format == "pairs"
    count = _entrant_count(
        format=format, players=players, teams=teams, rounds=rounds, final=final
    )
    if pairs and draw not in PAIR_DRAWS:
        raise SimulationError("draw", f"must be one of {', '.join(sorted(PAIR_DRAWS))}")
    staged = staged_phase_rows(
        pairs=pairs,
        count=count,
        draw=draw,
        pool_size=pool_size,
        knockout=knockout,
        final=final,
        language=language,
    )
    user, second = _directors()
    phases = staged or phase_rows(
        pairs=pairs, rounds=rounds, final=final, draw=draw, language=language
    )
    tournament = _tournament_create(
        by=user,
        co_director=second,
        pairs=pairs,
        phases=phases,
        language=language,
        slug=slug
        or simulation_slug(format, count, rounds, final, seed, staged, knockout),
        name=name
        or f"Simulated {'pairs' if pairs else 'individual'} event "
        f"({count} {'teams' if pairs else 'players'}, seed {seed})",
    )
    people = _people_find_or_create(count=count * (2 if pairs else 1))
    _register(tournament, people, count=count, pairs=pairs)
    say(f"{count} entrants registered and present")
    return tournament, user, second


def tournament_play(
    *,
    tournament: Tournament,
    seed: int = 1,
    leave_open: bool = False,
    progress: Progress | None = None,
) -> SimulatedTournament:
    """Play an event already set up and registered (its phases, its entrants
    present), as :func:`tournament_simulate` plays the one it creates: the day of
    an event pulled from the web site, at the hall."""
    say = progress or _silent
    user, second = _directors()
    built = SimulatedTournament(
        tournament=tournament, director=user, co_director=second
    )
    rng = random.Random(seed)
    _play_phases(built, rng=rng, seed=seed, leave_open=leave_open, say=say)
    built.entrants = Entry.objects.filter(tournament=tournament).count()
    built.confirmed = ScoreSheet.objects.filter(
        table__round__tournament=tournament, status=ScoreSheet.Status.CONFIRMED
    ).count()
    return built


def _silent(line: str) -> None:
    """Tell no one (no ``progress`` given)."""


def _entrant_count(
    *, format: str, players: int, teams: int | None, rounds: int, final: int
) -> int:
    """Check the arguments; return how many players (or teams) enter."""
    if format not in FORMATS:
        raise SimulationError("format", f"must be one of {', '.join(FORMATS)}")
    if rounds < 1:
        raise SimulationError("rounds", "must be at least 1")
    if format == "pairs":
        count = teams or max(2, players // 2)
        if final and final % 2:
            raise SimulationError("final", "must be even for pairs")
    else:
        count = players
        if count < 4:
            raise SimulationError("players", "must be at least 4")
        if final and final % 4:
            raise SimulationError("final", "must be a multiple of 4 (tables of four)")
    if final and final > count:
        raise SimulationError("final", "cannot exceed the number of entrants")
    return count


def _directors():
    """Return the director who runs the event and the second one who co-directs.

    ``director`` (password "manille" when made here) is staff, not a superuser.
    """
    users = get_user_model().objects
    user, created = users.get_or_create(
        username="director",
        defaults={"is_staff": True},  # not a superuser
    )
    if created:
        user.set_password("manille")
        user.save()
    second, _created = users.get_or_create(
        username="director2", defaults={"is_staff": True}
    )
    return user, second


def _tournament_create(
    *, by, co_director, pairs: bool, phases, language: str, slug: str, name: str
) -> Tournament:
    """Create the tournament and its phases on a free slug; the second co-directs."""
    tournament = services.tournament_create(
        by=by,
        name=name,
        slug=_slug_free(slug),
        date=datetime.date.today(),  # noqa: DTZ011 - a local calendar day
        venue="Harelbeke",
        format=Tournament.Format.PAIRS if pairs else Tournament.Format.INDIVIDUAL,
        phases=phases,
        language=language,
    )
    services.tournament_add_director(tournament=tournament, user=co_director, by=by)
    return tournament


def _slug_free(base: str) -> str:
    """Return ``base``, or ``base-2``, ``base-3``… the first no tournament has."""
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _people_find_or_create(*, count: int) -> list:
    """Return ``count`` players spread over clubs (found or created).

    The same count gives the same names in the same clubs, so a second event
    simulated in one database meets the first one's players again.
    """
    clubs_needed = max(1, min(len(CLUB_NAMES) * 4, (count + 23) // 24))
    clubs = []
    for i in range(clubs_needed):
        base = CLUB_NAMES[i % len(CLUB_NAMES)]
        name = base if i < len(CLUB_NAMES) else f"{base} {i // len(CLUB_NAMES) + 1}"
        club = club_selectors.club_find(name=name) or club_services.club_create(
            name=name, short_name=f"C{i + 1}", city=""
        )
        clubs.append(club)
    players = []
    per_club = (count + len(clubs) - 1) // len(clubs)
    for index in range(count):
        club_index = index // per_club
        club = clubs[club_index]
        k = index % per_club
        first = FIRST[k % len(FIRST)]
        last = LAST[(k * 5 + club_index + k // len(FIRST)) % len(LAST)]
        if k >= len(FIRST):
            last = f"{last}-{LAST[(k // len(FIRST)) % len(LAST)]}"
        player = club_selectors.player_find(
            first_name=first, last_name=last, club=club
        ) or club_services.player_create(first_name=first, last_name=last, club=club)
        players.append(player)
    return players


@transaction.atomic
def _register(tournament: Tournament, people, *, count: int, pairs: bool) -> None:
    """Register ``count`` entrants (teams of two people, or people) as present."""
    for index in range(count):
        if pairs:
            one, two = people[2 * index], people[2 * index + 1]
            name = f"{one.last_name} – {two.last_name} {index + 1}"
            team = club_selectors.team_find(
                name=name, club=one.club
            ) or club_services.team_create(
                name=name, club=one.club, player_one=one, player_two=two
            )
            entry = services.entry_register(tournament=tournament, team=team)
        else:
            entry = services.entry_register(tournament=tournament, player=people[index])
        services.entry_set_present(entry=entry, present=True)


# ------------------------------------------------------------------ the play


def _play_phases(
    built: SimulatedTournament, *, rng, seed: int, leave_open: bool, say: Progress
) -> None:
    """Play the phases in order; after each but the last, advance its qualifiers."""
    phase_list = list(built.tournament.phases.order_by("order"))
    last_phase = phase_list[-1]
    for phase in phase_list:
        _run_phase(
            built,
            phase,
            rng=rng,
            seed=seed * 1000 + phase.order * 100,
            leave_last_open=leave_open and phase == last_phase,
            say=say,
        )
        if phase != last_phase:
            result = draw_services.phase_advance(phase=phase, by=built.director)
            built.advanced.append(Advancement(result.count, result.next_phase.name))
            say(f"{result.count} qualifiers advance to {result.next_phase.name}")


def _run_phase(
    built: SimulatedTournament,
    phase: Phase,
    *,
    rng,
    seed: int,
    leave_last_open: bool,
    say: Progress,
) -> None:
    """Draw, publish, play and close every round of a phase."""
    user = built.director
    phase.refresh_from_db()  # a knockout's rounds are set when it is seeded
    for i in range(phase.rounds):
        rnd = draw_services.round_draw(phase=phase, by=user, seed=seed + i)
        draw_services.round_publish(round=rnd, by=user)
        if leave_last_open and i == phase.rounds - 1:
            built.open_round = rnd
            return
        started = time.monotonic()
        _play_round(rnd, rng, user, built.co_director)
        scoring.round_close(round=rnd, by=user)
        settle_level_matches(phase, rng, user)
        played = PlayedRound(rnd.number, rnd.tables.count(), time.monotonic() - started)
        built.rounds.append(played)
        say(
            f"round {played.number}: {played.tables} tables played and "
            f"confirmed in {played.seconds:.1f} s"
        )


def _play_round(rnd: Round, rng: random.Random, user, second) -> None:
    """Enter every table's games (twice with double entry) and confirm the sheets."""
    tournament = rnd.tournament
    rules = tournament.rules()
    tables = list(
        Table.objects.filter(round=rnd).select_related("sheet").order_by("number")
    )
    for table in tables:
        games = list(table.games.order_by("number"))
        data = {g.number: play_game(rng, tournament, rules) for g in games}
        sheet = table.sheet
        sheet = scoring.sheet_save(
            sheet=sheet, data=data, by=user, version=sheet.version
        )
        if tournament.double_entry:
            sheet = scoring.sheet_save(
                sheet=sheet, data=data, by=second, version=sheet.version, copy=2
            )
        scoring.sheet_confirm(sheet=sheet, by=user, version=sheet.version)
