"""A reason typed on the results desk holds no control character (issue 12, finding 2).

The reasons go to ``TableEvent``, ``Correction`` and ``RoundLog`` rows through the
services, not through a model form, so each form's reason field checks the text
with the models' validator.
"""

import pytest
from django.core.exceptions import ValidationError

from scoring import forms


@pytest.mark.parametrize(
    "form_class",
    [
        forms.DealForm,
        forms.DealDeleteForm,
        forms.TotalsForm,
        forms.EventForm,
        forms.EventRemoveForm,
        forms.ReasonForm,
    ],
)
def test_every_reason_field_refuses_a_control_character(form_class):
    field = form_class().fields["reason"]
    for text in ("late\x1b[2J", "late\x07", "late\u202e"):
        with pytest.raises(ValidationError) as info:
            field.clean(text)
        assert "control character" in info.value.messages[0]
    assert field.clean("Forfeit: table 3\tdid not show") == (
        "Forfeit: table 3\tdid not show"
    )
