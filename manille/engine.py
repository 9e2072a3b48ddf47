"""Score Manille deals and games under configurable house rules.

Pure Python: no Django import here (``tests/test_pure_modules.py`` checks
it). Frozen dataclasses go in and come out; every impossible input raises
:class:`InvalidDeal`, whose ``template`` and ``params`` the Django layer translates
with ``gettext(exc.template) % exc.params``.

Decisions the rules leave open, made here once:

- A revoke deal may carry ``points=(0, 0)`` ("not counted"); any other points must
  be a valid split. Either way the points do not change the score: the side that did
  not revoke gets ``revoke_points`` (or ``half × factor``), the revoking side 0.
  Tricks on a ``(0, 0)`` revoke deal are checked for shape only.
- A revoke deal uses the declared steps (carry, no trump, blind, knocks) but never
  the capot step, is never a draw and hands no carry on.
- The steps are never capped, only the factor (``max_factor``).
- ``max_knocks=None`` means no rule limit; more than ``KNOCKS_CEILING`` knocks is
  still refused as an impossible input (and keeps ``2 ** steps`` finite).
- A game with both ``target`` and ``deals`` set ends at whichever comes first.

One module on purpose, though over 500 lines: it is the public API promised in the
README (``from manille.engine import …``), one cohesive rules engine whose hot path
is measured by ``python -m benchmarks.engine``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from manille.text import gettext_noop

__all__ = [
    "KNOCKS_CEILING",
    "TRICKS",
    "CardCount",
    "Deal",
    "DealScore",
    "GameScore",
    "InvalidDeal",
    "Rules",
    "STANDARD_RULES",
    "Trump",
    "RED_SUITS",
    "SUIT_SYMBOLS",
    "card_points",
    "deal_total",
    "game_finished",
    "game_winner",
    "gettext_noop",
    "points_from_cards",
    "score_deal",
    "score_game",
    "validate_deal",
]

TRICKS = 8
KNOCKS_CEILING = 64


# --------------------------------------------------------------------------- rules

_MULTIPLIERS = ("multiply", "add")


def deal_total(*, trick_points: bool) -> int:
    """Return the card points in a deal: 60, or 68 with a point per trick."""
    return 68 if trick_points else 60


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Rules:
    """The house rules a game is scored under; the defaults are the standard rules."""

    multiplier: str = "multiply"
    no_trump_doubles: bool = True
    blind_doubles: bool = True
    max_knocks: int | None = 2
    capot_doubles: bool = False
    draw_carry: bool = False
    max_factor: int | None = None
    revoke_points: int | None = None
    trick_points: bool = False
    target: int | None = 101
    deals: int | None = None

    def __post_init__(self) -> None:
        # A bad Rules object is a programming error, not a user's miscount.
        if self.multiplier not in _MULTIPLIERS:
            raise ValueError(
                f"Rules.multiplier must be 'multiply' or 'add', not {self.multiplier!r}"
            )
        for name in (
            "no_trump_doubles",
            "blind_doubles",
            "capot_doubles",
            "draw_carry",
            "trick_points",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rules.{name} must be a bool")
        for name, low in (
            ("max_knocks", 0),
            ("max_factor", 1),
            ("revoke_points", 0),
            ("target", 1),
            ("deals", 1),
        ):
            value = getattr(self, name)
            if value is not None and (not _is_int(value) or value < low):
                raise ValueError(
                    f"Rules.{name} must be None or an int >= {low}, not {value!r}"
                )
        if self.target is None and self.deals is None:
            raise ValueError("Rules need a target, a number of deals, or both")

    @property
    def total(self) -> int:
        """Return the points in a deal: 60, or 68 with a point per trick."""
        return deal_total(trick_points=self.trick_points)

    @property
    def half(self) -> int:
        """Return the even split: 30, or 34 with a point per trick."""
        return 34 if self.trick_points else 30


STANDARD_RULES = Rules()


# --------------------------------------------------------------------------- deals


class Trump(str, Enum):  # noqa: UP042 -- the public API promises (str, Enum)
    """What the dealer names; plain strings with these values are accepted too."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMP = "no_trump"

    def __str__(self) -> str:
        return self.value


# The printed sign of each suit (no trump has none: each language has its word), and
# the red suits. The one place the site's pages, sheets and PDFs take them from.
SUIT_SYMBOLS: dict[str, str] = {
    Trump.CLUBS.value: "♣",
    Trump.DIAMONDS.value: "♦",
    Trump.HEARTS.value: "♥",
    Trump.SPADES.value: "♠",
}
RED_SUITS = frozenset({Trump.DIAMONDS.value, Trump.HEARTS.value})

