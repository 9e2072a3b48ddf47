"""Test repairing a published round: swap, replace, bye, forfeit, unpublish.

Every repair needs a reason, is logged in the round's history, bumps the public
version (so "where do I sit?" shows it at once) and leaves a table with results
alone.
"""

import pytest
from django.core.exceptions import ValidationError

from draws import repair
from draws import services as draw_services
from draws.selectors import replacement_candidates, tables_with_results
from scoring.models import ScoreSheet, TableEvent
from standings.rounds import seat_lookup
from tests import factories
from tournaments import services
from tournaments.models import (
    Bye,
    Entry,
    Game,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)

pytestmark = pytest.mark.django_db


def version(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).version


def seat(rnd, table, position) -> Seat:
    return Seat.objects.select_related("entry").get(
        round=rnd, table__number=table, position=position
    )


def repairs(rnd) -> list[str]:
    return list(
        RoundLog.objects.filter(round=rnd, action=RoundLog.Action.REPAIRED)
        .order_by("id")
        .values_list("reason", flat=True)
    )


# ------------------------------------------------------------------------- swap


def test_a_published_swap_needs_a_reason_then_is_logged_and_shown(
    published, director, django_capture_on_commit_callbacks
):
    a, b = seat(published, 1, 2), seat(published, 2, 3)
    with pytest.raises(ValidationError, match="give a reason"):
        draw_services.round_swap_seats(round=published, seat_a=a, seat_b=b, by=director)
    before = version(published.tournament)
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_swap_seats(
            round=published, seat_a=a, seat_b=b, by=director, reason="brothers"
        )
    assert seat(published, 1, 2).entry_id == b.entry_id
    assert seat(published, 2, 3).entry_id == a.entry_id
    assert version(published.tournament) == before + 1
    [logged] = repairs(published)
    assert "brothers" in logged and "table 1" in logged
    published.tournament = Tournament.objects.get(pk=published.tournament_id)
    found = seat_lookup(round=published, query=a.entry.player.last_name)
    assert [f.table for f in found] == [2]


def test_a_seat_of_a_table_with_results_cannot_be_swapped(
    published, director, type_a_deal
):
    a, b = seat(published, 1, 2), seat(published, 2, 3)
    type_a_deal(a.table)
    assert tables_with_results(round=published) == {a.table_id}
    with pytest.raises(ValidationError, match="Table 1 has results entered"):
        draw_services.round_swap_seats(
            round=published, seat_a=a, seat_b=b, by=director, reason="late"
        )
    assert seat(published, 1, 2).entry_id == a.entry_id


def test_a_published_seat_swaps_with_the_bye(published, director):
    at_table, bye = seat(published, 2, 1), Bye.objects.get(round=published)
    waiting = bye.entry_id
    draw_services.round_swap_bye(
        round=published, seat=at_table, bye=bye, by=director, reason="asked to rest"
    )
    assert seat(published, 2, 1).entry_id == waiting
    assert Bye.objects.get(round=published).entry_id == at_table.entry_id
    assert "asked to rest" in repairs(published)[0]


def test_a_closed_round_is_reopened_before_its_draw_changes(published, director):
    Round.objects.filter(pk=published.pk).update(status=Round.Status.CLOSED)
    a, b = seat(published, 1, 2), seat(published, 2, 3)
    with pytest.raises(ValidationError, match="reopen it"):
        draw_services.round_swap_seats(
            round=published, seat_a=a, seat_b=b, by=director, reason="x"
        )


# ---------------------------------------------------------------------- replace


def test_the_reserve_on_a_bye_takes_an_absent_players_seat(
    published, director, django_capture_on_commit_callbacks
):
    absent = seat(published, 1, 3)
    reserve = Bye.objects.get(round=published).entry
    [candidate] = replacement_candidates(round=published)
    assert candidate == reserve and candidate.on_bye
    before = version(published.tournament)
    with django_capture_on_commit_callbacks(execute=True):
        repair.seat_replace(
            round=published,
            seat=absent,
            entry=reserve,
            reason="not back after lunch",
            withdraw=True,
            by=director,
        )
    assert seat(published, 1, 3).entry == reserve
    assert not Bye.objects.filter(round=published).exists()
    assert Entry.objects.get(pk=absent.entry_id).status == Entry.Status.WITHDRAWN
    assert version(published.tournament) > before
    [logged] = repairs(published)
    assert "not back after lunch" in logged and "withdrawn" in logged


def test_a_late_entry_takes_a_seat(published, director):
    late = services.entry_register(
        tournament=published.tournament,
        player=factories.PlayerFactory(),
        late=True,
    )
    assert late in replacement_candidates(round=published)
    absent = seat(published, 2, 4)
    repair.seat_replace(
        round=published, seat=absent, entry=late, reason="no-show", by=director
    )
    assert seat(published, 2, 4).entry == late
    # The absentee plays no more this round (no seat, no bye) but stays entered.
    assert not Seat.objects.filter(round=published, entry=absent.entry).exists()
    assert not Bye.objects.filter(round=published, entry=absent.entry).exists()
    assert Entry.objects.get(pk=absent.entry_id).status == Entry.Status.PRESENT


