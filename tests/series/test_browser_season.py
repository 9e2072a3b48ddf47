"""A club manager's season in a browser: create it, evening 2 in three clicks."""

import datetime
import os
import random

import pytest
from django.contrib.auth import get_user_model

from draws import services as draw_services
from draws.simulation import play_game
from scoring import services as scoring
from series.models import Series
from tests import factories
from tournaments import services as tournament_services
from tournaments.models import Entry, Phase, Round, Table, Tournament

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_round(rnd: Round, *, by, seed: int) -> None:
    """Publish a drawn round, enter and confirm every table, close it (services)."""
    rng = random.Random(seed)
    tournament = rnd.tournament
    rules = tournament.rules()
    rnd = draw_services.round_publish(round=rnd, by=by)
    for table in Table.objects.filter(round=rnd).select_related("sheet"):
        data = {
            g.number: play_game(rng, tournament, rules)
            for g in table.games.order_by("number")
        }
        sheet = scoring.sheet_save(
            sheet=table.sheet, data=data, by=by, version=table.sheet.version
        )
        scoring.sheet_confirm(sheet=sheet, by=by, version=sheet.version)
    scoring.round_close(round=rnd, by=by)


@pytest.fixture
def club_and_manager():
    """A club of 8 members and its manager, who played evening 1 on Oct. 4."""
    club = factories.ClubFactory(name="De Zotte Boer")
    members = [
        factories.PlayerFactory(club=club, first_name=f"Lid{n}", last_name="Peeters")
        for n in range(8)
    ]
    manager = get_user_model().objects.create_user("beheerder", password="club-123")
    club.managers.add(manager)
    evening = tournament_services.tournament_create(
        by=manager,
        name="Avond 1",
        date=datetime.date(2026, 10, 4),
        club=club,
        language="en",
        entry_mode=Tournament.EntryMode.TOTALS,
        phases=[
            {"name": "Rounds", "rounds": 1, "draw_method": Phase.DrawMethod.INDIVIDUAL}
        ],
    )
    for member in members:
        entry = tournament_services.entry_register(tournament=evening, player=member)
        tournament_services.entry_set_present(entry=entry, present=True)
    rnd = draw_services.round_draw(phase=evening.phases.get(), by=manager, seed=1)
    play_round(rnd, by=manager, seed=1)
    return club, manager, evening


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_manager_runs_evening_two_in_three_clicks_and_the_standings_explain(
    browser, live_server, club_and_manager
):
    club, manager, evening_one = club_and_manager
    base = live_server.url
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "beheerder")
    page.fill("#id_password", "club-123")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")

    # The season: counts each player's best evening of the two.
    page.goto(f"{base}/director/series/new/")
    page.fill("#id_name", "Seizoen 2026")
    page.select_option("#id_club", str(club.pk))
    page.fill("#id_best_of", "1")
    page.select_option("#id_language", "en")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Series created.")
    series = Series.objects.get()
    assert series.club == club and series.best_of == 1

    page.select_option("select[name=tournament]", str(evening_one.pk))
    page.click("form.add-event button[type=submit]")
    page.wait_for_selector("text=Avond 1 added to the series.")
    shot(page, "season-manage")

    # Evening 2 from evening 1: New evening → confirm who came → Draw.
    page.click("text=New evening")  # 1
    page.wait_for_selector("text=Who came?")
    assert page.locator("input[name=present]:checked").count() == 8
    shot(page, "season-checkin")
    page.click("text=Confirm who came")  # 2
    page.wait_for_selector("text=8 present: draw the first round.")
    page.click("#next-action button[type=submit]")  # 3
    page.wait_for_selector("text=drawn as a draft")
    evening_two = Tournament.objects.exclude(pk=evening_one.pk).get()
    assert evening_two.club == club
    assert (
        Entry.objects.filter(
            tournament=evening_two, status=Entry.Status.PRESENT
        ).count()
        == 8
    )
    rnd = Round.objects.get(tournament=evening_two)
    assert rnd.status == Round.Status.DRAFT

    # Evening 2 is played (services), and the public standings show both.
    play_round(rnd, by=manager, seed=2)
    page.goto(f"{base}/series/{series.slug}/")
    text = page.locator("main").inner_text()
    shot(page, "season-standings")
    assert "Avond 1" in text and evening_two.name in text
    assert "counted: 1; dropped: 2 (lowest)" in text or (
        "counted: 2; dropped: 1 (lowest)" in text
    )
    assert text.count("dropped:") == 8  # everyone played both, one dropped each

    narrow = browser.new_page(viewport={"width": 390, "height": 844})
    narrow.goto(f"{base}/series/{series.slug}/")
    assert narrow.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(narrow, "season-standings-390")
