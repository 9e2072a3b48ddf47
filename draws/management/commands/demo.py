"""Load the demo: a director account and two events to try the site with."""

import io

from django.core.management import call_command
from django.core.management.base import BaseCommand

from tournaments.models import Tournament

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "manille"  # noqa: S105 - a demo login, printed on purpose

# Each demo event is simulated through the directors' own services, with its last
# round published and left open so a visitor can enter results at once. They are
# Flemish events (Dutch names, Dutch by default); every reader can switch language.
DEMO_EVENTS = [
    {
        "slug": "demo-wk",
        "name": "Demo WK Manillen (64 spelers)",
        "options": [
            "--players",
            "64",
            "--format",
            "individual",
            "--rounds",
            "3",
            "--final",
            "16",
            "--seed",
            "1",
        ],
    },
    {
        "slug": "demo-pairs",
        "name": "Demo koppeltornooi (20 ploegen, Zwitsers)",
        "options": [
            "--format",
            "pairs",
            "--teams",
            "20",
            "--rounds",
            "4",
            "--draw",
            "swiss",
            "--seed",
            "2",
        ],
    },
]


class Command(BaseCommand):
    help = "Create the demo director and demo events (idempotent); print the login."

    def handle(self, *args, **options):
        from django.contrib.auth import get_user_model

        user, created = get_user_model().objects.get_or_create(
            username=DIRECTOR_USERNAME,
            defaults={"is_staff": True, "is_superuser": True},
        )
        if created:
            user.set_password(DIRECTOR_PASSWORD)
            user.save()
        for event in DEMO_EVENTS:
            if Tournament.objects.filter(slug=event["slug"]).exists():
                continue
            self.stdout.write(f"Simulating {event['name']} …")
            call_command(
                "simulate_tournament",
                *event["options"],
                "--slug",
                event["slug"],
                "--name",
                event["name"],
                "--leave-open",
                stdout=self.stdout if options["verbosity"] > 1 else io.StringIO(),
                stderr=self.stderr if options["verbosity"] > 1 else io.StringIO(),
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"Director login: {DIRECTOR_USERNAME} / {DIRECTOR_PASSWORD}  "
                "(http://127.0.0.1:8000/accounts/login/)"
            )
        )
