"""Load the demo: a director account and a small tournament to try the site with."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "manille"  # noqa: S105 - a demo login, printed on purpose


class Command(BaseCommand):
    help = "Create the demo director account (idempotent) and print its login."

    @transaction.atomic
    def handle(self, *args, **options):
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=DIRECTOR_USERNAME,
            defaults={"is_staff": True, "is_superuser": True},
        )
        if created:
            user.set_password(DIRECTOR_PASSWORD)
            user.save()
        self.stdout.write(
            self.style.SUCCESS(
                f"Director login: {DIRECTOR_USERNAME} / {DIRECTOR_PASSWORD}  "
                "(http://127.0.0.1:8000/accounts/login/)"
            )
        )