def test_a_replacement_must_be_present_and_free(published, director):
    target = seat(published, 1, 1)
    seated = seat(published, 2, 1).entry
    with pytest.raises(ValidationError, match="already has a seat"):
        repair.seat_replace(
            round=published, seat=target, entry=seated, reason="x", by=director
        )
    registered = factories.EntryFactory(
        tournament=published.tournament, status="registered"
    )
    with pytest.raises(ValidationError, match="not checked in"):
        repair.seat_replace(
            round=published, seat=target, entry=registered, reason="x", by=director
        )
    stranger = factories.EntryFactory(status="present")
    with pytest.raises(ValidationError, match="entrant of this tournament"):
        repair.seat_replace(
            round=published, seat=target, entry=stranger, reason="x", by=director
        )
    with pytest.raises(ValidationError, match="give a reason"):
        repair.seat_replace(
            round=published,
            seat=target,
            entry=Bye.objects.get(round=published).entry,
            by=director,
        )


# -------------------------------------------------------------------------- bye


def test_a_seat_becomes_a_bye_and_an_emptied_table_is_removed(published, director):
    leaving = seat(published, 2, 2)
    repair.seat_to_bye(round=published, seat=leaving, reason="ill", by=director)
    assert Bye.objects.filter(round=published, entry=leaving.entry).exists()
    assert Seat.objects.filter(round=published, table__number=2).count() == 3
    for position in (1, 3, 4):
        repair.seat_to_bye(
            round=published,
            seat=seat(published, 2, position),
            reason="ill",
            by=director,
        )
    assert not Table.objects.filter(round=published, number=2).exists()
    assert Bye.objects.filter(round=published).count() == 5
    assert "table 2 removed" in repairs(published)[-1]


# ---------------------------------------------------------------------- forfeit


def test_a_table_is_forfeited_against_the_absent_players_side(
    published, director, django_capture_on_commit_callbacks
):
    absent = seat(published, 1, 2)  # plays 12-34, 13-24, 14-23: A, B, B
    with pytest.raises(ValidationError, match="reason"):
        repair.table_forfeit(round=published, seat=absent, reason=" ", by=director)
    before = version(published.tournament)
    with django_capture_on_commit_callbacks(execute=True):
        sheet = repair.table_forfeit(
            round=published, seat=absent, reason="left the hall", by=director
        )
    sides = list(
        TableEvent.objects.filter(game__table=absent.table)
        .order_by("game__number")
        .values_list("kind", "side")
    )
    assert sides == [("forfeit", 0), ("forfeit", 1), ("forfeit", 1)]
    points = published.tournament.forfeit_points
    scores = list(
        Game.objects.filter(table=absent.table)
        .order_by("number")
        .values_list("score_a", "score_b")
    )
    assert scores == [(0, points), (points, 0), (points, 0)]
    assert sheet.status == ScoreSheet.Status.CONFIRMED  # shown to the players
    assert version(published.tournament) > before
    assert "left the hall" in repairs(published)[0]
    with pytest.raises(ValidationError, match="already has a forfeit"):
        repair.table_forfeit(round=published, seat=absent, reason="x", by=director)


def test_a_draft_table_is_not_forfeited(event, director):
    rnd = draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    with pytest.raises(ValidationError, match="not a draft"):
        repair.table_forfeit(
            round=rnd, seat=seat(rnd, 1, 1), reason="absent", by=director
        )


# -------------------------------------------------------------------- unpublish


def test_unpublishing_makes_a_draft_again_while_no_result_is_entered(
    published, director, django_capture_on_commit_callbacks
):
    with pytest.raises(ValidationError, match="reason"):
        repair.round_unpublish(round=published, reason="", by=director)
    before = version(published.tournament)
    with django_capture_on_commit_callbacks(execute=True):
        repair.round_unpublish(round=published, reason="wrong players", by=director)
    published.refresh_from_db()
    assert published.status == Round.Status.DRAFT
    assert published.published_at is None
    assert version(published.tournament) == before + 1
    assert RoundLog.objects.filter(
        round=published, action=RoundLog.Action.UNPUBLISHED, reason="wrong players"
    ).exists()
    # A draft again: drawn anew, published anew.
    draw_services.round_redraw(round=published, by=director, seed=9)
    draw_services.round_publish(round=published, by=director)


def test_a_round_with_a_result_is_not_unpublished(published, director, type_a_deal):
    type_a_deal(published.tables.get(number=2))
    assert "Results are entered at 1 table:" in repair.unpublish_blocker(
        round=published
    )
    with pytest.raises(ValidationError, match="cannot be unpublished"):
        repair.round_unpublish(round=published, reason="oops", by=director)
    published.refresh_from_db()
    assert published.status == Round.Status.PUBLISHED


def test_a_round_with_a_later_round_drawn_stays_published(published, director):
    draw_services.round_draw(phase=published.phase, by=director, seed=2)
    assert "A later round is drawn" in repair.unpublish_blocker(round=published)
    with pytest.raises(ValidationError, match="later round"):
        repair.round_unpublish(round=published, reason="oops", by=director)
