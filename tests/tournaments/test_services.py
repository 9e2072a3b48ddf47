"""Test the tournament services: setup, entries, draws, swaps, publication."""

import datetime
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError

from draws import services as draw_services
from manille.draws import INDIVIDUAL_GAMES
from scoring.models import DealRecord, ScoreSheet
from tests import factories
from tournaments import registration, selectors, services
from tournaments.models import (
    Bye,
    Entry,
    Game,
    Phase,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)

pytestmark = pytest.mark.django_db


def make_individual(director, *, players=16, clubs=4, phases=None, status="present"):
    tournament = services.tournament_create(
        by=director,
        name="Club evening",
        slug="club-evening",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
        phases=phases,
    )
    club_list = [factories.ClubFactory() for _ in range(clubs)]
    for i in range(players):
        factories.EntryFactory(
            tournament=tournament,
            player=factories.PlayerFactory(club=club_list[i % clubs]),
            status=status,
        )
    return tournament


def make_pairs(director, *, teams=10, method=Phase.DrawMethod.SWISS, rounds=5):
    tournament = services.tournament_create(
        by=director,
        name="Pairs cup",
        slug="pairs-cup",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.PAIRS,
        phases=[
            {
                "name": "Rounds",
                "rounds": rounds,
                "draw_method": method,
                "games_per_table": 2,
            }
        ],
    )
    for _ in range(teams):
        factories.EntryFactory(
            tournament=tournament, player=None, team=factories.TeamFactory()
        )
    return tournament


def confirm_round(rnd, *, winner_by_position=(0,)):
    """Give every game of a round a result and confirm the sheets (side A wins)."""
    for game in Game.objects.filter(table__round=rnd):
        game.score_a, game.score_b, game.winner, game.finished = 101, 40, 0, True
        game.save()
    ScoreSheet.objects.filter(table__round=rnd).update(
        status="confirmed", confirmed_at=datetime.datetime.now(tz=datetime.UTC)
    )


# --------------------------------------------------------------------- tournament


def test_creating_a_tournament_makes_its_creator_a_director(director):
    tournament = make_individual(director, players=0)
    assert selectors.user_can_direct(user=director, tournament=tournament)
    assert tournament.phases.count() == 1


def test_a_game_needs_a_target_or_a_number_of_deals(director):
    with pytest.raises(ValidationError) as info:
        services.tournament_create(
            by=director,
            name="No end",
            slug="no-end",
            date=datetime.date(2026, 1, 1),
            target=None,
            deals=None,
        )
    assert "target" in info.value.message_dict


def test_rules_change_freely_until_the_first_result(director):
    tournament = make_individual(director)
    services.tournament_update(tournament=tournament, by=director, target=61)
    tournament.refresh_from_db()
    assert tournament.target == 61


def test_rules_are_refused_once_a_deal_is_recorded(director):
    tournament = make_individual(director)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    game = Game.objects.filter(table__round=rnd).first()
    DealRecord.objects.create(
        game=game, number=1, trump="hearts", points_a=36, points_b=24
    )
    with pytest.raises(ValidationError) as info:
        services.tournament_update(tournament=tournament, by=director, target=61)
    assert "target" in info.value.message_dict
    # Other settings still change.
    services.tournament_update(tournament=tournament, by=director, venue="Ostend")


def test_rules_are_refused_once_a_game_is_finished(director):
    tournament = make_individual(director)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    Game.objects.filter(table__round=rnd).update(finished=True)
    with pytest.raises(ValidationError):
        services.tournament_update(tournament=tournament, by=director, max_factor=4)


def test_phases_are_saved_in_order_and_checked_against_the_format(director):
    tournament = make_individual(director, players=0)
    phases = services.phases_save(
        tournament=tournament,
        by=director,
        rows=[
            {"id": tournament.phases.get().pk, "name": "Qualifying", "rounds": 3},
            {
                "name": "Final",
                "rounds": 1,
                "draw_method": Phase.DrawMethod.SEEDED,
            },
        ],
    )
    assert [(p.order, p.name) for p in phases] == [(1, "Qualifying"), (2, "Final")]
    with pytest.raises(ValidationError):
        services.phases_save(
            tournament=tournament,
            by=director,
            rows=[{"name": "Swiss", "rounds": 3, "draw_method": "swiss"}],
        )


