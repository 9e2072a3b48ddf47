"""Read a registration as typed on the public form or corrected by the director."""

from django import forms
from django.utils.translation import gettext_lazy as _

from registrations.models import Registration

Kind = Registration.Kind


def _text(name: str, *, required: bool = False, **attrs) -> forms.CharField:
    field = Registration._meta.get_field(name)
    return forms.CharField(
        label=field.verbose_name,
        max_length=field.max_length,
        required=required,
        widget=forms.TextInput(attrs=attrs),
    )


class DetailsForm(forms.Form):
    """The people and how to reach them (the director's correction form too)."""

    first_name = _text("first_name", required=True, autocomplete="given-name")
    last_name = _text("last_name", required=True, autocomplete="family-name")
    partner_first_name = _text("partner_first_name")
    partner_last_name = _text("partner_last_name")
    email = forms.EmailField(
        label=_("e-mail"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    club = _text("club", autocomplete="organization")
    phone = _text("phone", autocomplete="tel", inputmode="tel")

    def __init__(self, *args, pairs: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not pairs:
            del self.fields["partner_first_name"], self.fields["partner_last_name"]

    def values(self) -> dict:
        return {name: self.cleaned_data.get(name, "") for name in self.fields}


class RegisterForm(DetailsForm):
    """The public form: how one registers, the consent, and a honeypot."""

    kind = forms.ChoiceField(label=_("How do you register?"), widget=forms.RadioSelect)
    consent = forms.BooleanField(
        label=_(
            "I agree that the organiser keeps these details to run this event and "
            "to contact me about it, until I delete my registration."
        ),
        required=False,
    )
    # Hidden by CSS (never by type=hidden, which robots skip): a person leaves it
    # empty, a robot filling every field does not.
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    field_order = ["kind"]

    def __init__(self, *args, tournament, **kwargs):
        pairs = not tournament.is_individual
        super().__init__(*args, pairs=pairs, **kwargs)
        kinds = [Kind.PAIR, Kind.SINGLE] if pairs else [Kind.ALONE]
        self.fields["kind"].choices = [(k.value, k.label) for k in kinds]
        self.fields["kind"].initial = kinds[0].value
        if not pairs:
            self.fields["kind"].widget = forms.HiddenInput()

    @property
    def is_spam(self) -> bool:
        return bool(self.data.get("website", "").strip())

    def values(self) -> dict:
        values = super().values()
        values.pop("website", None)
        return values


class ResendForm(forms.Form):
    email = forms.EmailField(label=_("Your e-mail address"), max_length=254)


class PairForm(forms.Form):
    first = forms.IntegerField(label=_("First player"))
    second = forms.IntegerField(label=_("Second player"))
