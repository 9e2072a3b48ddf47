"""Read the director's input for a draw: the seed."""

from django import forms
from django.utils.translation import gettext_lazy as _


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=_("Empty: a new random draw. A seed repeats an earlier draw."),
    )
