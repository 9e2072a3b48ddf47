"""Show deals and sides on the score sheet in a few characters."""

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.selectors import DealRow, side_label

register = template.Library()


@register.filter
def side_name(side) -> str:
    """Return the translated letter of a side (0 → A, 1 → B)."""
    return side_label(side)


@register.filter
def deal_summary(value) -> str:
    """Summarise a deal row or a pair of game totals for the comparison table."""
    if value is None:
        return "—"
    if isinstance(value, DealRow):
        parts = [
            value.declarer_label,
            value.symbol,
            f"{value.points_a}–{value.points_b}",
        ]
        if value.cards:
            parts.append("[" + " ".join(str(c) for c in value.cards) + "]")
        if value.knocks:
            parts.append(
                ngettext("%(count)s knock", "%(count)s knocks", value.knocks)
                % {"count": value.knocks}
            )
        if value.blind:
            parts.append(_("blind"))
        if value.passed:
            parts.append(_("passed"))
        if value.revoke is not None:
            parts.append(_("revoke %(side)s") % {"side": value.revoke_label})
        if value.tricks_a is not None:
            parts.append(_("%(count)s tricks") % {"count": value.tricks_a})
        return " ".join(parts)
    if isinstance(value, tuple | list):
        return "–".join(str(v) for v in value)
    return str(value)
