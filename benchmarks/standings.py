"""Time the standings: calculation, page uncached and unchanged, and in a browser.

Run ``python -m benchmarks.standings`` (``--quick`` skips the 5,000-player
event and the browser). The data goes to a throw-away SQLite file unless
``BENCH_DATABASE_URL`` names another database (e.g. PostgreSQL). Figures are printed,
not asserted: the machines are shared and noisy.

:func:`build_event` (bulk inserts, a few seconds for 5,000 players) is also what the
tests use to make played events.
"""

from __future__ import annotations

import atexit
import os
import random
import statistics
import sys
import tempfile
import time

FIRST = (
    "Jan Piet Marc Luc Dirk Geert Koen Stefaan Rik Frank Annick Els Griet Mieke "
    "Rita Sofie Lieve Hilde Noël Wim Ward Jef Roger Marie Paula Nadine Bart Tom"
).split()
LAST = (
    "Peeters,Janssens,Maes,Jacobs,Mertens,Willems,Claes,Goossens,Wouters,De Smet,"
    "Vermeulen,Desmet,Vandenberghe,Devos,Declercq,Verstraete,Lambrecht,Dewulf,"
    "Vanhoutte,Depoorter,Coussement,Vandamme,Callewaert,Decock"
).split(",")
TOWNS = (
    "Harelbeke Deerlijk Jabbeke Zwevegem Kortrijk Waregem Roeselare Izegem Tielt "
    "Brugge Oostende Ieper Menen Wevelgem Kuurne Lendelede Ingelmunster Avelgem "
    "Anzegem Wielsbeke Oostrozebeke Meulebeke Pittem Lichtervelde Torhout Gistel "
    "Oudenburg Middelkerke Diksmuide Poperinge"
).split()
GAMES = (("12", "34"), ("13", "24"), ("14", "23"))


def _result(rng: random.Random) -> dict:
    """A plausible game to 101: the winner's total and the loser's."""
    a_wins = rng.random() < 0.5
    win, lose = 101 + rng.randrange(0, 40), rng.randrange(0, 101)
    dw, dl = rng.randrange(4, 10), rng.randrange(1, 6)
    rev_a = 1 if rng.random() < 0.03 else 0
    rev_b = 1 if rng.random() < 0.03 else 0
    return {
        "score_a": win if a_wins else lose,
        "score_b": lose if a_wins else win,
        "winner": 0 if a_wins else 1,
        "finished": True,
        "deals_won_a": dw if a_wins else dl,
        "deals_won_b": dl if a_wins else dw,
        "revokes_a": rev_a,
        "revokes_b": rev_b,
    }


