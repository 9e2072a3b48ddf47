"""Write a tournament's prize settings and table, award the prizes, give them out.

Every write runs in one transaction and records itself in the action log inside
it; a refusal is a ``core.errors`` error raised before anything is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.services import action_record, field_values
from cashdesk.money import euros
from core.errors import InvalidInput, StateConflict
from prizes import selectors
from prizes.giving import picks_from_table
from prizes.models import Prize, PrizeAward, PrizeSettings
from prizes.split import parse_table, table_text
from tournaments.models import Tournament
from tournaments.versioning import tournament_touch


def _user(by):
    return by if getattr(by, "is_authenticated", False) else None


def _refused(error: ValidationError, *, field: str = "__all__") -> InvalidInput:
    """Turn a model's ``full_clean`` refusal into the user's, next to its field."""
    if hasattr(error, "error_dict"):
        name, messages = next(iter(error.message_dict.items()))
        return InvalidInput("; ".join(messages), field=name)
    return InvalidInput("; ".join(error.messages), field=field)


def _given(tournament: Tournament) -> bool:
    """Say whether the prize-giving has begun (a prize was handed out)."""
    return PrizeAward.objects.filter(
        tournament=tournament, given_at__isnull=False
    ).exists()


def _lock(tournament: Tournament) -> None:
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()


# ------------------------------------------------------------------ settings


_SETTINGS = (
    "calling_order",
    "players_pick",
    "cash_share_percent",
    "cash_fixed_cents",
    "percentages",
    "rounding_cents",
    "remainder_to",
    "paid_out",
)


def _settings_summary(settings: PrizeSettings) -> dict:
    """The settings as the log keeps them (a yes/no a bool, said in the reader's
    language by the History page; not its English ``str``)."""
    return field_values(settings, _SETTINGS)


@transaction.atomic
def prize_settings_save(
    *,
    tournament: Tournament,
    by,
    calling_order: str = PrizeSettings.CallingOrder.LAST_TO_FIRST,
    players_pick: bool = False,
    cash_share_percent: Decimal | int = 0,
    cash_fixed_cents: int = 0,
    percentages: str = "",
    rounding_cents: int = PrizeSettings.Rounding.EURO,
    remainder_to: str = PrizeSettings.RemainderTo.FIRST,
    paid_out: str = PrizeSettings.PaidOut.EVENT,
) -> PrizeSettings:
    """Save how the tournament gives its prizes: the calling order and the pot.

    The percentage table is stored as typed and checked ("40 25 15 10 10").
    """
    _lock(tournament)
    settings, _created = PrizeSettings.objects.get_or_create(tournament=tournament)
    before = _settings_summary(settings)
    settings.calling_order = calling_order
    settings.players_pick = bool(players_pick)
    settings.cash_share_percent = Decimal(cash_share_percent)
    settings.cash_fixed_cents = cash_fixed_cents
    settings.percentages = (percentages or "").strip()
    settings.rounding_cents = rounding_cents
    settings.remainder_to = remainder_to
    settings.paid_out = paid_out
    try:
        settings.full_clean(exclude=["tournament"])
    except ValidationError as error:
        raise _refused(error) from None
    settings.percentages = table_text(parse_table(settings.percentages))
    if settings.has_pot and not settings.percentages:
        raise InvalidInput(
            _("A cash pot needs a percentage table: type 40 25 15 10 10, say."),
            field="percentages",
        )
    settings.save()
    action_record(
        by=by,
        action="prize.table_changed",
        tournament=tournament,
        target=tournament,
        before=before,
        after=_settings_summary(settings),
    )
    return settings


# ------------------------------------------------------------------ the table


@dataclass(frozen=True)
class PrizeRow:
    """A prize as the table's form sends it."""

    description: str
    rule: str = Prize.Rule.PLACE
    place_from: int | None = None
    place_to: int | None = None
    value_cents: int | None = None
    donor: str = ""
    rate_code: str = ""


def _row_text(prize: Prize) -> str:
    places = ""
    if prize.place_from:
        places = f" {prize.place_from}"
        if prize.place_to:
            places += f"-{prize.place_to}"
    value = f" {prize.value_cents}c" if prize.value_cents is not None else ""
    return f"{prize.rule}{places}{value}: {prize.description}" + (
        f" ({prize.donor})" if prize.donor else ""
    )