# ------------------------------------------------------------------------ entries


def test_check_in_and_withdrawal_change_the_status(director):
    tournament = make_individual(director, players=1, status="registered")
    entry = tournament.entries.get()
    services.entry_set_present(entry=entry, present=True)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.PRESENT
    services.entry_withdraw(entry=entry)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.WITHDRAWN


def test_a_player_cannot_be_registered_twice(director):
    tournament = make_individual(director, players=1)
    with pytest.raises(ValidationError):
        services.entry_register(
            tournament=tournament, player=tournament.entries.get().player
        )


def test_an_individual_tournament_refuses_a_team(director):
    tournament = make_individual(director, players=0)
    with pytest.raises(ValidationError):
        services.entry_register(tournament=tournament, team=factories.TeamFactory())


def test_a_late_entry_is_present_at_once(director):
    tournament = make_individual(director)
    draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    entry = registration.registration_add(
        tournament=tournament, first_name="Éric", last_name="Vandamme", club="De Zot"
    )
    assert entry.late and entry.status == Entry.Status.PRESENT


# -------------------------------------------------------------------------- draws


def test_an_individual_draw_seats_every_present_player_once_with_three_games(director):
    tournament = make_individual(director, players=18)
    absent = factories.EntryFactory(tournament=tournament, status="registered")
    gone = factories.EntryFactory(tournament=tournament, status="withdrawn")
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=7)
    assert rnd.status == Round.Status.DRAFT and rnd.seed == 7 and rnd.number == 1
    seated = list(Seat.objects.filter(round=rnd).values_list("entry_id", flat=True))
    byes = list(Bye.objects.filter(round=rnd).values_list("entry_id", flat=True))
    assert len(seated) == 16 and len(byes) == 2
    assert len(set(seated + byes)) == 18
    assert absent.pk not in seated + byes and gone.pk not in seated + byes
    for table in Table.objects.filter(round=rnd):
        assert sorted(table.seats.values_list("position", flat=True)) == [1, 2, 3, 4]
        sides = list(table.games.order_by("number").values_list("side_a", "side_b"))
        assert sides == [("12", "34"), ("13", "24"), ("14", "23")]
        assert ScoreSheet.objects.get(table=table).status == "open"
        assert table.reasons
    assert [g for g in INDIVIDUAL_GAMES]  # the rotation the sides come from
    log = RoundLog.objects.get(round=rnd)
    assert log.action == RoundLog.Action.DRAWN and log.by == director


def test_the_second_round_avoids_players_who_already_met(director):
    tournament = make_individual(director, players=16, clubs=16)
    phase = tournament.phases.get()
    r1 = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=r1, by=director)
    met = selectors.history_pairs(tournament=tournament)
    assert len(met) == 4 * 6
    r2 = draw_services.round_draw(phase=phase, by=director, seed=2)
    for table in Table.objects.filter(round=r2):
        ids = table.seats.values_list("entry_id", flat=True)
        assert not any(frozenset(p) in met for p in combinations(ids, 2))


def test_the_same_seed_gives_the_same_draw(director):
    tournament = make_individual(director, players=20)
    phase = tournament.phases.get()
    rnd = draw_services.round_draw(phase=phase, by=director, seed=99)

    def layout():
        return list(
            Seat.objects.filter(round=rnd)
            .order_by("table__number", "position")
            .values_list("table__number", "position", "entry_id")
        )

    first = layout()
    draw_services.round_redraw(round=rnd, by=director, seed=99)
    assert layout() == first
    draw_services.round_redraw(round=rnd, by=director, seed=100)
    assert Round.objects.get(pk=rnd.pk).seed == 100
    assert RoundLog.objects.filter(round=rnd, action="redrawn").count() == 2


