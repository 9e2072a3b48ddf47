"""Read what a phone at a card table sends: a deal, a deal to remove, an acceptance.

The phone's page only offers valid choices (suit buttons, a keypad, bounded knocks),
so a field it cannot send wrong is checked loosely here and precisely by the engine,
whose messages the desk shows too. Anything else (garbage, a tampered post) is
refused with a message, never a 500.
"""

from __future__ import annotations

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from core.validators import validate_text
from manille.engine import InvalidDeal, Trump
from scoring.services import DealInput
from scoring.services.errors import engine_message

__all__ = ["TableAcceptForm", "TableDealForm", "TableDeleteForm", "first_error"]

# Loose bounds: the engine explains a wrong value with the desk's message.
LOOSE = 999
MAX_VERSION = 2**31 - 1
KEY_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"


class TableWriteForm(forms.Form):
    """What every write from a table carries: its key, the seat, the version."""

    key = forms.CharField(
        max_length=64,
        validators=[
            RegexValidator(
                KEY_PATTERN, _("This write has no valid key: reload the page.")
            )
        ],
        error_messages={"required": _("This write has no key: reload the page.")},
    )
    seat = forms.IntegerField(
        min_value=1,
        max_value=4,
        error_messages={"required": _("Say who holds this phone first.")},
    )
    version = forms.IntegerField(
        min_value=0,
        max_value=MAX_VERSION,
        error_messages={
            "required": _("The sheet's version is missing: reload the page.")
        },
    )


class TableDealForm(TableWriteForm):
    """One deal as the phone sends it: the points of the side the player chose."""

    game = forms.IntegerField(min_value=1, max_value=99)
    number = forms.IntegerField(required=False, min_value=1, max_value=LOOSE)
    trump = forms.ChoiceField(
        choices=[(t.value, t.value) for t in Trump],
        error_messages={
            "required": _("Choose the trump."),
            "invalid_choice": _("Choose the trump."),
        },
    )
    declarer = forms.TypedChoiceField(
        choices=[(0, "A"), (1, "B")], coerce=int, required=False, empty_value=0
    )
    # Not a checkbox's widget: the phone sends "true"/"false" (or "1"/"0"), and a
    # checkbox reads any non-empty value, "0" too, as ticked.
    passed = forms.BooleanField(required=False, widget=forms.HiddenInput)
    blind = forms.BooleanField(required=False, widget=forms.HiddenInput)
    knocks = forms.IntegerField(required=False, min_value=0, max_value=LOOSE)
    points_a = forms.IntegerField(required=False, min_value=-LOOSE, max_value=LOOSE)
    points_b = forms.IntegerField(required=False, min_value=-LOOSE, max_value=LOOSE)
    revoke = forms.TypedChoiceField(
        choices=[("", "-"), (0, "A"), (1, "B")],
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(self, *args, total: int = 60, **kwargs):
        """``total`` is a deal's points under the tournament's rules (60 or 68)."""
        super().__init__(*args, **kwargs)
        self.total = total

    def clean(self):
        data = super().clean()
        # The phone sends the points of one side, the one the player typed; the
        # other side is the rest of the deal. Points out of range are refused with
        # the engine's own message, naming the number typed (not the rest).
        typed, other = "points_a", "points_b"
        if data.get("points_a") is None:
            typed, other = other, typed
        value = data.get(typed)
        if value is not None and data.get(other) is None:
            if 0 <= value <= self.total:
                data[other] = self.total - value
            else:
                exc = InvalidDeal(
                    "points_out_of_range",
                    "points",
                    {"total": self.total, "points": value},
                )
                self.add_error(typed, engine_message(exc))
        return data

    def to_input(self) -> DealInput:
        data = self.cleaned_data
        return DealInput(
            trump=data["trump"],
            points_a=data.get("points_a"),
            points_b=data.get("points_b"),
            knocks=data.get("knocks") or 0,
            blind=bool(data.get("blind")),
            passed=bool(data.get("passed")),
            declarer=data.get("declarer") or 0,
            revoke=data.get("revoke"),
        )


class TableDeleteForm(TableWriteForm):
    """The deal to remove: its game and number."""

    game = forms.IntegerField(min_value=1, max_value=99)
    number = forms.IntegerField(min_value=1, max_value=LOOSE)


class TableAcceptForm(TableWriteForm):
    """An acceptance or a rejection of a game (or, without a game, the table).

    ``seat`` is the seat holding the phone, as for every write; ``player`` the
    opponent it was handed to, who accepts. A write queued by the page before the
    hand-over has no ``player``: its ``seat`` is then the player who accepted.
    """

    player = forms.IntegerField(required=False, min_value=1, max_value=4)
    game = forms.IntegerField(required=False, min_value=1, max_value=99)
    accepted = forms.TypedChoiceField(
        choices=[("1", "yes"), ("0", "no")], coerce=lambda value: value == "1"
    )
    reason = forms.CharField(
        required=False, max_length=500, validators=[validate_text], strip=True
    )
    # The accepting player's personal code (given at check-in); checked by the
    # service, which knows whether the tournament asks for it.
    personal_code = forms.CharField(required=False, max_length=40, strip=True)


def first_error(form: forms.Form) -> dict:
    """Return the form's first error as the phone shows it: message, field, code."""
    for field, errors in form.errors.as_data().items():
        for error in errors:
            message = error.message
            if error.params:
                message = message % error.params
            return {
                "message": str(message),
                "field": field,
                "code": error.code or "invalid",
            }
    return {"message": str(_("This was not sent right.")), "field": "", "code": ""}
