"""Check that the game's modules (``manille``: engine, standings, tiebreaks, draws…)
import no Django.

import-linter's "pure" contract checks the imports statically; this runs them.
"""

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
GAME_MODULES = sorted(
    ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts).removesuffix(
        ".__init__"
    )
    for path in (REPO_ROOT / "manille").rglob("*.py")
)


def test_every_module_of_the_game_is_checked():
    """A new module in manille/ is checked without editing this test."""
    assert "manille.draws.registry" in GAME_MODULES
    assert "manille.engine" in GAME_MODULES
    assert len(GAME_MODULES) >= 15


@pytest.mark.parametrize(
    "module",
    [*GAME_MODULES, "benchmarks.engine", "benchmarks.draw"],
)
def test_module_imports_without_django(module):
    """Importing the pure layer leaves no django module in sys.modules."""
    code = (
        f"import {module}, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
