"""Show tiebreaks in templates: a code's translated name and a row's value."""

from django import template

from standings.labels import tiebreak_label

register = template.Library()


@register.filter
def tiebreak_name(code) -> str:
    """Return the translated label of a tiebreak code ("games won")."""
    return tiebreak_label(code)


@register.filter
def tiebreak_value(row, code) -> str:
    """Return a standings row's value for one tiebreak, "—" where it has none."""
    value = row.tiebreaks.get(code) if row is not None else None
    return "—" if value is None else str(value)
