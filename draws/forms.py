"""Read the director's input for a draw: the seed, a reason, a match's decision."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line
from tournaments.models import KnockoutMatch


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=_("Empty: a new random draw. A seed repeats an earlier draw."),
    )


class ReasonForm(forms.Form):
    """Why a published round is changed: kept in its history."""

    reason = forms.CharField(
        label=_("reason"),
        max_length=500,
        help_text=_(
            "Kept in the round's history, e.g. “did not come back after lunch”."
        ),
    )

    def __init__(self, *args, required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].required = required


class ReplaceForm(ReasonForm):
    """Seat a reserve or a late entry in place of an absent entrant."""

    entry = forms.TypedChoiceField(label=_("in their place"), coerce=int)
    withdraw = forms.BooleanField(
        label=_("withdraw the absent entrant from the tournament"), required=False
    )

    def __init__(self, *args, candidates=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [
            (
                e.pk,
                _("%(name)s (bye)") % {"name": e} if e.on_bye else str(e),
            )
            for e in candidates
        ]
        self.order_fields(["entry", "withdraw", "reason"])


class SwapTypedForm(forms.Form):
    """Two seats (or a seat and a bye) typed as "12.3" or a name, to swap."""

    first = forms.CharField(label=_("swap"), max_length=200)
    second = forms.CharField(label=_("with"), max_length=200)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)


class MatchDecisionForm(forms.Form):
    """Who goes through a knockout match not won at the table, how and why."""

    winner = forms.ChoiceField(
        label=_("goes through"),
        choices=[
            ("", _("nobody yet (take the decision back)")),
            ("a", "A"),
            ("b", "B"),
        ],
        required=False,
    )
    decision = forms.ChoiceField(
        label=_("how"),
        choices=[("", "—"), *KnockoutMatch.Decision.choices],
        required=False,
    )
    reason = forms.CharField(
        label=_("reason"),
        max_length=200,
        required=False,
        validators=[validate_line],
        help_text=_("Shown on the bracket, e.g. “did not turn up”."),
    )
