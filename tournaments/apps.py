from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # clubs may not import tournaments, so a renamed club, player or team is
        # announced by clubs.signals.renamed and the public version bumped here.
        from clubs.signals import renamed
        from tournaments.versioning import touch_for_renamed

        renamed.connect(touch_for_renamed, dispatch_uid="tournaments.touch_renamed")
