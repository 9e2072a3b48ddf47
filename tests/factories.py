"""Build model instances for tests with factory-boy."""

import datetime

import factory

from clubs.models import Club, Player, Team
from tournaments.models import Entry, Phase, Tournament


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    short_name = factory.Sequence(lambda n: f"C{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    first_name = factory.Sequence(lambda n: f"Jan{n}")
    last_name = factory.Sequence(lambda n: f"Peeters{n}")
    club = factory.SubFactory(ClubFactory)


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    club = factory.SubFactory(ClubFactory)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Tournament {n}")
    slug = factory.Sequence(lambda n: f"tournament-{n}")
    date = datetime.date(2026, 10, 4)
    venue = "Harelbeke"


class PhaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Phase

    tournament = factory.SubFactory(TournamentFactory)
    order = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Phase {n}")
    rounds = 3


def personal_code_for(n: int) -> str:
    """The n-th entry's personal code, pinned: K222, K223, … (a test knows it)."""
    alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    digits = [alphabet[n // 31**2 % 31], alphabet[n // 31 % 31], alphabet[n % 31]]
    return "K" + "".join(digits)


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    status = Entry.Status.PRESENT
    personal_code = factory.Sequence(personal_code_for)


class TeamEntryFactory(EntryFactory):
    """A fixed pair's entry (for pairs tournaments)."""

    tournament = factory.SubFactory(TournamentFactory, format=Tournament.Format.PAIRS)
    player = None
    team = factory.SubFactory(TeamFactory)


# --- Rounds, tables, seats, games and score sheets (added for result entry) ---


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Round"

    tournament = factory.SubFactory(TournamentFactory)
    phase = factory.SubFactory(
        PhaseFactory, tournament=factory.SelfAttribute("..tournament")
    )
    number = factory.Sequence(lambda n: n + 1)
    status = "published"


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Table"

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)


def individual_table(*, round, number: int, sheet: bool = True):
    """Seat four new players at a table of an individual round, with its 3 games."""
    from scoring.models import ScoreSheet
    from tournaments.models import Game, Seat, Table

    table = Table.objects.create(round=round, number=number)
    for position in range(1, 5):
        entry = EntryFactory(tournament=round.tournament)
        Seat.objects.create(round=round, table=table, position=position, entry=entry)
    for game_number, (side_a, side_b) in enumerate(
        [("12", "34"), ("13", "24"), ("14", "23")], start=1
    ):
        Game.objects.create(
            table=table, number=game_number, side_a=side_a, side_b=side_b
        )
    if sheet:
        ScoreSheet.objects.create(table=table)
    return table
