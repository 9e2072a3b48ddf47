"""A player's record counts the events he played a game in, not those only drawn.

An evening whose round is published but has no confirmed sheet yet listed every
player "1 of 21 =" with no game, and counted it among his events.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from series import records
from tests import factories
from tests.series.people_world import play_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def evenings():
    club = factories.ClubFactory(name="De Zotte Boer")
    p = [factories.PlayerFactory(first_name=f"P{n}", club=club) for n in range(1, 9)]
    played = play_event(
        slug="played",
        date=datetime.date(2026, 9, 1),
        club=club,
        tables=[(p[:4], [(101, 50), (60, 101), (101, 80)])],
        byes=(p[4],),
    )
    drawn = play_event(
        slug="drawn",
        date=datetime.date(2026, 9, 8),
        club=club,
        tables=[(p[:4], [(101, 50), (60, 101), (101, 80)])],
        confirmed=False,  # the round is drawn, no sheet confirmed yet
    )
    return p, played, drawn


def test_an_evening_only_drawn_is_not_among_the_players_events(evenings):
    p, played, _drawn = evenings
    record = records.player_record(player=p[0], user=None)
    assert [line.tournament for line in record.lines] == [played]
    assert (record.games_played, record.games_won) == (3, 2)


def test_a_bye_alone_is_no_event_played(evenings):
    p, _played, _drawn = evenings
    assert records.player_record(player=p[4], user=None).lines == ()


def test_the_record_page_says_one_event_and_no_place_for_the_drawn_one(
    client, evenings
):
    p, _played, drawn = evenings
    html = client.get(reverse("series:player", args=[p[0].pk])).content.decode()
    assert "<strong>1</strong> event<" in html
    assert drawn.name not in html
