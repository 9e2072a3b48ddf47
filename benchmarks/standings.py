"""Time the standings: calculation, page uncached and unchanged, and in a browser.

Run ``python -m benchmarks.standings`` (``--quick`` skips the 5,000-player
event and the browser). The data goes to a throw-away SQLite file unless
``BENCH_DATABASE_URL`` names another database (e.g. PostgreSQL). Figures are printed,
not asserted: the machines are shared and noisy. The events come from
:func:`tests.builders.build_event` (bulk inserts, a few seconds for 5,000 players).
"""

from __future__ import annotations

import atexit
import os
import statistics
import sys
import tempfile
import time

from tests.builders import build_event


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

    from manille.standings import compute_standings
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
