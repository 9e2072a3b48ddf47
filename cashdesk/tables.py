"""Lay out the payments list on the site's shared base table."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Payment
from cashdesk.money import euros
from clubs.tables import NUM, WIDE, BaseTable


class PaymentTable(BaseTable):
    taken_at = tables.DateTimeColumn(verbose_name=_("when"), format="H:i", attrs=WIDE)
    entry = tables.Column(verbose_name=_("entrant"), accessor="entry")
    rate = tables.Column(verbose_name=_("rate"), accessor="rate__label", attrs=WIDE)
    amount_cents = tables.Column(verbose_name=_("amount"), attrs=NUM)
    method = tables.Column(verbose_name=_("method"))
    status = tables.Column(verbose_name=_("status"))
    reference = tables.Column(verbose_name=_("reference"), attrs=WIDE)
    taken_by = tables.Column(verbose_name=_("taken by"), attrs=WIDE, default="—")

    class Meta(BaseTable.Meta):
        model = Payment
        fields = ()
        sequence = (
            "taken_at", "entry", "rate", "amount_cents", "method", "status",
            "reference", "taken_by",
        )  # fmt: skip

    def render_amount_cents(self, value, record):
        if record.status == Payment.Status.REFUNDED and hasattr(record, "refund"):
            return f"{euros(value)} (−{euros(record.refund.amount_cents)})"
        return euros(value)

    def render_method(self, record):
        return record.get_method_display()

    def render_status(self, record):
        return record.get_status_display()
