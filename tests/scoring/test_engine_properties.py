"""Check the scoring engine's invariants on generated rules and deals."""

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from manille.engine import (
    KNOCKS_CEILING,
    CardCount,
    Deal,
    DealScore,
    InvalidDeal,
    Rules,
    Trump,
    points_from_cards,
    score_deal,
    score_game,
    validate_deal,
)

DECK = [5, 4, 3, 2, 1, 0, 0, 0] * 4
TRUMPS = st.sampled_from(list(Trump) + [t.value for t in Trump])


@st.composite
def rules_strategy(draw):
    target = draw(st.one_of(st.none(), st.integers(1, 500)))
    deals = (
        draw(st.integers(1, 30))
        if target is None
        else draw(st.one_of(st.none(), st.integers(1, 30)))
    )
    return Rules(
        multiplier=draw(st.sampled_from(["multiply", "add"])),
        no_trump_doubles=draw(st.booleans()),
        blind_doubles=draw(st.booleans()),
        max_knocks=draw(st.one_of(st.none(), st.integers(0, 4))),
        capot_doubles=draw(st.booleans()),
        draw_carry=draw(st.booleans()),
        max_factor=draw(st.one_of(st.none(), st.integers(1, 64))),
        revoke_points=draw(st.one_of(st.none(), st.integers(0, 120))),
        trick_points=draw(st.booleans()),
        target=target,
        deals=deals,
    )


@st.composite
def valid_deal(draw, rules):
    """Deal the 32 cards at random and write down what a careful scorer would."""
    deck = draw(st.permutations(DECK))
    tricks_a = draw(st.integers(0, 8))
    a = sum(deck[: 4 * tricks_a])
    b = 60 - a
    if rules.trick_points:
        a, b = a + tricks_a, b + 8 - tricks_a
    revoke = draw(st.one_of(st.none(), st.sampled_from([0, 1])))
    points = (0, 0) if revoke is not None and draw(st.booleans()) else (a, b)
    max_knocks = KNOCKS_CEILING if rules.max_knocks is None else rules.max_knocks
    return Deal(
        points=points,
        trump=draw(TRUMPS),
        knocks=draw(st.integers(0, min(max_knocks, 8))),
        blind=draw(st.booleans()),
        revoke=revoke,
        tricks=draw(st.sampled_from([None, (tricks_a, 8 - tricks_a)])),
        declarer=draw(st.sampled_from([0, 1])),
    )


@st.composite
def rules_and_deal(draw):
    rules = draw(rules_strategy())
    return rules, draw(valid_deal(rules))


@st.composite
def rules_and_deals(draw):
    rules = draw(rules_strategy())
    return rules, draw(st.lists(valid_deal(rules), max_size=12))


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-100, 100),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.tuples(st.integers(-100, 100), st.integers(-100, 100)),
    st.lists(st.integers(-100, 100), max_size=3),
    st.tuples(st.floats(), st.text(max_size=2)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)

# For each field, values that are impossible whatever the rest of the deal.
BAD_VALUES = {
    "points": st.one_of(
        st.none(),
        st.text(max_size=4),
        st.tuples(st.integers(), st.integers()).filter(
            lambda p: sum(p) not in (60, 68)
        ),
        st.tuples(st.integers(61, 1000), st.integers(-1000, -1)),
        st.tuples(st.floats(), st.floats()),
        st.tuples(st.booleans(), st.booleans()),
        st.lists(st.integers(0, 60), min_size=3, max_size=4),
    ),
    "trump": st.one_of(
        st.text().filter(lambda s: s not in {t.value for t in Trump}),
        st.integers(),
        st.none(),
    ),
    "knocks": st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=KNOCKS_CEILING + 1),
        st.floats(),
        st.booleans(),
        st.none(),
        st.text(max_size=2),
    ),
    "blind": st.one_of(st.integers(), st.none(), st.text(max_size=2)),
    "revoke": st.one_of(
        st.integers().filter(lambda n: n not in (0, 1)),
        st.booleans(),
        st.floats(),
        st.text(max_size=2),
    ),
    "declarer": st.one_of(
        st.integers().filter(lambda n: n not in (0, 1)),
        st.booleans(),
        st.none(),
        st.floats(),
        st.text(max_size=2),
    ),
    "tricks": st.one_of(
        st.tuples(st.integers(-10, 20), st.integers(-10, 20)).filter(
            lambda t: sum(t) != 8 or min(t) < 0
        ),
        st.tuples(st.floats(), st.floats()),
        st.text(max_size=3),
        st.integers(),
        st.lists(st.integers(0, 8), min_size=3, max_size=3),
    ),
}


