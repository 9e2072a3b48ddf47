"""Read the prize settings, the cash pot and the prize table from the director."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cashdesk.money import cents_as_text, cents_from_text
from core.errors import ServiceError
from core.validators import validate_line
from prizes.models import Prize, PrizeSettings
from prizes.services import PrizeRow
from prizes.validators import validate_prize_table

# The table's form offers the prizes listed and this many empty lines more.
SPARE_LINES = 4
MAX_LINES = 60


class PrizeSettingsForm(forms.Form):
    calling_order = forms.ChoiceField(
        label=gettext_lazy("Prizes are called"),
        choices=PrizeSettings.CallingOrder.choices,
    )
    players_pick = forms.BooleanField(
        label=gettext_lazy("Winners pick their prize from the table"),
        required=False,
        help_text=gettext_lazy(
            "In the calling order, each winner chooses one of the prizes still on "
            "the table (the prizes for one place)."
        ),
    )
    cash_share_percent = forms.CharField(
        label=gettext_lazy("Share of the fees in the cash pot (%)"),
        max_length=6,
        required=False,
        validators=[validate_line],
        help_text=gettext_lazy("Of the fees received less refunds: 50 for half."),
    )
    cash_fixed = forms.CharField(
        label=gettext_lazy("Fixed amount in the pot (€)"),
        max_length=20,
        required=False,
        validators=[validate_line],
    )
    percentages = forms.CharField(
        label=gettext_lazy("Percentage table"),
        max_length=400,
        required=False,
        validators=[validate_line, validate_prize_table],
        help_text=gettext_lazy(
            "Each place's share of the pot, from first place down: 40 25 15 10 10. "
            "Less than 100 in all leaves the rest with the organiser."
        ),
    )
    rounding_cents = forms.TypedChoiceField(
        label=gettext_lazy("Amounts rounded down"),
        choices=PrizeSettings.Rounding.choices,
        coerce=int,
    )
    remainder_to = forms.ChoiceField(
        label=gettext_lazy("The rounding remainder goes"),
        choices=PrizeSettings.RemainderTo.choices,
    )
    paid_out = forms.ChoiceField(
        label=gettext_lazy("Cash paid out"), choices=PrizeSettings.PaidOut.choices
    )

    def __init__(self, *args, settings: PrizeSettings, **kwargs):
        initial = {
            "calling_order": settings.calling_order,
            "players_pick": settings.players_pick,
            "cash_share_percent": _percent_text(settings.cash_share_percent),
            "cash_fixed": cents_as_text(settings.cash_fixed_cents)
            if settings.cash_fixed_cents
            else "",
            "percentages": settings.percentages,
            "rounding_cents": settings.rounding_cents,
            "remainder_to": settings.remainder_to,
            "paid_out": settings.paid_out,
        }
        super().__init__(*args, initial=initial, **kwargs)

    def clean_cash_share_percent(self) -> Decimal:
        text = (self.cleaned_data.get("cash_share_percent") or "").strip()
        text = text.rstrip("%").strip().replace(",", ".")
        if not text:
            return Decimal(0)
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise ValidationError(_("Type a percentage, as 50.")) from None
        if not value.is_finite() or not 0 <= value <= 100:
            raise ValidationError(_("A share is from 0 to 100 %."))
        if value != value.quantize(Decimal("0.01")):
            raise ValidationError(_("A share has at most two decimals."))
        return value

    def clean_cash_fixed(self) -> int:
        text = (self.cleaned_data.get("cash_fixed") or "").strip()
        if not text:
            return 0
        try:
            return cents_from_text(text, field="cash_fixed")
        except ServiceError as error:
            raise ValidationError(str(error)) from None

    def values(self) -> dict:
        """Return the settings as ``services.prize_settings_save`` takes them."""
        data = self.cleaned_data
        return {
            "calling_order": data["calling_order"],
            "players_pick": data["players_pick"],
            "cash_share_percent": data["cash_share_percent"],
            "cash_fixed_cents": data["cash_fixed"],
            "percentages": data["percentages"],
            "rounding_cents": data["rounding_cents"],
            "remainder_to": data["remainder_to"],
            "paid_out": data["paid_out"],
        }


def _percent_text(value) -> str:
    if not value:
        return ""
    text = f"{Decimal(value):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


_PLACES = re.compile(r"^\s*(\d{1,4})\s*(?:[-–]\s*(\d{1,4}))?\s*$")
_NAMES = ("description", "rule", "places", "value", "donor", "rate")


class PrizeTableForm(forms.Form):
    """The prize table: one line per prize, in the order of the table."""

    def __init__(
        self, *args, prizes: list[Prize], rates: list[tuple[str, str]], **kwargs
    ):
        initial = {}
        for i, prize in enumerate(prizes):
            places = ""
            if prize.place_from:
                places = str(prize.place_from)
                if prize.place_to:
                    places += f"-{prize.place_to}"
            initial.update(
                {
                    f"p{i}_description": prize.description,
                    f"p{i}_rule": prize.rule,
                    f"p{i}_places": places,
                    f"p{i}_value": cents_as_text(prize.value_cents)
                    if prize.value_cents is not None
                    else "",
                    f"p{i}_donor": prize.donor,
                    f"p{i}_rate": prize.rate_code,
                }
            )
        super().__init__(*args, initial=initial, **kwargs)
        self.lines = min(MAX_LINES, len(prizes) + SPARE_LINES)
        if self.is_bound:  # the lines sent (a line added on the page is read too)
            sent = [
                int(m.group(1))
                for key in self.data
                if (m := re.match(r"^p(\d{1,2})_description$", key))
            ]
            self.lines = min(MAX_LINES, max([self.lines, *(n + 1 for n in sent)]))
        rate_choices = [("", "—"), *rates]
        for i in range(self.lines):
            self.fields[f"p{i}_description"] = forms.CharField(
                label=_("Prize"), max_length=120, required=False,
                validators=[validate_line],
            )
            self.fields[f"p{i}_rule"] = forms.ChoiceField(
                label=_("Given to"), choices=Prize.Rule.choices, required=False
            )
            self.fields[f"p{i}_places"] = forms.CharField(
                label=_("Places"), max_length=12, required=False,
                validators=[validate_line],
            )
            self.fields[f"p{i}_value"] = forms.CharField(
                label=_("Value (€)"), max_length=20, required=False,
                validators=[validate_line],
            )
            self.fields[f"p{i}_donor"] = forms.CharField(
                label=_("Donor or sponsor"), max_length=120, required=False,
                validators=[validate_line],
            )
            self.fields[f"p{i}_rate"] = forms.ChoiceField(
                label=_("Fee rate"), choices=rate_choices, required=False
            )  # fmt: skip

    def prize_lines(self) -> list[list]:
        """Return the bound fields of each line, for the template."""
        return [[self[f"p{i}_{n}"] for n in _NAMES] for i in range(self.lines)]

    def rows(self) -> list[PrizeRow]:
        """Return the filled lines as the service takes them (empty lines left out)."""
        rows = []
        for i in range(self.lines):
            get = self.cleaned_data.get
            description = (get(f"p{i}_description") or "").strip()
            places = (get(f"p{i}_places") or "").strip()
            value = (get(f"p{i}_value") or "").strip()
            if not (description or places or value):
                continue
            if not description:
                self.add_error(f"p{i}_description", _("Say what the prize is."))
                continue
            rule = get(f"p{i}_rule") or Prize.Rule.PLACE
            place_from = place_to = None
            if places:
                match = _PLACES.match(places)
                if not match:
                    self.add_error(
                        f"p{i}_places", _("Type a place (3) or a range (4-10).")
                    )
                    continue
                place_from = int(match.group(1))
                place_to = int(match.group(2)) if match.group(2) else None
                if place_from < 1 or (place_to is not None and place_to < 1):
                    self.add_error(f"p{i}_places", _("Places count from 1."))
                    continue
                if rule == Prize.Rule.PLACE and place_to not in (None, place_from):
                    rule = Prize.Rule.RANGE
                if rule == Prize.Rule.RANGE and place_to is None:
                    place_to = place_from
            cents = None
            if value:
                try:
                    cents = cents_from_text(value, field=f"p{i}_value")
                except ServiceError as error:
                    self.add_error(f"p{i}_value", str(error))
                    continue
            rows.append(
                PrizeRow(
                    description=description,
                    rule=rule,
                    place_from=place_from,
                    place_to=place_to if rule != Prize.Rule.PLACE else None,
                    value_cents=cents,
                    donor=(get(f"p{i}_donor") or "").strip(),
                    rate_code=get(f"p{i}_rate") or "",
                )
            )
        if self.errors:
            raise ValidationError(_("Correct the prize table."))
        return rows
