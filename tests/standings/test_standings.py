"""Rank entrants and clubs on plain rows, without a database."""

import pytest

from manille.standings import (
    ByeRow,
    ByeRule,
    EntrantInfo,
    GameRow,
    StandingsError,
    compute_club_standings,
    compute_standings,
    explain_order,
)

_ids = iter(range(1, 10_000))


def game(a, b, score_a, score_b, *, rnd=1, table=1, **kw):
    """A game between sides ``a`` and ``b``; the higher score wins unless told."""
    winner = kw.pop(
        "winner", 0 if score_a > score_b else 1 if score_b > score_a else None
    )
    return GameRow(
        id=next(_ids),
        round_number=rnd,
        phase_id=kw.pop("phase_id", 1),
        table_number=table,
        side_a=tuple(a),
        side_b=tuple(b),
        score_a=score_a,
        score_b=score_b,
        winner=winner,
        **kw,
    )


def people(*names, club=None):
    return [
        EntrantInfo(
            id=i, name=n, club_id=club, club_name=f"Club {club}" if club else ""
        )
        for i, n in enumerate(names, start=1)
    ]


def by_id(rows):
    return {r.entry_id: r for r in rows}


def test_a_player_counts_his_sides_games_whatever_his_partner():
    """At a table of four each player gets his side's total and win in every game."""
    players = people("Anna", "Bert", "Cis", "Dirk")
    games = [
        game((1, 2), (3, 4), 101, 40),
        game((1, 3), (2, 4), 60, 101),
        game((1, 4), (2, 3), 101, 90),
    ]
    rows = by_id(compute_standings(players, games, tiebreaks=["games_won", "points"]))
    assert (rows[1].games_played, rows[1].games_won, rows[1].points) == (3, 2, 262)
    assert rows[1].point_difference == 61 - 41 + 11
    assert (rows[2].games_won, rows[2].points) == (2, 292)
    assert (rows[3].games_won, rows[3].points) == (0, 190)
    assert rows[2].rank == 1 and rows[1].rank == 2


def test_default_order_is_games_won_then_points_then_difference():
    players = people("A", "B", "C", "D")
    games = [
        game((1,), (2,), 101, 100),  # A beats B narrowly
        game((3,), (4,), 101, 0),  # C beats D widely
        game((2,), (4,), 101, 50),
        game((1,), (3,), 20, 101),
    ]
    rows = compute_standings(players, games, tiebreaks=[])
    # C: 2 wins. A and B: 1 win; B has more points (201 vs 121).
    assert [r.name for r in rows] == ["C", "B", "A", "D"]


@pytest.mark.parametrize(
    ("code", "expected_first"),
    [
        ("games_won", "B"),
        ("points", "A"),
        ("point_difference", "C"),
        ("deals_won", "D"),
        ("fewest_revokes", "C"),
    ],
)
def test_each_plain_tiebreak_orders_on_its_own_figure(code, expected_first):
    """Each code alone decides the order; higher first, except revokes (fewest)."""
    players = people("A", "B", "C", "D")
    games = [
        # A: many points but loses; B: wins twice narrowly; C: wins once by a lot.
        game((1,), (2,), 100, 101, deals_won_a=3, deals_won_b=4, revokes_b=1),
        game((1,), (2,), 100, 101, deals_won_a=3, deals_won_b=4, revokes_a=1),
        game((3,), (4,), 101, 0, deals_won_a=5, deals_won_b=0, revokes_b=2),
        game((4,), (3,), 99, 60, deals_won_a=20, deals_won_b=1, winner=0),
        game((1,), (4,), 101, 90),
    ]
    # won: A1 B2 C1 D1; points: A301 B202 C161 D189; difference: A9 B2 C62 D-73;
    # deals: A6 B8 C6 D20; revokes: A1 B1 C0 D2.
    rows = compute_standings(players, games, tiebreaks=[code])
    assert rows[0].name == expected_first
    assert code in rows[0].tiebreaks


def test_opponents_strength_sums_the_games_won_by_every_opponent_met():
    players = people("A", "B", "C", "D")
    games = [
        game((1,), (3,), 101, 10),  # A beats C (C will have 1 win)
        game((2,), (4,), 101, 10),  # B beats D (D: 0 wins)
        game((3,), (4,), 101, 10),  # C beats D
    ]
    rows = by_id(compute_standings(players, games, tiebreaks=["opponents_strength"]))
    assert rows[1].opponents_strength == 1  # met C once
    assert rows[2].opponents_strength == 0  # met D
    assert rows[3].opponents_strength == 1 + 0  # met A (1 win) and D (0)
    assert rows[4].opponents_strength == 1 + 1  # met B and C
    assert rows[1].opponents == ((3, 1),)
    assert [rows[i].rank for i in (4, 1, 3, 2)] == [1, 2, 2, 4]


