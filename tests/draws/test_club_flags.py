"""Club clashes are flagged only when they say something (issue 21).

Not among the organising club's members (a club's own evening: everyone is one),
not for a club nearly everyone belongs to; a rematch is always flagged.
"""

import datetime

import pytest
from django.urls import reverse

from draws import services as draw_services
from draws.selectors import round_for_director
from manille.draws import quiet_clubs
from tests import factories
from tournaments import services
from tournaments.models import Round, Seat, Tournament

# ------------------------------------------------------------------ the rule


def test_the_organising_clubs_members_sitting_together_say_nothing():
    tables = [["zot", "zot", "zot", "zot"], ["zot", "zot", "troef", "zot"]]
    assert quiet_clubs(tables, organiser="zot") == {"zot": "organiser"}
    assert quiet_clubs(tables, organiser="elsewhere") == {"zot": "crowded"}


@pytest.mark.parametrize(
    "members, tables, size, quiet",
    [
        (10, 10, 4, False),  # one a table: they can all be kept apart
        (15, 10, 4, False),  # five tables of ten must seat two: not most
        (16, 10, 4, True),  # six tables of ten: most of them, whatever the draw
        (40, 10, 4, True),  # everyone
        (7, 5, 2, False),  # pairs: two tables of five seat two teams of it
        (8, 5, 2, True),  # three tables of five
    ],
)
def test_a_club_is_left_unflagged_once_most_tables_must_seat_two_of_it(
    members, tables, size, quiet
):
    seats = ["big"] * members + [None] * (tables * size - members)
    layout = [seats[i::tables] for i in range(tables)]
    assert ("big" in quiet_clubs(layout)) is quiet


def test_players_without_a_club_and_an_empty_round_are_never_a_club():
    assert quiet_clubs([[None] * 4] * 3) == {}
    assert quiet_clubs([]) == {}


# ------------------------------------------------------------- on the pages


def evening(director, club, *, members, guests=(), name="Clubavond 1"):
    """A club's own evening: its members (and a few guests) present, one phase."""
    tournament = services.tournament_create(
        by=director,
        name=name,
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        club=club,
        phases=[{"name": "Avond", "rounds": 3}],
    )
    for _ in range(members):
        factories.EntryFactory(
            tournament=tournament, player=factories.PlayerFactory(club=club)
        )
    for guest_club in guests:
        factories.EntryFactory(
            tournament=tournament, player=factories.PlayerFactory(club=guest_club)
        )
    return tournament


def round_url(rnd):
    return reverse(
        "director:round", kwargs={"slug": rnd.tournament.slug, "number": rnd.number}
    )


def publish_url(rnd):
    return reverse(
        "director:round_publish",
        kwargs={"slug": rnd.tournament.slug, "number": rnd.number},
    )


@pytest.mark.django_db
def test_a_club_evening_flags_no_table_and_publishes_in_one_click(
    director_client, director
):
    club = factories.ClubFactory(name="De Zotte Boer")
    tournament = evening(director, club, members=12)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    page = director_client.get(round_url(rnd)).text
    assert "same club" not in page and "draw-table card flagged" not in page
    assert "have a rematch or players of one club" not in page
    assert "same-club pair unavoidable" not in page  # nor in the tables' reasons
    assert "same-club pair the search" not in page
    assert "0 repeated pairs, 0 same-club pairs." in page  # nor in the history
    assert (
        "Players of De Zotte Boer sitting together are not flagged: it organises "
        "this event." in page
    )
    response = director_client.post(publish_url(rnd))
    assert response.status_code == 302  # no confirmation listing every table
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


@pytest.mark.django_db
def test_two_guests_of_one_club_at_a_table_are_still_flagged(director_client, director):
    club = factories.ClubFactory(name="De Zotte Boer")
    guests = factories.ClubFactory(name="Troefboer")
    tournament = evening(director, club, members=6, guests=[guests, guests])
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    a, b = Seat.objects.filter(round=rnd, entry__player__club=guests)
    if a.table_id != b.table_id:  # seat the two guests together by hand
        other = Seat.objects.filter(table=a.table).exclude(pk=a.pk).first()
        draw_services.round_swap_seats(round=rnd, seat_a=other, seat_b=b, by=director)
    checked = round_for_director(round=rnd)
    flagged = checked.flagged
    assert len(flagged) == 1 and flagged[0].same_club == 1
    marked = {s.club for s in flagged[0].seats if s.same_club}
    assert marked == {"Troefboer"}  # the members at that table are not marked
    asked = director_client.post(publish_url(rnd))
    assert 'name="confirmed" value="1"' in asked.text
    assert "1 table has a rematch or players of one club" in asked.text


@pytest.mark.django_db
def test_a_club_nearly_everyone_belongs_to_is_not_flagged(director_client, director):
    big = factories.ClubFactory(name="Harten Troef")
    tournament = evening(
        director,
        None,
        members=0,
        guests=[big] * 7 + [factories.ClubFactory()],
        name="Open avond",
    )
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    page = director_client.get(round_url(rnd)).text
    assert "same club" not in page
    assert (
        "Players of Harten Troef sitting together are not flagged: 7 of the 8 "
        "seated, too many to keep apart." in page
    )


@pytest.mark.django_db
def test_a_rematch_on_a_club_evening_is_still_flagged(director_client, director):
    club = factories.ClubFactory()
    tournament = evening(director, club, members=4)
    phase = tournament.phases.get()
    first = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=first, by=director)
    second = draw_services.round_draw(phase=phase, by=director, seed=2)
    page = director_client.get(round_url(second)).text
    assert "rematch" in page and "same club" not in page
    asked = director_client.post(publish_url(second))
    assert 'name="confirmed" value="1"' in asked.text
