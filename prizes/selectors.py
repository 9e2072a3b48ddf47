"""Read a tournament's prizes: the pot, the plan of who wins what, the awards made.

:func:`award_plan` computes the awards from the final standings without writing
(the director's page shows it before the button; ``services.prizes_award`` saves
it). The treasurer's report reads :func:`cash_prizes_cents`; the prize-giving, the
printed list and the API read :func:`awards_for`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Decimal

from django.db.models import Sum
from django.utils import translation
from django.utils.translation import gettext as _

from cashdesk.models import Payment
from cashdesk.money import euros
from cashdesk.selectors import treasurer_figures
from manille.standings import StandingRow, compute_club_standings, explain_order
from prizes.models import Prize, PrizeAward, PrizeSettings
from prizes.split import Remainder, Split, parse_table, split_pot
from standings.labels import tiebreak_label
from standings.selectors import entrant_kind, standings_for
from tournaments.models import Phase, Round, Tournament

PICKABLE = (Prize.Rule.PLACE,)


# ------------------------------------------------------------------ settings


def prize_settings_for(*, tournament: Tournament) -> PrizeSettings:
    """Return the tournament's prize settings, or the defaults (not saved)."""
    found = PrizeSettings.objects.filter(tournament=tournament).first()
    return found or PrizeSettings(tournament=tournament)


def prizes_for(*, tournament: Tournament) -> list[Prize]:
    """Return the prize table in its order (one query)."""
    return list(Prize.objects.filter(tournament=tournament).order_by("order", "id"))


# ------------------------------------------------------------------ the pot


def pot_cents(*, tournament: Tournament, settings: PrizeSettings | None = None) -> int:
    """Return the cash pot: the fees received less refunds times the share, plus
    the fixed amount (in cents, the share rounded down to the cent)."""
    settings = settings or prize_settings_for(tournament=tournament)
    share = Decimal(settings.cash_share_percent or 0)
    from_fees = 0
    if share:
        figures = treasurer_figures(tournament=tournament)
        received = figures.fees_cents - figures.refunds_cents
        from_fees = int(
            (Decimal(received) * share / 100).to_integral_value(rounding=ROUND_DOWN)
        )
    return max(0, from_fees) + settings.cash_fixed_cents


def cash_prizes_cents(*, tournament: Tournament) -> int:
    """Return the sum of the cash amounts awarded (0 before the prizes are awarded)."""
    total = PrizeAward.objects.filter(tournament=tournament).aggregate(
        cents=Sum("amount_cents")
    )["cents"]
    return total or 0


# ------------------------------------------------------------------ the awards


@dataclass(frozen=True)
class AwardLine:
    """One award as the plan computes it (and as a saved award is read)."""

    kind: str  # PrizeAward.Kind
    place: int
    entry_id: int | None
    name: str
    club: str = ""
    prize_id: int | None = None
    description: str = ""
    amount_cents: int | None = None
    settled: str = PrizeAward.Settled.ALONE
    tiebreak: str = ""
    covers_from: int | None = None
    covers_to: int | None = None
    shared_with: int = 1
    phase_id: int | None = None
    call_order: int = 0


@dataclass(frozen=True)
class AwardPlan:
    """What awarding the prizes now would give, and why it cannot if it cannot."""

    lines: list[AwardLine]
    pot_cents: int
    split: Split | None
    refusal: str  # "" when the prizes can be awarded
    phase_pots: dict[int, int]  # per phase (cash paid out per phase)

    @property
    def cash_cents(self) -> int:
        return sum(line.amount_cents or 0 for line in self.lines)


def rounds_left(*, tournament: Tournament) -> int:
    """Return how many rounds are not closed yet: planned or drawn (three queries)."""
    planned = sum(p.rounds for p in tournament.phases.all())
    rounds = Round.objects.filter(tournament=tournament)
    closed = rounds.filter(status=Round.Status.CLOSED).count()
    drawn_open = rounds.exclude(status=Round.Status.CLOSED).count()
    return max(planned - closed, drawn_open, 0)


