"""Turn a pad game's typed deals into engine inputs and read the engine's answers.

One class per variant in a registry (``KINDS``): each knows its players, the house
settings and deal fields it reads, how to build the engine's rules and deals, and
how the engine's totals map to the players. Every score comes from
``manille.engine`` (four players) or ``manille.variants`` (the others); nothing here
adds a point itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from manille.engine import Deal, Rules, score_game
from manille.variants import (
    AuctionDeal,
    AuctionRules,
    ThreePlayerDeal,
    auction_dealer,
    auction_layout,
    score_auction_game,
    score_three_player_game,
)
from scorepad.models import Variant

# The house settings of the trick games (four and three players), with defaults.
TRICK_HOUSE = {
    "target": 101,
    "no_trump_doubles": True,
    "blind_doubles": True,
    "max_knocks": 2,
}


@dataclass(frozen=True)
class Outcome:
    """A game as the engine scored it, per player: each deal's and the totals."""

    deals: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]


def _trick_rules(house: dict) -> Rules:
    return Rules(
        target=house.get("target", TRICK_HOUSE["target"]),
        no_trump_doubles=house.get("no_trump_doubles", True),
        blind_doubles=house.get("blind_doubles", True),
        max_knocks=house.get("max_knocks", 2),
    )


class Kind:
    """A variant the pad scores; subclasses fill in the engine calls."""

    code: str
    label = ""
    min_players = 3
    max_players = 7
    house_fields: tuple[str, ...] = ()
    required_house: tuple[str, ...] = ()
    deal_fields: tuple[str, ...] = ()

    def players_label(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    def rules(self, *, house: dict, players: int):
        """Return the engine's rules (ValueError or InvalidDeal for nonsense)."""
        raise NotImplementedError

    def score(self, *, payloads: list[dict], house: dict, players: int) -> Outcome:
        """Score the deals so far through the engine (InvalidDeal with ``index``)."""
        raise NotImplementedError

    def dealer(self, *, number: int, players: int) -> int:
        """Return the position of who deals deal ``number`` (from 1)."""
        return (number - 1) % players

    def layout(self, *, players: int):
        """Return ``auction_layout``'s answer, or None for the trick games."""
        return None

    def points_label(self, names: list[str]) -> str:
        return str(_("Declarer's points"))

    def revoke_choices(self, names: list[str]) -> list[tuple[int, str]]:
        return []

    def sides(self, names: list[str]) -> list[tuple[str, tuple[int, ...]]]:
        """Who scores together: (name, positions) per side; each for himself here."""
        return [(name, (i,)) for i, name in enumerate(names)]


class FourPlayers(Kind):
    """The partnership game: positions 0 and 2 against 1 and 3."""

    code = Variant.FOUR.value
    label = Variant.FOUR.label
    min_players = max_players = 4
    house_fields = ("target", "no_trump_doubles", "blind_doubles", "max_knocks")
    deal_fields = ("trump", "points", "knocks", "blind", "revoke")

    @staticmethod
    def side_of(position: int) -> int:
        return position % 2

    @staticmethod
    def side_names(names: list[str]) -> tuple[str, str]:
        return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"

    def points_label(self, names):
        return str(_("Points of %(side)s") % {"side": self.side_names(names)[0]})

    def revoke_choices(self, names):
        return list(enumerate(self.side_names(names)))

    def sides(self, names):
        """The two partnerships: 1 and 3 against 2 and 4, one total each."""
        one, two = self.side_names(names)
        return [(one, (0, 2)), (two, (1, 3))]

    def rules(self, *, house, players):
        return _trick_rules(house)

    def engine_deal(self, payload: dict, *, number: int) -> Deal:
        points = payload.get("points")
        if isinstance(points, int) and not isinstance(points, bool):
            # Points of the side of positions 0 and 2; the rest is the other's.
            rest = Rules().total - points
            points = (points, rest)
        return Deal(
            points=points,
            trump=payload.get("trump"),
            knocks=payload.get("knocks", 0),
            blind=payload.get("blind", False),
            revoke=payload.get("revoke"),
            declarer=self.side_of(self.dealer(number=number, players=4)),
        )

    def score(self, *, payloads, house, players):
        rules = self.rules(house=house, players=players)
        deals = [self.engine_deal(p, number=n) for n, p in enumerate(payloads, start=1)]
        game = score_game(deals, rules)
        per_deal = tuple(
            tuple(d.scores[self.side_of(i)] for i in range(4)) for d in game.deals
        )
        totals = tuple(game.totals[self.side_of(i)] for i in range(4))
        winners = tuple(
            i
            for i in range(4)
            if game.winner is not None and self.side_of(i) == game.winner
        )
        return Outcome(per_deal, totals, game.finished, winners)


class ThreePlayers(Kind):
    """The dealer alone against the other two; partners rotate with the deal."""

    code = Variant.THREE.value
    label = Variant.THREE.label
    min_players = max_players = 3
    house_fields = (
        "target",
        "no_trump_doubles",
        "blind_doubles",
        "max_knocks",
        "level_plays_on",
    )
    deal_fields = ("trump", "points", "knocks", "blind", "revoke")

    def rules(self, *, house, players):
        return _trick_rules(house)

    def points_label(self, names):
        return str(_("Dealer's points"))

    def revoke_choices(self, names):
        return list(enumerate(names))

    def engine_deal(self, payload: dict, *, number: int) -> ThreePlayerDeal:
        # The deal passes in the players' order: player 1 deals first.
        points = payload.get("points")
        if isinstance(points, int) and not isinstance(points, bool):
            points = (points, Rules().total - points)
        return ThreePlayerDeal(
            dealer=self.dealer(number=number, players=3),
            points=points,
            trump=payload.get("trump"),
            knocks=payload.get("knocks", 0),
            blind=payload.get("blind", False),
            revoke=payload.get("revoke"),
        )

    def score(self, *, payloads, house, players):
        rules = self.rules(house=house, players=players)
        deals = [self.engine_deal(p, number=n) for n, p in enumerate(payloads, start=1)]
        game = score_three_player_game(
            deals, rules, level_plays_on=house.get("level_plays_on", False)
        )
        per_deal = tuple(tuple(d.scores) for d in game.deals)
        totals = tuple(game.totals)
        winners = (game.winner,) if game.winner is not None else ()
        return Outcome(per_deal, totals, game.finished, winners)


class Auction(Kind):
    """Each for himself; the declarer wins or loses against the table."""

    number = 1
    required_house = ("deals",)

    def dealer(self, *, number, players):
        return auction_dealer(number - 1, players)

    def layout(self, *, players):
        return auction_layout(players, self.number)

    def rules(self, *, house, players):
        return AuctionRules(
            variant=self.number,
            players=players,
            deals=house.get("deals"),
            stakes=tuple(house["stakes"]) if house.get("stakes") else None,
            double_for_all_tricks=house.get("double_for_all_tricks", False),
            double_for_no_exchange=house.get("double_for_no_exchange", False),
        )

    def engine_deal(self, payload: dict) -> AuctionDeal:
        return AuctionDeal(
            declarer=payload.get("declarer"),
            bid=payload.get("bid"),
            points=payload.get("points"),
            made=payload.get("made"),
            exchanged=payload.get("exchanged", 0),
            all_tricks=payload.get("all_tricks", False),
        )

    def score(self, *, payloads, house, players):
        rules = self.rules(house=house, players=players)
        game = score_auction_game([self.engine_deal(p) for p in payloads], rules)
        per_deal = tuple(tuple(d.scores) for d in game.deals)
        totals = tuple(game.totals)
        winners = (game.winner,) if game.winner is not None else ()
        return Outcome(per_deal, totals, game.finished, winners)


class AuctionOne(Auction):
    code = Variant.AUCTION_1.value
    # What it is, not only its number: a newcomer chooses by the name.
    label = _("Auction (1): the widow, for stakes")
    number = 1
    house_fields = ("deals", "stakes")
    deal_fields = ("declarer", "points", "made", "exchanged")


class AuctionTwo(Auction):
    code = Variant.AUCTION_2.value
    label = _("Auction (2): bidding for points")
    number = 2
    house_fields = ("deals",)
    deal_fields = ("declarer", "bid", "all_tricks", "made", "points")


class AuctionThree(Auction):
    code = Variant.AUCTION_3.value
    label = _("Auction (3): bidding, cards on the table")
    number = 3
    house_fields = ("deals", "double_for_all_tricks", "double_for_no_exchange")
    deal_fields = ("declarer", "bid", "all_tricks", "exchanged", "made", "points")


KINDS: dict[str, Kind] = {
    kind.code: kind
    for kind in (
        FourPlayers(),
        ThreePlayers(),
        AuctionOne(),
        AuctionTwo(),
        AuctionThree(),
    )
}
DESCRIPTIONS = {
    Variant.FOUR.value: _("Two against two, partners facing each other."),
    Variant.THREE.value: _("The dealer plays alone against the other two."),
    Variant.AUCTION_1.value: _(
        "3–7 players; the declarer draws from the widow and plays for stakes."
    ),
    Variant.AUCTION_2.value: _(
        "3–7 players bid for points; a number of deals agreed beforehand."
    ),
    Variant.AUCTION_3.value: _(
        "As (2), with cards on the table the declarer may exchange with."
    ),
}
# The number of deals when none is agreed: every player deals this many times.
DEFAULT_DEALS_EACH = 3


def kind_for(code: str) -> Kind:
    return KINDS[code]
