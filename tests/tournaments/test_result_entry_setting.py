"""Who enters the results: the director's setting, its rule, and the overview."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments import services
from tournaments.models import Phase, Tournament

pytestmark = pytest.mark.django_db

PHASE = {
    "name": "Qualifying",
    "rounds": "3",
    "draw_method": "individual",
    "games_per_table": "3",
    "advancement": "none",
}
MODE_MESSAGE = "players enter card points deal by deal: choose that entry mode"
DOUBLE_MESSAGE = "Double entry is for the desk"


@pytest.fixture
def staff_client(client, director):
    director.is_staff = True
    director.save()
    client.force_login(director)
    return client


def _edit_post(tournament, **overrides):
    phases = [
        {**PHASE, "id": p.pk, "name": p.name}
        for p in Phase.objects.filter(tournament=tournament).order_by("order")
    ]
    data = tournament_post(slug=tournament.slug, **overrides) | phase_post(phases)
    data["phases-INITIAL_FORMS"] = str(len(phases))
    return data


@pytest.fixture
def event(staff_client):
    post = tournament_post(slug="setting-cup") | phase_post([PHASE])
    staff_client.post(reverse("director:tournament_create"), post)
    return Tournament.objects.get(slug="setting-cup")


def test_a_new_tournament_is_entered_at_the_desk_with_acceptance_per_game(event):
    assert event.result_entry == Tournament.ResultEntry.DESK
    assert event.acceptance == Tournament.Acceptance.GAME


def test_the_form_offers_the_setting_with_its_explanations(staff_client):
    html = staff_client.get(reverse("director:tournament_create")).content.decode()
    assert 'name="result_entry"' in html
    assert 'name="acceptance"' in html
    assert "At the tables, confirmed by the opponents" in html
    assert "code printed on its score sheet" in html  # the model's help text
    assert "accepts each game as it ends" in html  # the form's help text


def test_the_director_chooses_tables_and_acceptance_per_table(staff_client, event):
    url = reverse("director:tournament_edit", args=[event.slug])
    post = _edit_post(event, result_entry="tables_opponents", acceptance="table")
    response = staff_client.post(url, post)
    assert response.status_code == 302, response.content.decode()[:3000]
    event.refresh_from_db()
    assert event.result_entry == "tables_opponents"
    assert event.acceptance == "table"
    # The overview says so.
    page = staff_client.get(reverse("director:tournament", args=[event.slug]))
    html = page.content.decode()
    assert "At the tables, confirmed by the opponents" in html
    assert "the whole table, when its last game ends" in html


def test_a_post_without_the_setting_keeps_it(staff_client, event):
    Tournament.objects.filter(pk=event.pk).update(result_entry="tables_director")
    url = reverse("director:tournament_edit", args=[event.slug])
    response = staff_client.post(url, _edit_post(event, venue="Brugge"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.result_entry, event.venue) == ("tables_director", "Brugge")


@pytest.mark.parametrize("mode", ["cards", "totals"])
def test_tables_need_card_points_deal_by_deal(staff_client, event, mode):
    url = reverse("director:tournament_edit", args=[event.slug])
    post = _edit_post(event, result_entry="tables_director", entry_mode=mode)
    response = staff_client.post(url, post)
    assert response.status_code == 200
    assert MODE_MESSAGE in response.content.decode()
    assert response.context["form"].has_error("result_entry")
    event.refresh_from_db()
    assert event.result_entry == "desk"


def test_tables_refuse_double_entry(staff_client, event):
    url = reverse("director:tournament_edit", args=[event.slug])
    post = _edit_post(event, result_entry="tables_opponents", double_entry="on")
    response = staff_client.post(url, post)
    assert response.status_code == 200
    assert DOUBLE_MESSAGE in response.content.decode()
    event.refresh_from_db()
    assert (event.result_entry, event.double_entry) == ("desk", False)


def test_the_desk_takes_any_entry_mode_and_double_entry(staff_client, event):
    url = reverse("director:tournament_edit", args=[event.slug])
    post = _edit_post(event, entry_mode="cards", double_entry="on")
    assert staff_client.post(url, post).status_code == 302


def test_an_unknown_setting_is_refused_not_a_500(staff_client, event):
    url = reverse("director:tournament_edit", args=[event.slug])
    post = _edit_post(event, result_entry="phones", acceptance="hall")
    response = staff_client.post(url, post)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error("result_entry") and form.has_error("acceptance")


def test_the_service_holds_the_same_rule(director, event):
    with pytest.raises(ValidationError) as caught:
        services.tournament_update(
            tournament=event,
            by=director,
            result_entry="tables_opponents",
            entry_mode="totals",
        )
    assert MODE_MESSAGE in caught.value.message_dict["result_entry"][0]
    with pytest.raises(ValidationError) as caught:
        services.tournament_update(
            tournament=event,
            by=director,
            result_entry="tables_director",
            double_entry=True,
        )
    assert DOUBLE_MESSAGE in caught.value.message_dict["result_entry"][0]
    # Turning double entry on under table entry is refused the same way.
    services.tournament_update(
        tournament=event, by=director, result_entry="tables_director"
    )
    with pytest.raises(ValidationError):
        services.tournament_update(tournament=event, by=director, double_entry=True)
    event.refresh_from_db()
    assert (event.result_entry, event.double_entry) == ("tables_director", False)


def test_a_tournament_cannot_be_created_for_tables_with_card_counts(director):
    with pytest.raises(ValidationError):
        services.tournament_create(
            by=director,
            name="Kaarten",
            date="2026-10-04",
            entry_mode="cards",
            result_entry="tables_director",
        )
    assert not Tournament.objects.filter(name="Kaarten").exists()
