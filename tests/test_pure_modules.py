"""Check that the pure modules (engine, standings, tiebreaks, draws) import no Django.

import-linter's "pure" contract checks the imports statically; this runs them.
"""

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
DRAW_GENERATORS = sorted(
    "draws.generators" + ("" if path.stem == "__init__" else f".{path.stem}")
    for path in (REPO_ROOT / "draws" / "generators").glob("*.py")
)


def test_every_draw_generator_module_is_checked():
    """A new module in draws/generators/ is checked without editing this test."""
    assert "draws.generators.registry" in DRAW_GENERATORS
    assert len(DRAW_GENERATORS) >= 8


@pytest.mark.parametrize(
    "module",
    [
        "scoring.engine",
        "scoring.variants",
        "series.compute",
        "series.svg",
        "standings.compute",
        "standings.metrics",
        "benchmarks.engine",
        "benchmarks.draw",
        *DRAW_GENERATORS,
    ],
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
