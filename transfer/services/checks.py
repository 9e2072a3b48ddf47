"""Check an event file as the site's own entry would: keys, substitutes, scores.

A file is data someone wrote, not the site's own rows: its keys are checked in
one pass before any row is built (a long file with a key twice is refused in a
moment, not after every row before it), its substitutes may not be their own or
go round in a cycle, and every deal goes through the engine and every game's
result is computed again from its deals, as ``scoring.sheet_commit`` would: a
score the deals do not make is refused, naming the table and the game.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from core.errors import InvalidInput
from scoring.models import DealRecord, GameTotal, TableEvent
from scoring.services import ResultError, game_rescore
from tournaments.models import Game, Tournament
from transfer.services.envelope import _refuse
from transfer.services.sections import SECTIONS

# The result fields of tournaments.Game the deals decide, as a message names them.
RESULT_FIELDS = (
    "score_a",
    "score_b",
    "finished",
    "winner",
    "deals_won_a",
    "deals_won_b",
    "revokes_a",
    "revokes_b",
    "decided_by_time",
    "time_decision",
)


def _row(section: str, index: int) -> str:
    return _("Event file, “%(section)s”, row %(row)s") % {
        "section": section,
        "row": index + 1,
    }


def _is_key(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_keys(data: dict) -> None:
    """Refuse a row without a whole-number key, or a key used twice in a section."""
    for section in SECTIONS:
        seen: set[int] = set()
        for index, row in enumerate(data.get(section.name, [])):
            key = row.get("key")
            if not _is_key(key):
                raise _refuse(
                    _("%(where)s: the row has no key."), where=_row(section.name, index)
                )
            if key in seen:
                raise _refuse(
                    _("%(where)s: the key %(key)s is used twice."),
                    where=_row(section.name, index),
                    key=key,
                )
            seen.add(key)


def check_substitutes(data: dict) -> None:
    """Refuse a player who is his own fixed substitute, fixed substitutes that go
    round in a cycle, and an entrant who plays in his own place."""
    players = data.get("players", [])
    substitute = {}
    for index, row in enumerate(players):
        if _is_key(row.get("substitute")):
            if row["substitute"] == row["key"]:
                raise _refuse(
                    _("%(where)s: a player cannot be his own substitute."),
                    where=_row("players", index),
                )
            substitute[row["key"]] = row["substitute"]
    row_of = {row["key"]: index for index, row in enumerate(players)}
    done: set[int] = set()
    for start in substitute:  # each link is walked once: linear in the players
        path: list[int] = []
        on_path: set[int] = set()
        key = start
        while key in substitute and key not in done:
            if key in on_path:
                raise _refuse(
                    _(
                        "%(where)s: the fixed substitutes go round in a cycle "
                        "(rows %(rows)s)."
                    ),
                    where=_row("players", min(row_of[k] for k in path)),
                    rows=", ".join(str(row_of[k] + 1) for k in path),
                )
            path.append(key)
            on_path.add(key)
            key = substitute[key]
        done.update(path)
    for index, row in enumerate(data.get("entries", [])):
        if _is_key(row.get("plays_for")) and row.get("plays_for") == row.get("player"):
            raise _refuse(
                _("%(where)s: an entrant cannot play in his own place."),
                where=_row("entries", index),
            )


# ------------------------------------------------------------------ the scores


def _game_name(game: Game) -> str:
    return _("Event file, round %(round)s, table %(table)s, game %(game)s") % {
        "round": game.table.round.number,
        "table": game.table.number,
        "game": game.number,
    }


def _engine_refusal(game: Game, exc: ResultError) -> InvalidInput:
    where = _game_name(game)
    if getattr(exc, "index", None) is not None:
        where = _("%(where)s, deal %(deal)s") % {"where": where, "deal": exc.index + 1}
    return _refuse(_("%(where)s: %(error)s"), where=where, error=str(exc))


def _check_deals(game: Game, records: list[DealRecord], rescored) -> None:
    for index, record in enumerate(records):
        points = (record.points_a, record.points_b)
        scored = (record.score_a, record.score_b, record.factor)
        if points != rescored.points[index] or scored != rescored.scores[index]:
            engine = rescored.scores[index]
            raise _refuse(
                _(
                    "%(where)s, deal %(deal)s: the file scores it %(a)s–%(b)s "
                    "(× %(factor)s); the engine scores it %(ea)s–%(eb)s (× %(ef)s)."
                ),
                where=_game_name(game),
                deal=index + 1,
                a=record.score_a,
                b=record.score_b,
                factor=record.factor,
                ea=engine[0],
                eb=engine[1],
                ef=engine[2],
            )


def _check_result(game: Game, result: dict) -> None:
    stated = {name: getattr(game, name) for name in RESULT_FIELDS}
    if stated == result:
        return
    if (stated["score_a"], stated["score_b"]) != (result["score_a"], result["score_b"]):
        raise _refuse(
            _(
                "%(where)s: the file's total is %(a)s–%(b)s, but its deals (and "
                "the table's forfeits and awards) make %(ra)s–%(rb)s."
            ),
            where=_game_name(game),
            a=stated["score_a"],
            b=stated["score_b"],
            ra=result["score_a"],
            rb=result["score_b"],
        )
    field = next(name for name in RESULT_FIELDS if stated[name] != result[name])
    raise _refuse(
        _("%(where)s: the file's “%(field)s” is %(stated)s; its deals make %(made)s."),
        where=_game_name(game),
        field=field,
        stated=stated[field],
        made=result[field],
    )


def check_results(tournament: Tournament) -> None:
    """Score every imported game's deals with the engine (each copy) and refuse a
    stored deal score or game result they do not make. Runs inside the import's
    transaction, on the rows just written (a few queries, linear in the rows)."""
    games = list(
        Game.objects.filter(table__round__tournament=tournament)
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number")
    )
    ids = [g.pk for g in games]
    deals: dict = defaultdict(list)
    for record in DealRecord.objects.filter(game_id__in=ids).order_by(
        "game_id", "copy", "number"
    ):
        deals[record.game_id, record.copy].append(record)
    totals = {
        (t.game_id, t.copy): (t.score_a, t.score_b)
        for t in GameTotal.objects.filter(game_id__in=ids)
    }
    events: dict = defaultdict(list)
    for event in TableEvent.objects.filter(game_id__in=ids).order_by("at", "id"):
        events[event.game_id].append(event)
    rules = tournament.rules()
    for game in games:
        for copy in (1, 2):
            records = deals.get((game.pk, copy), [])
            try:
                rescored = game_rescore(
                    tournament=tournament,
                    game_number=game.number,
                    deals=records,
                    totals=totals.get((game.pk, copy)),
                    events=events[game.pk],
                    first_copy=copy == 1,
                    rules=rules,
                    stopped=(game.decided_by_time, game.time_decision),
                )
            except ResultError as exc:
                raise _engine_refusal(game, exc) from None
            _check_deals(game, records, rescored)
            if copy == 1:
                _check_result(game, rescored.result)