def _settlement(rows: list[StandingRow], index: int, codes: list[str]) -> dict:
    """Say how the row at ``index`` got its place: alone, by a tiebreak, or shared."""
    row = rows[index]
    if row.shared:
        group = [i for i, r in enumerate(rows) if r.rank == row.rank]
        return {
            "settled": PrizeAward.Settled.SHARED,
            "covers_from": group[0] + 1,
            "covers_to": group[-1] + 1,
            "shared_with": len(group),
        }
    for other in (index - 1, index + 1):
        if not 0 <= other < len(rows):
            continue
        upper, lower = (rows[other], row) if other < index else (row, rows[other])
        code, _up, _low = explain_order(upper, lower, codes)
        if code and code != codes[0]:
            return {"settled": PrizeAward.Settled.TIEBREAK, "tiebreak": code}
    return {"settled": PrizeAward.Settled.ALONE}


def _cash_split(settings: PrizeSettings, pot: int, rows: list[StandingRow]) -> Split:
    return split_pot(
        pot,
        parse_table(settings.percentages),
        ranks=[r.rank for r in rows],
        step=settings.rounding_cents,
        remainder_to=Remainder(settings.remainder_to),
    )


def _kind_by_position(
    prizes: list[Prize], rows: list[StandingRow], cash: dict[int, int]
) -> dict[int, list[Prize]]:
    """Return the prizes in kind each position (1-based) wins, by the table's rules.

    A place or a range first, then the booby prize for every entrant at the last
    rank, then "every other place" for the positions left with nothing (no prize,
    no cash).
    """
    count = len(rows)
    won: dict[int, list[Prize]] = defaultdict(list)
    for prize in prizes:
        if prize.rule == Prize.Rule.PLACE and prize.place_from <= count:
            won[prize.place_from].append(prize)
        elif prize.rule == Prize.Rule.RANGE:
            for position in range(prize.place_from, min(prize.place_to, count) + 1):
                won[position].append(prize)
    if rows:
        last = rows[-1].rank
        for prize in (p for p in prizes if p.rule == Prize.Rule.BOOBY):
            for position, row in enumerate(rows, 1):
                if row.rank == last:
                    won[position].append(prize)
    for prize in (p for p in prizes if p.rule == Prize.Rule.REST):
        low, high = prize.place_from or 1, prize.place_to or count
        for position in range(low, min(high, count) + 1):
            if not won.get(position) and not cash.get(position):
                won[position].append(prize)
    return won


def _specials(
    tournament: Tournament, prizes: list[Prize], rows: list[StandingRow]
) -> list[AwardLine]:
    """Award the special prizes: best of a fee rate, best club, highest game."""
    lines = []
    rates: dict[int, str] | None = None
    for prize in prizes:
        if prize.rule == Prize.Rule.RATE:
            if rates is None:
                rates = dict(
                    Payment.objects.filter(
                        entry__tournament=tournament, status=Payment.Status.LIVE
                    ).values_list("entry_id", "rate__code")
                )
            best = next(
                (r for r in rows if rates.get(r.entry_id) == prize.rate_code), None
            )
            if best is not None:
                lines.append(_special(prize, best))
        elif prize.rule == Prize.Rule.CLUB:
            clubs = compute_club_standings(rows)
            if clubs:
                club = clubs[0]
                lines.append(
                    AwardLine(
                        kind=PrizeAward.Kind.SPECIAL,
                        place=club.rank,
                        entry_id=None,
                        name=club.name,
                        prize_id=prize.pk,
                        description=prize.description,
                        settled=(
                            PrizeAward.Settled.SHARED
                            if club.shared
                            else PrizeAward.Settled.ALONE
                        ),
                        covers_from=club.rank if club.shared else None,
                        covers_to=club.rank if club.shared else None,
                    )
                )
        elif prize.rule == Prize.Rule.HIGH_GAME:
            scored = [(max((g.score for g in r.games), default=-1), r) for r in rows]
            if scored and max(s for s, _r in scored) >= 0:
                top = max(s for s, _r in scored)
                # The best ranked of those who scored it (the standings' order).
                best = next(r for s, r in scored if s == top)
                lines.append(
                    replace(
                        _special(prize, best),
                        description=_("%(prize)s (a game of %(score)d)")
                        % {"prize": prize.description, "score": top},
                    )
                )
    return lines


