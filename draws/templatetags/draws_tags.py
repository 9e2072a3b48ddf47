"""Show the director's next step for a tournament, as the draw workflow allows it."""

from django import template

from draws.selectors import next_action

register = template.Library()


@register.inclusion_tag("draws/_next_action.html", takes_context=True)
def next_step(context, tournament):
    """Render the one next action the state allows (never one the server refuses)."""
    return {
        "tournament": tournament,
        "action": next_action(tournament=tournament),
        "csrf_token": context.get("csrf_token"),
    }