def test_head_to_head_decides_between_exactly_two_tied_entrants():
    players = people("A", "B", "C", "D")
    games = [
        game((1,), (2,), 90, 101),  # B beats A
        game((1,), (3,), 101, 0),
        game((4,), (2,), 101, 0),
        game((4,), (3,), 101, 0),
    ]
    # A and B: 1 win each; points alone would put A first (191 vs 101).
    order = ["games_won", "head_to_head", "points"]
    rows = compute_standings(players, games, tiebreaks=order)
    assert [r.name for r in rows] == ["D", "B", "A", "C"]
    b, a = rows[1], rows[2]
    assert b.tiebreaks["head_to_head"] == 1 and a.tiebreaks["head_to_head"] == 0
    assert rows[0].tiebreaks["head_to_head"] is None
    assert explain_order(b, a, order) == (
        "head_to_head",
        1,
        0,
    )


def test_head_to_head_is_skipped_when_more_than_two_are_tied():
    """A cycle of three: head-to-head cannot apply, points decide."""
    players = people("A", "B", "C")
    games = [
        game((1,), (2,), 101, 0),  # A beats B
        game((2,), (3,), 101, 50),  # B beats C
        game((3,), (1,), 101, 90),  # C beats A
    ]
    rows = compute_standings(
        players, games, tiebreaks=["games_won", "head_to_head", "points"]
    )
    assert [r.name for r in rows] == ["A", "C", "B"]  # points 191, 151, 101
    assert all(r.tiebreaks["head_to_head"] is None for r in rows)


def test_head_to_head_then_falls_through_when_they_split_their_games():
    players = people("A", "B")
    games = [game((1,), (2,), 101, 50), game((1,), (2,), 40, 101)]
    rows = compute_standings(players, games, tiebreaks=["head_to_head", "points"])
    assert [r.name for r in rows] == ["B", "A"]  # 151 vs 141 points
    assert rows[0].tiebreaks["head_to_head"] == 1
    assert explain_order(rows[0], rows[1], ["head_to_head", "points"]) == (
        "points",
        151,
        141,
    )


def test_entrants_equal_on_every_tiebreak_share_the_rank():
    players = people("D", "C", "B", "A")
    games = [
        game((1,), (4,), 101, 50),
        game((2,), (3,), 101, 50),
    ]
    rows = compute_standings(players, games, tiebreaks=["games_won", "points"])
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    assert all(r.shared for r in rows)
    # Shared ranks are listed by name.
    assert [r.name for r in rows] == ["C", "D", "A", "B"]
    assert explain_order(rows[0], rows[1], ["games_won", "points"]) == (
        None,
        None,
        None,
    )


def test_shared_ranks_skip_the_places_they_take():
    players = people("A", "B", "C", "D")
    games = [
        game((1,), (4,), 101, 0),
        game((1,), (4,), 101, 0),
        game((2,), (4,), 101, 50),
        game((3,), (4,), 101, 50),
    ]
    rows = compute_standings(players, games, tiebreaks=["games_won", "points"])
    assert [(r.name, r.rank, r.shared) for r in rows] == [
        ("A", 1, False),
        ("B", 2, True),
        ("C", 2, True),
        ("D", 4, False),
    ]


def test_an_entrant_without_games_is_listed_with_zeroes():
    rows = compute_standings(people("A", "B"), [], tiebreaks=[])
    assert [(r.rank, r.games_played, r.points) for r in rows] == [(1, 0, 0), (1, 0, 0)]


def test_a_drawn_game_is_played_but_won_by_nobody():
    rows = by_id(compute_standings(people("A", "B"), [game((1,), (2,), 70, 70)]))
    assert rows[1].games_played == 1 and rows[1].games_won == 0
    assert rows[1].games[0].result == "drawn"


def test_games_lines_explain_partner_opponents_and_score():
    players = people("A", "B", "C", "D")
    rows = by_id(
        compute_standings(players, [game((1, 2), (3, 4), 101, 40, rnd=2, table=7)])
    )
    line = rows[1].games[0]
    assert (line.partners, line.opponents, line.score, line.opponent_score) == (
        (2,),
        (3, 4),
        101,
        40,
    )
    assert (line.round_number, line.table_number, line.result) == (2, 7, "won")
    assert rows[3].games[0].result == "lost"


