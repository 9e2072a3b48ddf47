"""Connect the site-wide glue that belongs to no app: the tournament language cache."""

from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "config"
    label = "site_config"
    verbose_name = "Site"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from config.middleware import tournament_language_forget, tournament_saved
        from tournaments.models import Tournament

        post_save.connect(
            tournament_saved, sender=Tournament, dispatch_uid="tournament-language"
        )
        post_delete.connect(
            lambda sender, instance, **kwargs: tournament_language_forget(
                instance.slug
            ),
            sender=Tournament,
            weak=False,
            dispatch_uid="tournament-language-delete",
        )
