"""Read the score pad: a user's games, and one game as its page shows it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club
from manille.engine import SUIT_SYMBOLS
from scorepad.access import visible_pads
from scorepad.kinds import KINDS, Kind
from scorepad.models import PadDeal, PadGame, PadPlayer
from scoring.forms import TRUMP_NAMES


def pad_games(*, user, club: Club | None = None) -> QuerySet[PadGame]:
    """Return the games ``user`` may see, newest first, with players and deal counts."""
    games = (
        PadGame.objects.filter(visible_pads(user=user))
        .select_related("club")
        .prefetch_related(
            Prefetch("players", queryset=PadPlayer.objects.order_by("position"))
        )
        .annotate(deal_count=Count("deals"))
        .order_by("-created_at", "-pk")
    )
    if club is not None:
        games = games.filter(club=club)
    return games


@dataclass(frozen=True)
class PlayerTotal:
    position: int
    name: str
    total: int
    leads: bool
    won: bool


@dataclass(frozen=True)
class DealLine:
    number: int
    dealer: str
    summary: str
    scores: tuple[int, ...]


@dataclass(frozen=True)
class PadView:
    """One game as its page shows it.

    ``names`` are the players; ``columns`` who scores together, one total and one
    column of the deals each: the two partnerships of the four-player game, every
    player in the others.
    """

    game: PadGame
    kind: Kind
    names: list[str]
    columns: list[str]
    totals: list[PlayerTotal]
    deals: list[DealLine]
    next_number: int
    next_dealer: str
    layout: str
    house: list[str]
    winners: list[str]


def layout_text(kind: Kind, players: int) -> str:
    """Say how the cards are laid out for an auction game, e.g. auction (3)'s
    "9 each, 5 on the table: 2 up, 3 down"."""
    layout = kind.layout(players=players)
    if layout is None:
        return ""
    each, up, down, sevens = layout
    if sevens:
        return ngettext(
            "%(each)s each, %(sevens)s seven removed",
            "%(each)s each, %(sevens)s sevens removed",
            sevens,
        ) % {"each": each, "sevens": sevens}
    if up:
        return _("%(each)s each, %(table)s on the table: %(up)s up, %(down)s down") % {
            "each": each,
            "table": up + down,
            "up": up,
            "down": down,
        }
    if down:
        return _("%(each)s each, a widow of %(down)s face down") % {
            "each": each,
            "down": down,
        }
    return _("%(each)s each") % {"each": each}


def _house_lines(game: PadGame) -> list[str]:
    house = game.house
    lines = []
    if "target" in house:
        lines.append(_("Target %(target)s") % {"target": house["target"]})
    if house.get("deals"):
        lines.append(
            ngettext("%(count)s deal", "%(count)s deals", house["deals"])
            % {"count": house["deals"]}
        )
    if house.get("stakes"):
        lines.append(
            _("Stakes %(stakes)s")
            % {"stakes": " · ".join(str(s) for s in house["stakes"])}
        )
    if house.get("no_trump_doubles") is False:
        lines.append(_("no trump does not double"))
    if house.get("blind_doubles") is False:
        lines.append(_("blind trump does not double"))
    if "max_knocks" in house:
        lines.append(_("at most %(count)s knocks") % {"count": house["max_knocks"]})
    if house.get("double_for_all_tricks"):
        lines.append(_("every trick doubles"))
    if house.get("double_for_no_exchange"):
        lines.append(_("no exchange doubles"))
    if house.get("level_plays_on"):
        lines.append(_("a shared lead plays on"))
    return lines


def _trump_text(trump) -> str:
    return SUIT_SYMBOLS.get(trump) or str(TRUMP_NAMES.get(trump, trump or ""))


def _summary(kind: Kind, payload: dict, names: list[str]) -> str:
    parts: list[str] = []
    if "trump" in kind.deal_fields:
        parts.append(_trump_text(payload.get("trump")))
        points = payload.get("points")
        if isinstance(points, int):
            parts.append(f"{points}–{60 - points}")
        if payload.get("knocks"):
            parts.append(
                ngettext("%(count)s knock", "%(count)s knocks", payload["knocks"])
                % {"count": payload["knocks"]}
            )
        if payload.get("blind"):
            parts.append(_("blind"))
        revoke = payload.get("revoke")
        choices = dict(kind.revoke_choices(names))
        if revoke in choices:
            parts.append(_("revoke by %(who)s") % {"who": choices[revoke]})
        return " · ".join(parts)
    declarer = payload.get("declarer")
    if declarer is None or not 0 <= declarer < len(names):
        return _("everyone passed")
    parts.append(names[declarer])
    if payload.get("all_tricks"):
        parts.append(_("every trick"))
    elif payload.get("bid") is not None:
        parts.append(_("bids %(bid)s") % {"bid": payload["bid"]})
    if payload.get("exchanged"):
        parts.append(
            ngettext(
                "%(count)s card exchanged",
                "%(count)s cards exchanged",
                payload["exchanged"],
            )
            % {"count": payload["exchanged"]}
        )
    if payload.get("points") is not None:
        parts.append(_("%(points)s points") % {"points": payload["points"]})
    if payload.get("made") is True:
        parts.append(_("made"))
    elif payload.get("made") is False:
        parts.append(_("failed"))
    return " · ".join(parts)


def pad_view(*, game: PadGame) -> PadView:
    """Return ``game`` as its page shows it: totals, deals, who deals next."""
    kind = KINDS[game.variant]
    names = [p.name for p in game.players.order_by("position")]
    count = len(names)
    totals = list(game.totals) if len(game.totals) == count else [0] * count
    winners = set(game.winners) if game.finished else set()
    best = max(totals) if totals else 0
    deals: list[PadDeal] = list(game.deals.order_by("number"))
    sides = kind.sides(names)
    lines = [
        DealLine(
            number=d.number,
            dealer=names[kind.dealer(number=d.number, players=count)],
            summary=_summary(kind, d.payload, names),
            # Partners score alike: the side's first player's score is the side's.
            scores=tuple(d.scores[who[0]] for _name, who in sides),
        )
        for d in deals
    ]
    next_number = len(deals) + 1
    return PadView(
        game=game,
        kind=kind,
        names=names,
        columns=[name for name, _who in sides],
        totals=[
            PlayerTotal(
                position=i,
                name=name,
                total=totals[who[0]],
                leads=bool(deals) and totals[who[0]] == best,
                won=bool(winners.intersection(who)),
            )
            for i, (name, who) in enumerate(sides)
        ],
        deals=lines,
        next_number=next_number,
        next_dealer=names[kind.dealer(number=next_number, players=count)],
        layout=layout_text(kind, count),
        house=_house_lines(game),
        winners=[names[i] for i in sorted(winners) if 0 <= i < count],
    )