def _special(prize: Prize, row: StandingRow) -> AwardLine:
    return AwardLine(
        kind=PrizeAward.Kind.SPECIAL,
        place=row.rank,
        entry_id=row.entry_id,
        name=row.name,
        club=row.club or "",
        prize_id=prize.pk,
        description=prize.description,
    )


def award_plan(*, tournament: Tournament) -> AwardPlan:
    """Compute who wins what from the final standings, without writing anything.

    Cash by the percentage table (per phase when the settings say so), prizes in
    kind by their rules, special prizes by theirs; each place says how it was
    settled. ``refusal`` says why the prizes cannot be awarded yet.
    """
    settings = prize_settings_for(tournament=tournament)
    prizes = prizes_for(tournament=tournament)
    pot = pot_cents(tournament=tournament, settings=settings) if settings.has_pot else 0
    kind = entrant_kind(tournament)
    rows = standings_for(tournament=tournament, kind=kind)
    codes = tournament.tiebreak_list
    refusal = ""
    left = rounds_left(tournament=tournament)
    if left:
        refusal = _("%(count)d planned rounds are not closed yet.") % {"count": left}
    if not rows:
        refusal = _("No standings yet: close a round first.")
    if not prizes and not settings.has_pot:
        refusal = _("Set a cash pot or list prizes first.")

    split = None
    cash: dict[int, int] = {}  # position -> cents (the event's cash)
    phase_lines: list[AwardLine] = []
    phase_pots: dict[int, int] = {}
    if settings.has_pot and rows:
        if settings.paid_out == PrizeSettings.PaidOut.PHASE:
            phase_lines, phase_pots = _phase_cash(tournament, settings, pot, codes)
        else:
            split = _cash_split(settings, pot, rows)
            cash = {s.position: s.cents for s in split.shares if s.cents}
    won = _kind_by_position(prizes, rows, cash)
    with translation.override(tournament.language or None):
        lines = []
        for position, row in enumerate(rows, 1):
            items = won.get(position, [])
            cents = cash.get(position)
            if not items and cents is None:
                continue
            lines.append(
                AwardLine(
                    kind=PrizeAward.Kind.PLACE,
                    place=row.rank,
                    entry_id=row.entry_id,
                    name=row.name,
                    club=row.club or "",
                    prize_id=items[0].pk if items else None,
                    description=" + ".join(p.description for p in items),
                    amount_cents=cents,
                    **_settlement(rows, position - 1, codes),
                )
            )
        specials = _specials(tournament, prizes, rows)
    lines = _called(settings, specials + phase_lines + lines)
    return AwardPlan(
        lines=lines, pot_cents=pot, split=split, refusal=refusal, phase_pots=phase_pots
    )


