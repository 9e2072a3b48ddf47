"""List registrations for the director's export (spreadsheet-safe CSV)."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from registrations.models import Registration


class RegistrationExportTable(tables.Table):
    status = tables.Column(verbose_name=_("status"))
    position = tables.Column(verbose_name=_("place on the waiting list"))
    kind = tables.Column(verbose_name=_("kind"))
    first_name = tables.Column()
    last_name = tables.Column()
    partner_first_name = tables.Column()
    partner_last_name = tables.Column()
    email = tables.Column()
    club = tables.Column()
    phone = tables.Column()
    entry = tables.Column(verbose_name=_("entry"), accessor="entry_id")
    created_at = tables.DateTimeColumn(format="Y-m-d H:i")
    consent_at = tables.DateTimeColumn(format="Y-m-d H:i")

    class Meta:
        model = Registration
        fields = ()
        orderable = False
