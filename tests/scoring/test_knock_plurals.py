"""A deal's knocks are counted in words with real plurals, not "1 knock(s)"."""

import pytest
from django.utils import translation

from scoring.selectors.sheet import DealRow
from scoring.templatetags.scoring_tags import deal_summary


def _deal(knocks: int) -> DealRow:
    return DealRow(
        number=1, declarer=0, trump="hearts", passed=False, blind=False,
        knocks=knocks, points_a=40, points_b=20, revoke=None, tricks_a=None,
        cards=None, score_a=10, score_b=0, factor=1,
    )  # fmt: skip


@pytest.mark.parametrize(("knocks", "words"), [(1, "1 knock"), (2, "2 knocks")])
def test_the_summary_says_knock_or_knocks(knocks, words):
    with translation.override("en"):
        summary = deal_summary(_deal(knocks))
    assert words in summary
    assert "(s)" not in summary
