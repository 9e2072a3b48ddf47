"""The series ranks every event as the event's own standings do.

``series_input`` reads all the events at once and ranks them without game lines
(``manille.standings.compute_places``); every event's places and totals must be
those of ``standings.selectors.standings_for`` for that event: byes under every
rule, teams, a final phase, unconfirmed sheets, no-shows and withdrawals, and
tiebreak orders with head-to-head and opponents' strength.
"""

import pytest

from clubs.models import Player
from series.models import Series, SeriesEvent
from series.records import events_read
from series.selectors import series_input
from standings.selectors import standings_for, standings_input
from tests.builders import build_event
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

EVENTS = [
    # build_event arguments, then the tournament's standings settings
    (
        {"players": 19, "rounds": 3, "final": 0, "seed": 1, "clubs": 5},
        {"tiebreaks": ["games_won", "head_to_head", "points"]},
    ),
    (
        {"players": 23, "rounds": 2, "final": 8, "seed": 2, "clubs": 4},
        {
            "tiebreaks": ["opponents_strength", "head_to_head", "deals_won"],
            "bye_score": "fixed",
            "bye_points": 120,
            "bye_wins": True,
        },
    ),
    (
        {"players": 14, "rounds": 3, "final": 0, "seed": 3, "pairs": True},
        {"tiebreaks": ["fewest_revokes", "point_difference"], "bye_score": "none"},
    ),
    (
        {"players": 20, "rounds": 3, "final": 0, "seed": 4, "confirm": False},
        {"tiebreaks": []},
    ),
    # Nothing confirmed yet: everyone seated is listed with zeroes, but the
    # withdrawn entrant is not.
    ({"players": 8, "rounds": 1, "final": 0, "seed": 5, "confirm": False}, {}),
]


def _places(rows):
    return [
        (
            r.rank,
            r.entry_id,
            r.shared,
            r.games_played,
            r.games_won,
            r.points,
            r.point_difference,
            r.deals_won,
            r.revokes,
            r.opponents_strength,
            r.bye_games,
            r.bye_points,
            r.bye_rounds,
        )
        for r in rows
    ]


def _mixed_series() -> Series:
    series = Series.objects.create(name="Mixed", slug="mixed")
    for order, (shape, settings) in enumerate(EVENTS, start=1):
        t = build_event(slug=f"mixed-{order}", **shape)
        Tournament.objects.filter(pk=t.pk).update(**settings)
        # A no-show, a withdrawal after playing, and one checked in never seated.
        entries = list(Entry.objects.filter(tournament=t).order_by("pk"))
        Entry.objects.filter(pk=entries[0].pk).update(status="withdrawn")
        Entry.objects.filter(pk=entries[1].pk).update(status="present")
        # Checked in and never seated: listed; registered only: a no-show.
        for status in ("present", "registered", "withdrawn"):
            player = Player.objects.create(first_name=status, last_name=f"X{order}")
            Entry.objects.create(tournament=t, player=player, status=status)
        SeriesEvent.objects.create(series=series, tournament=t, order=order)
    return series


def test_every_event_is_ranked_as_its_own_standings_rank_it():
    series = _mixed_series()
    data = series_input(series=series)
    assert len(data.places) == len(EVENTS)
    for event in data.events:
        t = Tournament.objects.get(pk=event.tournament.pk)
        own = standings_for(tournament=t)
        assert own, t.slug
        assert _places(data.places[t.pk]) == _places(own), t.slug
    assert any(r.bye_rounds for rows in data.places.values() for r in rows)
    assert any(r.shared for rows in data.places.values() for r in rows)


def _game_key(g):
    return (g.round_number, g.table_number, g.number, g.id)


def test_the_records_read_every_event_as_its_own_standings_read_it():
    """A player's record and the club rankings read the events with the series'
    reader: the same entrants, games and byes as the event's own standings."""
    series = _mixed_series()
    tournaments = [e.tournament for e in series.events.select_related("tournament")]
    events = events_read(tournaments=tournaments)
    assert set(events) == {t.pk for t in tournaments}
    for t in tournaments:
        own = standings_input(tournament=t)
        read = events[t.pk].data
        assert read.entrants == own.entrants, t.slug
        assert sorted(read.games, key=_game_key) == sorted(own.games, key=_game_key)
        assert sorted(read.byes, key=repr) == sorted(own.byes, key=repr), t.slug
        assert _places(events[t.pk].rows) == _places(standings_for(tournament=t))
    assert any(event.data.byes for event in events.values())
    # The fixed pairs' event: its teams are listed by their names.
    assert any(
        " & " in e.name
        for event in events.values()
        for e in event.data.entrants.values()
    )
