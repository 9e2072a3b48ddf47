"""The pot's split adds up to the cent, never pays a negative share, and a tie
never gives a lower-ranked entrant more (the pure module, no database)."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prizes.split import (
    STEPS,
    Remainder,
    TableError,
    parse_table,
    split_pot,
    table_text,
)


@st.composite
def tables(draw):
    """A falling table of percentages (whole or with cents) summing to at most 100."""
    count = draw(st.integers(min_value=0, max_value=12))
    left = Decimal(100)
    table = []
    for _ in range(count):
        top = min(left, table[-1] if table else left)
        if top < Decimal("0.01"):
            break
        cents = draw(st.integers(min_value=1, max_value=int(top * 100)))
        value = Decimal(cents) / 100
        table.append(value)
        left -= value
    return table


@st.composite
def standings_ranks(draw):
    """Ranks as the standings give them: 1, 2, 2, 4… (competition ranking)."""
    count = draw(st.integers(min_value=0, max_value=20))
    ranks = []
    for position in range(1, count + 1):
        tie = ranks and draw(st.booleans())
        ranks.append(ranks[-1] if tie else position)
    return ranks


pots = st.integers(min_value=0, max_value=10_000_000)
steps = st.sampled_from(STEPS)
remainders = st.sampled_from(list(Remainder))


@settings(max_examples=400)
@given(pots, tables(), standings_ranks(), steps, remainders)
def test_every_split_adds_up_to_the_pot_and_reports_what_is_kept(
    pot, table, ranks, step, remainder
):
    split = split_pot(pot, table, ranks=ranks, step=step, remainder_to=remainder)
    assert split.paid_cents + split.kept_cents == pot
    assert split.kept_cents >= 0
    assert all(s.table_cents >= 0 and s.remainder_cents >= 0 for s in split.shares)
    assert len(split.shares) == len(ranks)
    # Each place's table amount is a multiple of the step, rounded down.
    assert all(c % step == 0 for c in split.place_cents)
    if remainder == Remainder.ORGANISER:
        assert all(s.remainder_cents == 0 for s in split.shares)
        expected = pot - int(Decimal(pot) * sum(table, Decimal(0)) / 100)
        assert split.kept_cents == expected + split.remainder_cents


@settings(max_examples=400)
@given(pots, tables(), standings_ranks(), steps, remainders)
def test_a_tie_never_gives_a_lower_ranked_entrant_more(
    pot, table, ranks, step, remainder
):
    split = split_pot(pot, table, ranks=ranks, step=step, remainder_to=remainder)
    shares = split.shares
    for upper, lower in zip(shares, shares[1:], strict=False):
        assert upper.table_cents >= lower.table_cents
        if upper.rank == lower.rank:  # tied: the same share
            assert upper.cents == lower.cents
        if remainder != Remainder.LAST_PAID:
            assert upper.cents >= lower.cents


@settings(max_examples=200)
@given(pots, tables(), steps, remainders)
def test_a_table_that_pays_everything_keeps_nothing_but_what_does_not_divide(
    pot, table, step, remainder
):
    """A 100 % table, one entrant per place: all of the pot is paid but to the
    organiser's remainder."""
    if table:
        table = [*table[:-1], table[-1] + (100 - sum(table, Decimal(0)))]
        table = sorted(table, reverse=True)
    split = split_pot(pot, table, step=step, remainder_to=remainder)
    if table and remainder != Remainder.ORGANISER:
        assert split.kept_cents == 0
        assert split.paid_cents == pot


def test_the_kaarting_pot_by_the_default_table_to_the_euro():
    """€595 by 40 25 15 10 10 to the euro: €2 of rounding goes to the winner."""
    split = split_pot(59_500, parse_table("40 25 15 10 10"), step=100)
    assert split.place_cents == (23_800, 14_800, 8_900, 5_900, 5_900)
    assert split.rounding_cents == 200
    assert [s.cents for s in split.shares] == [24_000, 14_800, 8_900, 5_900, 5_900]
    assert split.kept_cents == 0


def test_two_tied_for_second_share_second_and_third_place():
    split = split_pot(10_000, [50, 30, 20], ranks=[1, 2, 2], step=50)
    assert [s.table_cents for s in split.shares] == [5_000, 2_500, 2_500]
    assert split.shares[1].tie.first_place == 2
    assert split.shares[1].tie.last_place == 3
    assert split.shares[1].tie.group_cents == 5_000


def test_a_tie_that_does_not_divide_sends_the_rest_where_the_director_said():
    """Three tied for first of €100 at 50 cents: €33.00 each, €1 to the organiser or
    split among the first (all three): 33 cents each, 1 cent kept."""
    kept = split_pot(10_000, [100], ranks=[1, 1, 1], step=100, remainder_to="organiser")
    assert [s.cents for s in kept.shares] == [3_300, 3_300, 3_300]
    assert kept.kept_cents == 100
    first = split_pot(10_000, [100], ranks=[1, 1, 1], step=100, remainder_to="first")
    assert [s.cents for s in first.shares] == [3_333, 3_333, 3_333]
    assert first.kept_cents == 1


def test_the_rest_of_a_table_below_100_stays_with_the_organiser():
    split = split_pot(10_000, [50, 30], step=1, remainder_to="last")
    assert [s.cents for s in split.shares] == [5_000, 3_000]
    assert split.kept_cents == 2_000


def test_the_remainder_to_the_last_paid_place():
    split = split_pot(10_050, [60, 40], step=100, remainder_to="last")
    assert [s.cents for s in split.shares] == [6_000, 4_050]


def test_places_with_no_entrant_go_to_the_remainder():
    split = split_pot(10_000, [50, 30, 20], ranks=[1, 2], step=100)
    assert split.unused_cents == 2_000
    assert [s.cents for s in split.shares] == [7_000, 3_000]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("40 abc", "not_a_number"),
        ("40 0", "out_of_range"),
        ("-5", "out_of_range"),
        ("60 50", "over_100"),
        ("20 30", "rising"),
        ("10.123", "too_precise"),
        ("1 " * 101, "too_many"),
        ("nan", "out_of_range"),
    ],
)
def test_a_table_that_cannot_be_right_is_refused_with_its_reason(text, code):
    with pytest.raises(TableError) as refused:
        parse_table(text)
    assert refused.value.code == code


def test_a_typed_table_is_read_with_commas_semicolons_and_percent_signs():
    assert parse_table("40%; 25; 12,5 12.5 10") == tuple(
        Decimal(x) for x in ("40", "25", "12.5", "12.5", "10")
    )
    assert table_text(parse_table("40 25 12,50 12.5 10")) == "40 25 12.5 12.5 10"
    assert parse_table("") == ()
