"""In a real Chromium: a club's manager changes his club's people, and only them.

Issue 15's line "the manager cannot edit another club's people": the manager logs
in through the form, opens his club from "My clubs", gives a member a fixed
substitute, and gets a refusal page for another club's player.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "kaartavond-123"


def test_the_manager_edits_his_members_and_not_another_clubs(live_server, browser):
    manager = get_user_model().objects.create_user("voorzitter", password=PASSWORD)
    own = factories.ClubFactory(name="Kaartclub Azen")
    other = factories.ClubFactory(name="De Boeren")
    own.managers.add(manager)
    member = factories.PlayerFactory(club=own, first_name="Jef", last_name="Maes")
    # A substitute is a member or a player of no club (issue 23).
    factories.PlayerFactory(club=None, first_name="Sus", last_name="Claes")
    stranger = factories.PlayerFactory(club=other, first_name="Rik", last_name="Goris")
    base = live_server.url

    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(base + reverse("login"))
    page.fill("#id_username", "voorzitter")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")

    page.goto(base + reverse("director:my_clubs"))
    page.click("text=Kaartclub Azen")
    page.wait_for_load_state("networkidle")
    assert page.url.endswith(reverse("director:club_people", args=[own.pk]))
    page.click("text=Maes, Jef")
    page.wait_for_load_state("networkidle")
    page.select_option("#id_substitute", label="Claes, Sus")
    page.fill("#id_member_number", "42")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "Saved." in page.inner_text(".messages")
    row = page.locator("tr", has_text="Maes, Jef")
    assert "Sus Claes" in row.inner_text() and "42" in row.inner_text()
    member.refresh_from_db()
    assert member.substitute.full_name == "Sus Claes"

    # Another club's player: a refusal page, saying why; nothing changes.
    response = page.goto(
        base + reverse("director:club_member", args=[other.pk, stranger.pk])
    )
    assert response.status == 403
    assert "Only staff and the club's managers may change a club." in page.inner_text(
        "main"
    )
    response = page.goto(base + reverse("director:player_edit", args=[stranger.pk]))
    assert response.status == 403
    assert "You may change only the players of a club you manage" in page.inner_text(
        "main"
    )
    stranger.refresh_from_db()
    assert stranger.first_name == "Rik"
