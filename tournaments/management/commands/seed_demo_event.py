"""Build a small ready-to-use demo event through the services (idempotent)."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from clubs import selectors as club_selectors
from clubs import services as club_services
from tournaments import services
from tournaments.models import Entry, Phase, Round, Tournament

SLUG = "demo-club-evening"
CLUBS = [
    ("De Zotte Manille", "DZM", "Harelbeke"),
    ("Plankierkoarters", "PK", "Deerlijk"),
    ("Troefboer", "TB", "Jabbeke"),
    ("Cercle Manille", "CML", "Lille"),
    ("Sans Atout", "SA", "Oostende"),
    ("De Ketjes", "DK", "Kortrijk"),
]
FIRST = ["Jan", "Éric", "Annick", "Luc", "Marie", "Geert", "Hélène", "Koen"]
LAST = ["Vandamme", "Lefebvre", "Claeys", "Ghesquière"]


class Command(BaseCommand):
    help = "Create the demo event: 24 players of 6 clubs, round 1 published."

    def handle(self, *args, **options):
        user, _created = get_user_model().objects.get_or_create(
            username="director", defaults={"is_staff": True, "is_superuser": True}
        )
        if _created:
            user.set_password("manille")
            user.save()
        tournament = Tournament.objects.filter(slug=SLUG).first()
        if tournament is None:
            tournament = services.tournament_create(
                by=user,
                name="Demo club evening",
                slug=SLUG,
                date=datetime.date.today(),  # noqa: DTZ011 - a local calendar day
                venue="Harelbeke",
                format=Tournament.Format.INDIVIDUAL,
                phases=[
                    {
                        "name": "Qualifying rounds",
                        "rounds": 3,
                        "draw_method": Phase.DrawMethod.INDIVIDUAL,
                        "advancement": Phase.Advancement.TABLE_WINNERS,
                    },
                    {
                        "name": "Final",
                        "rounds": 1,
                        "draw_method": Phase.DrawMethod.SEEDED,
                    },
                ],
            )
        services.tournament_add_director(tournament=tournament, user=user, by=user)
        if not tournament.entries.exists():
            for index, (name, short, city) in enumerate(CLUBS):
                club = club_selectors.club_find(name=name) or club_services.club_create(
                    name=name, short_name=short, city=city
                )
                for k in range(4):
                    first = FIRST[(index + 2 * k) % len(FIRST)]
                    last = LAST[k]
                    player = club_selectors.player_find(
                        first_name=first, last_name=last, club=club
                    ) or club_services.player_create(
                        first_name=first, last_name=last, club=club
                    )
                    services.entry_register(tournament=tournament, player=player)
        for entry in tournament.entries.filter(status=Entry.Status.REGISTERED):
            services.entry_set_present(entry=entry, present=True)
        if not Round.objects.filter(tournament=tournament).exists():
            phase = tournament.phases.order_by("order").first()
            rnd = services.round_draw(phase=phase, by=user, seed=2017)
            services.round_publish(round=rnd, by=user)
        self.stdout.write(tournament.slug)
