"""The rounds the PDF tests print: accented names, fixed pairs."""


import pytest

from tests import factories
from tests.printing.pdf_helpers import ACCENTED, player_round
from tournaments.models import Game, Seat, Table


@pytest.fixture
def accented_round(tournament):
    """A published round of three tables; table 2 seats the accented names."""
    rnd = player_round(tournament, tables=3)
    table = rnd.tables.get(number=2)
    for seat, (first, last) in zip(
        table.seats.order_by("position"), ACCENTED, strict=True
    ):
        player = seat.entry.player
        player.first_name, player.last_name = first, last
        player.save()
    return rnd


@pytest.fixture
def pairs_round(db):
    """A published fixed-pairs round of four tables, one game each."""
    tournament = factories.TournamentFactory(format="pairs")
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    for n in range(1, 5):
        table = Table.objects.create(round=rnd, number=n)
        for position in (1, 2):
            entry = factories.TeamEntryFactory(tournament=tournament)
            Seat.objects.create(round=rnd, table=table, position=position, entry=entry)
        Game.objects.create(table=table, number=1, side_a="1", side_b="2")
    return rnd
