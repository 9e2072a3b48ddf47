"""Check that the scoring engine and its bench import no Django."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["scoring.engine", "benchmarks.engine"])
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
