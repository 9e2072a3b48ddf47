"""Time the printed sheets on championship-sized rounds (run as a module).

``python -m benchmarks.pdf`` builds the events in an in-memory SQLite
database (the real one is never touched) and prints one figure per document.
``python -m benchmarks.pdf --out DIR`` also writes the 576-player round's
documents to DIR (``make pdf-preview`` renders their first pages to PNG).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

FIRST_NAMES = (
    "Jan Piet Marie Élise Zoë François Anaïs Jean-Noël Loïc Wout Jens Ward Kobe "
    "Annelies Hélène Chloé Noémie Gaëtan Joëlle Raphaël Françoise Céline Maïté "
    "Geert Lieve Hannelore Stijn Brecht Thérèse Benoît Sébastien Mathéo Inès "
    "Lowie Ilse Griet Rik Frieda Josée Agnès"
).split()
LAST_NAMES = (
    "Peeters Desmet Vandamme Lefèvre Mahieu Vanhoutte Declercq Deprez Verhaeghe "
    "Dewaele Vandenbroucke Goethals Lambrecht Maes Claeys Depoorter Ghekiere "
    "Bruneël Delaere Vercruysse Gryspeert Debaeke Lecœur Françoys Ducatteeuw "
    "Vanneste Moerman Naessens Vansteenkiste Baert Gheysens Dupré Lemaître "
    "Delabie Wyffels Coussement Devos Vermeulen Dhondt Verstraete Boudry Ryckaert "
    "Ollevier Tanghe Noë Vlaeminck Haelewyn Sabbe Christiaens Feryn Bonte Desodt "
    "Pattyn Vanhee Clarysse Decock Boussery Verschaeve Deleu Pollet"
).split()
CLUB_NAMES = (
    "De Zotte Manillers Harelbeke",
    "Cercle Manille Comines",
    "Café ’t Hoekske Deerlijk",
    "Les Joyeux Buqueurs Mouscron",
    "KMC De Klopper Jabbeke",
    "Manilleclub Sint-Eloois-Winkel",
    "La Manille Wattrelosienne",
    "De Vrolijke Schrijvers Ieper",
    "Club Sans Atout Tourcoing",
    "Plankierkoarters Oostende",
    "De Manillon Kortrijk",
    "Les Amis de la Manille Lille",
    "Café Ons Huis Zwevegem",
    "De Tegenkloppers Waregem",
    "Cercle Saint-Éloi Halluin",
    "Manilleclub ’t Zonder Menen",
    "De Gouden Boom Izegem",
    "Les Renonceurs Roubaix",
    "KMC Eendracht Wevelgem",
    "De Zeven Slagen Roeselare",
    "Manille Club Ploegsteert",
    "Café De Sportwereld Tielt",
    "Les Contreurs d’Armentières",
    "De Kaartvrienden Brugge",
    "Manilleclub Nieuwpoort",
    "Cercle La Levée Tournai",
    "De Lustige Delers Diksmuide",
    "Café Français Comines-Warneton",
    "De Boomtakken Poperinge",
    "Club Manille Flers",
)


def build_event(*, players: int, slug: str, seed: int = 2017, confirmed: bool = True):
    """Create an individual tournament with round 1 drawn for ``players`` players.

    Bulk inserts only (a few queries whatever the size); every table gets its three
    games and, when ``confirmed``, a confirmed score sheet with plausible scores.
    Returns the round.
    """
    from django.utils import timezone

    from clubs.models import Club, Player
    from scoring.models import ScoreSheet
    from tournaments.models import Entry, Game, Phase, Round, Seat, Table, Tournament

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name="Wereldkampioenschap Manillen — Championnat du monde 2026",
        slug=slug,
        date=datetime.date(2026, 10, 4),
        venue="Sporthal De Vlasschaard, Harelbeke",
        format=Tournament.Format.INDIVIDUAL,
        language="nl",
    )
    phase = Phase.objects.create(
        tournament=tournament, order=1, name="Voorronde", rounds=5
    )
    rnd = Round.objects.create(
        tournament=tournament,
        phase=phase,
        number=1,
        status=Round.Status.PUBLISHED,
    )
    clubs = {c.name: c for c in Club.objects.filter(name__in=CLUB_NAMES)}
    new_clubs = [Club(name=n) for n in CLUB_NAMES if n not in clubs]
    Club.objects.bulk_create(new_clubs)
    clubs = list(Club.objects.filter(name__in=CLUB_NAMES).order_by("name"))
    names = [(f, last) for f in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(names)
    if players > len(names):
        raise ValueError(f"at most {len(names)} players")
    wanted = names[:players]
    known = {
        (p.first_name, p.last_name): p
        for p in Player.objects.filter(
            first_name__in={f for f, _ in wanted},
            last_name__in={la for _, la in wanted},
        )
    }
    Player.objects.bulk_create(
        Player(first_name=first, last_name=last, club=rng.choice(clubs))
        for first, last in wanted
        if (first, last) not in known
    )
    known = {
        (p.first_name, p.last_name): p
        for p in Player.objects.filter(
            first_name__in={f for f, _ in wanted},
            last_name__in={la for _, la in wanted},
        )
    }
    people = [known[n] for n in wanted]
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, status=Entry.Status.PRESENT)
        for p in people
    )
    rng.shuffle(entries)
    count = players // 4
    tables = Table.objects.bulk_create(
        Table(round=rnd, number=n + 1) for n in range(count)
    )
    Seat.objects.bulk_create(
        Seat(round=rnd, table=t, position=p + 1, entry=entries[4 * i + p])
        for i, t in enumerate(tables)
        for p in range(4)
    )
    games = []
    for t in tables:
        for n, (a, b) in enumerate((("12", "34"), ("13", "24"), ("14", "23"))):
            game = Game(table=t, number=n + 1, side_a=a, side_b=b)
            if confirmed:
                win = rng.randrange(2)
                loser = rng.randrange(20, 100)
                game.score_a, game.score_b = (101, loser) if win == 0 else (loser, 101)
                game.winner, game.finished = win, True
            games.append(game)
    Game.objects.bulk_create(games)
    if confirmed:
        now = timezone.now()
        ScoreSheet.objects.bulk_create(
            ScoreSheet(table=t, status=ScoreSheet.Status.CONFIRMED, confirmed_at=now)
            for t in tables
        )
    return rnd


def build_pairs_event(*, teams: int, slug: str, seed: int = 2020):
    """Create a fixed-pairs tournament with round 1 drawn: one game per table."""
    from clubs.models import Club, Team
    from tournaments.models import Entry, Game, Phase, Round, Seat, Table, Tournament

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name="Tournoi de manille par équipes — Comines",
        slug=slug,
        date=datetime.date(2026, 11, 8),
        venue="Salle Saint-Éloi, Comines",
        format=Tournament.Format.PAIRS,
        language="fr",
    )
    phase = Phase.objects.create(
        tournament=tournament,
        order=1,
        name="Poule",
        draw_method=Phase.DrawMethod.RANDOM,
        games_per_table=1,
    )
    rnd = Round.objects.create(
        tournament=tournament, phase=phase, number=1, status=Round.Status.PUBLISHED
    )
    Club.objects.bulk_create([Club(name=n) for n in CLUB_NAMES], ignore_conflicts=True)
    clubs = list(Club.objects.filter(name__in=CLUB_NAMES).order_by("name"))
    made = Team.objects.bulk_create(
        Team(
            name=f"{rng.choice(LAST_NAMES)} & {rng.choice(LAST_NAMES)} {i + 1}",
            club=rng.choice(clubs),
        )
        for i in range(teams)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, team=t, status=Entry.Status.PRESENT) for t in made
    )
    rng.shuffle(entries)
    tables = Table.objects.bulk_create(
        Table(round=rnd, number=n + 1) for n in range(teams // 2)
    )
    Seat.objects.bulk_create(
        Seat(round=rnd, table=t, position=p + 1, entry=entries[2 * i + p])
        for i, t in enumerate(tables)
        for p in range(2)
    )
    Game.objects.bulk_create(
        Game(table=t, number=1, side_a="1", side_b="2") for t in tables
    )
    return rnd


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


def _timed(label: str, fn):
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

    _setup_memory_db()
    from printing import pdf

    pdf.register_fonts()
    base = "http://127.0.0.1:8000"
    big = build_event(players=576, slug="bench-576")
    lang = args.lang

    # Warm up once (fonts parsed, templates compiled) so figures show steady state.
    pdf.draw_pdf(round=big, order="name", lang=lang)

    figures = []
    sheets, t = _timed(
        "", lambda: pdf.score_sheets_pdf(round=big, base_url=base, lang=lang)
    )
    figures.append(("score sheets, 144 tables (A4)", t, 3.0, len(sheets)))
    if not args.skip_big:
        huge = build_event(players=2000, slug="bench-2000", confirmed=False)
        sheets500, t = _timed(
            "", lambda: pdf.score_sheets_pdf(round=huge, base_url=base, lang=lang)
        )
        figures.append(("score sheets, 500 tables (A4)", t, 10.0, len(sheets500)))
    pairs = build_pairs_event(teams=288, slug="bench-pairs")
    a5, t = _timed(
        "",
        lambda: pdf.score_sheets_pdf(round=pairs, base_url=base, size="a5", lang=lang),
    )
    figures.append(("score sheets, 144 pair tables (A5, two per A4)", t, 3.0, len(a5)))
    draw, t = _timed("", lambda: pdf.draw_pdf(round=big, order="table", lang=lang))
    figures.append(("draw by table, 576 players", t, 1.0, len(draw)))
    by_name, t = _timed("", lambda: pdf.draw_pdf(round=big, order="name", lang=lang))
    figures.append(("draw by name, 576 rows", t, 1.0, len(by_name)))
    both, t = _timed("", lambda: pdf.draw_pdf(round=big, lang=lang))
    figures.append(("draw by table and by name", t, 2.0, len(both)))
    try:
        from standings.selectors import standings_for  # noqa: F401

        standings, t = _timed(
            "",
            lambda: pdf.standings_pdf(
                tournament=big.tournament, after_round=big, lang=lang
            ),
        )
        label = "standings after round 1, 576 rows (standings_for + PDF)"
    except ImportError:
        rows = plain_standings(big)
        standings, t = _timed(
            "",
            lambda: pdf.standings_pdf_from_rows(
                tournament=big.tournament, rows=rows, after_round=big, lang=lang
            ),
        )
        label = "standings, 576 rows (PDF only: standings_for not there yet)"
    figures.append((label, t, 1.0, len(standings)))
    results, t = _timed("", lambda: pdf.table_results_pdf(round=big, lang=lang))
    figures.append(("table results, 144 tables", t, 2.0, len(results)))

    failed = False
    for label, seconds, limit, size in figures:
        verdict = "ok" if seconds <= limit else "TOO SLOW"
        failed |= seconds > limit
        print(
            f"{label}: {seconds:.2f} s (limit {limit:.0f} s, {size / 1024:.0f} KiB)"
            f" {verdict}"
        )
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, data in (
            ("sheets", sheets),
            ("sheets-a5", a5),
            ("draw", both),
            ("draw-by-name", by_name),
            ("standings", standings),
            ("results", results),
        ):
            (args.out / f"{name}.pdf").write_bytes(data)
        print(f"wrote the documents to {args.out}/")
    if failed:
        print("(figures above a limit: the machine may be busy; run again to compare)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