def _phase_cash(
    tournament: Tournament, settings: PrizeSettings, pot: int, codes: list[str]
) -> tuple[list[AwardLine], dict[int, int]]:
    """Split the pot over the phases (equal parts, the cents left to the last one),
    each part by the table on that phase's own standings."""
    phases = list(Phase.objects.filter(tournament=tournament).order_by("order"))
    lines: list[AwardLine] = []
    pots: dict[int, int] = {}
    if not phases:
        return lines, pots
    each = pot // len(phases)
    for number, phase in enumerate(phases, 1):
        part = each if number < len(phases) else pot - each * (len(phases) - 1)
        pots[phase.pk] = part
        rows = standings_for(
            tournament=tournament, kind=entrant_kind(tournament), phase=phase
        )
        if not rows:
            continue
        split = _cash_split(settings, part, rows)
        for share in split.shares:
            if not share.cents:
                continue
            row = rows[share.position - 1]
            lines.append(
                AwardLine(
                    kind=PrizeAward.Kind.PLACE,
                    place=row.rank,
                    entry_id=row.entry_id,
                    name=row.name,
                    club=row.club or "",
                    description=phase.name,
                    amount_cents=share.cents,
                    phase_id=phase.pk,
                    **_settlement(rows, share.position - 1, codes),
                )
            )
    return lines, pots


def _called(settings: PrizeSettings, lines: list[AwardLine]) -> list[AwardLine]:
    """Number the awards in the order the prize-giving calls them.

    Special prizes first, then the places: first to last, or last to first.
    """
    special = [line for line in lines if line.kind == PrizeAward.Kind.SPECIAL]
    places = [line for line in lines if line.kind == PrizeAward.Kind.PLACE]
    reverse = settings.calling_order == PrizeSettings.CallingOrder.LAST_TO_FIRST
    places.sort(key=lambda line: (line.phase_id is None, line.place), reverse=reverse)
    return [replace(line, call_order=n) for n, line in enumerate(special + places, 1)]


def awards_made(*, tournament: Tournament) -> bool:
    """Whether any prize is awarded (one EXISTS query)."""
    return PrizeAward.objects.filter(tournament=tournament).exists()


def awards_for(*, tournament: Tournament) -> list[PrizeAward]:
    """Return the awards made, in calling order, with their prizes (one query)."""
    return list(
        PrizeAward.objects.filter(tournament=tournament)
        .select_related("prize", "picked", "given_by", "phase")
        .order_by("call_order", "id")
    )


def awards_by_place(*, tournament: Tournament) -> list[PrizeAward]:
    """Return the awards made in place order (the public list, the API)."""
    return sorted(
        awards_for(tournament=tournament),
        key=lambda a: (a.phase_id is not None, a.place, a.kind != "place", a.pk),
    )


def settled_text(award: PrizeAward | AwardLine) -> str:
    """Say, translated, how an award's place was settled."""
    if award.settled == PrizeAward.Settled.SHARED and award.amount_cents is None:
        return _(
            "Tied at place %(place)d with %(others)d other(s): the prizes of places "
            "%(first)d–%(last)d go in the standings' order."
        ) % {
            "place": award.place,
            "others": max(0, award.shared_with - 1),
            "first": award.covers_from or award.place,
            "last": award.covers_to or award.place,
        }
    if award.settled == PrizeAward.Settled.SHARED:
        return _(
            "Tied at place %(place)d with %(others)d other(s): places "
            "%(first)d–%(last)d shared equally."
        ) % {
            "place": award.place,
            "others": max(0, award.shared_with - 1),
            "first": award.covers_from or award.place,
            "last": award.covers_to or award.place,
        }
    if award.settled == PrizeAward.Settled.TIEBREAK:
        return _("Level on the first criterion; separated by %(tiebreak)s.") % {
            "tiebreak": tiebreak_label(award.tiebreak)
        }
    return ""


def prize_text(award: PrizeAward | AwardLine) -> str:
    """Return what a winner receives, in words: the prize in kind and the cash."""
    kind_text = getattr(award, "prize_text", None) or award.description
    parts = [kind_text] if kind_text else []
    if award.amount_cents:
        parts.append(euros(award.amount_cents))
    return " + ".join(parts)


def pickable_prizes(*, tournament: Tournament) -> list[Prize]:
    """Return the prizes in kind a winner may still pick (not picked yet)."""
    return list(
        Prize.objects.filter(tournament=tournament, rule__in=PICKABLE)
        .filter(picked_by__isnull=True)
        .order_by("order", "id")
    )
