"""Score or refuse a deal in one line, for the tests of the game's rules."""

import pytest

from manille.engine import InvalidDeal, Rules, score_deal
from manille.variants import ThreePlayerDeal

STANDARD = Rules()


def scores(deal, rules=STANDARD, carry=0):
    return score_deal(deal, rules, carry).scores


def raises(code, deal, rules=STANDARD):
    with pytest.raises(InvalidDeal) as info:
        score_deal(deal, rules)
    assert info.value.code == code
    return info.value


def refused(code, call, *args, **kwargs):
    with pytest.raises(InvalidDeal) as info:
        call(*args, **kwargs)
    assert info.value.code == code, info.value
    return info.value


def three(dealer, points, trump="hearts", **kwargs):
    return ThreePlayerDeal(dealer, points, trump, **kwargs)


# The stake tables of auction (1).
STAKES_2 = (4, 3, 2)  # 0, 1, 2 cards exchanged
STAKES_4 = (6, 5, 4, 3, 2)
