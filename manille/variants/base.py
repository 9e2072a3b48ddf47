"""Share what the other games need: their numbers, their messages, their error."""

from __future__ import annotations

from collections.abc import Sequence

from manille.engine import (
    InvalidDeal,
    gettext_noop,
)

THREE_PLAYERS = 3
AUCTION_VARIANTS = (1, 2, 3)
AUCTION_MIN_PLAYERS = 3
AUCTION_MAX_PLAYERS = 7
ALL_TRICKS = "all_tricks"  # the bid to win every trick, in auction_bidding's calls

_DECK = 32
_CARD_POINTS = 60

# --------------------------------------------------------------------------- errors

_MESSAGES = {
    "three_player_deal_type": gettext_noop("This is not a three-player deal."),
    "dealer_invalid": gettext_noop("The dealer must be player 1, 2 or 3."),
    "dealer_out_of_turn": gettext_noop(
        "Deal %(number)s is dealt by player %(expected)s, not player %(dealer)s."
    ),
    "revoke_player_invalid": gettext_noop(
        "The player who revoked must be player 1, 2 or 3, or nobody."
    ),
    "three_player_trick_points": gettext_noop(
        "The point per trick is not played with three players."
    ),
    "auction_rules_type": gettext_noop("These are not the rules of an auction game."),
    "variant_unknown": gettext_noop(
        "The auction game must be variant 1, 2 or 3, not %(variant)s."
    ),
    "players_out_of_range": gettext_noop(
        "An auction game takes %(low)s to %(high)s players, not %(players)s."
    ),
    "deals_not_equal": gettext_noop(
        "Every player must deal equally often: the number of deals must be "
        "a multiple of %(players)s, not %(deals)s."
    ),
    "setting_type": gettext_noop("This house setting must be yes or no."),
    "min_bid_invalid": gettext_noop(
        "The lowest bid must be a whole number between 1 and %(total)s."
    ),
    "stakes_missing": gettext_noop(
        "Auction (1) needs the club's stake table: a stake for 0 to %(widow)s "
        "cards exchanged."
    ),
    "stakes_invalid": gettext_noop(
        "The stake table needs one whole number of at least 0 for each number "
        "of cards exchanged, 0 to %(widow)s."
    ),
    "stakes_not_used": gettext_noop("Only auction (1) is played for stakes."),
    "doubling_not_used": gettext_noop(
        "The score is doubled for every trick or no exchange only in auction (3)."
    ),
    "auction_deal_type": gettext_noop("This is not an auction deal."),
    "declarer_out_of_range": gettext_noop(
        "The declarer must be one of the %(players)s players."
    ),
    "player_out_of_range": gettext_noop("The players are numbered 1 to %(players)s."),
    "passed_deal": gettext_noop(
        "A deal everyone passed has no bid, points, result or exchange."
    ),
    "bid_not_used": gettext_noop("Auction (1) has no bidding: enter no bid."),
    "bid_missing": gettext_noop("Enter the declarer's bid."),
    "bid_type": gettext_noop("Enter the bid as a whole number of points."),
    "bid_out_of_range": gettext_noop(
        "A bid must lie between %(low)s and %(high)s points, not %(bid)s."
    ),
    "all_tricks_not_used": gettext_noop("Auction (1) has no bid to win every trick."),
    "all_tricks_bid": gettext_noop(
        "A bid to win every trick is worth %(total)s points, not %(bid)s."
    ),
    "all_tricks_made_missing": gettext_noop(
        "Say whether the declarer won every trick."
    ),
    "points_type": gettext_noop("Enter the declarer's points as a whole number."),
    "points_out_of_range": gettext_noop(
        "The declarer's points must lie between 0 and %(total)s, not %(points)s."
    ),
    "made_type": gettext_noop("Made or not must be yes or no."),
    "all_tricks_type": gettext_noop("Every trick or not must be yes or no."),
    "result_missing": gettext_noop(
        "Enter the declarer's points or whether he made his contract."
    ),
    "made_but_short": gettext_noop(
        "With %(points)s points, short of the %(needed)s needed, the declarer "
        "did not make his contract."
    ),
    "failed_but_reached": gettext_noop(
        "With %(points)s points, at least the %(needed)s needed, the declarer "
        "made his contract."
    ),
    "exchanged_out_of_range": gettext_noop(
        "The declarer can exchange 0 to %(most)s cards, not %(exchanged)s."
    ),
    "bidding_type": gettext_noop(
        "Enter each call as a player and a bid, a bid to win every trick, or a pass."
    ),
    "call_out_of_turn": gettext_noop(
        "It is player %(expected)s's turn to call, not player %(player)s's."
    ),
    "bid_after_pass": gettext_noop(
        "Player %(player)s has passed and cannot bid again."
    ),
    "bid_not_higher": gettext_noop(
        "Each bid must be higher than the last: %(bid)s does not beat %(last)s."
    ),
    "bidding_over": gettext_noop("The bidding is over: no more calls."),
    "all_tricks_is_highest": gettext_noop("Nothing beats a bid to win every trick."),
    "auction_game_over": gettext_noop(
        "Deal %(number)s comes after the agreed %(deals)s deals."
    ),
}


_NAMES_THE_DEAL = frozenset({"dealer_out_of_turn", "auction_game_over"})


class VariantInvalidDeal(InvalidDeal):
    """An impossible input to a variant: an :class:`InvalidDeal` with its own codes.

    Catch :class:`InvalidDeal`; this class exists only because the engine's
    message table is the engine's. Player numbers in ``params`` are 1-based, as a
    score pad shows them.
    """

    messages = _MESSAGES
    names_the_deal = _NAMES_THE_DEAL


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in_game(exc: InvalidDeal, index: int) -> InvalidDeal:
    exc.index = index
    return exc


def _leader(totals: Sequence[int]) -> int | None:
    """Return the one player with the highest total, or None when it is shared."""
    best = max(totals)
    leaders = [player for player, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
