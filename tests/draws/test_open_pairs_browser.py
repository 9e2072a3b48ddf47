"""In a real browser: an open pairs championship of 60 pairs, from its preset to
its champion (issue 25's "run end to end in the browser at 1366 px and 390 px").

The director (1366 px) starts the event from the "Open pairs championship"
preset, draws and publishes every round from the phase list, closes each at the
results desk, advances the pools' qualifiers from the desk's panel and decides
any level knockout game on the bracket page; the tables' results are entered
through the scoring services as phones and the desk would (the entry screens
have browser tests of their own). A player (390 px) follows on the public pools
and bracket pages: no page wider than the phone, the champion named.
"""

import random

import pytest
from django.urls import reverse

from clubs import services as club_services
from draws.simulation import _play_round
from scoring.models import ScoreSheet
from standings.brackets import phase_knockout
from tests.draws.event_steps import (
    close_round,
    create_from_preset,
    director_desk,
    draw_and_publish,
    no_sideways_scroll,
)
from tournaments import services
from tournaments.models import Tournament

TEAMS = 60


def _register(tournament: Tournament) -> None:
    clubs = [
        club_services.club_create(name=f"Club {c}", short_name=f"C{c}", city="")
        for c in range(1, 7)
    ]
    for i in range(TEAMS):
        club = clubs[i % len(clubs)]
        one = club_services.player_create(
            first_name="Jan", last_name=f"A{i}", club=club
        )
        two = club_services.player_create(
            first_name="Els", last_name=f"B{i}", club=club
        )
        team = club_services.team_create(
            name=f"Pair {i + 1:02d}", club=club, player_one=one, player_two=two
        )
        entry = services.entry_register(tournament=tournament, team=team)
        services.entry_set_present(entry=entry, present=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_open_pairs_championship_from_its_preset_to_its_champion(
    live_server, browser, director
):
    base = live_server.url
    page = director_desk(browser, live_server, director)
    create_from_preset(page, base, preset="open_pairs", name="Open Roeselare")
    tournament = Tournament.objects.get(name="Open Roeselare")
    assert tournament.deals == 16 and tournament.target is None
    pools_phase, ko_phase = tournament.phases.order_by("order")
    assert (pools_phase.draw_method, ko_phase.draw_method) == ("pools", "knockout")
    _register(tournament)
    rng = random.Random(25)
    user = director

    for _ in range(pools_phase.rounds):
        rnd = draw_and_publish(page, base, pools_phase)
        _play_round(rnd, rng, user, user)
        close_round(page, base, rnd)
    # The last pools round's desk shows the qualifiers and their reasons.
    page.goto(base + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    page.wait_for_selector("#advance")
    assert page.locator("#advance ol.qualifiers li").count() == 16
    assert "runner-up" in page.locator("#advance").inner_text()
    page.locator("#advance-button").click()
    page.wait_for_load_state()
    ko_phase.refresh_from_db()
    assert ko_phase.rounds == 4

    for _ in range(ko_phase.rounds):
        rnd = draw_and_publish(page, base, ko_phase)
        _play_round(rnd, rng, user, user)
        assert (
            not ScoreSheet.objects.filter(table__round=rnd)
            .exclude(status=ScoreSheet.Status.CONFIRMED)
            .exists()
        )
        close_round(page, base, rnd)
        state = phase_knockout(phase=ko_phase)
        if state.undecided:  # a 16-deal game can end level: the director decides
            page.goto(
                base
                + reverse("draws:phase_bracket", args=[tournament.slug, ko_phase.pk])
            )
            level = page.locator(".desk-match.level form.match-decision")
            for _ in range(len(state.undecided)):  # each decision reloads the page
                form = level.first
                form.locator("input[name=reason]").fill("level after 16 deals: lots")
                form.locator("button[type=submit]").click()
                page.wait_for_load_state()
        assert not phase_knockout(phase=ko_phase).undecided

    state = phase_knockout(phase=ko_phase)
    champion = state.names[state.knockout.champion]
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    view = phone.new_page()
    view.goto(base + reverse("live:bracket", args=[tournament.slug]))
    assert champion in view.inner_text("main")
    no_sideways_scroll(view)
    view.goto(base + reverse("live:pools", args=[tournament.slug]))
    assert view.locator("section.pool").count() == 15
    no_sideways_scroll(view)
    page.goto(base + reverse("live:bracket", args=[tournament.slug]))
    assert champion in page.inner_text("main")
