"""Build events with a history, and read every public answer they give.

Used in the test process and, for the source side of a transfer between two
databases, in a ``manage.py shell`` subprocess on another database (hence plain
functions taking a slug, and Django imported inside them).
"""

from __future__ import annotations

import json
import os
import random

ID_KEYS = {"entry_id", "club_id"}


def sqlite_env(path) -> dict:
    """The environment of a ``manage.py`` on the SQLite file ``path``.

    Without REDIS_URL: the cache of another database's process must not answer
    for this one (the API caches on ids and versions, alike in both).
    """
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["DATABASE_URL"] = f"sqlite:///{path}"
    return env


def simulate(**options) -> str:
    """Play a whole event through the directors' services; return its slug.

    ``options`` are ``draws.simulation.tournament_simulate``'s.
    """
    from draws.simulation import tournament_simulate

    return tournament_simulate(**options).slug


def add_history(slug: str) -> None:
    """Give the event's open round a corrected sheet, an entered one and a forfeit,
    and reopen and close its first round: corrections, events and logs to move.
    """
    from django.contrib.auth import get_user_model

    from draws.simulation import play_game
    from scoring import services as scoring
    from tournaments.models import Round, Table, Tournament

    t = Tournament.objects.get(slug=slug)
    users = get_user_model().objects
    director, second = users.get(username="director"), users.get(username="director2")
    rng = random.Random(5)
    rnd = Round.objects.get(tournament=t, status=Round.Status.PUBLISHED)
    tables = list(Table.objects.filter(round=rnd).order_by("number"))

    def play(table):
        data = {g.number: play_game(rng, t, t.rules()) for g in table.games.all()}
        sheet = table.sheet
        return scoring.sheet_save(
            sheet=sheet, data=data, by=director, version=sheet.version
        ), data

    sheet, _data = play(tables[0])
    sheet = scoring.sheet_confirm(sheet=sheet, by=second, version=sheet.version)
    again = {g.number: play_game(rng, t, t.rules()) for g in tables[0].games.all()}
    scoring.sheet_correct(
        sheet=sheet,
        data=again,
        by=second,
        version=sheet.version,
        reason="Scorer swapped two deals on the paper",
    )
    sheet, _data = play(tables[1])  # entered, not confirmed: not public
    game = tables[1].games.order_by("number").first()
    scoring.table_event_add(
        sheet=sheet,
        game=game,
        kind="forfeit",
        side=1,
        reason="Side B left the hall",
        by=director,
        version=sheet.version,
    )
    first = Round.objects.get(tournament=t, number=1)
    scoring.round_reopen(round=first, by=director, reason="A late correction")
    scoring.round_close(round=first, by=second)


def add_table_entry(slug: str, *, table: int) -> None:
    """Let table ``table`` of the event's open round enter two games on a phone,
    through its code: the opponents accept the first and reject the second, so the
    table is disputed. Submissions, acceptances and a table state to move.

    The tournament's tables must enter their results, the opponents accepting
    each game (``result_entry``, ``acceptance``).
    """
    import itertools

    from phones.services import table_accept, table_codes_ensure, table_deal_save
    from scoring.models import ScoreSheet
    from scoring.services import DealInput
    from tournaments.models import Game, Round, Table
    from tournaments.personal_codes import entry_codes_ensure

    keys = itertools.count(1)
    rnd = Round.objects.get(tournament__slug=slug, status=Round.Status.PUBLISHED)
    at = Table.objects.get(round=rnd, number=table)
    code = table_codes_ensure(round=rnd)[table]

    def write() -> dict:
        """What every write from the phone sends: its key, the sheet's version."""
        return {
            "code": code,
            "key": f"transfer-{table}-{next(keys):04d}",
            "version": ScoreSheet.objects.get(table=at).version,
        }

    def play(game: int) -> None:  # 60-0 no-trump deals from seat 1, to the end
        for _deal in range(30):
            if Game.objects.get(table=at, number=game).finished:
                return
            table_deal_save(
                **write(), seat=1, game=game, deal=DealInput("no_trump", 60)
            )
        raise AssertionError(f"game {game} of table {table} never ended")

    def personal_code(seat: int) -> str:  # the opponent's, given at check-in
        entry_codes_ensure(tournament=rnd.tournament_id)
        return at.seats.get(position=seat).entry.personal_code

    play(1)  # seats 12 against 34: seat 3 accepts
    table_accept(
        **write(), seat=3, game=1, accepted=True, personal_code=personal_code(3)
    )
    play(2)  # seats 13 against 24: seat 2 rejects
    table_accept(
        **write(),
        seat=2,
        game=2,
        accepted=False,
        reason="We counted 40 in the second deal",
        personal_code=personal_code(2),
    )


def _normalise(value, ids: dict, slug: str):
    """Replace database ids by their order of first appearance, and the slug."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in ID_KEYS and isinstance(item, int):
                out[key] = ids.setdefault((key, item), len(ids) + 1)
            elif key == "tournament" and item == slug:
                out[key] = "<slug>"
            else:
                out[key] = _normalise(item, ids, slug)
        return out
    if isinstance(value, list):
        return [_normalise(v, ids, slug) for v in value]
    return value


def public_answers(slug: str) -> dict:
    """Every standings answer (each kind, after each round, each phase) and every
    round answer of the JSON API, ids made comparable across databases."""
    from django.core.cache import cache
    from django.test import Client

    from tournaments.models import Tournament

    cache.clear()
    client = Client(SERVER_NAME="localhost")
    t = Tournament.objects.get(slug=slug)
    rounds = t.rounds.count()
    phases = list(t.phases.order_by("order").values_list("pk", flat=True))
    answers, ids = {}, {}
    for kind in ("players", "teams", "clubs"):
        for after in (None, *range(1, rounds + 1)):
            for order, phase in ((None, None), *enumerate(phases, 1)):
                query = {"kind": kind}
                if after is not None:
                    query["after_round"] = after
                if phase is not None:
                    query["phase"] = phase
                response = client.get(f"/api/tournaments/{slug}/standings/", query)
                answers[f"standings {kind} after {after} phase {order}"] = [
                    response.status_code,
                    _normalise(response.json(), ids, slug),
                ]
    for number in range(1, rounds + 2):
        response = client.get(f"/api/tournaments/{slug}/rounds/{number}/")
        answers[f"round {number}"] = [
            response.status_code,
            _normalise(response.json(), ids, slug),
        ]
    return answers


def dump_answers(slug: str, path: str) -> None:
    """Write ``public_answers(slug)`` to ``path`` (for a subprocess)."""
    with open(path, "w", encoding="utf-8") as out:
        json.dump(public_answers(slug), out)


def fingerprint() -> dict[str, int]:
    """How many rows every table an import may write holds."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Tournament
    from transfer.services import SECTIONS

    counts = {s.name: s.model.objects.count() for s in SECTIONS}
    counts["tournaments"] = Tournament.objects.count()
    counts["users"] = get_user_model().objects.count()
    return counts
