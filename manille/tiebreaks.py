"""List the tiebreaks a tournament may rank on, one small class per metric.

Pure Python: no Django import (``tests/standings/test_tiebreak_registry.py`` checks
it), so the standings calculation, the tournament model's validator, the pages,
the API and the PDFs all read one registry. A new tiebreak is one class here.

Each metric knows its ``code`` (stored in ``Tournament.tiebreaks``), its ``label``
("games won", for sentences and pickers), its ``short_label`` (a column header,
marked with the ``tiebreak`` context: translate it with
``pgettext(SHORT_LABEL_CONTEXT, metric.short_label)``), its ``direction``, how its
value is read from an accumulated row (``value``) and how that value came about
(``explain``). Words are only marked here; the Django layer translates them.

An accumulated row is anything with the attributes ``games_won``, ``points``,
``point_difference``, ``opponents_strength``, ``deals_won`` and ``revokes``: the
calculation's running totals and :class:`manille.standings.StandingRow` alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter, neg
from typing import Any, ClassVar, TypeVar

from manille.text import gettext_noop, pgettext_lazy

__all__ = [
    "CLUB_TIEBREAKS",
    "DEFAULT_TIEBREAKS",
    "HIGHER",
    "LOWER",
    "SHORT_LABEL_CONTEXT",
    "REPEATED_CODE",
    "TIEBREAKS",
    "UNKNOWN_CODE",
    "Metric",
    "UnknownTiebreak",
    "gettext_noop",
    "metric",
    "pgettext_lazy",
    "validate_codes",
]

HIGHER = "higher"
LOWER = "lower"
SHORT_LABEL_CONTEXT = "tiebreak"


K = TypeVar("K")




UNKNOWN_CODE = gettext_noop("Unknown tiebreak “%(value)s”.")
REPEATED_CODE = gettext_noop("The tiebreak “%(value)s” is listed twice.")


def _identity(s: str) -> str:
    return s


class UnknownTiebreak(ValueError):
    """A tiebreak list with an unknown or repeated code.

    ``code`` is the offending code, ``template`` a message marked for translation
    with ``%(value)s`` in it (Django's name for a refused choice), so a form can
    show it next to the field.
    """

    def __init__(self, template: str, code: str) -> None:
        self.template = template
        self.code = code
        super().__init__(template % {"value": code})


class Metric:
    """One way to separate entrants equal on everything before it."""

    code: ClassVar[str]
    label: ClassVar[str]
    short_label: ClassVar[str]
    direction: ClassVar[str] = HIGHER
    # True when the metric compares two tied entrants with each other rather
    # than reading one figure per entrant (head-to-head).
    pairwise: ClassVar[bool] = False
    # How the value came about, for the entrant page ("why am I here?").
    explanation: ClassVar[str] = ""
    # The attribute ``value`` reads as it is, if it does: ``sort_keys`` then reads
    # every row at once. None for a metric whose ``value`` computes something.
    attribute: ClassVar[str | None] = None

    def value(self, row: Any) -> int | None:
        """Return the figure shown for this metric, read from an accumulated row."""
        return getattr(row, self.code)

    def sort_key(self, row: Any) -> int:
        """Return a key that sorts the better entrant first."""
        value = self.value(row)
        return -value if self.direction == HIGHER else value

    def sort_keys(self, rows: Mapping[K, Any]) -> dict[K, int]:
        """Return every row's :meth:`sort_key`, under the row's own key.

        The same keys, read in one go when the value is a plain attribute: a
        series ranks forty events of 400 on three tiebreaks at once.
        """
        if self.attribute is None:
            return {k: self.sort_key(row) for k, row in rows.items()}
        values = map(attrgetter(self.attribute), rows.values())
        if self.direction == HIGHER:
            values = map(neg, values)
        return dict(zip(rows, values, strict=True))

    def explanation_params(
        self, row: Any, names: Mapping[int, str], gettext: Callable[[str], str]
    ) -> dict[str, object]:
        return {}

    def explain(
        self,
        row: Any,
        *,
        names: Mapping[int, str] | None = None,
        head_to_head_name: str = "",
        gettext: Callable[[str], str] = _identity,
    ) -> str:
        """Say how ``row``'s value came about, translated by ``gettext``.

        ``row`` is a :class:`manille.standings.StandingRow` (its games and byes);
        ``names`` maps entry ids to names for the opponents.
        """
        params = self.explanation_params(row, names or {}, gettext)
        return gettext(self.explanation) % params

    def __repr__(self) -> str:
        return f"<tiebreak {self.code}>"


def _sum(parts: Iterable[object]) -> str:
    return " + ".join(str(p) for p in parts) or "0"


class GamesWon(Metric):
    code = "games_won"
    attribute = "games_won"
    label = gettext_noop("games won")
    short_label = pgettext_lazy("tiebreak", "won")
    explanation = gettext_noop("%(won)s of %(played)s games won")
    bye_note = gettext_noop("(%(n)s of them for a bye)")

    def explain(self, row, *, names=None, head_to_head_name="", gettext=_identity):
        how = gettext(self.explanation) % {
            "won": row.games_won,
            "played": row.games_played,
        }
        if row.bye_games:
            how += " " + gettext(self.bye_note) % {"n": row.bye_games}
        return how


class Points(Metric):
    code = "points"
    attribute = "points"
    label = gettext_noop("points scored")
    short_label = pgettext_lazy("tiebreak", "points")
    explanation = gettext_noop("your side's game totals: %(sum)s")
    bye_note = gettext_noop("%(n)s for a bye")

    def explanation_params(self, row, names, gettext):
        how = " + ".join(str(g.score) for g in row.games) or "0"
        if row.bye_points:
            how += " + " + gettext(self.bye_note) % {"n": row.bye_points}
        return {"sum": how}


class PointDifference(Metric):
    code = "point_difference"
    attribute = "point_difference"
    label = gettext_noop("point difference")
    short_label = pgettext_lazy("tiebreak", "+/−")
    explanation = gettext_noop("your side's totals minus the other side's: %(sum)s")

    def explanation_params(self, row, names, gettext):
        parts = [f"({g.score} − {g.opponent_score})" for g in row.games]
        return {"sum": _sum(parts)}


class HeadToHead(Metric):
    """Games won against the one rival still tied on every earlier tiebreak.

    Resolved between exactly two tied entrants by :meth:`resolve`; its value is
    ``None`` for everyone else.
    """

    code = "head_to_head"
    label = gettext_noop("head-to-head")
    short_label = pgettext_lazy("tiebreak", "head to head")
    pairwise = True
    explanation = gettext_noop("games you won against %(name)s, tied with you")
    not_used = gettext_noop("not used: it applies only when exactly two are tied")

    def value(self, row):
        return row.tiebreaks.get(self.code)

    def sort_key(self, row):  # pragma: no cover - pairwise, never sorted on
        raise TypeError("head-to-head is resolved between two entrants")

    @staticmethod
    def resolve(x: int, y: int, beat: Mapping[tuple[int, int], int]) -> tuple[int, int]:
        """Return the games ``x`` won against ``y`` and ``y`` against ``x``."""
        return beat.get((x, y), 0), beat.get((y, x), 0)

    def explain(self, row, *, names=None, head_to_head_name="", gettext=_identity):
        if self.value(row) is None:
            return gettext(self.not_used)
        return gettext(self.explanation) % {"name": head_to_head_name}


class OpponentsStrength(Metric):
    code = "opponents_strength"
    attribute = "opponents_strength"
    label = gettext_noop("opponents' strength")
    short_label = pgettext_lazy("tiebreak", "opponents")
    explanation = gettext_noop("games won by every opponent you met: %(sum)s")

    def explanation_params(self, row, names, gettext):
        parts = [f"{names.get(o, '?')} ({won})" for o, won in row.opponents]
        return {"sum": _sum(parts)}


class DealsWon(Metric):
    code = "deals_won"
    attribute = "deals_won"
    label = gettext_noop("deals won")
    short_label = pgettext_lazy("tiebreak", "deals won")
    explanation = gettext_noop("deals your side won: %(sum)s")

    def explanation_params(self, row, names, gettext):
        return {"sum": _sum(g.deals_won for g in row.games)}


class FewestRevokes(Metric):
    code = "fewest_revokes"
    attribute = "revokes"
    label = gettext_noop("fewest revokes")
    short_label = pgettext_lazy("tiebreak", "revokes")
    direction = LOWER
    explanation = gettext_noop("revokes by your side (fewer is better)")

    def value(self, row):
        return row.revokes


class WinPercentage(Metric):
    """Clubs only: the members' games won over games played, in per cent."""

    code = "win_percentage"
    label = gettext_noop("win percentage")
    short_label = pgettext_lazy("tiebreak", "% won")


TIEBREAKS: dict[str, Metric] = {
    m.code: m
    for m in (
        GamesWon(),
        Points(),
        PointDifference(),
        HeadToHead(),
        OpponentsStrength(),
        DealsWon(),
        FewestRevokes(),
    )
}
# The order clubs rank on (fixed, not chosen by the tournament).
CLUB_TIEBREAKS: dict[str, Metric] = {
    "win_percentage": WinPercentage(),
    "games_won": TIEBREAKS["games_won"],
}
DEFAULT_TIEBREAKS: tuple[str, ...] = ("games_won", "points", "point_difference")


def metric(code: str) -> Metric:
    """Return the metric for a code, entrants' or clubs'; ``KeyError`` if unknown."""
    try:
        return TIEBREAKS[code]
    except KeyError:
        return CLUB_TIEBREAKS[code]


def validate_codes(codes: Iterable[str]) -> tuple[str, ...]:
    """Return the codes as a tuple, or raise :class:`UnknownTiebreak`.

    Every code must be in :data:`TIEBREAKS` and appear once. An empty list is
    valid (it means :data:`DEFAULT_TIEBREAKS`; the caller decides).
    """
    out: list[str] = []
    for code in codes:
        if code not in TIEBREAKS:
            raise UnknownTiebreak(UNKNOWN_CODE, code)
        if code in out:
            raise UnknownTiebreak(REPEATED_CODE, code)
        out.append(code)
    return tuple(out)
