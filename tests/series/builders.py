"""Build a played series in bulk for the series tests and benchmark.

Like ``tests.builders.build_event``, but the events share one pool of players, as
a season's evenings or a circuit's tournaments do. Django is imported inside the
function so that a benchmark can import this module before ``django.setup()``.
"""

from __future__ import annotations

import datetime
import random

from tests.builders import FIRST, GAMES, LAST, _result


def build_series(
    *,
    players: int = 40,
    events: int = 3,
    per_event: int = 24,
    rounds: int = 2,
    clubs: int = 4,
    seed: int = 1,
    slug: str | None = None,
    substitutes: int = 0,
    **series_fields,
):
    """Create a series of ``events`` played events and return it.

    Each event seats a random ``per_event`` of the ``players`` (rounded down to
    tables of four) for ``rounds`` closed rounds with confirmed sheets. The first
    ``substitutes`` players are members' fixed substitutes: when one plays, his entry
    says which member he replaces (``plays_for``).
    """
    from django.db import transaction
    from django.utils import timezone

    from series.models import Series

    rng = random.Random(seed)
    now = timezone.now()
    slug = slug or f"series-{players}-{events}-{seed}-{rng.randrange(10**6)}"
    per_event = min(per_event, players) // 4 * 4
    with transaction.atomic():
        club_objs, people, replaced = _pool_of_players(
            rng, players=players, clubs=clubs, substitutes=substitutes, slug=slug
        )
        series = Series.objects.create(
            name=f"Series {slug}", slug=slug, club=club_objs[0], **series_fields
        )
        for n in range(events):
            _played_event(
                series,
                n,
                rng,
                people,
                replaced,
                per_event=per_event,
                rounds=rounds,
                club=club_objs[0],
                slug=slug,
                now=now,
            )
    return series


def _pool_of_players(
    rng: random.Random, *, players: int, clubs: int, substitutes: int, slug
):
    """The series' clubs and players; the first ``substitutes`` players are the
    next members' fixed substitutes. Returns the clubs, the players and each
    substitute's member (by id)."""
    from clubs.models import Club, Player

    club_objs = Club.objects.bulk_create(
        [Club(name=f"Club {i} ({slug})"[:120]) for i in range(clubs)]
    )
    people = Player.objects.bulk_create(
        [
            Player(
                first_name=rng.choice(FIRST),
                last_name=f"{rng.choice(LAST)} {i}",
                club=club_objs[i % clubs],
            )
            for i in range(players)
        ]
    )
    members = people[substitutes:]
    replaced = {}
    for i, sub in enumerate(people[:substitutes]):
        member = members[i]
        member.substitute = sub
        replaced[sub.pk] = member.pk
    Player.objects.bulk_update(members[:substitutes], ["substitute"])
    return club_objs, people, replaced


def _played_event(
    series, n, rng, people, replaced, *, per_event, rounds, club, slug, now
):
    """The series' event ``n + 1``: a random ``per_event`` of ``people`` (a
    substitute plays for his member unless the member is there too) play
    ``rounds`` closed rounds."""
    from series.models import SeriesEvent
    from tournaments.models import Entry, Phase, Tournament

    t = Tournament.objects.create(
        name=f"Event {n + 1} ({slug})",
        slug=f"{slug}-e{n + 1}"[:80],
        date=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * n),
        club=club,
        version=1,
    )
    SeriesEvent.objects.create(series=series, tournament=t, order=n + 1)
    field = rng.sample(people, per_event)
    present = {p.pk for p in field}
    entries = Entry.objects.bulk_create(
        [
            Entry(
                tournament=t,
                player=p,
                status="present",
                plays_for_id=replaced.get(p.pk)
                if replaced.get(p.pk) not in present
                else None,
            )
            for p in field
        ]
    )
    ids = [e.pk for e in entries]
    phase = Phase.objects.create(tournament=t, order=1, name="Rounds", rounds=rounds)
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        _closed_round(t, phase, number, ids, rng, now)


def _closed_round(t, phase, number, ids, rng, now) -> None:
    """A closed round: ``ids`` seated four a table in order, each table's games
    played and its sheet confirmed."""
    from scoring.models import ScoreSheet
    from tournaments.models import Game, Round, Seat, Table

    rnd = Round.objects.create(
        tournament=t, phase=phase, number=number, status="closed"
    )
    tables = Table.objects.bulk_create(
        [Table(round=rnd, number=i + 1) for i in range(len(ids) // 4)]
    )
    seats, games, sheets = [], [], []
    for ti, table in enumerate(tables):
        group = ids[ti * 4 : ti * 4 + 4]
        for pos, eid in enumerate(group, start=1):
            seats.append(Seat(round=rnd, table=table, position=pos, entry_id=eid))
        for gn, (sa, sb) in enumerate(GAMES, start=1):
            games.append(
                Game(
                    table=table,
                    number=gn,
                    side_a=sa,
                    side_b=sb,
                    **_result(rng),
                )
            )
        sheets.append(ScoreSheet(table=table, status="confirmed", confirmed_at=now))
    Seat.objects.bulk_create(seats, batch_size=2000)
    Game.objects.bulk_create(games, batch_size=2000)
    ScoreSheet.objects.bulk_create(sheets, batch_size=2000)