def build_event(
    *,
    players: int = 576,
    rounds: int = 3,
    final: int = 32,
    seed: int = 1,
    pairs: bool = False,
    clubs: int = 30,
    slug: str | None = None,
    confirm: bool = True,
):
    """Create a played tournament with bulk inserts and return it.

    ``players`` entrants (teams when ``pairs``) from ``clubs`` clubs play
    ``rounds`` qualifying rounds and, if ``final``, a final round of the best
    ``final``. Every round is closed and every sheet confirmed unless ``confirm`` is
    false (then the last round is published and its sheets only entered).
    """
    import datetime

    from django.db import transaction
    from django.utils import timezone

    from clubs.models import Club, Player, Team
    from scoring.models import ScoreSheet
    from standings.compute import EntrantInfo, GameRow, compute_standings
    from tournaments.models import Bye, Entry, Game, Phase, Round, Seat, Table
    from tournaments.models import Tournament as T

    now = timezone.now()
    rng = random.Random(seed)
    slug = slug or f"bench-{players}-{rounds}-{seed}-{rng.randrange(10**6)}"
    size = 2 if pairs else 4
    with transaction.atomic():
        t = T.objects.create(
            name=f"Bench {players} × {rounds}",
            slug=slug,
            date=datetime.date(2026, 10, 4),
            venue="Harelbeke",
            format=T.Format.PAIRS if pairs else T.Format.INDIVIDUAL,
            version=1,
        )
        club_objs = Club.objects.bulk_create(
            [
                Club(name=f"{TOWNS[i % len(TOWNS)]} {i} ({slug})"[:120])
                for i in range(clubs)
            ]
        )
        if pairs:
            teams = Team.objects.bulk_create(
                [
                    Team(
                        name=f"{rng.choice(LAST)} & {rng.choice(LAST)} {i}",
                        club=club_objs[i % clubs],
                    )
                    for i in range(players)
                ]
            )
            entries = Entry.objects.bulk_create(
                [Entry(tournament=t, team=tm, status="present") for tm in teams]
            )
        else:
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
            entries = Entry.objects.bulk_create(
                [Entry(tournament=t, player=p, status="present") for p in people]
            )
        ids = [e.pk for e in entries]
        qual = Phase.objects.create(
            tournament=t,
            order=1,
            name="Qualifying",
            rounds=rounds,
            draw_method="individual" if not pairs else "swiss",
            games_per_table=3 if not pairs else 1,
        )
        fin = None
        if final:
            fin = Phase.objects.create(
                tournament=t,
                order=2,
                name="Final",
                rounds=1,
                draw_method="seeded",
                games_per_table=3 if not pairs else 1,
            )
        rows: list = []
        number = 0
        plan = [(qual, r) for r in range(1, rounds + 1)]
        if fin is not None:
            plan.append((fin, 1))
        for phase, _r in plan:
            number += 1
            last = number == len(plan)
            if phase is fin:
                info = [EntrantInfo(i, str(i)) for i in ids]
                ranked = compute_standings(
                    info, rows, tiebreaks=["games_won", "points"]
                )
                field = [r.entry_id for r in ranked[:final]]
                Entry.objects.filter(pk__in=field).update(phase=fin)
            else:
                field = list(ids)
                rng.shuffle(field)
            status = "closed" if confirm or not last else "published"
            rnd = Round.objects.create(
                tournament=t, phase=phase, number=number, status=status
            )
            n_tables = len(field) // size
            tables = Table.objects.bulk_create(
                [Table(round=rnd, number=i + 1) for i in range(n_tables)]
            )
            seats, games, sheets, byes = [], [], [], []
            for ti, table in enumerate(tables):
                group = field[ti * size : (ti + 1) * size]
                for pos, eid in enumerate(group, start=1):
                    seats.append(
                        Seat(round=rnd, table=table, position=pos, entry_id=eid)
                    )
                layout = GAMES if not pairs else (("1", "2"),)
                for gn, (sa, sb) in enumerate(layout, start=1):
                    res = _result(rng)
                    games.append(
                        Game(table=table, number=gn, side_a=sa, side_b=sb, **res)
                    )
                    if confirm or not last:
                        rows.append(
                            GameRow(
                                id=0,
                                round_number=number,
                                phase_id=phase.pk,
                                table_number=table.number,
                                side_a=tuple(group[int(c) - 1] for c in sa),
                                side_b=tuple(group[int(c) - 1] for c in sb),
                                score_a=res["score_a"],
                                score_b=res["score_b"],
                                winner=res["winner"],
                            )
                        )
                done = confirm or not last
                sheets.append(
                    ScoreSheet(
                        table=table,
                        status="confirmed" if done else "entered",
                        confirmed_at=now if done else None,
                    )
                )
            for eid in field[n_tables * size :]:
                byes.append(Bye(round=rnd, entry_id=eid))
            Seat.objects.bulk_create(seats, batch_size=2000)
            Game.objects.bulk_create(games, batch_size=2000)
            ScoreSheet.objects.bulk_create(sheets, batch_size=2000)
            Bye.objects.bulk_create(byes)
    return t


# ------------------------------------------------------------------------ the bench


