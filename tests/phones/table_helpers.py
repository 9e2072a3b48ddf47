"""What the table entry tests share: a deal, a finished game, an acceptance."""

import secrets

import pytest
from django.db import connection

from phones.services import (
    TableCodeRefused,
    table_accept,
    table_deal_save,
    table_open,
)
from scoring.models import ScoreSheet
from scoring.services import (
    DealInput,
)
from tournaments.models import Tournament

State = ScoreSheet.TableState
ON_POSTGRES = connection.vendor == "postgresql"
WIN = DealInput("no_trump", 60)  # 60 points to side A: two of them end a game


def new_key() -> str:
    return secrets.token_urlsafe(12)


def sheet_of(table) -> ScoreSheet:
    return ScoreSheet.objects.get(table=table)


def set_entry(table, result_entry, **more):
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        result_entry=result_entry, **more
    )


def deal(code, table, *, seat=1, game=1, d=WIN, number=None, key=None):
    return table_deal_save(
        code=code,
        seat=seat,
        key=key or new_key(),
        version=sheet_of(table).version,
        game=game,
        deal=d,
        number=number,
    )


def finish(code, table, game, *, seat=1):
    deal(code, table, seat=seat, game=game)
    return deal(code, table, seat=seat, game=game)


def personal_code(table, seat) -> str:
    """The personal code of the player at ``seat`` (given at check-in)."""
    return table.seats.get(position=seat).entry.personal_code


def accept(code, table, game, *, seat, accepted=True, reason=""):
    """The opponent at ``seat`` accepts, typing his personal code."""
    return table_accept(
        code=code,
        seat=seat,
        key=new_key(),
        version=sheet_of(table).version,
        game=game,
        accepted=accepted,
        reason=reason,
        personal_code=personal_code(table, seat),
    )


def play_and_accept_all(code, table):
    # Game 1: seat 1 (side 12) enters, seat 3 accepts; game 2: 13 vs 24, seat 2
    # accepts; game 3: 14 vs 23, seat 3 accepts.
    for game, acceptor in ((1, 3), (2, 2), (3, 3)):
        finish(code, table, game, seat=1)
        written = accept(code, table, game, seat=acceptor)
    return written


def refused(code) -> TableCodeRefused:
    with pytest.raises(TableCodeRefused) as exc:
        table_open(code=code)
    return exc.value
