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
from django.utils import translation
from django.utils.translation import gettext, pgettext

from clubs import selectors as club_selectors
from clubs import services as club_services
from draws import services as draw_services
from draws import staged
from draws.simulation_games import play_game
from manille.draws.round_robin import round_robin_schedule
from manille.engine import InvalidDeal
from manille.knockout.pools import pool_count
from scoring import services as scoring
from scoring.models import ScoreSheet
from standings.brackets import phase_knockout
from tournaments import services
from tournaments.models import Entry, KnockoutMatch, Phase, Round, Table, Tournament

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
PAIR_DRAWS = {
    "swiss": Phase.DrawMethod.SWISS,
    "round_robin": Phase.DrawMethod.ROUND_ROBIN,
    "random": Phase.DrawMethod.RANDOM,
    "ladder": Phase.DrawMethod.LADDER,
    "pools": Phase.DrawMethod.POOLS,
}
FORMATS = ("individual", "pairs")

Progress = Callable[[str], None]
# What a simulation may raise besides its own SimulationError: a service's
# refusal or an impossible deal (a bug in the simulation, said as it is).
SERVICE_ERRORS = (ValidationError, InvalidDeal)


class SimulationError(ValueError):
    """The arguments cannot make an event; ``argument`` names the one at fault.

    The command prints it as its option (``--final must be even for pairs``).
    """

    def __init__(self, argument: str, reason: str) -> None:
        super().__init__(f"{argument} {reason}")
        self.argument = argument
        self.reason = reason


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
    pairs = format == "pairs"
    count = _entrant_count(
        format=format, players=players, teams=teams, rounds=rounds, final=final
    )
    if pairs and draw not in PAIR_DRAWS:
        raise SimulationError("draw", f"must be one of {', '.join(sorted(PAIR_DRAWS))}")
    staged = _staged_phases(
        pairs=pairs,
        count=count,
        draw=draw,
        pool_size=pool_size,
        knockout=knockout,
        final=final,
        language=language,
    )
    rng = random.Random(seed)
    user, second = _directors()
    phases = staged or _phases(
        pairs=pairs, rounds=rounds, final=final, draw=draw, language=language
    )
    tournament = _tournament_create(
        by=user,
        co_director=second,
        pairs=pairs,
        phases=phases,
        language=language,
        slug=slug or _sim_slug(format, count, rounds, final, seed, staged, knockout),
        name=name
        or f"Simulated {'pairs' if pairs else 'individual'} event "
        f"({count} {'teams' if pairs else 'players'}, seed {seed})",
    )
    people = _people_find_or_create(count=count * (2 if pairs else 1))
    _register(tournament, people, count=count, pairs=pairs)
    say(f"{count} entrants registered and present")
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


def _phases(
    *, pairs: bool, rounds: int, final: int, draw: str, language: str
) -> list[dict]:
    """Return the phases to create: the rounds, then the final if there is one."""
    # Phase names are data the directors see: write them in the event's language.
    with translation.override(language):
        phase_names = (
            gettext("Qualifying rounds"),
            gettext("Rounds"),
            pgettext("phase", "Final"),
        )
    qualifying = {
        "name": phase_names[0] if final else phase_names[1],
        "rounds": rounds,
        "draw_method": PAIR_DRAWS[draw] if pairs else Phase.DrawMethod.INDIVIDUAL,
    }
    if pairs:
        qualifying["games_per_table"] = 1
    phases = [qualifying]
    if final:
        qualifying["advancement"] = Phase.Advancement.TOP_N
        qualifying["advance_count"] = final
        final_phase = {
            "name": phase_names[2],
            "rounds": 1,
            "draw_method": Phase.DrawMethod.SEEDED,
        }
        if pairs:
            final_phase["games_per_table"] = 1
        phases.append(final_phase)
    return phases


def _sim_slug(format, count, rounds, final, seed, staged, knockout) -> str:
    if staged:
        return f"sim-{format}-{count}-pools-k{knockout}-s{seed}"
    return f"sim-{format}-{count}-r{rounds}-f{final}-s{seed}"


def _staged_phases(
    *,
    pairs: bool,
    count: int,
    draw: str,
    pool_size: int | None,
    knockout: int,
    final: int,
    language: str,
) -> list[dict] | None:
    """Return the phases of pools and/or a knockout, or None for the others."""
    if draw != "pools" and not knockout:
        if pool_size:
            raise SimulationError("pool-size", "needs --draw pools")
        return None
    if not pairs:
        raise SimulationError("draw", "pools and knockouts are simulated for pairs")
    if final:
        raise SimulationError("final", "and --knockout exclude each other")
    if knockout and not 2 <= knockout <= count:
        raise SimulationError("knockout", f"must be from 2 to {count}")
    with translation.override(language):
        names = (gettext("Pools"), gettext("Qualifying rounds"), gettext("Knockout"))
    if draw != "pools":
        raise SimulationError("knockout", "needs --draw pools")
    if not pool_size or pool_size < 2:
        raise SimulationError("pool-size", "must be at least 2 with --draw pools")
    split = [len(p) for p in _pool_sizes(count, pool_size)]
    rounds = max(len(round_robin_schedule(n)) for n in split)
    pools = {
        "name": names[0],
        "rounds": rounds,
        "draw_method": Phase.DrawMethod.POOLS,
        "games_per_table": 1,
        "pool_size": pool_size,
    }
    if not knockout:
        return [pools]
    per_pool, best_next = divmod(knockout, len(split))
    if per_pool < 1:
        raise SimulationError(
            "knockout", f"must be at least the number of pools ({len(split)})"
        )
    pools.update(
        advancement=Phase.Advancement.POOLS, per_pool=per_pool, best_next=best_next
    )
    return [pools, _knockout_phase(names[2], knockout)]


def _pool_sizes(count: int, size: int) -> list[range]:
    n = pool_count(count, size=size)
    return [range(count // n + (1 if i < count % n else 0)) for i in range(n)]


def _knockout_phase(name: str, entrants: int) -> dict:
    return {
        "name": name,
        "rounds": max(1, (entrants - 1).bit_length()),
        "draw_method": Phase.DrawMethod.KNOCKOUT,
        "games_per_table": 1,
        "best_of": 1,
        "third_place": True,
    }


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
        _settle_level_matches(phase, rng, user)
        played = PlayedRound(rnd.number, rnd.tables.count(), time.monotonic() - started)
        built.rounds.append(played)
        say(
            f"round {played.number}: {played.tables} tables played and "
            f"confirmed in {played.seconds:.1f} s"
        )


def _settle_level_matches(phase: Phase, rng: random.Random, user) -> None:
    """Decide a knockout match whose game ended level, as a director would."""
    if phase.draw_method != Phase.DrawMethod.KNOCKOUT:
        return
    state = phase_knockout(phase=phase)
    for where in state.undecided if state else ():
        match = KnockoutMatch.objects.get(
            phase=phase, bracket=where[0], round_index=where[1], match_index=where[2]
        )
        staged.knockout_match_decide(
            match=match,
            winner=rng.choice("ab"),
            decision=KnockoutMatch.Decision.DIRECTOR,
            reason="level game: the director drew lots",
            by=user,
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
