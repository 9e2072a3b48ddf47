"""Show money on any page: euros, the nav's link and the unpaid flag of the draw."""

from django import template

from cashdesk import selectors
from cashdesk.money import euros as euros_text

register = template.Library()


@register.filter
def euros(cents):
    """``{{ payment.amount_cents|euros }}`` → "€10.00" / "€ 10,00"."""
    return euros_text(cents)


@register.inclusion_tag("cashdesk/_nav_link.html")
def cashdesk_nav(tournament, active=""):
    """The tournament nav's link: the desk when the event has a fee, else its fees."""
    return {
        "tournament": tournament,
        "active": active,
        "has_fee": selectors.has_fee(tournament=tournament),
    }


@register.inclusion_tag("cashdesk/_unpaid_flag.html")
def unpaid_flag(tournament):
    """Say how many entrants still in have not paid, and if the draw leaves them out."""
    fees = selectors.fee_settings_for(tournament=tournament)
    if fees is None or not fees.rates.all():
        return {"show": False}
    counts = selectors.unpaid_counts(tournament=tournament)
    return {
        "show": bool(counts["total"]),
        "tournament": tournament,
        "counts": counts,
        "only_paid": fees.only_paid_drawn,
    }
