"""Simulate a club's season of evenings through the same services the managers use.

The engine of ``manage.py simulate_season``, the demo and the tests: it returns
what it built (a :class:`SimulatedSeason`) so that a caller reads the season
itself, not a command's printed lines. Every evening goes through the services a
club manager's screens call (new evening, who came, draw, results, close), with
attendance that varies from evening to evening and fixed substitutes coming in
for some absent members.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs import selectors as club_selectors
from clubs import services as club_services
from clubs.models import Club, Player
from draws import services as draw_services
from draws.simulation import FIRST, LAST, Progress, SimulationError, play_game
from scoring import services as scoring
from series import services
from series.models import Series
from tournaments import services as tournament_services
from tournaments.models import Entry, Phase, Table, Tournament

# Fewer present cannot fill a table of four: the evening is not played.
MIN_PRESENT = 4


@dataclass(frozen=True)
class PlayedEvening:
    """One evening of the season: who came, and whether it could be played."""

    number: int
    tournament: Tournament
    present: int
    played: bool  # False when fewer than four came


@dataclass
class SimulatedSeason:
    """What :func:`season_simulate` built, for its caller to read or print."""

    series: Series
    club: Club
    manager: object  # the club's manager, who ran every evening
    members: list[Player]
    seconds: float = 0.0  # the whole simulation, wall-clock
    evenings: list[PlayedEvening] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return self.series.slug


def season_simulate(
    *,
    players: int = 40,
    evenings: int = 12,
    rounds: int = 3,
    seed: int = 1,
    name: str | None = None,
    language: str = "nl",
    progress: Progress | None = None,
) -> SimulatedSeason:
    """Play a club's season through the managers' services; return what it built.

    A new club (``name``, else "Simulated club <seed>"; a taken name gets a
    number) gets ``players`` members, one in five with a fixed substitute, and a
    manager who is not staff; its season ranks by ranking points over the best
    ``evenings - 2``. Evenings come a week apart; the first one's settings (totals
    entered, ``rounds`` individual rounds) are copied by every later one, as a
    manager's "New evening" does. The same ``seed`` gives the same season. Each
    evening is told to ``progress`` as a line. Raises :class:`SimulationError`
    for arguments that cannot make a season; a service's refusal
    (``draws.simulation.SERVICE_ERRORS``) is raised as it is.
    """
    started = time.monotonic()
    say = progress or _silent
    if players < 8:
        raise SimulationError("players", "must be at least 8")
    if evenings < 1:
        raise SimulationError("evenings", "must be at least 1")
    if rounds < 1:
        raise SimulationError("rounds", "must be at least 1")
    rng = random.Random(seed)
    club = _club_create(name=name, seed=seed)
    manager = _manager(club)
    members = _members_create(club, players, by=manager)
    series = _series_create(club=club, by=manager, evenings=evenings, language=language)
    built = SimulatedSeason(series=series, club=club, manager=manager, members=members)
    start = timezone.localdate()
    for n in range(evenings):
        evening = _evening_open(
            built,
            date=start + datetime.timedelta(days=7 * n),
            rounds=rounds,
            first=n == 0,
        )
        attendance = 0.55 + 0.4 * rng.random()
        present = _check_in(evening, rng, attendance)
        played = present >= MIN_PRESENT
        if played:
            _play(evening, rng, by=manager, seed=seed * 1000 + n * 10)
        built.evenings.append(PlayedEvening(n + 1, evening, present, played))
        say(
            f"evening {n + 1}: {present} players"
            if played
            else f"evening {n + 1}: {present} came, not played"
        )
    built.seconds = time.monotonic() - started
    say(f"{evenings} evenings in {built.seconds:.1f} s")
    return built


def _silent(line: str) -> None:
    """Tell no one (no ``progress`` given)."""


# ------------------------------------------------------------------ setup


def _manager(club: Club):
    """The club's manager: not staff, he runs the club's evenings only."""
    user, created = get_user_model().objects.get_or_create(
        username=f"manager-{club.pk}"
    )
    if created:
        user.set_unusable_password()
        user.save()
    club.managers.add(user)
    return user


def _club_create(*, name: str | None, seed: int) -> Club:
    """Create the season's club on a name no club has yet."""
    base = name or f"Simulated club {seed}"
    name, n = base, 1
    while club_selectors.club_find(name=name) is not None:
        n += 1
        name = f"{base} ({n})"
    return club_services.club_create(name=name, short_name=f"S{seed}")


