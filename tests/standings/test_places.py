"""``compute_places`` ranks exactly as ``compute_standings`` does, without the lines.

The series reads forty events through ``compute_places``; an evening's line in a
series must agree with that evening's own standings, so the two are compared on
random events: sides of one or two, draws, unknown entrants, byes under every
rule, every tiebreak order (head-to-head included) and names that tie.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from manille.standings import (
    ByeRow,
    ByeRule,
    EntrantInfo,
    GameRow,
    GameScore,
    PlaceRow,
    compute_places,
    compute_standings,
    game_score,
)
from manille.tiebreaks import TIEBREAKS


def _places_of(rows) -> list[PlaceRow]:
    """What compute_places must give, read from compute_standings' rows."""
    return [
        PlaceRow(
            r.rank,
            r.entry_id,
            r.shared,
            r.games_played,
            r.games_won,
            r.points,
            r.point_difference,
            r.deals_won,
            r.revokes,
            r.opponents_strength,
            r.bye_games,
            r.bye_points,
            r.bye_rounds,
        )
        for r in rows
    ]


@st.composite
def events(draw):
    n = draw(st.integers(min_value=0, max_value=12))
    # Few names, so that entrants equal on everything are listed by name.
    names = draw(st.lists(st.sampled_from(["Ann", "bob", "Bob", "Cas"]), min_size=n))
    entrants = [EntrantInfo(id=i + 1, name=names[i]) for i in range(n)]
    ids = st.integers(min_value=1, max_value=n + 2)  # n + 1, n + 2: not listed
    side = st.lists(ids, min_size=1, max_size=2, unique=True).map(tuple)
    games = []
    for gid in range(draw(st.integers(min_value=0, max_value=25))):
        score_a, score_b = draw(st.integers(0, 160)), draw(st.integers(0, 160))
        games.append(
            GameRow(
                id=gid + 1,
                round_number=draw(st.integers(1, 4)),
                phase_id=1,
                table_number=draw(st.integers(1, 3)),
                side_a=draw(side),
                side_b=draw(side),
                score_a=score_a,
                score_b=score_b,
                winner=draw(st.sampled_from([0, 1, None])),
                deals_won_a=draw(st.integers(0, 5)),
                deals_won_b=draw(st.integers(0, 5)),
                revokes_a=draw(st.integers(0, 2)),
                revokes_b=draw(st.integers(0, 2)),
                number=draw(st.integers(1, 3)),
            )
        )
    byes = [
        ByeRow(entry_id=e, round_number=r, games=g)
        for e, r, g in draw(
            st.lists(st.tuples(ids, st.integers(1, 4), st.integers(1, 3)), max_size=4)
        )
    ]
    rule = ByeRule(
        score=draw(st.sampled_from(["none", "fixed", "average"])),
        points=draw(st.integers(0, 120)),
        wins=draw(st.booleans()),
    )
    codes = draw(st.permutations(list(TIEBREAKS)))
    tiebreaks = codes[: draw(st.integers(0, len(codes)))]
    return entrants, games, byes, rule, tiebreaks


@settings(max_examples=2 * settings.default.max_examples)  # 400 in CI
@given(events())
def test_the_places_are_the_standings_without_the_lines(event):
    entrants, games, byes, rule, tiebreaks = event
    full = compute_standings(
        entrants, games, tiebreaks=tiebreaks, byes=byes, bye_rule=rule
    )
    places = compute_places(
        {e.id: e.name for e in entrants},
        [game_score(g) for g in games],
        tiebreaks=tiebreaks,
        byes=byes,
        bye_rule=rule,
    )
    assert places == _places_of(full)


def test_plain_tuples_of_the_nine_figures_will_do_for_the_games():
    rows = compute_places(
        {1: "Ann", 2: "Bob", 3: "Cas", 4: "Dirk"},
        [
            GameScore((1, 2), (3, 4), 101, 40, 0),
            ((1, 3), (2, 4), 60, 101, 1, 2, 5, 0, 1),
        ],
    )
    assert [(r.entry_id, r.rank, r.games_won, r.points) for r in rows] == [
        (2, 1, 2, 202),
        (1, 2, 1, 161),
        (4, 3, 1, 141),
        (3, 4, 0, 100),
    ]


# Any row with the totals' attributes will do: a PlaceRow has them all.
_ROWS = st.dictionaries(
    st.integers(1, 50),
    st.builds(PlaceRow, *(st.integers(-50, 50) for _ in range(12)), st.just(())),
    max_size=20,
)


@given(_ROWS)
def test_every_metric_reads_its_keys_at_once_as_one_by_one(rows):
    for metric in TIEBREAKS.values():
        if metric.pairwise:
            continue
        one_by_one = {k: metric.sort_key(r) for k, r in rows.items()}
        assert metric.sort_keys(rows) == one_by_one
        if metric.attribute is not None:
            for r in rows.values():
                assert metric.value(r) == getattr(r, metric.attribute)
