"""Awarding the prizes: cash by the table, ties shared as the tiebreaks leave them,
the booby prize, the special prizes, the pot from the fees, giving and picking."""

from decimal import Decimal

import pytest

from actionlog.models import ActionEntry
from cashdesk.models import Payment
from cashdesk.services import (
    RateRow,
    entry_withdraw_refund,
    fee_settings_save,
    payment_take,
)
from core.errors import InvalidInput, StateConflict
from prizes import selectors
from prizes.models import Prize, PrizeAward
from prizes.services import (
    PrizeRow,
    prize_give,
    prize_pick,
    prize_settings_save,
    prize_table_save,
    prizes_award,
)
from standings.selectors import standings_for
from tests import factories

pytestmark = pytest.mark.django_db


def _by_entry(awards):
    return {a.entry_id: a for a in awards if a.kind == "place"}


def test_cash_is_split_by_the_table_and_a_shared_place_shares_its_places(
    evening, hundred_euros, director
):
    """€100 by 50 30 20: three share third place, so places 3-5 (€20, €0, €0)
    give €6 each; the €2 left over goes to the winner."""
    awards = prizes_award(tournament=evening, by=director)
    (a1, b1, c1, d1), (a2, b2, c2, d2) = evening.seats
    by_entry = _by_entry(awards)
    assert by_entry[a2.pk].place == 1 and by_entry[a2.pk].amount_cents == 5_200
    assert by_entry[a1.pk].place == 2 and by_entry[a1.pk].amount_cents == 3_000
    for entry in (b1, c1, d1):
        award = by_entry[entry.pk]
        assert (award.place, award.amount_cents) == (3, 600)
        assert award.settled == PrizeAward.Settled.SHARED
        assert (award.covers_from, award.covers_to, award.shared_with) == (3, 5, 3)
        assert "places 3–5 shared equally" in selectors.settled_text(award)
    assert selectors.cash_prizes_cents(tournament=evening) == 10_000
    assert sum(a.amount_cents or 0 for a in awards) == 10_000


def test_first_and_second_level_on_games_say_the_tiebreak_that_separated_them(
    evening, hundred_euros, director
):
    awards = _by_entry(prizes_award(tournament=evening, by=director))
    first = awards[evening.seats[1][0].pk]
    second = awards[evening.seats[0][0].pk]
    for award in (first, second):
        assert award.settled == PrizeAward.Settled.TIEBREAK
        assert award.tiebreak == "points" or award.tiebreak == "point_difference"
    # Both scored 303 points: the point difference (+183, +153) decided.
    assert second.tiebreak == "point_difference"
    assert "separated by" in selectors.settled_text(second)


def test_the_booby_prize_goes_to_every_entrant_sharing_the_last_place_and_the_rest(
    evening, director
):
    """Prizes in kind only: a cup for first, a ham for each of 2-3, a bottle for
    every other place, the booby prize for the last (three share it)."""
    prize_table_save(
        tournament=evening,
        by=director,
        prizes=[
            PrizeRow("Cup", "place", 1, donor="Brouwerij Omer"),
            PrizeRow("Ham", "range", 2, 3, value_cents=2_500),
            PrizeRow("Bottle of wine", "rest"),
            PrizeRow("Wooden spoon", "booby"),
        ],
    )
    awards = _by_entry(prizes_award(tournament=evening, by=director))
    (a1, b1, c1, d1), (a2, b2, c2, d2) = evening.seats
    assert awards[a2.pk].description == "Cup"
    assert awards[a1.pk].description == "Ham"
    assert awards[b1.pk].description == "Ham"  # the first listed of third place
    assert awards[c1.pk].description == "Bottle of wine"
    assert awards[d1.pk].description == "Bottle of wine"
    for last in (b2, c2, d2):
        assert awards[last.pk].description == "Wooden spoon"
        assert awards[last.pk].place == 6
        assert "places 6–8 go in the standings' order" in selectors.settled_text(
            awards[last.pk]
        )
    assert all(a.amount_cents is None for a in awards.values())
    assert selectors.cash_prizes_cents(tournament=evening) == 0


