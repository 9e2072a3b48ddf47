from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # clubs may not import tournaments, so a renamed club, player or team is
        # announced by clubs.signals.renamed and the public version bumped here.
        from django.db.models.signals import post_delete, post_save

        from clubs.signals import renamed
        from tournaments.models import Tournament
        from tournaments.versioning import touch_for_renamed, tournament_forget

        renamed.connect(touch_for_renamed, dispatch_uid="tournaments.touch_renamed")
        # The cached tournament follows every save, also around the services.
        for signal in (post_save, post_delete):
            signal.connect(
                tournament_forget,
                sender=Tournament,
                dispatch_uid=f"tournaments.forget_cached_{signal is post_save}",
            )
