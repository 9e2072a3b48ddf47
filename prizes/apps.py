from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrizesConfig(AppConfig):
    name = "prizes"
    verbose_name = _("Prizes")

    def ready(self):
        from cashdesk.selectors import cash_prizes_reader_register
        from prizes.selectors import cash_prizes_cents

        cash_prizes_reader_register(cash_prizes_cents)
