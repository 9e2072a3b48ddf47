"""Show a round history line in the reader's language (see tournaments.round_log)."""

from django import template

from tournaments.round_log import round_log_text

register = template.Library()


@register.filter
def round_log(text: str) -> str:
    return round_log_text(text=text)
