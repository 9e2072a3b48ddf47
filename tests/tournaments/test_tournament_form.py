"""The new-tournament form: an address made from the name, phases that fit the
screen at 1366 and 390 px, and every phase input named for a screen reader."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests import factories
from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PHASE = {
    "name": "Qualifying",
    "rounds": "3",
    "draw_method": "individual",
    "games_per_table": "3",
    "advancement": "none",
}


@pytest.fixture
def staff_client(client, director):
    director.is_staff = True
    director.save()
    client.force_login(director)
    return client


# ----------------------------------------------------------------------- slug


def test_an_empty_address_is_made_from_the_name_without_accents():
    assert services.tournament_slug_from_name(name="Grote Prijs Liège") == (
        "grote-prijs-liege"
    )


def test_a_taken_address_gets_the_next_free_number():
    factories.TournamentFactory(slug="spring-cup")
    factories.TournamentFactory(slug="spring-cup-2")
    assert services.tournament_slug_from_name(name="Spring Cup") == "spring-cup-3"


def test_a_name_with_no_letter_gives_a_plain_address_and_a_long_one_fits():
    assert services.tournament_slug_from_name(name="★ ★") == "tournament"
    long = "Kampioenschap " * 20
    factories.TournamentFactory(slug=services.tournament_slug_from_name(name=long))
    second = services.tournament_slug_from_name(name=long)
    assert len(second) <= 80 and second.endswith("-2")
    factories.TournamentFactory(slug=second)
    third = services.tournament_slug_from_name(name=long)
    assert len(third) <= 80 and third.endswith("-3")


def test_the_form_creates_a_tournament_without_an_address(staff_client):
    post = tournament_post(name="Lentetornooi Brugge", slug="")
    response = staff_client.post(
        reverse("director:tournament_create"), post | phase_post([PHASE])
    )
    assert response.status_code == 302
    assert Tournament.objects.filter(slug="lentetornooi-brugge").exists()

    # The same name again: a second address, no error.
    response = staff_client.post(
        reverse("director:tournament_create"), post | phase_post([PHASE])
    )
    assert response.status_code == 302
    assert response.url.endswith("/t/lentetornooi-brugge-2/")


def test_the_address_field_is_optional_and_says_so(staff_client):
    html = staff_client.get(reverse("director:tournament_create")).content.decode()
    field = re.search(r'<input[^>]*name="slug"[^>]*>', html).group(0)
    assert "required" not in field
    assert "Leave empty to make it from the name" in html


def test_emptying_the_address_on_the_edit_page_keeps_it(director_client, tournament):
    factories.PhaseFactory(tournament=tournament)
    services.tournament_update(
        tournament=tournament, by=None, slug="", name="Renamed Cup"
    )
    tournament.refresh_from_db()
    assert tournament.slug.startswith("tournament-")
    assert tournament.name == "Renamed Cup"


# --------------------------------------------------------------------- labels


def test_every_visible_phase_input_has_a_label_naming_its_phase(
    director_client, tournament
):
    factories.PhaseFactory(tournament=tournament, name="Final")
    html = director_client.get(
        reverse("director:tournament_edit", args=[tournament.slug])
    ).content.decode()
    table = html[html.index('class="phase-table"') : html.index("</table>")]
    controls = re.findall(r"<(?:input|select)\b[^>]*>", table)
    visible = [c for c in controls if 'type="hidden"' not in c]
    # The saved phase (with remove) and an empty line, each with the 7 settings of
    # pools and knockouts its draw shows or hides.
    assert len(visible) == (6 + 7) + 2 * 7
    for control in visible:
        assert re.search(r'aria-label="Phase [12]: \w', control), control
    assert 'aria-label="Phase 1: How many advance"' in table
    assert 'aria-label="Phase 1: Delete"' in table


# -------------------------------------------------------------------- browser


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (390, 844)])
def test_the_phases_fit_the_new_and_edit_pages(live_server, browser, width, height):
    user = get_user_model().objects.create_user(
        username="wl", password="wedstrijd-123", is_staff=True
    )
    t = factories.TournamentFactory()
    t.directors.add(user)
    for order, name in enumerate(("Qualifying rounds", "Semi-finals", "Final"), 1):
        factories.PhaseFactory(tournament=t, order=order, name=name)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "wl")
    page.fill("#id_password", "wedstrijd-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    for path in (
        reverse("director:tournament_create"),
        reverse("director:tournament_edit", args=[t.slug]),
    ):
        page.goto(live_server.url + path)
        sizes = page.evaluate(
            """() => [document.documentElement, ...document.querySelectorAll(
                   '.phase-table, .phase-table td, .settings-form fieldset')]
                 .filter(e => e.scrollWidth > e.clientWidth + 1)
                 .map(e => e.tagName + ' ' + e.scrollWidth + '>' + e.clientWidth)"""
        )
        assert sizes == [], (path, sizes)
        # The last columns are on screen: how many advance, and remove.
        for selector in ("#id_phases-0-advance_count", "#id_phases-0-name"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    remove = page.locator("#id_phases-2-DELETE").bounding_box()
    assert remove and remove["x"] + remove["width"] <= width
    page.close()
