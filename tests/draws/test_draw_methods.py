"""Test the registry of draw methods: codes, formats and how each one draws."""

import ast
import inspect

import pytest
from django.utils import translation

from manille.draws import registry
from manille.draws.base import DrawError, Entrant
from tests.draw_checker import check_draw
from tournaments.models import Phase, Tournament


def test_the_registry_knows_exactly_the_phase_draw_methods_with_their_labels():
    with translation.override("en"):
        choices = {code: str(label) for code, label in Phase.DrawMethod.choices}
    assert {m.code: m.label for m in registry.METHODS} == choices


def test_every_method_serves_only_tournament_formats():
    for m in registry.METHODS:
        assert m.table_sizes
        assert set(m.table_sizes) <= set(Tournament.Format.values)


def test_every_method_label_is_marked_for_translation():
    """makemessages only extracts strings wrapped in gettext_noop."""
    tree = ast.parse(inspect.getsource(registry))
    labels = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and node.targets[0].id == "label"
    ]
    assert len(labels) == len(registry.METHODS)
    assert all(label.func.id == "gettext_noop" for label in labels)


def test_individual_tournaments_draw_tables_of_four_and_pairs_tables_of_two():
    assert registry.codes_for(Tournament.Format.INDIVIDUAL) == {
        "individual",
        "seeded",
        "pools",
    }
    assert registry.codes_for(Tournament.Format.PAIRS) == {
        "random",
        "swiss",
        "round_robin",
        "ladder",
        "seeded",
        "pools",
        "knockout",
    }
    seeded = registry.method("seeded")
    assert seeded.table_size(Tournament.Format.INDIVIDUAL) == 4
    assert seeded.table_size(Tournament.Format.PAIRS) == 2


def test_an_unknown_method_is_refused_with_a_draw_error():
    with pytest.raises(DrawError) as caught:
        registry.method("elimination")
    assert caught.value.code == "unknown_method"
    assert "elimination" in caught.value.message


@pytest.mark.parametrize("code", ["pools", "knockout"])
def test_a_staged_method_is_seated_from_its_plan_never_drawn(code):
    """Pools and knockouts are seated by draws.staged from the phase's pools or
    bracket; asking them for a fresh draw is a bug, refused by name."""
    method = registry.method(code)
    assert method.staged
    with pytest.raises(DrawError) as caught:
        method.draw([Entrant(id=i) for i in range(1, 9)], format="pairs", seed=1)
    assert caught.value.code == "staged_method"


@pytest.mark.parametrize(
    ("code", "format"),
    [(m.code, f) for m in registry.METHODS if not m.staged for f in m.table_sizes],
)
def test_every_method_draws_a_clean_round_named_after_itself(code, format):
    entrants = [Entrant(id=i, club=i % 3, rank=i) for i in range(1, 11)]
    draw = registry.method(code).draw(entrants, format=format, seed=7)
    size = registry.method(code).table_size(format)
    assert draw.method == code
    assert check_draw(draw, entrants) == []
    assert all(len(t.seats) == size for t in draw.tables)
    assert len(draw.byes) == len(entrants) % size


def test_a_seed_decides_a_pair_phase_in_its_first_round_only():
    """Qualifiers enter a ladder phase by seed; later rounds follow the results."""
    teams = [
        Entrant(id=1, rank=4, wins=3),
        Entrant(id=2, rank=3, wins=2),
        Entrant(id=3, rank=2, wins=1),
        Entrant(id=4, rank=1, wins=0),
    ]
    ladder = registry.method("ladder")
    first = ladder.draw(teams, format="pairs", seed=1, round_in_phase=1)
    second = ladder.draw(teams, format="pairs", seed=1, round_in_phase=2)
    assert [t.seats for t in first.tables] == [(4, 3), (2, 1)]
    assert [t.seats for t in second.tables] == [(1, 2), (3, 4)]


def test_a_pair_method_passes_the_round_in_phase_to_the_round_robin():
    teams = [Entrant(id=i) for i in range(1, 7)]
    robin = registry.method("round_robin")
    rounds = [
        {
            frozenset(t.seats)
            for t in robin.draw(teams, format="pairs", seed=0, round_in_phase=n).tables
        }
        for n in range(1, 6)
    ]
    assert len(set().union(*rounds)) == 15, "five rounds: every pair meets once"


def test_seeded_orders_by_seed_then_wins_then_points_then_id():
    entrants = [
        Entrant(id=5, wins=1),
        Entrant(id=6, wins=2),
        Entrant(id=3, wins=1, points=9),
        Entrant(id=4, rank=2),
        Entrant(id=1, rank=1),
        Entrant(id=2, wins=1),
        Entrant(id=7),
        Entrant(id=8),
    ]
    draw = registry.method("seeded").draw(entrants, format="pairs", seed=0)
    # Ranking 1, 4, 6, 3, 2, 5, 7, 8: snake over four tables.
    assert [t.seats for t in draw.tables] == [(1, 8), (4, 7), (6, 5), (3, 2)]