@given(rules_and_deal())
def test_a_valid_deal_never_raises(case):
    rules, deal = case
    validate_deal(deal, rules)
    assert isinstance(score_deal(deal, rules), DealScore)


@given(rules_and_deal(), st.integers(0, 10))
def test_only_one_side_scores_in_a_deal(case, carry):
    rules, deal = case
    result = score_deal(deal, rules, carry)
    assert min(result.scores) == 0
    assert result.scores[0] >= 0 and result.scores[1] >= 0


@given(rules_and_deal(), st.integers(0, 10))
def test_a_score_is_a_multiple_of_the_factor(case, carry):
    rules, deal = case
    rules = replace(rules, revoke_points=None)
    result = score_deal(deal, rules, carry)
    assert result.factor >= 1
    assert max(result.scores) % result.factor == 0


@given(rules_and_deal(), st.integers(0, 10))
def test_the_side_above_half_scores_its_excess_times_the_factor(case, carry):
    rules, deal = case
    assume(deal.revoke is None)
    result = score_deal(deal, rules, carry)
    a, b = deal.points
    expected = (max(a - rules.half, 0), max(b - rules.half, 0))
    assert result.scores == (expected[0] * result.factor, expected[1] * result.factor)
    if rules.max_factor is not None:
        assert result.factor <= rules.max_factor
    assert result.carry == (result.steps + 1 if rules.draw_carry and a == b else 0)


@given(rules_and_deal(), st.sampled_from(sorted(BAD_VALUES)), st.data())
def test_every_invalid_deal_raises_invalid_deal_with_a_code(case, field, data):
    rules, deal = case
    bad = data.draw(BAD_VALUES[field])
    if field == "points" and deal.revoke is not None:
        assume(bad != (0, 0))
    deal = replace(deal, **{field: bad})
    try:
        score_deal(deal, rules)
    except InvalidDeal as exc:
        assert exc.code and isinstance(exc.code, str)
        assert exc.message == exc.template % exc.params
    else:
        raise AssertionError(f"{deal!r} was accepted")


@given(
    points=JUNK,
    trump=st.one_of(JUNK, TRUMPS),
    knocks=JUNK,
    blind=JUNK,
    revoke=JUNK,
    tricks=JUNK,
    declarer=JUNK,
    rules=rules_strategy(),
)
def test_arbitrary_input_only_ever_raises_invalid_deal(rules, **fields):
    try:
        score_deal(Deal(**fields), rules)
    except InvalidDeal as exc:
        assert exc.code


@given(rules_and_deals())
@settings(max_examples=settings.default.max_examples)
def test_game_totals_equal_the_sum_of_its_deals(case):
    rules, deals = case
    try:
        game = score_game(deals, rules)
    except InvalidDeal as exc:
        assert exc.code == "game_over" and exc.index is not None
        game = score_game(deals[: exc.index], rules)
        assert game.finished
    assert game.totals == (
        sum(d.scores[0] for d in game.deals),
        sum(d.scores[1] for d in game.deals),
    )
    if game.winner is not None:
        assert game.finished and game.totals[game.winner] > game.totals[1 - game.winner]


@given(st.lists(st.integers(0, 4), min_size=5, max_size=5))
def test_points_from_cards_always_add_up_to_the_deck(counts):
    a, b = points_from_cards(CardCount(*counts))
    assert a + b == 60 and 0 <= a <= 60