def test_the_special_prizes_best_youth_best_club_and_the_highest_game(
    evening, director, confirm_table
):
    youth = evening.seats[0][3]  # third place, shared
    fee_settings_save(
        tournament=evening,
        by=director,
        rates=[RateRow("adult", "Adult", 1_000, "other"), RateRow("youth", "Youth", 0)],
    )
    for table in evening.seats:
        for entry in table:
            rate = None
            if entry == youth:
                rate = evening.fee_settings.rates.get(code="youth")
            payment_take(entry=entry, by=director, rate=rate)
    prize_table_save(
        tournament=evening,
        by=director,
        prizes=[
            PrizeRow("Youth cup", "rate", rate_code="youth"),
            PrizeRow("Club shield", "club"),
            PrizeRow("Chocolate", "high_game"),
        ],
    )
    awards = prizes_award(tournament=evening, by=director)
    special = {a.prize.rule: a for a in awards if a.kind == "special"}
    assert special["rate"].entry_id == youth.pk
    assert special["club"].entry_id is None
    best_club = standings_for(tournament=evening, kind="clubs")[0]
    assert special["club"].name == best_club.name
    assert special["club"].place == 1
    winner = evening.seats[1][0]
    # Every winner of a game scored 101: the best ranked of them gets it.
    assert special["high_game"].entry_id == winner.pk
    assert special["high_game"].description == "Chocolate (a game of 101)"
    # Special prizes are called first.
    assert [a.kind for a in awards][:3] == ["special"] * 3


def test_the_pot_is_the_share_of_the_fees_received_less_refunds_plus_the_fixed_part(
    evening, director
):
    fee_settings_save(
        tournament=evening, by=director, rates=[RateRow("all", "All", 1_000, "other")]
    )
    late = factories.EntryFactory(tournament=evening, status="registered")
    for entry in [*evening.seats[0], *evening.seats[1], late]:
        payment_take(entry=entry, by=director, method=Payment.Method.CASH)
    entry_withdraw_refund(entry=late, by=director)
    settings = prize_settings_save(
        tournament=evening,
        by=director,
        cash_share_percent=Decimal("50"),
        cash_fixed_cents=1_234,
        percentages="40 25 15 10 10",
    )
    # 9 × €10 in, €10 back: €80, half of it €40, plus €12.34.
    assert selectors.pot_cents(tournament=evening) == 4_000 + 1_234
    awards = prizes_award(tournament=evening, by=director)
    assert sum(a.amount_cents or 0 for a in awards) == 5_234
    assert settings.percentages == "40 25 15 10 10"


def test_awarding_is_refused_while_a_round_is_open_and_nothing_is_saved(
    evening, hundred_euros, director
):
    factories.RoundFactory(
        tournament=evening, phase=evening.phases.get(), number=2, status="published"
    )
    with pytest.raises(StateConflict, match="not closed yet"):
        prizes_award(tournament=evening, by=director)
    assert not PrizeAward.objects.exists()
    assert not ActionEntry.objects.filter(action="prize.awarded").exists()


def test_a_prize_is_given_once_and_then_the_awards_and_the_table_stay(
    evening, hundred_euros, director
):
    awards = prizes_award(tournament=evening, by=director)
    given = prize_give(award=awards[0], by=director)
    assert given.given_at is not None and given.given_by == director
    with pytest.raises(StateConflict):
        prize_give(award=awards[0], by=director)
    with pytest.raises(StateConflict):
        prizes_award(tournament=evening, by=director)
    with pytest.raises(StateConflict):
        prize_table_save(tournament=evening, by=director, prizes=[])
    logged = list(
        ActionEntry.objects.filter(action__startswith="prize.").values_list(
            "action", flat=True
        )
    )
    assert sorted(logged) == ["prize.awarded", "prize.given", "prize.table_changed"]


def test_awarding_again_replaces_the_awards(evening, hundred_euros, director):
    first = prizes_award(tournament=evening, by=director)
    again = prizes_award(tournament=evening, by=director)
    assert len(first) == len(again) == PrizeAward.objects.count()


def test_the_calling_order_last_to_first_or_first_to_last(
    evening, hundred_euros, director
):
    awards = prizes_award(tournament=evening, by=director)
    assert [a.place for a in awards] == [3, 3, 3, 2, 1]  # the default: last first
    prize_settings_save(
        tournament=evening,
        by=director,
        calling_order="first",
        cash_fixed_cents=10_000,
        percentages="50 30 20",
    )
    awards = prizes_award(tournament=evening, by=director)
    assert [a.place for a in awards] == [1, 2, 3, 3, 3]


