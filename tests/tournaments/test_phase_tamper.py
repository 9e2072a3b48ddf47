"""A tournament's edit page changes its own phases only (issue 12, finding 6)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests import factories
from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments import services
from tournaments.models import Phase

pytestmark = pytest.mark.django_db


def _phases(*tournaments):
    return list(
        Phase.objects.filter(tournament__in=tournaments)
        .order_by("pk")
        .values_list("pk", "tournament_id", "order", "name", "rounds")
    )


def _row(phase_id, name="Hijacked"):
    return {
        "id": str(phase_id),
        "name": name,
        "rounds": "2",
        "draw_method": "individual",
        "games_per_table": "3",
        "advancement": "none",
    }


@pytest.fixture
def two_events(tournament):
    """The director's tournament with one phase, and someone else's with one."""
    Phase.objects.filter(tournament=tournament).delete()
    factories.PhaseFactory(tournament=tournament, order=1, name="Ours")
    other = factories.TournamentFactory()
    factories.PhaseFactory(tournament=other, order=1, name="Theirs")
    return tournament, other


def _post_edit(client, tournament, rows, **overrides):
    data = tournament_post(slug=tournament.slug, venue="Elsewhere", **overrides)
    data |= phase_post(rows)
    data["phases-INITIAL_FORMS"] = str(len(rows))
    url = reverse("director:tournament_edit", kwargs={"slug": tournament.slug})
    return client.post(url, data)


def test_another_tournaments_phase_id_is_refused_and_nothing_changes(
    director_client, two_events
):
    """The tampered id used to save: a new phase at 1, the real one pushed to 1001."""
    ours, theirs = two_events
    before = _phases(ours, theirs)
    response = _post_edit(director_client, ours, [_row(theirs.phases.get().pk)])
    assert response.status_code == 200  # the page again, not a redirect to "saved"
    assert "not one of this tournament" in response.text
    assert "Tournament saved." not in response.text
    assert _phases(ours, theirs) == before
    ours.refresh_from_db()
    assert ours.venue != "Elsewhere"


def test_a_huge_phase_id_is_refused_without_an_error_500(director_client, two_events):
    ours, theirs = two_events
    before = _phases(ours, theirs)
    response = _post_edit(director_client, ours, [_row("9" * 20)])
    assert response.status_code == 200
    assert "not one of this tournament" in response.text
    assert _phases(ours, theirs) == before


def test_the_tournaments_own_phase_still_saves(director_client, two_events):
    ours, theirs = two_events
    phase = ours.phases.get()
    response = _post_edit(director_client, ours, [_row(phase.pk, name="Heats")])
    assert response.status_code == 302
    assert _phases(ours) == [(phase.pk, ours.pk, 1, "Heats", 2)]


def test_the_service_refuses_a_list_that_leaves_out_an_existing_phase(two_events):
    """Rows are the whole ordered list: one left out would sink to order 1001."""
    ours, theirs = two_events
    before = _phases(ours, theirs)
    with pytest.raises(ValidationError) as exc:
        services.phases_save(tournament=ours, by=None, rows=[{"name": "New"}])
    assert "reload" in " ".join(exc.value.messages)
    assert _phases(ours, theirs) == before


def test_the_service_refuses_another_tournaments_phase(two_events):
    ours, theirs = two_events
    before = _phases(ours, theirs)
    row = {"id": theirs.phases.get().pk, "name": "Hijacked", "rounds": 2}
    with pytest.raises(ValidationError):
        services.phases_save(tournament=ours, by=None, rows=[row])
    assert _phases(ours, theirs) == before
