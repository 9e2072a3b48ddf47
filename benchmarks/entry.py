"""Time saving a deal, checks included, through the service and through the view.

Run ``python -m benchmarks.entry`` (SQLite) or with ``DATABASE_URL`` set (e.g.
PostgreSQL). It works in a throwaway test database and prints figures; it is a
benchmark, not a timed test (the target is 30 ms server time per deal).
"""

from __future__ import annotations

import os
import statistics
import sys
import time


def _figures(name: str, samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[int(len(ms) * 0.95) - 1]
    return (
        f"{name:<44} n={len(ms):<4} median {statistics.median(ms):6.2f} ms  "
        f"p95 {p95:6.2f} ms  max {ms[-1]:6.2f} ms"
    )


def main(rounds: int = 200) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    # No setup_test_environment(): it instruments every template render (the test
    # client's signal), which production does not pay for. The client's host:
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        user, tables = _setup()
        service_times = _time_service(user, tables, rounds)
        view_times = _time_view(user, tables, rounds)
        vendor = connection.vendor
        print(f"Saving a deal, checks included ({vendor}, {len(tables)} tables):")
        print(_figures("service deal_record", service_times))
        print(_figures("view POST deal_save (htmx, renders the sheet)", view_times))
        print("target: 30 ms server time per deal")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _setup():
    """Draw and publish a round of 40 players; return the director and its tables."""
    import datetime

    from django.contrib.auth import get_user_model

    from clubs import services as club_services
    from draws import services as draw_services
    from tournaments import services as tournament_services
    from tournaments.models import Phase, Table

    user = get_user_model().objects.create_superuser(
        "bench", "bench@example.org", "bench-secret-1"
    )
    tournament = tournament_services.tournament_create(
        by=user,
        name="Bench",
        slug="bench",
        date=datetime.date(2026, 10, 4),
        phases=[
            {
                "name": "Rounds",
                "rounds": 1,
                "draw_method": Phase.DrawMethod.INDIVIDUAL,
            }
        ],
    )
    club = club_services.club_create(name="Bench club")
    for n in range(40):
        player = club_services.player_create(
            first_name=f"P{n}", last_name="Bench", club=club
        )
        entry = tournament_services.entry_register(tournament=tournament, player=player)
        tournament_services.entry_set_present(entry=entry, present=True)
    phase = tournament.phases.get()
    rnd = draw_services.round_draw(phase=phase, by=user, seed=1)
    draw_services.round_publish(round=rnd, by=user)
    return user, list(Table.objects.filter(round=rnd).order_by("number"))


def _time_service(user, tables, rounds: int) -> list[float]:
    """Time ``deal_record`` on game 1 of each table in turn."""
    from scoring import services
    from scoring.models import ScoreSheet
    from scoring.services import DealInput
    from tournaments.models import Game

    # 31–29 in a suit scores 1: the game stays open for 100 deals.
    deal = DealInput(trump="hearts", points_a=31)
    times = []
    for i in range(rounds):
        table = tables[i % len(tables)]
        sheet = ScoreSheet.objects.get(table=table)
        game = Game.objects.get(table=table, number=1)
        started = time.perf_counter()
        services.deal_record(
            sheet=sheet, game=game, deal=deal, by=user, version=sheet.version
        )
        times.append(time.perf_counter() - started)
    return times


def _time_view(user, tables, rounds: int) -> list[float]:
    """Time the htmx POST that saves a deal on game 2 and renders the sheet."""
    from django.test import Client
    from django.urls import reverse

    from scoring.models import ScoreSheet
    from tournaments.models import Game

    client = Client()
    client.force_login(user)
    times = []
    for i in range(rounds):
        table = tables[i % len(tables)]
        sheet = ScoreSheet.objects.get(table=table)
        game = Game.objects.get(table=table, number=2)
        url = reverse("scoring:deal_save", kwargs={"table_id": table.pk})
        data = {
            "game": game.pk,
            "trump": "h",
            "points_a": "31",
            "declarer": "0",
            "version": sheet.version,
        }
        started = time.perf_counter()
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        times.append(time.perf_counter() - started)
        if response.status_code != 200:
            raise SystemExit(f"view answered {response.status_code}")
    return times


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
