"""A closed round's desk offers the overview's next step, not only "Reopen" (13, 10)."""

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import ScoreSheet
from scoring.services import DealInput, GameInput
from tests import factories

pytestmark = pytest.mark.django_db


def test_the_desk_of_a_closed_round_shows_the_next_step(
    director_client, sheet_round, director
):
    table = factories.individual_table(round=sheet_round, number=1)
    sheet = ScoreSheet.objects.get(table=table)
    data = {
        n: GameInput([DealInput("no_trump", 60), DealInput("no_trump", 58)])
        for n in (1, 2, 3)
    }
    sheet = services.sheet_save(sheet=sheet, data=data, by=director, version=0)
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    url = reverse("scoring:round", kwargs={"round_id": sheet_round.pk})
    assert 'id="next-action"' not in director_client.get(url).text  # still open
    services.round_close(round=sheet_round, by=director)
    page = director_client.get(url).text
    assert "Reopen the round" in page
    assert 'id="next-action"' in page
    assert "Round 1 is closed." in page
