"""Refuse a typed percentage table that cannot be right, in the reader's language."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from prizes.split import TableError, parse_table


def table_error_message(error: TableError) -> str:
    """Return, translated, why a percentage table was refused."""
    params = error.params
    messages = {
        "not_a_number": _("“%(word)s” is no percentage: type numbers, as 40 25 15."),
        "out_of_range": _(
            "“%(word)s”: each percentage is more than 0 and at most 100."
        ),
        "too_precise": _("“%(word)s”: a percentage has at most two decimals."),
        "too_many": _("A table has at most %(max)s places."),
        "over_100": _("The percentages add up to %(total)s %%: at most 100."),
        "rising": _(
            "Place %(place)s would be paid more than the place above it: list the "
            "percentages from first place down."
        ),
    }
    return messages.get(error.code, _("This is no percentage table.")) % params


def validate_prize_table(value: str) -> None:
    """Refuse a percentage table the split cannot use ("40 25 15 10 10")."""
    try:
        parse_table(value)
    except TableError as error:
        raise ValidationError(table_error_message(error), code=error.code) from None
