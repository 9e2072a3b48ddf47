"""The one read model of a round: tables, seats, games, names and scores."""

import pytest

from standings.rounds import round_read, seat_lookup
from tests import factories
from tests.builders import build_drawn_round, build_event
from tournaments.models import Bye, Round, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(tournament, confirm_table):
    """A published round: table 1 confirmed, table 2 only entered, one bye."""
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    confirm_table(factories.individual_table(round=rnd, number=1), [(101, 50)] * 3)
    hidden = factories.individual_table(round=rnd, number=2)
    confirm_table(hidden, [(40, 111)] * 3, confirm=False)
    bye = factories.EntryFactory(
        tournament=tournament,
        player__first_name="Zoë",
        player__last_name="Noë",
        player__member_number="B-4711",
        player__club__name="De Zotte Manille",
        player__club__short_name="DZM",
    )
    Bye.objects.create(round=rnd, entry=bye)
    return Round.objects.select_related("phase", "tournament").get(pk=rnd.pk)


def test_a_round_reads_tables_by_number_and_seats_by_position(played):
    data = round_read(round=played)
    assert [t.number for t in data.tables] == [1, 2]
    seats = Seat.objects.filter(table__round=played, table__number=1)
    first = seats.select_related("entry__player__club").get(position=1)
    seat = data.tables[0].seats[0]
    assert [s.position for s in data.tables[0].seats] == [1, 2, 3, 4]
    assert (seat.entry_id, seat.seat_id) == (first.entry_id, first.pk)
    assert seat.name == first.entry.player.full_name
    assert seat.sort_name == first.entry.player.sort_name
    assert seat.club == first.entry.player.club.name
    assert seat.short_club == first.entry.player.club.short_name


def test_a_game_names_its_sides_by_seat(played):
    table = round_read(round=played).tables[0]
    game = table.games[1]  # 1+3 against 2+4
    assert (game.side_a, game.side_b) == ((1, 3), (2, 4))
    assert game.side_a_names == (table.seats[0].name, table.seats[2].name)
    assert game.side_b_names == (table.seats[1].name, table.seats[3].name)


def test_the_public_read_shows_only_the_scores_of_confirmed_sheets(played):
    confirmed, entered = round_read(round=played, public_only=True).tables
    assert confirmed.confirmed and not entered.confirmed
    assert [(g.score_a, g.score_b, g.winner) for g in confirmed.games] == [
        (101, 50, 0)
    ] * 3
    assert all(g.finished for g in confirmed.games)
    assert [(g.score_a, g.score_b, g.winner, g.finished) for g in entered.games] == [
        (None, None, None, False)
    ] * 3


def test_the_directors_read_shows_every_score_and_the_sheet_status(played):
    _confirmed, entered = round_read(round=played).tables
    assert entered.sheet_status == "entered"
    assert entered.sheet_status_label == "Entered"
    assert [(g.score_a, g.score_b, g.winner) for g in entered.games] == [
        (40, 111, 1)
    ] * 3


def test_the_public_read_refuses_a_draft_round(tournament):
    draft = factories.RoundFactory(tournament=tournament, number=1, status="draft")
    with pytest.raises(ValueError):
        round_read(round=draft, public_only=True)


def test_a_bye_is_read_with_its_name_and_club_at_position_zero(played):
    (bye,) = round_read(round=played).byes
    assert (bye.position, bye.seat_id) == (0, None)
    assert bye.bye_id == Bye.objects.get(round=played).pk
    assert (bye.name, bye.sort_name) == ("Zoë Noë", "Noë, Zoë")
    assert (bye.club, bye.short_club) == ("De Zotte Manille", "DZM")


def test_a_team_is_read_with_its_players_when_asked(db):
    team_entry = factories.TeamEntryFactory(
        team__name="Les Atouts",
        team__player_one=factories.PlayerFactory(first_name="Hélène"),
        team__player_two=factories.PlayerFactory(first_name="Luc"),
    )
    rnd = factories.RoundFactory(tournament=team_entry.tournament, number=1)
    Bye.objects.create(round=rnd, entry=team_entry)
    (plain,) = round_read(round=rnd).byes
    (bye,) = round_read(round=rnd, with_members=True).byes
    assert (bye.name, bye.sort_name) == ("Les Atouts", "Les Atouts")
    assert plain.members == ()
    assert [m.split()[0] for m in bye.members] == ["Hélène", "Luc"]


def test_flags_mark_rematches_and_same_club_pairs(tournament, director):
    from draws import services as draw_services

    club = factories.ClubFactory()
    phase = factories.PhaseFactory(tournament=tournament)
    for _ in range(4):
        factories.EntryFactory(tournament=tournament, player__club=club)
    r1 = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=r1, by=director)
    r2 = draw_services.round_draw(phase=phase, by=director, seed=2)
    (table,) = round_read(round=r2, with_flags=True).tables
    assert (table.rematches, table.same_club) == (6, 6)
    assert all(s.rematch and s.same_club for s in table.seats)
    (plain,) = round_read(round=r2).tables
    assert not any(s.rematch or s.same_club for s in plain.seats)


@pytest.mark.parametrize("players", [16, 96])
def test_a_round_reads_in_a_fixed_number_of_queries(players, django_assert_num_queries):
    rnd = build_drawn_round(players=players, slug=f"read-{players}")
    rnd = Round.objects.select_related("phase", "tournament").get(pk=rnd.pk)
    with django_assert_num_queries(4):  # tables, seats, games, byes
        data = round_read(round=rnd, public_only=True)
    assert sum(len(t.seats) for t in data.tables) == players
    with django_assert_num_queries(3):
        round_read(round=rnd, with_games=False, with_members=True)
    with django_assert_num_queries(5):  # and the earlier rounds' pairs
        round_read(round=rnd, with_flags=True)


def test_a_round_given_without_its_phase_is_read_again_once(
    django_assert_num_queries,
):
    t = build_event(players=16, rounds=1, final=0, seed=3)
    bare = Round.objects.get(tournament=t, number=1)
    with django_assert_num_queries(5):
        data = round_read(round=bare)
    assert data.phase == bare.phase.name and data.tournament == t


def test_where_do_i_sit_finds_a_member_number_and_lists_the_bye(played):
    (row,) = seat_lookup(round=played, query="b-4711")
    assert (row.name, row.club, row.table, row.position) == (
        "Noë, Zoë",
        "DZM",
        None,
        None,
    )
    rows = seat_lookup(round=played)
    assert len(rows) == 9  # eight seated and the bye
