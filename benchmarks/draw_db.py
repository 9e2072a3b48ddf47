"""Time drawing and saving a championship round through the services (run as a module).

Everything happens inside one transaction that is rolled back at the end, so the
database is left as it was. Uses DATABASE_URL like the site (SQLite by default).
"""

import os
import random
import time


class _Rollback(Exception):
    pass


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import transaction

    rng = random.Random(2017)
    try:
        with transaction.atomic():
            clubs = _setup()
            _individual_figure(clubs, rng)
            _swiss_figure(clubs, rng)
            raise _Rollback
    except _Rollback:
        pass


def _setup():
    """Create the 30 clubs the players and teams come from."""
    from clubs.models import Club

    return Club.objects.bulk_create([Club(name=f"Bench club {i}") for i in range(30)])


def _individual_figure(clubs, rng: random.Random) -> None:
    """2,000 individual players, 4 rounds: time round 4 (with history)."""
    from clubs.models import Player
    from draws import services as draw_services
    from tournaments import services
    from tournaments.models import Entry

    individual = services.tournament_create(
        by=None,
        name="Bench WK",
        slug="bench-wk-draw",
        date="2026-10-04",
        phases=[{"name": "Q", "rounds": 4}],
    )
    players = Player.objects.bulk_create(
        [
            Player(first_name=f"P{i}", last_name="Bench", club=rng.choice(clubs))
            for i in range(2000)
        ]
    )
    Entry.objects.bulk_create(
        [Entry(tournament=individual, player=p, status="present") for p in players]
    )
    phase = individual.phases.get()
    for number in range(1, 5):
        start = time.perf_counter()
        rnd = draw_services.round_draw(phase=phase, by=None, seed=number)
        elapsed = time.perf_counter() - start
        draw_services.round_publish(round=rnd, by=None)
    print(
        f"individual: 2000 players, round 4 (500 tables, history of 3 rounds)"
        f" drawn and saved in {elapsed:.2f} s"
    )


def _swiss_figure(clubs, rng: random.Random) -> None:
    """500 pairs, Swiss: time round 2 (after round 1, no results needed)."""
    from clubs.models import Team
    from draws import services as draw_services
    from tournaments import services
    from tournaments.models import Entry, Phase, Tournament

    pairs = services.tournament_create(
        by=None,
        name="Bench pairs",
        slug="bench-pairs-draw",
        date="2026-10-04",
        format=Tournament.Format.PAIRS,
        phases=[
            {
                "name": "Swiss",
                "rounds": 5,
                "draw_method": Phase.DrawMethod.SWISS,
                "games_per_table": 1,
            }
        ],
    )
    teams = Team.objects.bulk_create(
        [Team(name=f"Bench team {i}", club=rng.choice(clubs)) for i in range(500)]
    )
    Entry.objects.bulk_create(
        [Entry(tournament=pairs, team=t, status="present") for t in teams]
    )
    phase = pairs.phases.get()
    for number in range(1, 3):
        start = time.perf_counter()
        rnd = draw_services.round_draw(phase=phase, by=None, seed=number)
        elapsed = time.perf_counter() - start
        draw_services.round_publish(round=rnd, by=None)
    print(f"swiss: 500 pairs, round 2 (250 tables) drawn and saved in {elapsed:.2f} s")


if __name__ == "__main__":
    main()
