"""Say why a deal cannot happen: InvalidDeal and its translatable messages."""

from __future__ import annotations

from manille.text import gettext_noop

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
