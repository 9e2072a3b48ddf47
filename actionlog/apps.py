from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ActionlogConfig(AppConfig):
    name = "actionlog"
    verbose_name = _("History")
