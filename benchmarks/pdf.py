"""Time the printed sheets on championship-sized rounds (run as a module).

``python -m benchmarks.pdf`` builds the events in an in-memory SQLite
database (the real one is never touched) and prints one figure per document.
``python -m benchmarks.pdf --out DIR`` also writes the 576-player round's
documents to DIR (``make pdf-preview`` renders their first pages to PNG).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.builders import build_drawn_pairs_round, build_drawn_round


@dataclass
class _Row:
    rank: int
    name: str
    club: str
    games_played: int
    games_won: int
    points: int
    point_difference: int
    tiebreaks: dict = field(default_factory=dict)


def plain_standings(rnd) -> list[_Row]:
    """Return player standings computed here, for when standings_for is missing."""
    from tournaments.models import Game

    tally: dict[int, list] = {}
    names: dict[int, tuple[str, str]] = {}
    seats = {}
    for seat in rnd.seats.select_related("entry__player__club"):
        seats[(seat.table_id, seat.position)] = seat.entry_id
        player = seat.entry.player
        names[seat.entry_id] = (
            player.full_name,
            player.club.name if player.club else "",
        )
    for g in Game.objects.filter(table__round=rnd):
        for side, positions, own, other in (
            (0, g.side_a, g.score_a, g.score_b),
            (1, g.side_b, g.score_b, g.score_a),
        ):
            for p in positions:
                t = tally.setdefault(seats[(g.table_id, int(p))], [0, 0, 0, 0])
                t[0] += 1
                t[1] += g.winner == side
                t[2] += own
                t[3] += own - other
    order = sorted(tally, key=lambda e: (-tally[e][1], -tally[e][2], -tally[e][3]))
    return [_Row(i + 1, *names[e], *tally[e]) for i, e in enumerate(order)]


@dataclass(frozen=True)
class _Figure:
    label: str
    seconds: float
    limit: float  # seconds
    size: int  # bytes of the PDF


BASE_URL = "http://127.0.0.1:8000"


def _timed(fn):
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    return result, elapsed


def _setup_memory_db() -> None:
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the documents here")
    parser.add_argument("--lang", default="nl")
    parser.add_argument(
        "--skip-big", action="store_true", help="skip the 500-table figure"
    )
    args = parser.parse_args(argv)

    big = _setup(args.lang)
    documents: dict[str, bytes] = {}
    figures = [
        *_sheet_figures(big, args.lang, documents, skip_big=args.skip_big),
        *_draw_figures(big, args.lang, documents),
        _standings_figure(big, args.lang, documents),
        _results_figure(big, args.lang, documents),
    ]
    failed = False
    for figure in figures:
        verdict = "ok" if figure.seconds <= figure.limit else "TOO SLOW"
        failed |= figure.seconds > figure.limit
        print(
            f"{figure.label}: {figure.seconds:.2f} s (limit {figure.limit:.0f} s, "
            f"{figure.size / 1024:.0f} KiB) {verdict}"
        )
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, data in documents.items():
            (args.out / f"{name}.pdf").write_bytes(data)
        print(f"wrote the documents to {args.out}/")
    if failed:
        print("(figures above a limit: the machine may be busy; run again to compare)")
    return 0


def _setup(lang: str):
    """Build the 576-player round in memory and print once, to time steady state."""
    _setup_memory_db()
    from printing.base import register_fonts
    from printing.draw import draw_pdf

    register_fonts()
    big = build_drawn_round(players=576, slug="bench-576")
    # Warm up once (fonts parsed, templates compiled) so figures show steady state.
    draw_pdf(round=big, order="name", lang=lang)
    return big


def _sheet_figures(big, lang: str, documents: dict, *, skip_big: bool):
    """Time the score sheets: 144 tables on A4, 500 (unless skipped), 144 on A5."""
    from printing.sheets import score_sheets_pdf

    sheets, t = _timed(
        lambda: score_sheets_pdf(round=big, base_url=BASE_URL, lang=lang)
    )
    documents["sheets"] = sheets
    yield _Figure("score sheets, 144 tables (A4)", t, 3.0, len(sheets))
    if not skip_big:
        huge = build_drawn_round(players=2000, slug="bench-2000", confirmed=False)
        sheets500, t = _timed(
            lambda: score_sheets_pdf(round=huge, base_url=BASE_URL, lang=lang)
        )
        yield _Figure("score sheets, 500 tables (A4)", t, 10.0, len(sheets500))
    pairs = build_drawn_pairs_round(teams=288, slug="bench-pairs")
    a5, t = _timed(
        lambda: score_sheets_pdf(round=pairs, base_url=BASE_URL, size="a5", lang=lang)
    )
    documents["sheets-a5"] = a5
    yield _Figure("score sheets, 144 pair tables (A5, two per A4)", t, 3.0, len(a5))


def _draw_figures(big, lang: str, documents: dict):
    """Time the draw by table, by name, and both."""
    from printing.draw import draw_pdf

    draw, t = _timed(lambda: draw_pdf(round=big, order="table", lang=lang))
    yield _Figure("draw by table, 576 players", t, 1.0, len(draw))
    by_name, t = _timed(lambda: draw_pdf(round=big, order="name", lang=lang))
    yield _Figure("draw by name, 576 rows", t, 1.0, len(by_name))
    both, t = _timed(lambda: draw_pdf(round=big, lang=lang))
    documents["draw"] = both
    documents["draw-by-name"] = by_name
    yield _Figure("draw by table and by name", t, 2.0, len(both))


def _standings_figure(big, lang: str, documents: dict) -> _Figure:
    """Time the standings after round 1 (the PDF alone if standings_for is missing)."""
    from printing.standings import standings_pdf, standings_pdf_from_rows

    try:
        from standings.selectors import standings_for  # noqa: F401

        standings, t = _timed(
            lambda: standings_pdf(tournament=big.tournament, after_round=big, lang=lang)
        )
        label = "standings after round 1, 576 rows (standings_for + PDF)"
    except ImportError:
        rows = plain_standings(big)
        standings, t = _timed(
            lambda: standings_pdf_from_rows(
                tournament=big.tournament, rows=rows, after_round=big, lang=lang
            )
        )
        label = "standings, 576 rows (PDF only: standings_for not there yet)"
    documents["standings"] = standings
    return _Figure(label, t, 1.0, len(standings))


def _results_figure(big, lang: str, documents: dict) -> _Figure:
    from printing.results import table_results_pdf

    results, t = _timed(lambda: table_results_pdf(round=big, lang=lang))
    documents["results"] = results
    return _Figure("table results, 144 tables", t, 2.0, len(results))


if __name__ == "__main__":
    sys.exit(main())