def test_only_one_draft_round_at_a_time(director):
    tournament = make_individual(director)
    phase = tournament.phases.get()
    draw_services.round_draw(phase=phase, by=director, seed=1)
    with pytest.raises(ValidationError):
        draw_services.round_draw(phase=phase, by=director, seed=2)


def test_a_phase_draws_no_more_rounds_than_it_has(director):
    tournament = make_individual(director, phases=[{"name": "One", "rounds": 1}])
    phase = tournament.phases.get()
    draw_services.round_publish(
        round=draw_services.round_draw(phase=phase, by=director, seed=1), by=director
    )
    with pytest.raises(ValidationError):
        draw_services.round_draw(phase=phase, by=director, seed=1)


def test_too_few_players_is_a_clear_error(director):
    tournament = make_individual(director, players=3)
    with pytest.raises(ValidationError) as info:
        draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=1)
    assert "4" in info.value.messages[0]


def test_swapping_two_seats_exchanges_the_players_and_marks_the_tables(director):
    tournament = make_individual(director, players=8)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    a = Seat.objects.get(round=rnd, table__number=1, position=2)
    b = Seat.objects.get(round=rnd, table__number=2, position=3)
    entry_a, entry_b = a.entry_id, b.entry_id
    draw_services.round_swap_seats(round=rnd, seat_a=a, seat_b=b, by=director)
    assert Seat.objects.get(round=rnd, table__number=1, position=2).entry_id == entry_b
    assert Seat.objects.get(round=rnd, table__number=2, position=3).entry_id == entry_a
    assert Table.objects.get(round=rnd, number=1).reasons.startswith("manual")
    assert RoundLog.objects.filter(round=rnd, action="swapped").exists()


def test_a_published_round_can_no_longer_change(
    director, django_capture_on_commit_callbacks
):
    tournament = make_individual(director, players=8)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    version = Tournament.objects.get(pk=tournament.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        draw_services.round_publish(round=rnd, by=director)
    assert Tournament.objects.get(pk=tournament.pk).version == version + 1
    a, b = Seat.objects.filter(round=rnd, position=1)[:2]
    with pytest.raises(ValidationError):
        draw_services.round_swap_seats(round=rnd, seat_a=a, seat_b=b, by=director)
    with pytest.raises(ValidationError):
        draw_services.round_redraw(round=rnd, by=director)
    with pytest.raises(ValidationError):
        draw_services.round_publish(round=rnd, by=director)


def test_a_withdrawn_player_still_seated_blocks_publication(director):
    tournament = make_individual(director, players=8)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    services.entry_withdraw(entry=Seat.objects.filter(round=rnd).first().entry)
    with pytest.raises(ValidationError):
        draw_services.round_publish(round=rnd, by=director)
    draw_services.round_redraw(round=rnd, by=director)
    assert Seat.objects.filter(round=rnd).count() == 4
    draw_services.round_publish(round=rnd, by=director)


def test_byes_go_round_before_anyone_gets_a_second(director):
    tournament = make_individual(
        director, players=6, phases=[{"name": "Q", "rounds": 3}]
    )
    phase = tournament.phases.get()
    counts: dict[int, int] = {}
    for seed in (1, 2, 3):
        rnd = draw_services.round_draw(phase=phase, by=director, seed=seed)
        draw_services.round_publish(round=rnd, by=director)
        for entry_id in Bye.objects.filter(round=rnd).values_list(
            "entry_id", flat=True
        ):
            counts[entry_id] = counts.get(entry_id, 0) + 1
    assert sorted(counts.values()) == [1, 1, 1, 1, 1, 1]


def test_a_swap_with_a_bye_seats_the_waiting_player(director):
    tournament = make_individual(director, players=5)
    rnd = draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=3)
    bye = Bye.objects.get(round=rnd)
    seat = Seat.objects.get(round=rnd, position=2)
    waiting, seated = bye.entry_id, seat.entry_id
    draw_services.round_swap_bye(round=rnd, seat=seat, bye=bye, by=director)
    assert Seat.objects.get(round=rnd, position=2).entry_id == waiting
    assert Bye.objects.get(round=rnd).entry_id == seated


