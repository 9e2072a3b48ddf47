"""Advancing the qualifiers: top N by the standings, a tie at the cut by tiebreaks."""

import pytest
from django.urls import reverse

from core.errors import StateConflict
from draws import selectors as draw_selectors
from draws import services as draw_services
from scoring import services
from scoring.models import ScoreSheet
from scoring.services import DealInput, GameInput
from tests import factories
from tournaments.models import Entry, Phase, RoundLog, Seat

pytestmark = pytest.mark.django_db

NT, H = "no_trump", "hearts"


@pytest.fixture
def finished_phase(tournament, director):
    """One closed round, one table: three players on 2 wins, cut after two."""
    phase = factories.PhaseFactory(
        tournament=tournament,
        order=1,
        rounds=1,
        advancement=Phase.Advancement.TOP_N,
        advance_count=2,
    )
    final = factories.PhaseFactory(tournament=tournament, order=2, name="Final")
    rnd = factories.RoundFactory(tournament=tournament, phase=phase, number=1)
    table = factories.individual_table(round=rnd, number=1)
    data = {
        1: GameInput([DealInput(NT, 60), DealInput(NT, 60)]),  # 12 v 34: 120-0
        2: GameInput([DealInput(H, 60), DealInput(NT, 60), DealInput(NT, 50)]),  # 13
        3: GameInput(  # 14 v 23: 15-105
            [DealInput(H, 45), DealInput(NT, 0), DealInput(NT, 10), DealInput(H, 25)]
        ),
    }
    sheet = ScoreSheet.objects.get(table=table)
    sheet = services.sheet_save(sheet=sheet, data=data, by=director, version=0)
    services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    services.round_close(round=rnd, by=director)
    players = {
        s.position: s.entry
        for s in Seat.objects.filter(table=table).order_by("position")
    }
    return phase, final, rnd, players


def test_a_tie_at_the_cut_is_resolved_by_the_tiebreak_order(finished_phase):
    phase, final, _rnd, players = finished_phase
    result = draw_selectors.advance_preview(phase=phase)
    assert [r.entry_id for r in result.qualifiers] == [players[1].pk, players[3].pk]
    assert result.has_tie
    assert {r.entry_id for r in result.tied} == {
        players[1].pk,
        players[2].pk,
        players[3].pk,
    }
    assert result.first_out.entry_id == players[2].pk
    assert result.decided_by == "points"
    assert result.values == (235, 225)
    assert not result.level


def test_advancing_seeds_the_qualifiers_into_the_next_phase(finished_phase, director):
    phase, final, rnd, players = finished_phase
    result = draw_services.phase_advance(phase=phase, by=director)
    assert result.count == 2
    qualified = Entry.objects.filter(phase=final).order_by("seed")
    assert [(e.pk, e.seed) for e in qualified] == [
        (players[1].pk, 1),
        (players[3].pk, 2),
    ]
    log = RoundLog.objects.get(action=RoundLog.Action.ADVANCED)
    assert "decided by points scored" in log.reason  # the label, not the code
    assert log.by == director
    # Advancing again replaces the qualifiers rather than adding to them.
    draw_services.phase_advance(phase=phase, by=director)
    assert Entry.objects.filter(phase=final).count() == 2


def test_an_open_round_blocks_advancement(finished_phase, director):
    phase, _final, rnd, _players = finished_phase
    services.round_reopen(round=rnd, by=director, reason="check table 1")
    with pytest.raises(StateConflict) as exc:
        draw_services.phase_advance(phase=phase, by=director)
    assert exc.value.code == "rounds_open"


def test_the_desk_shows_the_cut_and_advances(director_client, finished_phase):
    phase, final, rnd, players = finished_phase
    url = reverse("scoring:round", kwargs={"round_id": rnd.pk})
    page = director_client.get(url)
    assert page.status_code == 200
    panel_url = reverse("scoring:phase_advance", kwargs={"round_id": rnd.pk})
    assert f'hx-get="{panel_url}"' in page.text  # the desk loads the cut from draws
    panel = director_client.get(panel_url)
    assert panel.status_code == 200
    assert 'id="cut-tie"' in panel.text
    assert players[2].player.full_name in panel.text
    response = director_client.post(
        reverse("scoring:phase_advance", kwargs={"round_id": rnd.pk})
    )
    assert response.status_code == 302
    assert Entry.objects.filter(phase=final).count() == 2


def test_table_winners_take_the_best_of_each_table(finished_phase, director):
    phase, final, _rnd, players = finished_phase
    Phase.objects.filter(pk=phase.pk).update(
        advancement=Phase.Advancement.TABLE_WINNERS, advance_count=None
    )
    phase.refresh_from_db()
    result = draw_selectors.advance_preview(phase=phase)
    assert [r.entry_id for r in result.qualifiers] == [players[1].pk]
