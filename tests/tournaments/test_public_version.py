"""Every write the public can see moves the tournament's public version, after commit.

Open pages poll the version and get 304 while it stands still, so a service that
changes a page but forgets the bump leaves stale names on every phone in the hall.
The tests here commit for real (``transaction=True``): the bump is an on-commit
callback, and pytest-django's usual test transaction never commits.
"""

import datetime
from contextlib import contextmanager

import pytest
from django.db import transaction

from clubs import services as club_services
from draws import services as draw_services
from scoring import services as scoring
from scoring.models import ScoreSheet
from scoring.services import DealInput, GameInput
from tests import factories
from tournaments import registration, services
from tournaments.models import Entry, Phase, Round, Seat, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

NT = "no_trump"


def version_of(tournament: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


@contextmanager
def moves(tournament: Tournament, by: int = 1, *, unmoved=()):
    """Assert that a block, run in one transaction, moves the version by ``by``.

    The version must stand still until the commit, and so must the versions of
    the ``unmoved`` tournaments.
    """
    before = version_of(tournament)
    others = {t.pk: version_of(t) for t in unmoved}
    with transaction.atomic():
        yield
        assert version_of(tournament) == before, "bumped before the commit"
    assert version_of(tournament) == before + by
    assert {t.pk: version_of(t) for t in unmoved} == others


@pytest.fixture
def evening(director):
    """An individual tournament of eight present players from two clubs."""
    tournament = services.tournament_create(
        by=director,
        name="Club evening",
        slug="club-evening",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.INDIVIDUAL,
    )
    clubs = [factories.ClubFactory(), factories.ClubFactory()]
    for i in range(8):
        factories.EntryFactory(
            tournament=tournament, player=factories.PlayerFactory(club=clubs[i % 2])
        )
    return tournament


@pytest.fixture
def pairs_cup(director):
    tournament = services.tournament_create(
        by=director,
        name="Pairs cup",
        slug="pairs-cup",
        date=datetime.date(2026, 10, 4),
        format=Tournament.Format.PAIRS,
    )
    factories.TeamEntryFactory(
        tournament=tournament,
        team=factories.TeamFactory(
            player_one=factories.PlayerFactory(), player_two=factories.PlayerFactory()
        ),
    )
    return tournament


@pytest.fixture
def other_event():
    """A tournament that shows none of the names the tests change."""
    return factories.TournamentFactory()


def play_and_confirm(table, by) -> ScoreSheet:
    sheet = ScoreSheet.objects.get(table=table)
    data = {n: GameInput([DealInput(NT, 60), DealInput(NT, 58)]) for n in (1, 2, 3)}
    sheet = scoring.sheet_save(sheet=sheet, data=data, by=by, version=sheet.version)
    return scoring.sheet_confirm(sheet=sheet, by=by, version=sheet.version)


# --------------------------------------------------------------- the mechanism


def test_several_changes_in_one_transaction_bump_once(evening):
    first, second = evening.entries.all()[:2]
    with moves(evening, by=1), transaction.atomic():
        services.entry_withdraw(entry=first)
        services.entry_set_present(entry=second, present=False)
        services.tournament_update(tournament=evening, by=None, venue="Kortrijk")


def test_a_rolled_back_change_bumps_nothing(evening):
    entry = evening.entries.first()
    with moves(evening, by=0):
        with pytest.raises(RuntimeError), transaction.atomic():
            services.entry_withdraw(entry=entry)
            raise RuntimeError("the caller gives up")
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.PRESENT


def test_a_bump_after_a_rolled_back_one_still_counts(evening):
    entry = evening.entries.first()
    with moves(evening, by=1):
        with pytest.raises(RuntimeError), transaction.atomic():
            services.entry_withdraw(entry=entry)
            raise RuntimeError("undone")
        services.entry_set_present(entry=entry, present=False)


# ------------------------------------------------------------ tournament setup


def test_changing_the_settings_moves_the_version(evening):
    with moves(evening):
        services.tournament_update(tournament=evening, by=None, name="Club night")


def test_saving_the_phases_moves_the_version(evening):
    phase = evening.phases.get()
    row = {"id": phase.pk, "name": "Heats", "rounds": 4}
    with moves(evening):
        services.phases_save(tournament=evening, rows=[row], by=None)


# --------------------------------------------------------------------- entries


def test_registering_an_entrant_moves_the_version(evening):
    with moves(evening):
        services.entry_register(tournament=evening, player=factories.PlayerFactory())


def test_checking_in_and_out_moves_the_version(evening):
    entry = evening.entries.first()
    with moves(evening):
        services.entry_set_present(entry=entry, present=False)
    with moves(evening):
        services.entry_set_present(entry=entry, present=True)


def test_withdrawing_an_entrant_moves_the_version(evening):
    with moves(evening):
        services.entry_withdraw(entry=evening.entries.first())


def test_an_imported_list_moves_the_version_once_and_a_preview_not_at_all(
    evening,
):
    text = "first name;last name;club\nAnn;Claes;De Kaart\nBert;Wouters;De Kaart\n"
    with moves(evening, by=0):
        preview = registration.registrations_import(
            tournament=evening, csv_text=text, commit=False
        )
    assert preview.ok and not preview.committed
    with moves(evening, by=1):
        result = registration.registrations_import(
            tournament=evening, csv_text=text, commit=True
        )
    assert result.committed and result.created_entries == 2


def test_a_late_entry_moves_the_version(evening, director):
    draw_services.round_draw(phase=evening.phases.get(), by=director, seed=1)
    with moves(evening):
        entry = registration.registration_add(
            tournament=evening, first_name="Late", last_name="Comer", club="De Kaart"
        )
    assert entry.late


# ---------------------------------------------------- names of clubs and people


def test_renaming_a_player_moves_the_tournaments_showing_them(
    evening,
    other_event,
):
    player = evening.entries.first().player
    with moves(evening, unmoved=[other_event]):
        club_services.player_update(by=None, player=player, last_name="Renamed")


def test_renaming_a_team_member_moves_the_pairs_tournament(pairs_cup):
    member = pairs_cup.entries.get().team.player_two
    with moves(pairs_cup):
        club_services.player_update(by=None, player=member, first_name="Mieke")


def test_renaming_a_team_moves_its_tournaments(pairs_cup, other_event):
    team = pairs_cup.entries.get().team
    with moves(pairs_cup, unmoved=[other_event]):
        club_services.team_update(by=None, team=team, name="De Azen")


def test_renaming_a_club_moves_the_tournaments_of_its_members(
    evening,
    pairs_cup,
    other_event,
):
    club = evening.entries.first().player.club
    with moves(evening, unmoved=[pairs_cup, other_event]):
        club_services.club_update(by=None, club=club, name="De Troef")


def test_a_new_club_player_or_team_moves_nothing(evening):
    with moves(evening, by=0):
        club = club_services.club_create(name="Nieuwe Club")
        player = club_services.player_create(
            first_name="Nieuw", last_name="Lid", club=club
        )
        club_services.team_create(name="Nieuw team", club=club, player_one=player)


# ----------------------------------------------------------------------- draws


def test_a_draft_draw_moves_nothing_and_publishing_it_does(evening, director):
    with moves(evening, by=0):
        rnd = draw_services.round_draw(
            phase=evening.phases.get(), by=director, seed=1
        )
        rnd = draw_services.round_redraw(round=rnd, by=director, seed=7)
        seats = list(Seat.objects.filter(round=rnd).order_by("table__number"))
        draw_services.round_swap_seats(
            round=rnd, seat_a=seats[0], seat_b=seats[-1], by=director
        )
    with moves(evening):
        draw_services.round_publish(round=rnd, by=director)


# --------------------------------------------------------------------- results


@pytest.fixture
def played_table(tournament):
    """A published round of the director's tournament with one table, not entered."""
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    return factories.individual_table(round=rnd, number=1)


def test_entering_a_sheet_moves_nothing_and_confirming_it_does(
    played_table,
    tournament,
    director,
):
    sheet = ScoreSheet.objects.get(table=played_table)
    data = {n: GameInput([DealInput(NT, 60), DealInput(NT, 58)]) for n in (1, 2, 3)}
    with moves(tournament, by=0):
        sheet = scoring.sheet_save(sheet=sheet, data=data, by=director, version=0)
    with moves(tournament):
        scoring.sheet_confirm(sheet=sheet, by=director, version=sheet.version)


def test_correcting_a_confirmed_sheet_moves_the_version(
    played_table,
    tournament,
    director,
):
    sheet = play_and_confirm(played_table, director)
    data = {1: GameInput([DealInput(NT, 60), DealInput(NT, 54)])}
    with moves(tournament):
        scoring.sheet_correct(
            sheet=sheet,
            data=data,
            by=director,
            version=sheet.version,
            reason="Paper sheet says 54",
        )


def test_closing_and_reopening_a_round_move_the_version(
    played_table,
    tournament,
    director,
):
    play_and_confirm(played_table, director)
    with moves(tournament):
        rnd = scoring.round_close(round=played_table.round, by=director)
    with moves(tournament):
        scoring.round_reopen(round=rnd, by=director, reason="Table 1 complained")


def test_advancing_the_qualifiers_moves_the_version(tournament, director):
    heats = factories.PhaseFactory(
        tournament=tournament,
        order=1,
        rounds=1,
        advancement=Phase.Advancement.TOP_N,
        advance_count=4,
    )
    factories.PhaseFactory(tournament=tournament, order=2, name="Final")
    rnd = factories.RoundFactory(tournament=tournament, phase=heats, number=1)
    table = factories.individual_table(round=rnd, number=1)
    play_and_confirm(table, director)
    scoring.round_close(round=rnd, by=director)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    with moves(tournament):
        result = draw_services.phase_advance(phase=heats, by=director)
    assert result.advanced
