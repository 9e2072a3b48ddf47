"""Read the fee settings, the desk's choices and a pasted statement from forms."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cashdesk.banking import iban_display
from cashdesk.models import FeeRate, FeeSettings, Payment
from cashdesk.money import cents_as_text, cents_from_text
from cashdesk.services import RateRow
from core.errors import ServiceError
from core.validators import validate_line, validate_text

# The settings page offers this many rate lines (the empty ones are ignored).
RATE_LINES = 6


class FeeSettingsForm(forms.Form):
    per = forms.ChoiceField(
        label=gettext_lazy("The fee is paid"), choices=FeeSettings.Per.choices
    )
    only_paid_drawn = forms.BooleanField(
        label=gettext_lazy("Only paid entrants are drawn"),
        required=False,
        help_text=gettext_lazy(
            "Checked-in entrants who have not paid are left out of the draw; the "
            "draw's page says how many. Refunded entrants are never drawn."
        ),
    )
    beneficiary = forms.CharField(
        label=gettext_lazy("Beneficiary's name"),
        max_length=70,
        required=False,
        validators=[validate_line],
    )
    iban = forms.CharField(
        label=gettext_lazy("IBAN"),
        max_length=42,
        required=False,
        validators=[validate_line],
    )
    bic = forms.CharField(
        label=gettext_lazy("BIC (optional)"),
        max_length=11,
        required=False,
        validators=[validate_line],
    )

    def __init__(self, *args, fees: FeeSettings | None = None, **kwargs):
        initial = {}
        if fees is not None:
            initial = {
                "per": fees.per,
                "only_paid_drawn": fees.only_paid_drawn,
                "beneficiary": fees.beneficiary,
                "iban": iban_display(fees.iban),
                "bic": fees.bic,
            }
            rates = list(fees.rates.all())
        else:
            rates = [
                FeeRate(code="member", label=_("Member"), amount_cents=500,
                        default_for="member"),
                FeeRate(code="other", label=_("Non-member"), amount_cents=750,
                        default_for="other"),
            ]  # fmt: skip
        for i, rate in enumerate(rates[:RATE_LINES]):
            initial[f"rate{i}_code"] = rate.code
            initial[f"rate{i}_label"] = rate.label
            initial[f"rate{i}_amount"] = cents_as_text(rate.amount_cents)
            initial[f"rate{i}_default"] = rate.default_for
        super().__init__(*args, initial=initial, **kwargs)
        for i in range(RATE_LINES):
            self.fields[f"rate{i}_code"] = forms.SlugField(
                label=_("Code"), max_length=30, required=False
            )
            self.fields[f"rate{i}_label"] = forms.CharField(
                label=_("Rate"),
                max_length=60,
                required=False,
                validators=[validate_line],
            )
            self.fields[f"rate{i}_amount"] = forms.CharField(
                label=_("Amount (€)"), max_length=20, required=False
            )
            self.fields[f"rate{i}_default"] = forms.ChoiceField(
                label=_("Default for"), choices=FeeRate.Default.choices, required=False
            )

    def rate_lines(self) -> list[list]:
        """Return the bound fields of each rate line, for the template."""
        names = ("code", "label", "amount", "default")
        return [[self[f"rate{i}_{n}"] for n in names] for i in range(RATE_LINES)]

    def rates(self) -> list[RateRow]:
        """Return the filled rate lines as the service takes them."""
        rows = []
        for i in range(RATE_LINES):
            label = self.cleaned_data.get(f"rate{i}_label", "").strip()
            amount = self.cleaned_data.get(f"rate{i}_amount", "").strip()
            code = self.cleaned_data.get(f"rate{i}_code", "").strip().lower()
            if not (label or amount or code):
                continue
            if not label or not amount:
                self.add_error(
                    f"rate{i}_label", _("A rate needs a name and an amount.")
                )
                continue
            try:
                cents = cents_from_text(amount, field=f"rate{i}_amount")
            except ServiceError as error:
                self.add_error(f"rate{i}_amount", str(error))
                continue
            code = code or _code_from(label, i)
            default = self.cleaned_data.get(f"rate{i}_default") or ""
            rows.append(RateRow(code, label, cents, default))
        if self.errors:
            raise ValidationError(_("Correct the rates."))
        return rows


def _code_from(label: str, index: int) -> str:
    from django.utils.text import slugify

    return (slugify(label)[:30] or f"rate-{index + 1}").strip(
        "-"
    ) or f"rate-{index + 1}"


class DeskForm(forms.Form):
    """The desk's one form: a name typed or a row's button, the method and rate."""

    q = forms.CharField(max_length=200, required=False, validators=[validate_line])
    method = forms.ChoiceField(choices=Payment.Method.choices, required=False)
    rate = forms.CharField(max_length=30, required=False, validators=[validate_line])


class TransfersForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("The bank statement's lines, or the references"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=100_000,
        validators=[validate_text],
    )