def _setup_django() -> None:
    url = os.environ.get("BENCH_DATABASE_URL")
    if not url:
        path = os.path.join(
            tempfile.gettempdir(), f"bench_standings_{os.getpid()}.sqlite3"
        )
        url = f"sqlite:///{path}"
        atexit.register(lambda: os.path.exists(path) and os.remove(path))
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def _ms(samples: list[float]) -> str:
    med, low = statistics.median(samples) * 1000, min(samples) * 1000
    return f"median {med:7.1f} ms  (min {low:.1f}, n={len(samples)})"


def _time(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def _measure(t, label: str, *, n: int, page_n: int) -> None:
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from standings.compute import compute_standings
    from standings.selectors import standings_for, standings_input

    data = standings_input(tournament=t)
    pure = _time(
        lambda: compute_standings(
            data.entrants.values(),
            data.games,
            tiebreaks=t.tiebreak_list,
            byes=data.byes,
        ),
        n,
    )
    full = _time(lambda: standings_for(tournament=t, kind="players"), n)
    print(f"{label}: {len(data.entrants)} entrants, {len(data.games)} games")
    print(f"  players' standings, calculation only          {_ms(pure)}")
    print(
        f"  players' standings, standings_for (4 queries)  {_ms(full)}"
        "  [≤ 100 ms for 576]"
    )

    client = Client()
    url = reverse("live:standings", args=[t.slug])

    def uncached():
        cache.clear()
        r = client.get(url)
        assert r.status_code == 200, r.status_code

    client.get(url)  # warm templates and URL resolver
    page = _time(uncached, page_n)
    print(
        f"  standings page, nothing cached                {_ms(page)}"
        "  [≤ 150 ms for 576, ≤ 2 s for 5,000]"
    )
    r = client.get(url)
    etag = r["ETag"]

    def not_modified():
        resp = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert resp.status_code == 304, resp.status_code

    nm = _time(not_modified, max(page_n, 20))
    print(f"  standings page, unchanged (304 on ETag)       {_ms(nm)}  [≤ 10 ms]")
    other = Client()

    def cached():
        resp = other.get(url)
        assert resp.status_code == 200

    hit = _time(cached, max(page_n, 20))
    print(f"  standings page, unchanged, new browser (cache) {_ms(hit)}")
    vurl = reverse("live:version", args=[t.slug])
    vetag = client.get(vurl)["ETag"]
    ver = _time(lambda: client.get(vurl, HTTP_IF_NONE_MATCH=vetag), 50)
    print(f"  version poll, unchanged (304)                 {_ms(ver)}")


def _browser(t) -> None:
    """Serve the site on a thread and time DOMContentLoaded in headless Chromium."""
    import threading
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    from django.core.cache import cache
    from django.core.wsgi import get_wsgi_application
    from django.urls import reverse
    from playwright.sync_api import sync_playwright

    class Quiet(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}" + reverse(
        "live:standings", args=[t.slug]
    )
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    samples = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--no-first-run",
            ],
        )  # fmt: skip
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url)  # warm
        for _ in range(5):
            cache.clear()
            page.goto(url, wait_until="domcontentloaded")
            samples.append(
                page.evaluate(
                    "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
                )
                / 1000
            )
        rows = page.locator("#live-region tbody tr").count()
        browser.close()
    server.shutdown()
    print(
        f"  headless Chromium, {rows}-row page, DOMContentLoaded {_ms(samples)}"
        "  [≤ 500 ms]"
    )


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    _setup_django()
    start = time.perf_counter()
    t = build_event(players=576, rounds=3, final=32, seed=1)
    took = time.perf_counter() - start
    print(f"built the 576-player event (3 rounds + final of 32) in {took:.1f} s")
    _measure(t, "576 players, 3 rounds + final", n=20, page_n=10)
    if not quick:
        _browser(t)
        start = time.perf_counter()
        big = build_event(players=5000, rounds=6, final=0, seed=2)
        took = time.perf_counter() - start
        print(f"built the 5,000-player event (6 rounds) in {took:.1f} s")
        _measure(big, "5,000 players × 6 rounds", n=3, page_n=3)


if __name__ == "__main__":
    main(sys.argv[1:])
