"""Build played and drawn events in bulk for the tests and the benchmarks.

The builders import Django inside their bodies so that a benchmark can import this
module before it calls ``django.setup()``. Tests import from here; benchmarks may too,
never the other way round.
"""

from __future__ import annotations

import datetime
import random

# ----------------------------------------------------- a played event (standings)

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
    from django.db import transaction
    from django.utils import timezone

    from tournaments.models import Tournament as T

    now = timezone.now()
    rng = random.Random(seed)
    slug = slug or f"bench-{players}-{rounds}-{seed}-{rng.randrange(10**6)}"
    with transaction.atomic():
        t = T.objects.create(
            name=f"Bench {players} × {rounds}",
            slug=slug,
            date=datetime.date(2026, 10, 4),
            venue="Harelbeke",
            format=T.Format.PAIRS if pairs else T.Format.INDIVIDUAL,
            version=1,
        )
        ids = _bulk_entrants(
            t, rng, players=players, clubs=clubs, pairs=pairs, slug=slug
        )
        qual, fin = _bulk_phases(t, rounds=rounds, final=final, pairs=pairs)
        rows: list = []
        number = 0
        plan = [(qual, r) for r in range(1, rounds + 1)]
        if fin is not None:
            plan.append((fin, 1))
        for phase, _r in plan:
            number += 1
            last = number == len(plan)
            if phase is fin:
                field = _final_field(ids, rows, fin, final)
            else:
                field = list(ids)
                rng.shuffle(field)
            _bulk_round(
                t,
                phase,
                number,
                field,
                rng,
                rows,
                pairs=pairs,
                done=confirm or not last,
                now=now,
            )
    return t


def _bulk_entrants(
    t, rng: random.Random, *, players: int, clubs: int, pairs: bool, slug: str
):
    """Create ``clubs`` clubs and ``players`` present entrants (teams when
    ``pairs``) of their clubs in turn; return the entrants' ids."""
    from clubs.models import Club, Player, Team
    from tournaments.models import Entry

    club_objs = Club.objects.bulk_create(
        [Club(name=f"{TOWNS[i % len(TOWNS)]} {i} ({slug})"[:120]) for i in range(clubs)]
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
    return [e.pk for e in entries]


def _bulk_phases(t, *, rounds: int, final: int, pairs: bool):
    """Create the qualifying phase and, if ``final``, the final; return both."""
    from tournaments.models import Phase

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
    return qual, fin


def _final_field(ids: list, rows: list, fin, final: int) -> list:
    """The best ``final`` entrants by the games so far, sent on to the final."""
    from manille.standings import EntrantInfo, compute_standings
    from tournaments.models import Entry

    info = [EntrantInfo(i, str(i)) for i in ids]
    ranked = compute_standings(info, rows, tiebreaks=["games_won", "points"])
    field = [r.entry_id for r in ranked[:final]]
    Entry.objects.filter(pk__in=field).update(phase=fin)
    return field


def _bulk_round(t, phase, number, field, rng, rows, *, pairs, done, now) -> None:
    """Seat ``field`` in round ``number`` at tables in order (the rest on a bye)
    and play its games: closed with confirmed sheets when ``done``, else published
    with sheets entered. Each game played to the end is added to ``rows``."""
    from manille.standings import GameRow
    from scoring.models import ScoreSheet
    from tournaments.models import Bye, Game, Round, Seat, Table

    size = 2 if pairs else 4
    status = "closed" if done else "published"
    rnd = Round.objects.create(tournament=t, phase=phase, number=number, status=status)
    n_tables = len(field) // size
    tables = Table.objects.bulk_create(
        [Table(round=rnd, number=i + 1) for i in range(n_tables)]
    )
    seats, games, sheets, byes = [], [], [], []
    for ti, table in enumerate(tables):
        group = field[ti * size : (ti + 1) * size]
        for pos, eid in enumerate(group, start=1):
            seats.append(Seat(round=rnd, table=table, position=pos, entry_id=eid))
        layout = GAMES if not pairs else (("1", "2"),)
        for gn, (sa, sb) in enumerate(layout, start=1):
            res = _result(rng)
            games.append(Game(table=table, number=gn, side_a=sa, side_b=sb, **res))
            if done:
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


# ------------------------------------------- a drawn first round (printed sheets)

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


def build_drawn_round(
    *, players: int, slug: str, seed: int = 2017, confirmed: bool = True
):
    """Create an individual tournament with round 1 drawn for ``players`` players.

    Bulk inserts only (a few queries whatever the size); every table gets its three
    games and, when ``confirmed``, a confirmed score sheet with plausible scores.
    Returns the round.
    """
    from tournaments.models import Entry, Phase, Round, Seat, Table, Tournament

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
    people = _drawn_players(rng, players)
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
    _drawn_games(tables, rng, confirmed=confirmed)
    return rnd


def _drawn_players(rng: random.Random, players: int) -> list:
    """``players`` players of :data:`CLUB_NAMES`' clubs, by names drawn from
    :data:`FIRST_NAMES` and :data:`LAST_NAMES`; those already there are reused."""
    from clubs.models import Club, Player

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
    return [known[n] for n in wanted]


def _drawn_games(tables, rng: random.Random, *, confirmed: bool) -> None:
    """Each table's three games; when ``confirmed``, won 101 to something and the
    table's sheet confirmed."""
    from django.utils import timezone

    from scoring.models import ScoreSheet
    from tournaments.models import Game

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


def build_drawn_pairs_round(*, teams: int, slug: str, seed: int = 2020):
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
