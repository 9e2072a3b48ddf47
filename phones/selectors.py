"""Read what a table's phone shows, and who at the table may accept a result.

Only what the public draw shows goes out: the table's players and clubs, its games
and deals. Never another table's code, a director's name or anything private.
"""

from __future__ import annotations

from django.db.models import Prefetch

from phones.models import Acceptance, TableSubmission
from scoring.models import DealRecord, ScoreSheet
from tournaments.models import Game, Round, Seat, Table, Tournament
from tournaments.names import entry_club, entry_name

__all__ = [
    "DEAL_ACTIONS",
    "last_enterers",
    "may_accept_game",
    "may_accept_table",
    "proof_needed",
    "table_page_state",
    "table_url",
]

# The submissions that change deals: whoever made the last one "entered" a game.
DEAL_ACTIONS = (
    TableSubmission.Action.DEAL,
    TableSubmission.Action.EDIT,
    TableSubmission.Action.DELETE,
)


def table_url(code: str, base_url: str) -> str:
    """Return the phone page's address for a code under the public base address.

    ``base_url`` is ``settings.SITE_URL`` (or ``printing.qr.site_url()``); the
    path is the one ``phones/urls.py`` serves, ``table/<code>/``.
    """
    return base_url.rstrip("/") + f"/table/{code}/"


# ------------------------------------------------------------------ who accepts


def last_enterers(*, sheet: ScoreSheet) -> tuple[dict[int, int], int | None]:
    """Return the seat that last changed each game's deals (by game number), and
    the seat that last changed any deal of the sheet (None: nothing from the table).
    """
    per_game: dict[int, int] = {}
    last = None
    rows = (
        TableSubmission.objects.filter(sheet=sheet, action__in=DEAL_ACTIONS)
        .order_by("id")
        .values_list("game", "seat")
    )
    for game, seat in rows:
        if game is not None:
            per_game[game] = seat
        last = seat
    return per_game, last


def _side_of(game: Game, seat: int) -> int | None:
    if seat in game.side_a_positions:
        return 0
    if seat in game.side_b_positions:
        return 1
    return None


def may_accept_game(*, game: Game, seats: list[int], enterer: int | None) -> list[int]:
    """The seats that may accept a game: those not on the side of whoever entered it.

    A game with no deal from the table (typed at the desk) may be accepted by
    any seat.
    """
    if enterer is None:
        return list(seats)
    side = _side_of(game, enterer)
    return [s for s in seats if s != enterer and _side_of(game, s) != side]


def may_accept_table(
    *, games: list[Game], seats: list[int], enterer: int | None
) -> list[int]:
    """The seats that may accept the whole table: on the other side from the last
    enterer in at least one game (fixed pairs: the other team; individual: anyone
    else). Nothing from the table: any seat.
    """
    if enterer is None:
        return list(seats)
    allowed = set()
    for game in games:
        allowed.update(may_accept_game(game=game, seats=seats, enterer=enterer))
    return [s for s in seats if s in allowed]


def proof_needed(tournament: Tournament) -> bool:
    """Whether an acceptance needs the accepting player's personal code: where the
    opponents' acceptance confirms the result (with a director confirming, the
    desk's confirmation is the proof, and the table's flow stays as it was)."""
    return tournament.result_entry == Tournament.ResultEntry.TABLES_OPPONENTS


# ------------------------------------------------------------------ the page


def _rules(tournament: Tournament) -> dict:
    return {
        "target": tournament.target,
        "deals": tournament.deals,
        "max_knocks": tournament.max_knocks,
        "blind": tournament.blind_doubles,
        "passed": True,
        "revoke_points": tournament.revoke_points,
    }


def _deal(record: DealRecord) -> dict:
    return {
        "number": record.number,
        "trump": record.trump,
        "declarer": record.declarer,
        "passed": record.passed,
        "blind": record.blind,
        "knocks": record.knocks,
        "points_a": record.points_a,
        "points_b": record.points_b,
        "revoke": record.revoke,
        "score_a": record.score_a,
        "score_b": record.score_b,
        "factor": record.factor,
    }


def _acceptance(found: Acceptance | None, names: dict[int, str]) -> dict | None:
    if found is None:
        return None
    return {
        "seat": found.seat,
        "name": names.get(found.seat, ""),
        "accepted": found.accepted,
        "reason": found.reason,
    }


