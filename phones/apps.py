from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PhonesConfig(AppConfig):
    name = "phones"
    verbose_name = _("Table entry by phone")

    def ready(self):
        # Scoring, below this app, asks it about a sheet's table entry.
        from phones.table_entry import PhonesTableEntry
        from scoring.table_entry import register

        register(PhonesTableEntry())
