"""Keep fixed what the fuzz test (tests/test_fuzz.py) found in the tournament forms."""

import time

import pytest
from django.urls import reverse

from tests import factories
from tournaments.forms import MAX_PHASES
from tournaments.models import Phase

pytestmark = pytest.mark.django_db


def test_a_forged_phase_count_is_refused_without_building_thousands_of_forms(
    director_client, tournament
):
    """``phases-TOTAL_FORMS=99999999999999999999`` once took 18 s and answered 4 MB.

    The formset built and rendered Django's default maximum of 2,000 phase forms;
    it now stops at ``MAX_PHASES`` and says so, saving nothing.
    """
    factories.PhaseFactory(tournament=tournament, order=1, name="Qualifying")
    url = reverse("director:tournament_edit", kwargs={"slug": tournament.slug})
    data = {
        "name": "Renamed",
        "slug": tournament.slug,
        "date": "2026-10-04",
        "venue": "Harelbeke",
        "format": "individual",
        "language": "en",
        "phases-TOTAL_FORMS": "9" * 20,
        "phases-INITIAL_FORMS": "0",
        "phases-MIN_NUM_FORMS": "1",
        "phases-MAX_NUM_FORMS": "1000",
    }
    started = time.perf_counter()
    response = director_client.post(url, data)
    took = time.perf_counter() - started
    assert response.status_code == 200
    assert len(response.content) < 400_000
    assert took < 5
    assert len(response.context["formset"].forms) <= MAX_PHASES
    assert f"at most {MAX_PHASES}" in response.text
    tournament.refresh_from_db()
    assert tournament.name != "Renamed"
    assert list(Phase.objects.filter(tournament=tournament).values_list("name")) == [
        ("Qualifying",)
    ]