def _check_row(row: PrizeRow, line: int) -> None:
    where = {"line": line}
    rule = row.rule
    if rule not in Prize.Rule.values:
        raise InvalidInput(_("Line %(line)d: choose who wins the prize.") % where)
    if rule == Prize.Rule.PLACE and not row.place_from:
        raise InvalidInput(_("Line %(line)d: give the place that wins it.") % where)
    if rule == Prize.Rule.RANGE and not (
        row.place_from and row.place_to and row.place_from <= row.place_to
    ):
        raise InvalidInput(
            _("Line %(line)d: give the places as a range, first to last: 4-10.") % where
        )
    if rule == Prize.Rule.RATE and not row.rate_code:
        raise InvalidInput(_("Line %(line)d: choose the fee rate.") % where)
    if rule not in (Prize.Rule.PLACE, Prize.Rule.RANGE, Prize.Rule.REST) and (
        row.place_from or row.place_to
    ):
        raise InvalidInput(
            _(
                "Line %(line)d: this prize is not won by a place; leave the places "
                "empty."
            )
            % where
        )


@transaction.atomic
def prize_table_save(
    *, tournament: Tournament, by, prizes: list[PrizeRow]
) -> list[Prize]:
    """Replace the tournament's prize table by ``prizes``, in their order.

    Refused once a prize has been given (the prize-giving has begun): the awards
    follow the table, so award again after changing it.
    """
    _lock(tournament)
    if _given(tournament):
        raise StateConflict(
            _("Prizes have been given already: the table can no longer change."),
            code="given",
        )
    old = list(Prize.objects.filter(tournament=tournament).order_by("order", "id"))
    before = {"prizes": [_row_text(p) for p in old]}
    for line, row in enumerate(prizes, 1):
        _check_row(row, line)
    saved = []
    for order, row in enumerate(prizes):
        prize = old[order] if order < len(old) else Prize(tournament=tournament)
        prize.order = order
        prize.description = (row.description or "").strip()
        prize.rule = row.rule
        prize.place_from = row.place_from
        prize.place_to = row.place_to if row.rule != Prize.Rule.PLACE else None
        prize.value_cents = row.value_cents
        prize.donor = (row.donor or "").strip()
        prize.rate_code = row.rate_code if row.rule == Prize.Rule.RATE else ""
        try:
            prize.full_clean(exclude=["tournament"])
        except ValidationError as error:
            raise _refused(error, field="prizes") from None
        prize.save()
        saved.append(prize)
    for prize in old[len(prizes) :]:
        prize.delete()
    action_record(
        by=by,
        action="prize.table_changed",
        tournament=tournament,
        target=tournament,
        before=before,
        after={"prizes": [_row_text(p) for p in saved]},
    )
    return saved


# ------------------------------------------------------------------ awarding


@transaction.atomic
def prizes_award(*, tournament: Tournament, by) -> list[PrizeAward]:
    """Award the prizes from the final standings (again: the previous awards go).

    Refused while a planned round is still open, with no standings, or once a
    prize has been given (the prize-giving has begun).
    """
    _lock(tournament)
    if _given(tournament):
        raise StateConflict(
            _("Prizes have been given already: the awards stay as they are."),
            code="given",
        )
    plan = selectors.award_plan(tournament=tournament)
    if plan.refusal:
        raise StateConflict(plan.refusal, code="not_ready")
    PrizeAward.objects.filter(tournament=tournament).delete()
    awards = [
        PrizeAward(
            tournament=tournament,
            phase_id=line.phase_id,
            kind=line.kind,
            place=line.place,
            call_order=line.call_order,
            entry_id=line.entry_id,
            name=line.name[:200],
            prize_id=line.prize_id,
            amount_cents=line.amount_cents,
            description=line.description[:200],
            settled=line.settled,
            tiebreak=line.tiebreak,
            covers_from=line.covers_from,
            covers_to=line.covers_to,
            shared_with=line.shared_with,
        )
        for line in plan.lines
    ]
    PrizeAward.objects.bulk_create(awards)
    tournament_touch(tournament=tournament)  # the public list and the API follow
    action_record(
        by=by,
        action="prize.awarded",
        tournament=tournament,
        target=tournament,
        after={
            "awards": len(awards),
            "pot": euros(plan.pot_cents),
            "cash": euros(plan.cash_cents),
        },
    )
    return selectors.awards_for(tournament=tournament)


