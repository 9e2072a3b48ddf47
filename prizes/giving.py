"""Read the prize-giving: who is called next, what was given, what is on the table.

The director's prize-giving screen, the projector and the printed prize list read
:func:`giving_for`; ``services.prize_give`` asks :func:`picks_from_table` whether a
winner must choose a prize before it is handed out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from prizes import selectors
from prizes.models import Prize, PrizeAward, PrizeSettings
from tournaments.models import Tournament
from tournaments.names import entry_club

# How many prizes given the projector shows under the winner being called.
RECENT = 4


def picks_from_table(award: PrizeAward, settings: PrizeSettings) -> bool:
    """Say whether this award's winner chooses a prize from the table.

    When the event lets players pick, the winner of a place whose prize is one of
    the table's (a single place's prize) chooses any of those still there, in the
    calling order; a range's prize, cash alone and the special prizes stay as
    awarded.
    """
    return (
        settings.players_pick
        and award.kind == PrizeAward.Kind.PLACE
        and award.phase_id is None
        and award.prize_id is not None
        and award.prize.rule in selectors.PICKABLE
    )


@dataclass(frozen=True)
class Call:
    """One award as the prize-giving calls it out."""

    award: PrizeAward
    number: int  # its place in the calling order, from 1
    club: str
    prize: str  # what is handed over, in words: the prize in kind and the cash
    kind_text: str  # the prize in kind alone ("" for cash only)
    settled: str  # how a shared or tied place was settled ("" when alone)
    picks: bool  # the winner chooses from the table

    @property
    def place_text(self) -> str:
        award = self.award
        if award.kind == PrizeAward.Kind.SPECIAL:
            return _("Special prize")
        if award.settled == PrizeAward.Settled.SHARED:
            return _("Place %(place)d (shared)") % {"place": award.place}
        return _("Place %(place)d") % {"place": award.place}


@dataclass(frozen=True)
class Giving:
    """The state of a tournament's prize-giving, as every screen of it reads it."""

    settings: PrizeSettings
    calls: list[Call]  # every award, in calling order
    current: Call | None  # the next to call: the first not given yet
    given: list[Call]  # the awards given, the last given first
    table: list[Prize]  # the prizes still on the table (when players pick)

    @property
    def last_given(self) -> Call | None:
        return self.given[0] if self.given else None

    @property
    def recent(self) -> list[Call]:
        return self.given[:RECENT]

    @property
    def left(self) -> int:
        return len(self.calls) - len(self.given)

    @property
    def done(self) -> bool:
        return bool(self.calls) and self.current is None

    @property
    def upcoming(self) -> list[Call]:
        """The awards after the current one, still to be given, in calling order."""
        if self.current is None:
            return []
        return [
            c
            for c in self.calls
            if not c.award.is_given and c.number > self.current.number
        ]


def _awards(tournament: Tournament) -> list[PrizeAward]:
    """The awards in calling order, with their prizes, winners and clubs (one query)."""
    return list(
        PrizeAward.objects.filter(tournament=tournament)
        .select_related(
            "prize",
            "picked",
            "phase",
            "entry__player__club",
            "entry__team__club",
        )
        .order_by("call_order", "id")
    )


def _call(award: PrizeAward, number: int, settings: PrizeSettings) -> Call:
    return Call(
        award=award,
        number=number,
        club=entry_club(award.entry) if award.entry_id else "",
        prize=selectors.prize_text(award),
        kind_text=award.prize_text,
        settled=selectors.settled_text(award),
        picks=picks_from_table(award, settings),
    )


def giving_for(*, tournament: Tournament) -> Giving:
    """Return the prize-giving of ``tournament`` (three queries at most).

    The next to call is the first award in calling order not given yet; the
    prizes on the table are read only when the event lets players pick.
    """
    settings = selectors.prize_settings_for(tournament=tournament)
    calls = [
        _call(award, number, settings)
        for number, award in enumerate(_awards(tournament), 1)
    ]
    current = next((c for c in calls if not c.award.is_given), None)
    given = sorted(
        (c for c in calls if c.award.is_given),
        key=lambda c: (c.award.given_at, c.number),
        reverse=True,
    )
    table = []
    if settings.players_pick:
        table = selectors.pickable_prizes(tournament=tournament)
    return Giving(
        settings=settings, calls=calls, current=current, given=given, table=table
    )


def prize_list_for(*, tournament: Tournament, order: str = "called") -> list[Call]:
    """Return the awards as the printed prize list prints them.

    ``order`` "called": in the order the prize-giving calls them (the list read
    out on the day); "place": by place, the special prizes after the places.
    """
    calls = giving_for(tournament=tournament).calls
    if order == "place":
        calls = sorted(
            calls,
            key=lambda c: (
                c.award.phase_id is not None,
                c.award.kind != PrizeAward.Kind.PLACE,
                c.award.place,
                c.number,
            ),
        )
    return calls