# Enum members hash by name, not value, so each member is a key beside its value.
_IS_NO_TRUMP: dict[str, bool] = {}
for _trump in Trump:
    _IS_NO_TRUMP[_trump.value] = _IS_NO_TRUMP[_trump] = _trump is Trump.NO_TRUMP
del _trump


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the scorer writes it down; built freely, checked when scored."""

    points: tuple[int, int]
    trump: Trump | str
    knocks: int = 0
    blind: bool = False
    revoke: int | None = None
    tricks: tuple[int, int] | None = None
    declarer: int = 0


@dataclass(frozen=True, slots=True)
class DealScore:
    """What a deal is worth: each side's score, its steps and factor, its carry."""

    scores: tuple[int, int]
    factor: int
    steps: int
    carry: int = 0


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game's deals, totals and outcome; ``carry`` is owed to the next deal."""

    deals: tuple[DealScore, ...]
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    carry: int = 0


# --------------------------------------------------------------------------- errors

_MESSAGES = {
    "deal_type": gettext_noop("This is not a deal."),
    "points_type": gettext_noop("Enter the points as two whole numbers, one per side."),
    "points_out_of_range": gettext_noop(
        "Points must lie between 0 and %(total)s, not %(points)s."
    ),
    "points_sum": gettext_noop(
        "The two sides' points must add up to %(total)s, not %(sum)s."
    ),
    "trump_unknown": gettext_noop(
        "Unknown trump “%(trump)s”: choose clubs, diamonds, hearts, spades or no trump."
    ),
    "knocks_type": gettext_noop("Enter the knocks as a whole number."),
    "knocks_negative": gettext_noop("Knocks cannot be negative."),
    "knocks_too_many": gettext_noop(
        "At most %(max_knocks)s knocks are allowed in a deal, not %(knocks)s."
    ),
    "blind_type": gettext_noop("Blind trump must be yes or no."),
    "revoke_invalid": gettext_noop(
        "The side that revoked must be the first side, the second side or nobody."
    ),
    "declarer_invalid": gettext_noop(
        "The side that named trump must be the first or the second side."
    ),
    "tricks_type": gettext_noop(
        "Enter the tricks as two whole numbers of at least 0, one per side."
    ),
    "tricks_sum": gettext_noop(
        "The two sides' tricks must add up to %(total)s, not %(sum)s."
    ),
    "tricks_points_impossible": gettext_noop(
        "A side with %(tricks)s tricks holds between %(low)s and %(high)s points, "
        "not %(points)s."
    ),
    "game_over": gettext_noop("Deal %(number)s comes after the game has ended."),
    "cards_type": gettext_noop(
        "Enter the cards as counts of tens, aces, kings, queens and jacks."
    ),
    "cards_out_of_range": gettext_noop(
        "A side holds between 0 and 4 %(rank)s, not %(count)s."
    ),
    "cards_not_deck": gettext_noop(
        "The two sides must hold 4 %(rank)s between them, not %(count)s."
    ),
}

# Rank names are message parameters, so they are marked for translation too.
_RANK_NAMES = {
    "tens": gettext_noop("tens"),
    "aces": gettext_noop("aces"),
    "kings": gettext_noop("kings"),
    "queens": gettext_noop("queens"),
    "jacks": gettext_noop("jacks"),
}


