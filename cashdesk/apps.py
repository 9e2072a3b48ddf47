from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CashdeskConfig(AppConfig):
    name = "cashdesk"
    verbose_name = _("Fees and cash desk")
