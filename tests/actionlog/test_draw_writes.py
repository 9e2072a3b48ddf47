"""Draws, repairs and publishing land in the History with the round's line."""

import pytest
from django.core.exceptions import ValidationError

from actionlog.models import ActionEntry
from draws import repair
from draws import services as draw_services
from tournaments.models import Bye, RoundLog, Seat

pytestmark = pytest.mark.django_db


def history(tournament) -> list[ActionEntry]:
    return list(
        ActionEntry.objects.filter(
            tournament_id=tournament.pk, action__startswith="round."
        ).order_by("id")
    )


@pytest.fixture
def drawn(event, director):
    return draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)


def test_a_draw_is_in_the_history_with_its_summary_and_round(event, director, drawn):
    (entry,) = history(event)
    line = RoundLog.objects.get(round=drawn)
    assert entry.action == "round.drawn" and entry.user == director
    assert (entry.target_type, entry.target_id) == ("tournaments.round", drawn.pk)
    assert entry.target_text == "1"
    assert entry.note == line.reason and "seed 5" in entry.note


def test_drawn_again_swapped_and_published_each_add_one_entry(
    event, director, drawn
):
    draw_services.round_redraw(round=drawn, by=director, seed=6)
    a, b = Seat.objects.filter(round=drawn, position=1).order_by("table__number")[:2]
    draw_services.round_swap_seats(round=drawn, seat_a=a, seat_b=b, by=director)
    draw_services.round_publish(round=drawn, by=director)
    assert [e.action for e in history(event)] == [
        "round.drawn",
        "round.redrawn",
        "round.swapped",
        "round.published",
    ]
    assert "⇄" in history(event)[2].note


def test_a_repair_and_an_unpublish_keep_their_reason(event, director, drawn):
    draw_services.round_publish(round=drawn, by=director)
    leaving = Seat.objects.filter(round=drawn).first()
    repair.seat_to_bye(round=drawn, seat=leaving, reason="ill", by=director)
    repair.round_unpublish(round=drawn, by=director, reason="wrong list")
    repaired, unpublished = history(event)[-2:]
    assert repaired.action == "round.repaired" and repaired.note.endswith("— ill")
    assert unpublished.action == "round.unpublished"
    assert unpublished.note == "wrong list"


def test_a_refused_repair_records_nothing(event, director, drawn):
    draw_services.round_publish(round=drawn, by=director)
    count = ActionEntry.objects.count()
    at_table, bye = Seat.objects.filter(round=drawn).first(), Bye.objects.first()
    with pytest.raises(ValidationError, match="give a reason"):
        draw_services.round_swap_bye(round=drawn, seat=at_table, bye=bye, by=director)
    with pytest.raises(ValidationError):
        repair.round_unpublish(round=drawn, by=director, reason="")
    assert ActionEntry.objects.count() == count


def test_a_replacement_that_withdraws_the_absentee_records_both(
    event, director, drawn
):
    draw_services.round_publish(round=drawn, by=director)
    absent = Seat.objects.filter(round=drawn).select_related("entry").first()
    reserve = Bye.objects.get(round=drawn).entry
    repair.seat_replace(
        round=drawn,
        seat=absent,
        entry=reserve,
        by=director,
        reason="no show",
        withdraw=True,
    )
    (withdrawn,) = ActionEntry.objects.filter(action="entry.withdrawn")
    assert withdrawn.user == director and withdrawn.target_id == absent.entry_id
    assert history(event)[-1].action == "round.repaired"
