"""The site itself as an app: its management commands (``compilemessages_py``)."""

from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "config"
    label = "site_config"
    verbose_name = "Site"