def _members_create(club: Club, count: int, *, by) -> list[Player]:
    """Create ``count`` members; one in five gets a fixed substitute."""
    members = []
    for index in range(count):
        first = FIRST[index % len(FIRST)]
        last = LAST[(index * 5 + index // len(FIRST)) % len(LAST)]
        if index >= len(FIRST):
            last = f"{last}-{LAST[(index // len(FIRST)) % len(LAST)]}"
        members.append(
            club_services.player_create(
                first_name=first,
                last_name=last,
                club=club,
                member_number=str(index + 1),
            )
        )
    for index, member in enumerate(members[::5]):
        substitute = club_services.player_create(
            first_name=FIRST[(index * 7 + 3) % len(FIRST)],
            # Substitutes belong to no club: the club's number keeps two
            # simulated clubs' substitutes apart.
            last_name=f"{LAST[index % len(LAST)]} ({club.short_name}-{club.pk})",
        )
        club_services.player_update(player=member, by=by, substitute=substitute)
    return members


def _series_create(*, club: Club, by, evenings: int, language: str) -> Series:
    """Create the club's season: ranking points, the best ``evenings - 2`` count."""
    season = timezone.localdate().year
    return services.series_create(
        by=by,
        name=f"{club.name} {season}–{season + 1}",
        club=club,
        kind=Series.Kind.SEASON,
        ranking=Series.Ranking.RANKING_POINTS,
        best_of=max(1, evenings - 2),
        min_events=max(1, evenings // 3),
        language=language,
    )


# ------------------------------------------------------------------ play


def _evening_open(
    built: SimulatedSeason, *, date: datetime.date, rounds: int, first: bool
) -> Tournament:
    """Open the season's next evening; the first one gets the settings all copy."""
    evening = services.evening_new(series=built.series, by=built.manager, date=date)
    if first:
        phase = evening.phases.get()
        tournament_services.tournament_update(
            tournament=evening,
            by=built.manager,
            entry_mode=Tournament.EntryMode.TOTALS,
            phases=[
                {
                    "id": phase.pk,
                    "name": phase.name,
                    "rounds": rounds,
                    "draw_method": Phase.DrawMethod.INDIVIDUAL,
                }
            ],
        )
        evening.refresh_from_db()
    return evening


def _check_in(tournament: Tournament, rng: random.Random, attendance: float) -> int:
    """Check in who came: members by ``attendance``, substitutes for some absent.

    Return how many are present.
    """
    entries = list(Entry.objects.filter(tournament=tournament))
    came = {
        e.player_id
        for e in entries
        if e.plays_for_id is None and (rng.random() < attendance)
    }
    for entry in entries:
        if entry.plays_for_id is None:
            present = entry.player_id in came
        else:
            present = entry.plays_for_id not in came and rng.random() < 0.7
        if present:
            tournament_services.entry_set_present(entry=entry, present=True)
    return Entry.objects.filter(
        tournament=tournament, status=Entry.Status.PRESENT
    ).count()


def _play(tournament: Tournament, rng: random.Random, *, by, seed: int) -> None:
    """Draw, publish, enter, confirm and close every round of the evening."""
    rules = tournament.rules()
    for phase in Phase.objects.filter(tournament=tournament).order_by("order"):
        for i in range(phase.rounds):
            rnd = draw_services.round_draw(phase=phase, by=by, seed=seed + i)
            draw_services.round_publish(round=rnd, by=by)
            tables = Table.objects.filter(round=rnd).select_related("sheet")
            for table in tables.order_by("number"):
                data = {
                    g.number: play_game(rng, tournament, rules)
                    for g in table.games.order_by("number")
                }
                sheet = scoring.sheet_save(
                    sheet=table.sheet, data=data, by=by, version=table.sheet.version
                )
                scoring.sheet_confirm(sheet=sheet, by=by, version=sheet.version)
            scoring.round_close(round=rnd, by=by)
