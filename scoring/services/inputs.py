"""Turn what a director types into the engine's deals, and a game's result."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from manille.clock import time_result
from manille.engine import (
    TRICKS,
    CardCount,
    Deal,
    GameScore,
    InvalidDeal,
    deal_total,
    game_winner,
    points_from_cards,
    score_game,
)
from scoring.models import DealRecord, TableEvent
from scoring.services.errors import ResultError, _from_engine
from tournaments.models import Tournament

__all__ = ["MAX_TOTAL", "DealInput", "GameInput", "score_inputs"]

MAX_TOTAL = 9999


@dataclass(frozen=True, slots=True)
class DealInput:
    """One deal as the director types it; side B may be left for the site to fill."""

    trump: str
    points_a: int | None = None
    points_b: int | None = None
    knocks: int = 0
    blind: bool = False
    passed: bool = False
    declarer: int = 0
    revoke: int | None = None
    tricks_a: int | None = None
    cards_a: tuple[int, int, int, int, int] | None = None

    @classmethod
    def from_record(cls, record: DealRecord) -> DealInput:
        cards = None
        if record.tens_a is not None:
            cards = (
                record.tens_a,
                record.aces_a or 0,
                record.kings_a or 0,
                record.queens_a or 0,
                record.jacks_a or 0,
            )
        return cls(
            trump=record.trump,
            points_a=record.points_a,
            points_b=record.points_b,
            knocks=record.knocks,
            blind=record.blind,
            passed=record.passed,
            declarer=record.declarer,
            revoke=record.revoke,
            tricks_a=record.tricks_a,
            cards_a=cards,
        )


@dataclass(slots=True)
class GameInput:
    """What one copy of the sheet says about one game."""

    deals: list[DealInput] = dataclasses.field(default_factory=list)
    totals: tuple[int, int] | None = None


# --------------------------------------------------------------------------- checks


def _resolve(deal: DealInput, tournament: Tournament) -> tuple[Deal, int, int]:
    """Turn a typed deal into the engine's Deal and the two sides' stored points."""
    total = deal_total(trick_points=tournament.trick_points)
    if deal.blind and not tournament.blind_doubles:
        raise ResultError(
            _("Blind trump is not played in this tournament."), field="blind"
        )
    tricks = None
    if deal.tricks_a is not None:
        if not 0 <= deal.tricks_a <= TRICKS:
            raise ResultError(
                _("A side takes between 0 and %(max)s tricks.") % {"max": TRICKS},
                field="tricks_a",
            )
        tricks = (deal.tricks_a, TRICKS - deal.tricks_a)
    if tournament.entry_mode == Tournament.EntryMode.CARDS:
        if deal.cards_a is None:
            if deal.revoke is None:
                raise ResultError(_("Enter the cards side A took."), field="tens_a")
            a = b = 0
        else:
            a, b = points_from_cards(CardCount(*deal.cards_a))
            if tournament.trick_points:
                if tricks is None:
                    raise ResultError(
                        _("Enter side A's tricks too: each trick scores a point."),
                        field="tricks_a",
                    )
                a, b = a + tricks[0], b + tricks[1]
    else:
        a, b = deal.points_a, deal.points_b
        if a is None:
            if deal.revoke is None:
                raise ResultError(_("Enter side A's points."), field="points_a")
            a, b = 0, (0 if b is None else b)
        elif b is None:
            if tournament.type_both_sides:
                raise ResultError(
                    _("Type side B's points too: they are checked against side A's."),
                    field="points_b",
                )
            b = total - a
    engine_deal = Deal(
        points=(a, b),
        trump=deal.trump,
        knocks=deal.knocks,
        blind=deal.blind,
        revoke=deal.revoke,
        tricks=tricks,
        declarer=deal.declarer,
    )
    return engine_deal, a, b


def score_inputs(
    *, tournament: Tournament, game_number: int, deals: Iterable[DealInput], rules=None
) -> tuple[list[tuple[int, int]], GameScore]:
    """Check a game's typed deals with the engine; return stored points and score.

    Raise :class:`ResultError` naming the game, the deal index and the field.
    """
    rules = rules or tournament.rules()
    engine_deals: list[Deal] = []
    points: list[tuple[int, int]] = []
    for index, deal in enumerate(deals):
        try:
            engine_deal, a, b = _resolve(deal, tournament)
        except InvalidDeal as exc:
            raise _from_engine(exc, game_number, index) from exc
        except ResultError as exc:
            exc.game, exc.index = game_number, index
            raise
        engine_deals.append(engine_deal)
        points.append((a, b))
    try:
        game_score = score_game(engine_deals, rules)
    except InvalidDeal as exc:
        raise _from_engine(exc, game_number, exc.index) from exc
    return points, game_score


def _check_totals(
    totals: tuple[int, int], tournament: Tournament, game_number: int
) -> None:
    a, b = totals
    for value in (a, b):
        if not 0 <= value <= MAX_TOTAL:
            raise ResultError(
                _("A game score lies between 0 and %(max)s, not %(value)s.")
                % {"max": MAX_TOTAL, "value": value},
                field="score_a" if value == a else "score_b",
                game=game_number,
            )
    target = tournament.target
    if target is not None and tournament.deals is None:
        if max(a, b) < target:
            raise ResultError(
                _("A game to %(target)s ends when a side reaches it: %(a)s–%(b)s.")
                % {"target": target, "a": a, "b": b},
                field="score_a",
                game=game_number,
            )
        if min(a, b) >= target:
            raise ResultError(
                _("Only one side can reach %(target)s: %(a)s–%(b)s.")
                % {"target": target, "a": a, "b": b},
                field="score_b",
                game=game_number,
            )


def _game_result(
    *,
    tournament: Tournament,
    game_score: GameScore | None,
    deals: list[DealInput],
    totals: tuple[int, int] | None,
    events: list[TableEvent],
    stopped: tuple[bool, str] = (False, ""),
) -> dict:
    """Return tournaments.Game's result fields from the sheet's first copy.

    ``stopped``: the game's ``(decided_by_time, time_decision)``. A game stopped
    by time and not ended by its deals is settled by the event's time rule
    (``manille.clock.time_result``); one its deals end after all (the deal in
    play took a side over the target) is an ordinary game again.
    """
    won_a = won_b = 0
    if game_score is not None:
        for scored in game_score.deals:
            if scored.scores[0] > scored.scores[1]:
                won_a += 1
            elif scored.scores[1] > scored.scores[0]:
                won_b += 1
    revokes_a = sum(1 for d in deals if d.revoke == 0)
    revokes_b = sum(1 for d in deals if d.revoke == 1)
    if tournament.entry_mode == Tournament.EntryMode.TOTALS:
        score_a, score_b = totals or (0, 0)
        finished = totals is not None
    elif game_score is not None:
        score_a, score_b = game_score.totals
        finished = game_score.finished
    else:
        score_a = score_b = 0
        finished = False
    forfeit = None
    for event in events:
        if event.kind == TableEvent.Kind.AWARD:
            if event.side == 0:
                score_a += event.points
            else:
                score_b += event.points
        else:
            forfeit = event
    if forfeit is not None:
        present = 1 - forfeit.side
        score_a = tournament.forfeit_points if present == 0 else 0
        score_b = tournament.forfeit_points if present == 1 else 0
        finished = True
    elif not finished and tournament.target is not None:
        # Awarded points can carry a side over the target (the deal count cannot).
        finished = max(score_a, score_b) >= tournament.target
    by_time, decision = stopped
    if finished or forfeit is not None:
        by_time, decision = False, ""
    winner = game_winner((score_a, score_b), finished)
    if by_time:
        finished, winner = time_result(
            rule=tournament.time_rule, totals=(score_a, score_b), decision=decision
        )
    return {
        "decided_by_time": by_time,
        "time_decision": decision,
        "score_a": score_a,
        "score_b": score_b,
        "finished": finished,
        "winner": winner,
        "deals_won_a": won_a,
        "deals_won_b": won_b,
        "revokes_a": revokes_a,
        "revokes_b": revokes_b,
    }