def _loaded(sheet: ScoreSheet) -> bool:
    """Whether the sheet comes with its table, round and tournament."""
    if not ScoreSheet.table.is_cached(sheet):
        return False
    table = sheet.table
    return Table.round.is_cached(table) and Round.tournament.is_cached(table.round)


def _game_row(game: Game, *, names, found, asks: bool, may_accept) -> dict:
    """One game as the phone shows it. ``found``: its acceptance (or None);
    ``asks``: whether the table accepts game by game and still may."""
    return {
        "number": game.number,
        "side_a": list(game.side_a_positions),
        "side_b": list(game.side_b_positions),
        "names_a": " & ".join(names.get(p, "?") for p in game.side_a_positions),
        "names_b": " & ".join(names.get(p, "?") for p in game.side_b_positions),
        "deals": [_deal(r) for r in game.deal_records.all()],
        "score_a": game.score_a,
        "score_b": game.score_b,
        "finished": game.finished,
        "winner": game.winner,
        "acceptance": _acceptance(found, names),
        "needs_acceptance": asks
        and game.finished
        and not (found is not None and found.accepted),
        "may_accept": may_accept,
    }


def _seats_and_games(table) -> tuple[list[Seat], list[Game]]:
    """The table's seats with their entrants, and its games with their deals
    (copy 1), in order: three queries."""
    seats = list(
        Seat.objects.filter(table=table)
        .select_related("entry__player__club", "entry__team__club")
        .order_by("position")
    )
    games = list(
        Game.objects.filter(table=table)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "deal_records",
                queryset=DealRecord.objects.filter(copy=1).order_by("number"),
            )
        )
    )
    return seats, games


def table_page_state(*, sheet: ScoreSheet, current: bool = False) -> dict:
    """Return everything the table's phone page shows, JSON-able, in six queries
    (five when ``current``: the caller's sheet is as just read or committed, with
    its table, round and tournament).

    ``current_game`` is the first game not finished, None when every game is.
    ``needs_acceptance`` says the game is finished and waits for a (new)
    acceptance under game-by-game acceptance; ``may_accept`` lists the seats
    that may accept it (the other side from whoever entered it last).
    """
    if not (current and _loaded(sheet)):
        sheet = ScoreSheet.objects.select_related("table__round__tournament").get(
            pk=sheet.pk
        )
    table = sheet.table
    rnd = table.round
    tournament = rnd.tournament
    seats, games = _seats_and_games(table)
    names = {seat.position: entry_name(seat.entry) for seat in seats}
    positions = [seat.position for seat in seats]
    acceptances = {a.game_id: a for a in Acceptance.objects.filter(sheet=sheet)}
    per_game, last = last_enterers(sheet=sheet)
    # Acceptance is asked only where the table still enters its own results.
    table_mode = (
        tournament.result_entry != Tournament.ResultEntry.DESK
        and sheet.status != ScoreSheet.Status.CONFIRMED
        and sheet.table_state != ScoreSheet.TableState.DESK
    )
    by_game = tournament.acceptance == Tournament.Acceptance.GAME
    game_rows = [
        _game_row(
            game,
            names=names,
            found=acceptances.get(game.id),
            asks=table_mode and by_game,
            may_accept=may_accept_game(
                game=game, seats=positions, enterer=per_game.get(game.number)
            ),
        )
        for game in games
    ]
    all_finished = bool(games) and all(g.finished for g in games)
    table_found = acceptances.get(None)
    current = next((g.number for g in games if not g.finished), None)
    return {
        "version": sheet.version,
        "status": sheet.status,
        "table_state": sheet.table_state,
        "table_state_label": str(sheet.get_table_state_display()),
        "mode": tournament.result_entry,
        "acceptance": tournament.acceptance,
        "tournament": tournament.name,
        "round": rnd.number,
        "table": table.number,
        "rules": _rules(tournament),
        "seats": [
            {"seat": s.position, "name": names[s.position], "club": entry_club(s.entry)}
            for s in seats
        ],
        "games": game_rows,
        "table_acceptance": _acceptance(table_found, names),
        "table_needs_acceptance": table_mode
        and not by_game
        and all_finished
        and not (table_found is not None and table_found.accepted),
        "table_may_accept": may_accept_table(
            games=games, seats=positions, enterer=last
        ),
        "current_game": current,
        "asks_personal_code": proof_needed(tournament),
    }
