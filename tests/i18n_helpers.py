"""The Flemish event the page tests of ``test_i18n_language`` and ``test_i18n_pages``
walk: a Dutch tournament of 12 players, round 1 drawn and published, table 1 played."""

from __future__ import annotations

import datetime

from django.core.cache import cache
from django.utils import translation

from clubs.models import Club, Player
from draws import services as draw_services
from tests import factories
from tournaments.models import Entry, Phase, Round

LANGUAGES = ("nl", "fr")


def build_flemish_event(director, confirm_table):
    """A Dutch tournament of 12 players, round 1 drawn and published, table 1 played."""
    tournament = factories.TournamentFactory(
        name="Kampioenschap Harelbeke",
        slug="kampioenschap",
        language="nl",
        date=datetime.date(2026, 10, 4),
    )
    tournament.directors.add(director)
    phase = Phase.objects.create(
        tournament=tournament, order=1, name="Voorrondes", rounds=3
    )
    clubs = [
        Club.objects.create(name=name, short_name=name[:6])
        for name in ("De Zotte Manille", "Troefboer", "Plankierkoarters")
    ]
    first = ["Jan", "Annick", "Luc", "Marie", "Geert", "Koen"]
    last = ["Vandamme", "Lefebvre", "Claeys", "Declercq"]
    for i in range(12):
        player = Player.objects.create(
            first_name=first[i % len(first)],
            last_name=f"{last[i % len(last)]}{'x' * (i // 4)}",
            club=clubs[i % len(clubs)],
        )
        Entry.objects.create(tournament=tournament, player=player, status="present")
    # The round's history is written in the language of the director who acts.
    with translation.override("nl"):
        rnd = draw_services.round_draw(phase=phase, by=director, seed=7)
        draw_services.round_publish(round=rnd, by=director)
    rnd = Round.objects.get(pk=rnd.pk)
    confirm_table(rnd.tables.get(number=1), [(101, 40), (30, 101), (101, 0)])
    cache.clear()
    return rnd
