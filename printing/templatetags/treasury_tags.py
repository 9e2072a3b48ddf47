"""Offer the payments page the treasurer's report links: the event's, its series'."""

from django import template

from series.selectors import series_of_tournament, user_can_manage_series

register = template.Library()


@register.inclusion_tag("printing/_treasurer_links.html", takes_context=True)
def treasurer_links(context, tournament):
    """The report of this tournament, and of each series it belongs to that the
    reader manages (a club's season: its evenings' fees and prizes summed)."""
    user = context["request"].user
    series = [
        s
        for s in series_of_tournament(tournament=tournament).select_related("club")
        if user_can_manage_series(user=user, series=s)
    ]
    return {"tournament": tournament, "series_list": series}
