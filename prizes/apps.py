from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrizesConfig(AppConfig):
    name = "prizes"
    verbose_name = _("Prizes")