class InvalidDeal(ValueError):
    """An impossible deal: a user-facing error with a translatable message.

    ``code`` is a stable snake_case identifier, ``field`` names the wrong input
    (or is None), ``index`` is the 0-based deal index inside a game (or None),
    ``template`` an English msgid with ``%(name)s`` placeholders filled from
    ``params``, and ``message`` the English text. A family of games with codes
    of its own (``manille.variants``) subclasses it with its own ``messages``.
    """

    messages: dict[str, str] = _MESSAGES
    names_the_deal: frozenset[str] = frozenset({"game_over"})

    def __init__(
        self,
        code: str,
        field: str | None = None,
        params: dict[str, object] | None = None,
        index: int | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.params = dict(params or {})
        self.index = index
        self.template = self.messages[code]
        self.message = self.template % self.params
        super().__init__(self.message)

    def __str__(self) -> str:
        if self.index is None or self.code in self.names_the_deal:
            return self.message  # these already name the deal
        return f"deal {self.index + 1}: {self.message}"

    def __reduce__(self):  # keep pickling (multiprocessing, caches) working
        return (type(self), (self.code, self.field, self.params, self.index))



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


# --------------------------------------------------------------------------- scoring


def score_deal(deal: Deal, rules: Rules = STANDARD_RULES, carry: int = 0) -> DealScore:
    """Score one deal; ``carry`` is the steps handed on by the deal before."""
    if type(rules) is not Rules:
        _rules(rules)
    if type(carry) is not int or carry < 0:
        raise ValueError(f"carry must be an int >= 0, not {carry!r}")
    a, b, no_trump, knocks, blind, revoke = _checked(deal, rules)

    steps = carry + knocks
    if no_trump and rules.no_trump_doubles:
        steps += 1
    if blind and rules.blind_doubles:
        steps += 1
    half = 34 if rules.trick_points else 30
    if revoke is None and rules.capot_doubles and (a == 0 or b == 0):
        steps += 1

    max_factor = rules.max_factor
    if rules.multiplier == "multiply":
        if max_factor is not None and steps >= max_factor.bit_length():
            factor = max_factor  # 2 ** steps >= max_factor, without computing it
        else:
            factor = 1 << steps
    else:
        factor = 1 + steps
    if max_factor is not None and factor > max_factor:
        factor = max_factor

    if revoke is not None:
        points = rules.revoke_points
        if points is None:
            points = half * factor
        return DealScore((0, points) if revoke == 0 else (points, 0), factor, steps)
    if a > half:
        return DealScore(((a - half) * factor, 0), factor, steps)
    if b > half:
        return DealScore((0, (b - half) * factor), factor, steps)
    return DealScore((0, 0), factor, steps, steps + 1 if rules.draw_carry else 0)


def game_finished(
    totals: tuple[int, int], deals_played: int, rules: Rules = STANDARD_RULES
) -> bool:
    """Tell whether a game is over: a side reached the target, or the deals ran out."""
    target = rules.target
    if target is not None and (totals[0] >= target or totals[1] >= target):
        return True
    return rules.deals is not None and deals_played >= rules.deals


def game_winner(totals: tuple[int, int], finished: bool) -> int | None:
    """Return the side (0 or 1) that won a finished game; None if open or level."""
    if not finished or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def score_game(deals: Iterable[Deal], rules: Rules = STANDARD_RULES) -> GameScore:
    """Score a game's deals in order, passing carries on, and say who has won."""
    rules = _rules(rules)
    scored: list[DealScore] = []
    total_a = total_b = 0
    carry = 0
    finished = False
    for index, deal in enumerate(deals):
        if finished:
            raise InvalidDeal("game_over", None, {"number": index + 1}, index)
        try:
            result = score_deal(deal, rules, carry)
        except InvalidDeal as exc:
            exc.index = index
            raise
        scored.append(result)
        total_a += result.scores[0]
        total_b += result.scores[1]
        carry = result.carry
        finished = game_finished((total_a, total_b), index + 1, rules)
    totals = (total_a, total_b)
    return GameScore(
        tuple(scored), totals, finished, game_winner(totals, finished), carry
    )


# --------------------------------------------------------------------------- cards

_RANKS = ("tens", "aces", "kings", "queens", "jacks")


@dataclass(frozen=True, slots=True)
class CardCount:
    """How many of each counting rank one side took (0–4 each)."""

    tens: int = 0
    aces: int = 0
    kings: int = 0
    queens: int = 0
    jacks: int = 0


def _counts(count: object) -> tuple[int, int, int, int, int]:
    if not isinstance(count, CardCount):
        raise InvalidDeal("cards_type", "cards")
    values = (count.tens, count.aces, count.kings, count.queens, count.jacks)
    for rank, value in zip(_RANKS, values, strict=True):
        if not _is_int(value):
            raise InvalidDeal("cards_type", "cards")
        if not 0 <= value <= 4:
            raise InvalidDeal(
                "cards_out_of_range",
                "cards",
                {"rank": _RANK_NAMES[rank], "count": value},
            )
    return values  # type: ignore[return-value]


def card_points(count: CardCount) -> int:
    """Return the card points in ``count``: ten 5, ace 4, king 3, queen 2, jack 1."""
    tens, aces, kings, queens, jacks = _counts(count)
    return 5 * tens + 4 * aces + 3 * kings + 2 * queens + jacks


def points_from_cards(a: CardCount, b: CardCount | None = None) -> tuple[int, int]:
    """Return both sides' card points; side B is the rest of the deck when omitted."""
    counts_a = _counts(a)
    if b is None:
        b = CardCount(*(4 - value for value in counts_a))
    counts_b = _counts(b)
    for rank, x, y in zip(_RANKS, counts_a, counts_b, strict=True):
        if x + y != 4:
            raise InvalidDeal(
                "cards_not_deck", "cards", {"rank": _RANK_NAMES[rank], "count": x + y}
            )
    return card_points(a), card_points(b)
