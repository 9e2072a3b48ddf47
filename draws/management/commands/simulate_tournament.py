"""Simulate a whole tournament through the same services the directors use."""

from __future__ import annotations

import datetime
import random
import time

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, pgettext

from clubs import selectors as club_selectors
from clubs import services as club_services
from draws import services as draw_services
from scoring import services as scoring
from scoring.engine import SUIT_SYMBOLS, Deal, InvalidDeal, Trump, score_game
from scoring.models import ScoreSheet
from scoring.services import DealInput, EntryError, GameInput
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
TRUMPS = list(SUIT_SYMBOLS)  # the four suits
# The deck's card points: 4 × (10, A, K, Q, J, 9, 8, 7).
DECK = [5, 4, 3, 2, 1, 0, 0, 0] * 4
PAIR_DRAWS = {
    "swiss": Phase.DrawMethod.SWISS,
    "round_robin": Phase.DrawMethod.ROUND_ROBIN,
    "random": Phase.DrawMethod.RANDOM,
    "ladder": Phase.DrawMethod.LADDER,
}


def random_deal(rng: random.Random, tournament: Tournament, declarer: int) -> DealInput:
    """Return a random but possible deal with a realistic mix of the rules' events."""
    trump = Trump.NO_TRUMP.value if rng.random() < 0.18 else rng.choice(TRUMPS)
    knocks = 0
    if tournament.max_knocks != 0:
        roll = rng.random()
        knocks = 2 if roll < 0.02 else 1 if roll < 0.12 else 0
        if tournament.max_knocks is not None:
            knocks = min(knocks, tournament.max_knocks)
    blind = tournament.blind_doubles and rng.random() < 0.03
    passed = rng.random() < 0.15
    revoke = None
    if rng.random() < 0.015:
        revoke = rng.randrange(2)
        return DealInput(
            trump=trump,
            points_a=0,
            points_b=0,
            knocks=knocks,
            blind=blind,
            passed=passed,
            declarer=declarer,
            revoke=revoke,
        )
    # Deal the tricks: side A takes k of 8, i.e. 4k cards of the deck.
    k = sum(rng.random() < 0.5 for _ in range(8))
    cards = DECK[:]
    rng.shuffle(cards)
    points_a = sum(cards[: 4 * k])
    tricks_a = None
    total = 60
    if tournament.trick_points:
        points_a += k
        tricks_a = k
        total = 68
    return DealInput(
        trump=trump,
        points_a=points_a,
        points_b=total - points_a if tournament.type_both_sides else None,
        knocks=knocks,
        blind=blind,
        passed=passed,
        declarer=declarer,
        revoke=revoke,
        tricks_a=tricks_a,
    )


def play_game(rng: random.Random, tournament: Tournament, rules) -> GameInput:
    """Play deals until the engine says the game has ended."""
    deals: list[DealInput] = []
    engine_deals: list[Deal] = []
    total = rules.total
    for number in range(200):
        deal = random_deal(rng, tournament, number % 2)
        a = deal.points_a or 0
        b = deal.points_b if deal.points_b is not None else total - a
        if deal.revoke is not None:
            a = b = 0
        engine_deals.append(
            Deal(
                points=(a, b),
                trump=deal.trump,
                knocks=deal.knocks,
                blind=deal.blind,
                revoke=deal.revoke,
                tricks=None
                if deal.tricks_a is None
                else (deal.tricks_a, 8 - deal.tricks_a),
                declarer=deal.declarer,
            )
        )
        deals.append(deal)
        if score_game(engine_deals, rules).finished:
            break
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        result = score_game(engine_deals, rules)
        return GameInput(totals=result.totals)
    return GameInput(deals)


