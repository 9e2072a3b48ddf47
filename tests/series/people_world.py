"""Play small events by hand for the tests of clubs' pages, records and rankings.

Every game's score is written out, so a test can count games won on its fingers.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from scoring.models import ScoreSheet
from tournaments.models import Bye, Entry, Game, Phase, Round, Seat, Table, Tournament

GAMES = (("12", "34"), ("13", "24"), ("14", "23"))


def play_event(
    *,
    slug: str,
    tables: list[tuple[list, list[tuple[int, int]]]],
    date: datetime.date = datetime.date(2026, 9, 1),
    club=None,
    is_public: bool = True,
    byes: tuple = (),
    plays_for: dict | None = None,
    confirmed: bool = True,
    series=None,
    order: int = 1,
) -> Tournament:
    """Create an individual event of one closed round and return it.

    ``tables``: per table, its four players (seats 1–4) and one ``(a, b)`` score
    per game (games 12–34, 13–24, 14–23; the higher score wins). ``byes``: players
    given a bye. ``plays_for``: player → the member he replaces.
    """
    plays_for = plays_for or {}
    t = Tournament.objects.create(
        name=f"Event {slug}",
        slug=slug,
        date=date,
        club=club,
        is_public=is_public,
        version=1,
    )
    phase = Phase.objects.create(tournament=t, order=1, name="Phase", rounds=1)
    rnd = Round.objects.create(
        tournament=t,
        phase=phase,
        number=1,
        status=Round.Status.CLOSED,
        published_at=timezone.now(),
    )
    entries = {}

    def entry(player):
        if player.pk not in entries:
            entries[player.pk] = Entry.objects.create(
                tournament=t,
                player=player,
                status=Entry.Status.PRESENT,
                phase=phase,
                plays_for=plays_for.get(player),
            )
        return entries[player.pk]

    for number, (players, scores) in enumerate(tables, start=1):
        _play_table(rnd, number, players, scores, entry, confirmed=confirmed)
    for player in byes:
        Bye.objects.create(round=rnd, entry=entry(player))
    if series is not None:
        from series.models import SeriesEvent

        SeriesEvent.objects.create(series=series, tournament=t, order=order)
    return t


def _play_table(rnd, number, players, scores, entry, *, confirmed: bool) -> None:
    """Table ``number``: ``players`` in seats 1–4 (``entry`` gives each one's
    entrant), one game per score, and its sheet, confirmed or only entered."""
    table = Table.objects.create(round=rnd, number=number)
    for position, player in enumerate(players, start=1):
        Seat.objects.create(
            round=rnd, table=table, position=position, entry=entry(player)
        )
    for game_no, ((a, b), (sa, sb)) in enumerate(
        zip(GAMES, scores, strict=False), start=1
    ):
        Game.objects.create(
            table=table,
            number=game_no,
            side_a=a,
            side_b=b,
            score_a=sa,
            score_b=sb,
            finished=True,
            winner=0 if sa > sb else 1 if sb > sa else None,
        )
    ScoreSheet.objects.create(
        table=table,
        status=ScoreSheet.Status.CONFIRMED if confirmed else ScoreSheet.Status.ENTERED,
        confirmed_at=timezone.now() if confirmed else None,
    )


def play_pairs_event(
    *,
    slug: str,
    tables: list[tuple[object, object, list[tuple[int, int]]]],
    date: datetime.date = datetime.date(2026, 9, 1),
    series=None,
    order: int = 1,
) -> Tournament:
    """Create a fixed-pairs event of one closed round: per table, two teams (seats
    1 and 2) and one ``(a, b)`` score per game."""
    t = Tournament.objects.create(
        name=f"Event {slug}",
        slug=slug,
        date=date,
        format=Tournament.Format.PAIRS,
        version=1,
    )
    phase = Phase.objects.create(
        tournament=t, order=1, name="Phase", rounds=1, draw_method="random"
    )
    rnd = Round.objects.create(
        tournament=t, phase=phase, number=1, status=Round.Status.CLOSED
    )
    for number, (team_a, team_b, scores) in enumerate(tables, start=1):
        table = Table.objects.create(round=rnd, number=number)
        for position, team in enumerate((team_a, team_b), start=1):
            entry = Entry.objects.create(
                tournament=t, team=team, status=Entry.Status.PRESENT, phase=phase
            )
            Seat.objects.create(round=rnd, table=table, position=position, entry=entry)
        for game_no, (sa, sb) in enumerate(scores, start=1):
            Game.objects.create(
                table=table,
                number=game_no,
                side_a="1",
                side_b="2",
                score_a=sa,
                score_b=sb,
                finished=True,
                winner=0 if sa > sb else 1 if sb > sa else None,
            )
        ScoreSheet.objects.create(
            table=table,
            status=ScoreSheet.Status.CONFIRMED,
            confirmed_at=timezone.now(),
        )
    if series is not None:
        from series.models import SeriesEvent

        SeriesEvent.objects.create(series=series, tournament=t, order=order)
    return t
