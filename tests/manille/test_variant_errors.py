"""Test that the other games' errors are the engine's kind, and that they are pure."""

import pickle
import re
import subprocess
import sys
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from manille.engine import InvalidDeal
from manille.variants import (
    AuctionRules,
    VariantInvalidDeal,
    score_three_player_deal,
)
from manille.variants import base as variants_base
from tests.manille.helpers import refused, three

REPO_ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------------ errors


def test_variant_errors_are_invalid_deals_with_translatable_messages():
    """The engine's pattern: "code (stable), field, template, params and message"."""
    error = refused("deals_not_equal", AuctionRules, 2, 4, deals=5)
    assert isinstance(error, InvalidDeal) and isinstance(error, ValueError)
    assert error.template % error.params == error.message
    assert "%(players)s" in error.template
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.field, copy.params, copy.message) == (
        error.code,
        error.field,
        error.params,
        error.message,
    )
    assert type(copy) is VariantInvalidDeal


def test_every_message_formats_with_its_params():
    """Each template is a plain msgid whose placeholders a caller can fill."""
    for code, template in variants_base._MESSAGES.items():
        names = set(re.findall(r"%\((\w+)\)s", template))
        error = VariantInvalidDeal(code, params={name: 1 for name in names})
        assert error.message == template % {name: 1 for name in names}


def test_results_are_frozen():
    result = score_three_player_deal(three(0, (40, 20)))
    with pytest.raises(FrozenInstanceError):
        result.scores = (0, 0, 0)
    with pytest.raises(FrozenInstanceError):
        AuctionRules(2, 3).players = 4


def test_variants_import_without_django():
    """The variants are pure: "no Django import"."""
    code = (
        "import manille.variants, sys; "
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