def test_winners_pick_from_the_table_each_prize_once(evening, director):
    prize_settings_save(tournament=evening, by=director, players_pick=True)
    prize_table_save(
        tournament=evening,
        by=director,
        prizes=[PrizeRow("Ham", "place", 1), PrizeRow("Duck", "place", 2)],
    )
    awards = _by_entry(prizes_award(tournament=evening, by=director))
    first = awards[evening.seats[1][0].pk]
    second = awards[evening.seats[0][0].pk]
    duck = Prize.objects.get(description="Duck")
    prize_pick(award=first, prize=duck, by=director)
    first.refresh_from_db()
    assert first.prize_text == "Duck"
    with pytest.raises(StateConflict, match="picked already"):
        prize_pick(award=second, prize=duck, by=director)
    assert selectors.pickable_prizes(tournament=evening) == [
        Prize.objects.get(description="Ham")
    ]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([PrizeRow("Cup", "place")], "give the place"),
        ([PrizeRow("Ham", "range", 5, 2)], "as a range"),
        ([PrizeRow("Cup", "rate")], "fee rate"),
        ([PrizeRow("Spoon", "booby", 3)], "leave the places empty"),
        ([PrizeRow("", "place", 1)], "This field cannot be blank"),
        ([PrizeRow("Cup\x07", "place", 1)], "control character"),
    ],
)
def test_a_prize_line_that_cannot_be_right_is_refused_and_nothing_is_saved(
    tournament, director, rows, message
):
    with pytest.raises(InvalidInput, match=message):
        prize_table_save(tournament=tournament, by=director, prizes=rows)
    assert not Prize.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"percentages": "40 30 40"}, "add up to 110"),
        ({"percentages": "20 30"}, "Place 2 would be paid more"),
        ({"cash_share_percent": Decimal("120"), "percentages": "50"}, "100"),
        ({"cash_fixed_cents": 500, "percentages": ""}, "needs a percentage table"),
        ({"rounding_cents": 7}, "not a valid choice"),
    ],
)
def test_settings_that_cannot_be_right_are_refused(
    tournament, director, fields, message
):
    with pytest.raises(InvalidInput, match=message):
        prize_settings_save(tournament=tournament, by=director, **fields)
    assert selectors.prize_settings_for(tournament=tournament).pk is None


def test_cash_paid_out_per_phase_splits_the_pot_over_the_phases_standings(
    evening, director, confirm_table
):
    """Two phases: €100 in two parts of €50, each by 100 on its own standings."""
    from tournaments.models import Game, Seat, Table

    second = factories.PhaseFactory(tournament=evening, rounds=1, name="Final")
    rnd = factories.RoundFactory(
        tournament=evening, phase=second, number=2, status="closed"
    )
    table = Table.objects.create(round=rnd, number=1)
    finalists = [evening.seats[1][0], evening.seats[0][0], *evening.seats[0][1:3]]
    for position, entry in enumerate(finalists, 1):
        Seat.objects.create(round=rnd, table=table, position=position, entry=entry)
    for number, (a, b) in enumerate([("12", "34"), ("13", "24"), ("14", "23")], 1):
        Game.objects.create(table=table, number=number, side_a=a, side_b=b)
    # The fourth seat wins all three games (with 3, with 2, with 1): the final.
    confirm_table(table, [(40, 101), (40, 101), (101, 40)])
    prize_settings_save(
        tournament=evening,
        by=director,
        cash_fixed_cents=10_000,
        percentages="100",
        paid_out="phase",
    )
    awards = prizes_award(tournament=evening, by=director)
    by_phase = {a.phase_id: a for a in awards}
    first = evening.phases.exclude(pk=second.pk).get()
    assert set(by_phase) == {first.pk, second.pk}
    assert by_phase[second.pk].entry_id == finalists[3].pk
    assert by_phase[second.pk].amount_cents == 5_000
    assert sum(a.amount_cents or 0 for a in awards) == 10_000


def test_the_pages_read_the_awards_in_a_fixed_number_of_queries(
    evening, hundred_euros, director, client, django_assert_max_num_queries
):
    prizes_award(tournament=evening, by=director)
    with django_assert_max_num_queries(8):
        assert client.get(f"/t/{evening.slug}/prizes/").status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(f"/api/tournaments/{evening.slug}/prizes/").status_code == 200
    client.force_login(director)
    with django_assert_max_num_queries(40):
        assert client.get(f"/director/t/{evening.slug}/prizes/").status_code == 200
