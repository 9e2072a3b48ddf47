"""Hold the house rules a game is scored under, and the deal's fixed numbers."""

from __future__ import annotations

from dataclasses import dataclass

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
