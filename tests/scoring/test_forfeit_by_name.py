"""A forfeit names the player who left; their seat gives the side (issue 13, 7)."""

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet, TableEvent
from tournaments.models import Game, Seat

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _seat(table, position):
    return Seat.objects.select_related("entry__player").get(
        table=table, position=position
    )


def test_the_event_form_offers_each_seats_player_by_name(director_client, sheet_table):
    response = director_client.get(
        reverse("scoring:sheet", kwargs={"table_id": sheet_table.pk})
    )
    form = response.text.split('class="event-form"', 1)[1].split("</form>", 1)[0]
    assert 'name="seat"' in form and 'name="side"' not in form
    for position in range(1, 5):
        name = _seat(sheet_table, position).entry.player.full_name
        assert f'<option value="{position}">{name}</option>' in form


def test_a_forfeit_by_name_takes_that_players_side_in_the_game(
    director_client, sheet_table
):
    """Seat 3 plays side B in game 1 (12–34) but side A in game 2 (13–24)."""
    absent = _seat(sheet_table, 3).entry.player.full_name
    url = reverse("scoring:event_add", kwargs={"table_id": sheet_table.pk})
    for number, side in ((1, 1), (2, 0)):
        version = ScoreSheet.objects.get(table=sheet_table).version
        game = Game.objects.get(table=sheet_table, number=number)
        response = director_client.post(
            url,
            {
                "version": version,
                "game": game.pk,
                "kind": "forfeit",
                "seat": "3",
                "reason": "left after lunch",
            },
            **HTMX,
        )
        assert response.status_code == 200, response.text
        event = TableEvent.objects.get(game=game)
        assert event.side == side
        assert event.reason == f"{absent} — left after lunch"
        # The sheet's history line names the player.
        assert f"{absent} — left after lunch" in response.text


def test_a_seat_of_no_table_is_refused(director_client, sheet_table):
    game = Game.objects.get(table=sheet_table, number=1)
    response = director_client.post(
        reverse("scoring:event_add", kwargs={"table_id": sheet_table.pk}),
        {"version": 0, "game": game.pk, "kind": "forfeit", "seat": "7", "reason": "x"},
        **HTMX,
    )
    assert response.status_code == 422
    assert not TableEvent.objects.exists()


def test_in_pairs_the_form_offers_each_team_once():
    from scoring.forms import EventForm

    form = EventForm(
        seats={1: "De Azen", 2: "Klaveren", 3: "De Azen"}, individual=False
    )
    assert form.fields["seat"].choices == [(1, "De Azen"), (2, "Klaveren")]
    assert form.fields["seat"].label == "Team concerned"
