"""Test the draw checks and reason texts, and the Swiss draw past its search budget."""

import ast
import inspect

from manille.draws import base, swiss
from manille.draws.base import (
    Draw,
    DrawTable,
    Entrant,
    table_conflicts,
)
from manille.draws.swiss import draw_swiss
from tests.draw_checker import check_draw
from tests.draws.draw_helpers import totals

# ------------------------------------------------------------------ checks, text


def test_table_conflicts_counts_a_hand_edited_table():
    by_id = {i: Entrant(id=i, club=1 if i < 3 else i) for i in range(1, 5)}
    history = [frozenset((1, 3)), frozenset((2, 4)), frozenset((7, 8))]
    assert table_conflicts((1, 2, 3, 4), by_id, history) == (2, 1)


def test_check_draw_reports_missing_doubled_and_strange_entrants():
    players = [Entrant(id=i) for i in range(1, 6)]
    bad = Draw(
        tables=(DrawTable(2, (1, 2, 2, 9), 0, 0, ("no_repeat", "no_same_club")),),
        byes=(3,),
        seed=0,
        method="manual",
    )
    problems = check_draw(bad, players)
    assert "entrant 2 is placed 2 times" in problems
    assert "entrant 9 is not present" in problems
    assert "entrant 4 is neither seated nor given a bye" in problems
    assert any("numbered" in p for p in problems)


def test_every_reason_text_is_marked_for_translation():
    """makemessages only extracts strings wrapped in gettext_noop."""
    tree = ast.parse(inspect.getsource(base))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and node.target.id in (
            "REASON_TEXT",
            "ERROR_TEXT",
        ):
            for value in node.value.values:
                assert isinstance(value, ast.Call)
                assert value.func.id == "gettext_noop"


def test_swiss_past_its_search_budget_still_pairs_everyone_and_repairs_rematches(
    monkeypatch,
):
    monkeypatch.setattr(swiss, "_SWISS_NODES", 1)
    teams = [Entrant(id=i, wins=4 - i // 2) for i in range(1, 9)]
    history = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    draw = draw_swiss(teams, seed=1, history=history)
    assert check_draw(draw, teams, history=history) == []
    assert totals(draw)[0] == 0
