"""In a real browser: a kaarting of 120 players on the "Flemish club evening"
preset, from the new-tournament form to the final standings (issue 25's "run
end to end in the browser at 1366 px and 390 px, Dutch and French").

The director (1366 px) starts it from the preset, draws, publishes and closes
both rounds; the results are typed through the scoring services (the desk's
entry has browser tests of its own). A player (390 px) finds his table by name
on "where do I sit?" in Dutch, then reads the standings in French: no page
wider than the phone, every player listed.
"""

import random

import pytest
from django.urls import reverse

from clubs import services as club_services
from draws.simulation import _play_round
from tests.draws.event_steps import (
    close_round,
    create_from_preset,
    director_desk,
    draw_and_publish,
    no_sideways_scroll,
)
from tournaments import services
from tournaments.models import Seat, Tournament

PLAYERS = 120


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_kaarting_of_120_players_from_its_preset_to_its_standings(
    live_server, browser, director
):
    base = live_server.url
    page = director_desk(browser, live_server, director)
    create_from_preset(page, base, preset="club_evening", name="Kaarting Ichtegem")
    tournament = Tournament.objects.get(name="Kaarting Ichtegem")
    assert (tournament.format, tournament.language) == ("individual", "nl")
    (phase,) = tournament.phases.all()
    clubs = [
        club_services.club_create(name=f"Club {c}", short_name=f"K{c}", city="")
        for c in range(1, 5)
    ]
    for i in range(PLAYERS):
        player = club_services.player_create(
            first_name="Speler", last_name=f"Kaart{i:03d}", club=clubs[i % 4]
        )
        entry = services.entry_register(tournament=tournament, player=player)
        services.entry_set_present(entry=entry, present=True)
    rng = random.Random(120)
    for _ in range(phase.rounds):
        rnd = draw_and_publish(page, base, phase)
        assert rnd.tables.count() == PLAYERS // 4
        _play_round(rnd, rng, director, director)
        close_round(page, base, rnd)

    phone = browser.new_context(viewport={"width": 390, "height": 844})
    view = phone.new_page()
    seat = Seat.objects.select_related("table", "entry__player").get(
        round=rnd, entry__player__last_name="Kaart042"
    )
    names = reverse("public:draw_by_name", args=[tournament.slug, rnd.number])
    view.goto(f"{base}{names}?q=Kaart042")
    found = view.locator("#names td.table-no").first.inner_text().strip()
    assert found == str(seat.table.number)
    assert view.locator("html").get_attribute("lang") == "nl"
    no_sideways_scroll(view)
    view.goto(base + reverse("live:standings", args=[tournament.slug]) + "?lang=fr")
    assert view.locator("html").get_attribute("lang") == "fr"
    text = view.inner_text("main")
    assert "Classement" in text
    assert text.count("Speler Kaart") == PLAYERS
    no_sideways_scroll(view)
