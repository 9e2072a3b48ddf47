"""Simulate a club's season of evenings through the same services the managers use."""

from __future__ import annotations

import datetime
import random
import time

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from clubs import selectors as club_selectors
from clubs import services as club_services
from clubs.models import Club
from draws import services as draw_services
from draws.management.commands.simulate_tournament import FIRST, LAST, play_game
from scoring import services as scoring
from scoring.engine import InvalidDeal
from scoring.services import EntryError
from series import services
from series.models import Series
from tournaments import services as tournament_services
from tournaments.models import Entry, Phase, Table, Tournament


class Command(BaseCommand):
    help = (
        "Create a club with members (some with a fixed substitute) and its season, "
        "then play its evenings through the managers' services: new evening, "
        "check-in with varying attendance, draw, results, close. Prints the time "
        "taken and, on its last line, the series' slug."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument("--evenings", type=int, default=12)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default=None, help="The club's name.")
        parser.add_argument("--language", default="nl", choices=["nl", "fr", "en"])

    def _say(self, text: str) -> None:
        if self.verbosity > 0:
            self.stderr.write(text)

    # ------------------------------------------------------------------ setup

    def _manager(self, club: Club):
        """The club's manager: not staff, he runs the club's evenings only."""
        user, created = get_user_model().objects.get_or_create(
            username=f"manager-{club.pk}"
        )
        if created:
            user.set_unusable_password()
            user.save()
        club.managers.add(user)
        return user

    def _club(self, name: str | None, seed: int) -> Club:
        base = name or f"Simulated club {seed}"
        name, n = base, 1
        while club_selectors.club_find(name=name) is not None:
            n += 1
            name = f"{base} ({n})"
        return club_services.club_create(name=name, short_name=f"S{seed}")

    def _members(self, club: Club, count: int, *, by):
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

    # ------------------------------------------------------------------ play

    def _check_in(self, tournament: Tournament, rng: random.Random, attendance):
        """Check in who came: members by ``attendance``, substitutes for some absent."""
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

    def _play(self, tournament: Tournament, rng: random.Random, *, by, seed: int):
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

    def handle(self, *args, **options):
        self.verbosity = options["verbosity"]
        started = time.monotonic()
        players, evenings = options["players"], options["evenings"]
        if players < 8:
            raise CommandError("--players must be at least 8")
        if evenings < 1:
            raise CommandError("--evenings must be at least 1")
        if options["rounds"] < 1:
            raise CommandError("--rounds must be at least 1")
        seed = options["seed"]
        rng = random.Random(seed)
        try:
            club = self._club(options["name"], seed)
            manager = self._manager(club)
            self._members(club, players, by=manager)
            season = timezone.localdate().year
            series = services.series_create(
                by=manager,
                name=f"{club.name} {season}–{season + 1}",
                club=club,
                kind=Series.Kind.SEASON,
                ranking=Series.Ranking.RANKING_POINTS,
                best_of=max(1, evenings - 2),
                min_events=max(1, evenings // 3),
                language=options["language"],
            )
            start = timezone.localdate()
            for n in range(evenings):
                evening = services.evening_new(
                    series=series,
                    by=manager,
                    date=start + datetime.timedelta(days=7 * n),
                )
                if n == 0:
                    # The first evening's settings, which every later one copies.
                    phase = evening.phases.get()
                    tournament_services.tournament_update(
                        tournament=evening,
                        by=manager,
                        entry_mode=Tournament.EntryMode.TOTALS,
                        phases=[
                            {
                                "id": phase.pk,
                                "name": phase.name,
                                "rounds": options["rounds"],
                                "draw_method": Phase.DrawMethod.INDIVIDUAL,
                            }
                        ],
                    )
                    evening.refresh_from_db()
                attendance = 0.55 + 0.4 * rng.random()
                present = self._check_in(evening, rng, attendance)
                if present < 4:
                    self._say(f"evening {n + 1}: {present} came, not played")
                    continue
                self._play(evening, rng, by=manager, seed=seed * 1000 + n * 10)
                self._say(f"evening {n + 1}: {present} players")
        except (ValidationError, EntryError, InvalidDeal) as exc:
            raise CommandError(str(exc)) from exc
        self._say(f"{evenings} evenings in {time.monotonic() - started:.1f} s")
        self.stdout.write(f"time: {time.monotonic() - started:.1f} s")
        self.stdout.write(series.slug)
