"""Offer the document registry's print links to templates."""

from django import template

from printing import registry

register = template.Library()


@register.simple_tag
def print_buttons(tournament, round):
    """Return the links that print a round's documents, as the registry lists them.

    Usage: ``{% print_buttons tournament round as buttons %}``, then loop over
    ``buttons`` (each has ``label``, ``url`` and ``primary``).
    """
    return registry.round_buttons(tournament=tournament, round=round)