def _locked_award(award: PrizeAward) -> PrizeAward:
    return (
        PrizeAward.objects.select_for_update(of=("self",))
        .select_related("tournament", "picked")
        .get(pk=award.pk)
    )


@transaction.atomic
def prize_give(*, award: PrizeAward, by) -> PrizeAward:
    """Mark an award as handed out (the prize-giving's one key per prize)."""
    award = _locked_award(award)
    if award.given_at is not None:
        raise StateConflict(
            _("The prize of %(name)s was given already.") % {"name": award.name},
            code="given",
        )
    settings = selectors.prize_settings_for(tournament=award.tournament)
    if picks_from_table(award, settings) and award.picked_id is None:
        raise StateConflict(
            _("%(name)s picks a prize from the table first.") % {"name": award.name},
            code="pick_first",
        )
    award.given_at = timezone.now()
    award.given_by = _user(by)
    award.save(update_fields=["given_at", "given_by"])
    tournament_touch(tournament=award.tournament)  # the projector calls the next
    action_record(
        by=by,
        action="prize.given",
        tournament=award.tournament_id,
        target=award.entry if award.entry_id else award.tournament,
        target_text=award.name,
        after={
            "place": award.place,
            "prize": award.prize_text,
            "cash": euros(award.amount_cents) if award.amount_cents else "",
        },
    )
    return award


@transaction.atomic
def prize_pick(*, award: PrizeAward, prize: Prize, by) -> PrizeAward:
    """Record the prize a winner picked from the table (when players pick)."""
    award = _locked_award(award)
    tournament = award.tournament
    if not selectors.prize_settings_for(tournament=tournament).players_pick:
        raise StateConflict(
            _("In this tournament the winners do not pick their prizes."),
            code="no_picking",
        )
    if award.kind != PrizeAward.Kind.PLACE or award.phase_id is not None:
        raise StateConflict(_("Only a place's winner picks a prize."), code="special")
    if award.given_at is not None:
        raise StateConflict(
            _("The prize of %(name)s was given already.") % {"name": award.name},
            code="given",
        )
    if prize.tournament_id != tournament.pk or prize.rule not in selectors.PICKABLE:
        raise InvalidInput(_("Choose one of the prizes on the table."), field="prize")
    before = {"picked": award.prize_text}
    award.picked = prize
    try:
        with transaction.atomic():
            award.save(update_fields=["picked"])
    except IntegrityError:
        raise StateConflict(
            _("“%(prize)s” was picked already.") % {"prize": prize.description},
            code="picked",
        ) from None
    action_record(
        by=by,
        action="prize.picked",
        tournament=tournament,
        target=award.entry if award.entry_id else tournament,
        target_text=award.name,
        before=before,
        after={"picked": prize.description},
    )
    tournament_touch(tournament=tournament)
    return award


def _handed_over(award: PrizeAward) -> dict:
    """What an award hands over, for the log: the prize in kind, the cash."""
    handed = {"prize": award.prize_text}
    if award.amount_cents:
        handed["cash"] = euros(award.amount_cents)
    return {key: value for key, value in handed.items() if value}


@transaction.atomic
def prize_give_undo(*, award: PrizeAward, by) -> PrizeAward:
    """Take back the giving of an award (the prize-giving's Undo, Backspace).

    The award is called again; a prize the winner picked stays picked until it is
    picked again or given. Refused unless the award was given: a second press of
    Undo never takes back another one.
    """
    award = _locked_award(award)
    if award.given_at is None:
        raise StateConflict(
            _("The prize of %(name)s has not been given.") % {"name": award.name},
            code="not_given",
        )
    award.given_at = None
    award.given_by = None
    award.save(update_fields=["given_at", "given_by"])
    tournament_touch(tournament=award.tournament)
    action_record(
        by=by,
        action="prize.given_undone",
        tournament=award.tournament_id,
        target=award.entry if award.entry_id else award.tournament,
        target_text=award.name,
        # What was handed over goes: the History reads "prize: Ham → –".
        before=_handed_over(award),
        after={},
    )
    return award