# -------------------------------------------------------------------------- pairs


def test_a_swiss_round_pairs_teams_by_record_without_rematches(director):
    tournament = make_pairs(director, teams=8)
    phase = tournament.phases.get()
    r1 = draw_services.round_draw(phase=phase, by=director, seed=5)
    for table in Table.objects.filter(round=r1):
        assert table.seats.count() == 2
        sides = list(table.games.values_list("side_a", "side_b"))
        assert sides == [("1", "2"), ("1", "2")]
    draw_services.round_publish(round=r1, by=director)
    confirm_round(r1)
    records = selectors.entrant_records(tournament=tournament)
    winners = {eid for eid, (wins, _points) in records.items() if wins == 2}
    assert len(winners) == 4
    met = selectors.history_pairs(tournament=tournament)
    r2 = draw_services.round_draw(phase=phase, by=director, seed=6)
    for table in Table.objects.filter(round=r2):
        a, b = table.seats.values_list("entry_id", flat=True)
        assert frozenset((a, b)) not in met
        assert (a in winners) == (b in winners)


def test_entrant_records_count_only_confirmed_sheets_before_a_round(director):
    tournament = make_pairs(director, teams=4)
    phase = tournament.phases.get()
    r1 = draw_services.round_draw(phase=phase, by=director, seed=5)
    assert selectors.entrant_records(tournament=tournament) == {}
    confirm_round(r1)
    records = selectors.entrant_records(tournament=tournament)
    assert sorted(records.values()) == [(0, 80), (0, 80), (2, 202), (2, 202)]
    assert selectors.entrant_records(tournament=tournament, before_round=1) == {}


def test_a_round_robin_meets_every_team_once(director):
    tournament = make_pairs(director, teams=6, method="round_robin", rounds=5)
    phase = tournament.phases.get()
    for _ in range(5):
        rnd = draw_services.round_draw(phase=phase, by=director, seed=1)
        draw_services.round_publish(round=rnd, by=director)
    assert len(selectors.history_pairs(tournament=tournament)) == 15


# -------------------------------------------------------------------- advancement


def test_table_winners_advance_seeded_by_ranking_to_a_seeded_final(director):
    from core.errors import StateConflict
    from draws.services import phase_advance
    from scoring.services import round_close

    tournament = make_individual(
        director,
        players=32,
        phases=[
            {
                "name": "Qualifying",
                "rounds": 1,
                "advancement": Phase.Advancement.TABLE_WINNERS,
            },
            {"name": "Final", "rounds": 1, "draw_method": Phase.DrawMethod.SEEDED},
        ],
    )
    qualifying, final = tournament.phases.order_by("order")
    rnd = draw_services.round_draw(phase=qualifying, by=director, seed=1)
    with pytest.raises(StateConflict):
        phase_advance(phase=qualifying, by=director)  # still a draft
    draw_services.round_publish(round=rnd, by=director)
    confirm_round(rnd)
    round_close(round=rnd, by=director)
    result = phase_advance(phase=qualifying, by=director)
    qualified = list(Entry.objects.filter(phase=final).order_by("seed"))
    assert [e.pk for e in qualified] == [row.entry_id for row in result.qualifiers]
    assert len(qualified) == 8
    tables = {s.entry_id: s.table_id for s in Seat.objects.filter(round=rnd)}
    assert len({tables[e.pk] for e in qualified}) == 8  # one per table
    assert [e.seed for e in qualified] == list(range(1, 9))
    final_round = draw_services.round_draw(phase=final, by=director, seed=1)
    seated = set(
        Seat.objects.filter(round=final_round).values_list("entry_id", flat=True)
    )
    assert seated == {e.pk for e in qualified}
    first_table = Table.objects.get(round=final_round, number=1)
    assert first_table.seats.get(position=1).entry.seed == 1