class Command(BaseCommand):
    help = (
        "Create clubs and players, register and check them in, draw, play, enter "
        "and confirm every round through the directors' services, close the rounds "
        "and advance the final. Prints the tournament's slug on its last line."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=64)
        parser.add_argument(
            "--format", choices=["individual", "pairs"], default="individual"
        )
        parser.add_argument("--teams", type=int, default=None)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument(
            "--final",
            type=int,
            default=0,
            help="How many reach the final (0: no final).",
        )
        parser.add_argument("--draw", choices=sorted(PAIR_DRAWS), default="swiss")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--slug", default=None)
        parser.add_argument("--name", default=None, help="The tournament's name.")
        parser.add_argument(
            "--language",
            default="nl",
            choices=["nl", "fr", "en"],
            help="The event's default language (public pages, PDFs, phase names).",
        )
        parser.add_argument(
            "--leave-open",
            action="store_true",
            help="Leave the last round published with no results (for the demo).",
        )

    # ------------------------------------------------------------------ setup

    def _director(self):
        user, created = get_user_model().objects.get_or_create(
            username="director",
            defaults={"is_staff": True},  # not a superuser
        )
        if created:
            user.set_password("manille")
            user.save()
        return user

    def _slug(self, base: str) -> str:
        slug, n = base, 1
        while Tournament.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        return slug

    def _people(self, count: int, rng: random.Random):
        """Return ``count`` players spread over clubs (found or created)."""
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
            ) or club_services.player_create(
                first_name=first, last_name=last, club=club
            )
            players.append(player)
        return players

    # ------------------------------------------------------------------ play

    def _play_round(self, rnd: Round, rng: random.Random, user, second) -> None:
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

    def _run_phase(self, phase, *, rng, user, second, seed, leave_last_open):
        """Draw, publish, play and close every round of a phase."""
        rnd = None
        for i in range(phase.rounds):
            rnd = draw_services.round_draw(phase=phase, by=user, seed=seed + i)
            draw_services.round_publish(round=rnd, by=user)
            if leave_last_open and i == phase.rounds - 1:
                return rnd
            started = time.monotonic()
            self._play_round(rnd, rng, user, second)
            scoring.round_close(round=rnd, by=user)
            self._say(
                f"round {rnd.number}: {rnd.tables.count()} tables played and "
                f"confirmed in {time.monotonic() - started:.1f} s"
            )
        return rnd

    def _say(self, text: str) -> None:
        if self.verbosity > 0:
            self.stderr.write(text)

    def handle(self, *args, **options):
        self.verbosity = options["verbosity"]
        started = time.monotonic()
        pairs = options["format"] == "pairs"
        seed = options["seed"]
        rng = random.Random(seed)
        count = self._entrant_count(options, pairs=pairs)
        user = self._director()
        second, _created = get_user_model().objects.get_or_create(
            username="director2", defaults={"is_staff": True}
        )
        try:
            tournament = self._tournament(
                options, pairs=pairs, count=count, user=user, second=second
            )
            people = self._people(count * (2 if pairs else 1), rng)
            self._register(tournament, people, count=count, pairs=pairs)
            self._say(f"{count} entrants registered and present")
            self._play_phases(
                tournament,
                rng=rng,
                user=user,
                second=second,
                seed=seed,
                leave_open=options["leave_open"],
            )
        except (ValidationError, EntryError, InvalidDeal) as exc:
            raise CommandError(str(exc)) from exc

        confirmed = ScoreSheet.objects.filter(
            table__round__tournament=tournament, status=ScoreSheet.Status.CONFIRMED
        ).count()
        entries = Entry.objects.filter(tournament=tournament).count()
        self._say(
            f"{entries} entrants, {confirmed} sheets confirmed in "
            f"{time.monotonic() - started:.1f} s"
        )
        self.stdout.write(tournament.slug)

    def _entrant_count(self, options, *, pairs: bool) -> int:
        """Check the arguments; return how many players (or teams) enter."""
        rounds = options["rounds"]
        final = options["final"]
        if rounds < 1:
            raise CommandError("--rounds must be at least 1")
        if pairs:
            count = options["teams"] or max(2, options["players"] // 2)
            if final and final % 2:
                raise CommandError("--final must be even for pairs")
        else:
            count = options["players"]
            if count < 4:
                raise CommandError("--players must be at least 4")
            if final and final % 4:
                raise CommandError("--final must be a multiple of 4 (tables of four)")
        if final and final > count:
            raise CommandError("--final cannot exceed the number of entrants")
        return count

    def _phases(self, options, *, pairs: bool) -> list[dict]:
        """Return the phases to create: the rounds, then the final if there is one."""
        final = options["final"]
        # Phase names are data the directors see: write them in the event's language.
        with translation.override(options["language"]):
            phase_names = (
                gettext("Qualifying rounds"),
                gettext("Rounds"),
                pgettext("phase", "Final"),
            )
        qualifying = {
            "name": phase_names[0] if final else phase_names[1],
            "rounds": options["rounds"],
            "draw_method": PAIR_DRAWS[options["draw"]]
            if pairs
            else Phase.DrawMethod.INDIVIDUAL,
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

    def _tournament(self, options, *, pairs, count, user, second) -> Tournament:
        """Create the tournament with its phases; the second user co-directs."""
        seed, rounds, final = options["seed"], options["rounds"], options["final"]
        base = options["slug"] or (
            f"sim-{options['format']}-{count}-r{rounds}-f{final}-s{seed}"
        )
        phases = self._phases(options, pairs=pairs)
        tournament = services.tournament_create(
            by=user,
            name=options["name"]
            or f"Simulated {'pairs' if pairs else 'individual'} event "
            f"({count} {'teams' if pairs else 'players'}, seed {seed})",
            slug=self._slug(base),
            date=datetime.date.today(),  # noqa: DTZ011 - a local calendar day
            venue="Harelbeke",
            format=Tournament.Format.PAIRS if pairs else Tournament.Format.INDIVIDUAL,
            phases=phases,
            language=options["language"],
        )
        services.tournament_add_director(tournament=tournament, user=second, by=user)
        return tournament

    @transaction.atomic
    def _register(self, tournament: Tournament, people, *, count: int, pairs: bool):
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
                entry = services.entry_register(
                    tournament=tournament, player=people[index]
                )
            services.entry_set_present(entry=entry, present=True)

    def _play_phases(self, tournament, *, rng, user, second, seed, leave_open):
        """Play the phases in order; after each but the last, advance its qualifiers."""
        phase_list = list(tournament.phases.order_by("order"))
        last_phase = phase_list[-1]
        for phase in phase_list:
            self._run_phase(
                phase,
                rng=rng,
                user=user,
                second=second,
                seed=seed * 1000 + phase.order * 100,
                leave_last_open=leave_open and phase == last_phase,
            )
            if phase != last_phase:
                result = draw_services.phase_advance(phase=phase, by=user)
                self._say(
                    f"{result.count} qualifiers advance to {result.next_phase.name}"
                )