@pytest.mark.parametrize(
    ("rule", "won", "played", "points"),
    [
        (ByeRule(score="fixed", points=60, wins=True), 1 + 3, 1 + 3, 101 + 180),
        (ByeRule(score="fixed", points=60, wins=False), 1, 1, 101 + 180),
        (ByeRule(score="none", wins=True), 4, 4, 101),
        (ByeRule(score="average", wins=True), 4, 4, 101 + 303),
    ],
)
def test_a_bye_counts_as_the_tournament_says(rule, won, played, points):
    rows = by_id(
        compute_standings(
            people("A", "B"),
            [game((1,), (2,), 101, 20)],
            byes=[ByeRow(entry_id=1, round_number=2, games=3)],
            bye_rule=rule,
        )
    )
    assert (rows[1].games_won, rows[1].games_played, rows[1].points) == (
        won,
        played,
        points,
    )
    assert rows[1].point_difference == 81  # a bye never changes the difference


def test_unknown_tiebreak_is_refused():
    with pytest.raises(StandingsError):
        compute_standings(people("A"), [], tiebreaks=["luck"])
    with pytest.raises(StandingsError):
        ByeRule(score="generous")


def test_games_of_unknown_entrants_are_ignored():
    rows = compute_standings(people("A"), [game((1, 99), (98, 97), 101, 0)])
    assert rows[0].games_won == 1 and len(rows) == 1


def test_clubs_rank_on_average_win_percentage_then_games_won():
    """23 of 35 games is 65.71 %, as the Belgian championship computes it."""
    ents = [
        EntrantInfo(1, "A", 10, "Zwevegem"),
        EntrantInfo(2, "B", 10, "Zwevegem"),
        EntrantInfo(3, "C", 20, "Avelgem"),
        EntrantInfo(4, "D", 30, "Brugge"),
        EntrantInfo(5, "E", None, ""),
    ]
    games = [
        game((1,), (3,), 101, 0),
        game((2,), (3,), 0, 101),
        game((4,), (5,), 101, 0),
        game((4,), (5,), 101, 0),
        game((3,), (5,), 101, 0),
        game((3,), (5,), 101, 0),
    ]
    players = compute_standings(ents, games, tiebreaks=[])
    clubs = compute_club_standings(players)
    # Brugge 2/2 = 100 %; Avelgem 3/4 = 75 %; Zwevegem 1/2 = 50 %.
    assert [(c.name, c.rank, c.win_percentage) for c in clubs] == [
        ("Brugge", 1, 100.0),
        ("Avelgem", 2, 75.0),
        ("Zwevegem", 3, 50.0),
    ]
    assert clubs[2].members == 2 and set(clubs[2].entry_ids) == {1, 2}


def test_club_percentage_is_rounded_to_two_decimals_and_ties_are_shared():
    ents = [
        EntrantInfo(i, f"P{i}", 1 if i <= 7 else 2, "X" if i <= 7 else "Y")
        for i in range(1, 15)
    ]
    # Club X: 23 wins out of 35 games (7 players x 5 games); club Y: the same.
    games = []
    wins = iter([4, 4, 4, 3, 3, 3, 2])
    for pid in range(1, 8):
        w = next(wins)
        for k in range(5):
            games.append(
                game((pid,), (pid + 7,), 101 if k < w else 0, 0 if k < w else 101)
            )
    clubs = compute_club_standings(compute_standings(ents, games, tiebreaks=[]))
    x = next(c for c in clubs if c.name == "X")
    assert (x.games_won, x.games_played, x.win_percentage) == (23, 35, 65.71)
    assert x.rank == 1 and not x.shared


def test_equal_clubs_share_a_rank():
    ents = [EntrantInfo(1, "A", 1, "X"), EntrantInfo(2, "B", 2, "Y")]
    clubs = compute_club_standings(
        compute_standings(ents, [game((1,), (2,), 50, 50)], tiebreaks=[])
    )
    assert [c.rank for c in clubs] == [1, 1] and all(c.shared for c in clubs)


def test_explain_order_names_the_first_tiebreak_that_separates_two_rows():
    players = people("A", "B")
    games = [game((1,), (2,), 101, 99), game((2,), (1,), 101, 60)]
    rows = compute_standings(players, games, tiebreaks=["games_won", "points"])
    assert explain_order(rows[0], rows[1], ["games_won", "points"]) == (
        "points",
        200,
        161,
    )
