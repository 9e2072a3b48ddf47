"""Pools, then a knockout, through the directors' services (issue 25).

The pure rules are tested in tests/manille/ (pools, advancement, brackets); here
the database side: the pools stored once and played round by round, the
qualifiers sent on with their reasons, the bracket seated and played forward,
the director's decisions and refusals.
"""

import random
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from core.errors import InvalidInput, StateConflict
from draws import services as draw_services
from draws import staged
from draws.selectors import advance_preview
from draws.simulation import _play_round, tournament_simulate
from scoring import services as scoring
from standings.brackets import phase_knockout, phase_pools
from tournaments.models import (
    Entry,
    Game,
    KnockoutMatch,
    Phase,
    PoolPlace,
    Round,
    RoundLog,
    Seat,
)

pytestmark = pytest.mark.django_db


def _figures(row, codes):
    return tuple(row.tiebreaks.get(code) for code in codes)


def test_sixty_pairs_in_pools_of_four_then_a_knockout_of_sixteen(client):
    """The issue's check: the simulation command ends with a knockout whose first
    round holds the 15 pool winners and the best runner-up, each later match the
    winners of the two before, and a champion."""
    out = StringIO()
    call_command(
        "simulate_tournament",
        *"--format pairs --teams 60 --draw pools --pool-size 4 --knockout 16".split(),
        "--seed",
        "1",
        stdout=out,
        verbosity=0,
    )
    slug = out.getvalue().strip().splitlines()[-1]
    assert slug == "sim-pairs-60-pools-k16-s1"
    pools_phase, ko_phase = Phase.objects.filter(tournament__slug=slug).order_by(
        "order"
    )
    pools = phase_pools(phase=pools_phase)
    assert [len(p.members) for p in pools.pools] == [4] * 15
    # Every pool played its round robin: 6 games each, nobody met twice.
    for standing in pools.standings:
        assert {row.games_played for row in standing.rows} == {3}
    winners = {s.rows[0].entry_id for s in pools.standings}
    codes = [c for c in pools_phase.tournament.tiebreak_list if c != "head_to_head"]
    runners_up = sorted(
        (s.rows[1] for s in pools.standings),
        key=lambda row: _figures(row, codes),
        reverse=True,
    )
    assert _figures(runners_up[0], codes) != _figures(runners_up[1], codes)
    expected = winners | {runners_up[0].entry_id}

    state = phase_knockout(phase=ko_phase)
    main = state.knockout.brackets[0]
    first = main.rounds[0].matches
    assert len(first) == 8 and not any(m.bye for m in first)
    assert {e for m in first for e in (m.a, m.b)} == expected
    for before, after in zip(main.rounds, main.rounds[1:], strict=False):
        for i, match in enumerate(after.matches):
            fed = before.matches[2 * i : 2 * i + 2]
            assert {match.a, match.b} == {m.winner_id for m in fed}
    assert state.knockout.champion is not None
    assert main.rounds[-1].matches[0].winner in ("a", "b")
    third = state.knockout.bracket("third_place").rounds[0].matches[0]
    assert third.winner is not None
    # The qualifiers' seeds and the best runner-up's reason are kept.
    seeds = dict(Entry.objects.filter(phase=ko_phase).values_list("pk", "seed"))
    assert set(seeds) == expected and sorted(seeds.values()) == list(range(1, 17))
    assert seeds[runners_up[0].entry_id] == 16  # the winners are seeded first
    log = RoundLog.objects.get(
        round__phase=pools_phase, action=RoundLog.Action.ADVANCED
    )
    assert "best runner-up" in log.reason
    assert ko_phase.rounds == Round.objects.filter(phase=ko_phase).count() == 4
    # The bracket API says the same, by the entrants' names.
    answer = client.get(f"/api/tournaments/{slug}/bracket/").json()
    main_answer = answer["phases"][0]
    first_answer = main_answer["rounds"][0]["matches"]
    assert {m[side] for m in first_answer for side in ("a", "b")} == {
        state.names[e] for e in expected
    }
    assert not any(m["bye"] for m in first_answer)
    final_answer = main_answer["rounds"][-1]["matches"][0]
    champion = final_answer[final_answer["winner"]]
    assert champion == state.names[state.knockout.champion]


def test_a_field_that_is_no_power_of_two_gives_the_byes_to_the_top_seeds():
    """12 pairs in 3 pools of four, the first two of each on: 6 in a bracket of
    8, byes to seeds 1 and 2, who sit out the first round as byes."""
    built = tournament_simulate(
        format="pairs", teams=12, draw="pools", pool_size=4, knockout=6, seed=3
    )
    ko_phase = Phase.objects.get(tournament=built.tournament, order=2)
    state = phase_knockout(phase=ko_phase)
    first = state.knockout.brackets[0].rounds[0].matches
    byes = [m for m in first if m.bye]
    assert sorted(m.seed_a for m in byes) == [1, 2]
    seeds = dict(Entry.objects.filter(phase=ko_phase).values_list("seed", "pk"))
    first_round = Round.objects.filter(phase=ko_phase).order_by("number").first()
    assert set(first_round.byes.values_list("entry_id", flat=True)) == {
        seeds[1],
        seeds[2],
    }
    assert first_round.tables.count() == 2
    assert state.knockout.champion is not None


@pytest.fixture
def pools_event():
    """12 pairs in pools of four, the pools' last round left to play, then a
    knockout of four: the pool winners and the best runner-up."""
    built = tournament_simulate(
        format="pairs", teams=12, draw="pools", pool_size=4, seed=5, leave_open=True
    )
    Phase.objects.filter(tournament=built.tournament, order=1).update(
        advancement=Phase.Advancement.POOLS, per_pool=1, best_next=1
    )
    Phase.objects.create(
        tournament=built.tournament,
        order=2,
        name="Knockout",
        rounds=2,
        draw_method=Phase.DrawMethod.KNOCKOUT,
    )
    return built


def test_the_pools_are_made_once_and_each_round_seats_their_round_robin(
    pools_event,
):
    phase = Phase.objects.get(tournament=pools_event.tournament, order=1)
    pools = {
        entry: pool
        for entry, pool in PoolPlace.objects.filter(phase=phase).values_list(
            "entry_id", "pool"
        )
    }
    assert sorted(pools.values()) == [1] * 4 + [2] * 4 + [3] * 4
    met = set()
    for rnd in Round.objects.filter(phase=phase):
        for table in rnd.tables.all():
            a, b = Seat.objects.filter(table=table).values_list("entry_id", flat=True)
            assert pools[a] == pools[b]  # a pool plays inside itself
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
    assert len(met) == 3 * 6  # every pair of every pool, once


def test_a_swap_in_a_pools_round_is_refused(pools_event):
    rnd = pools_event.open_round
    seats = list(Seat.objects.filter(round=rnd).order_by("table__number")[:3])
    a, b = seats[0], next(s for s in seats if s.table_id != seats[0].table_id)
    with pytest.raises(ValidationError, match="pools or bracket"):
        draw_services.round_swap_seats(
            round=rnd, seat_a=a, seat_b=b, by=pools_event.director, reason="x"
        )


def test_advancing_before_the_pools_are_played_is_refused(pools_event):
    phase = Phase.objects.get(tournament=pools_event.tournament, order=1)
    with pytest.raises(StateConflict):
        draw_services.phase_advance(phase=phase, by=pools_event.director)


def test_an_exact_tie_at_a_pools_cut_waits_for_the_director(pools_event):
    """Pool A's first three beat each other in a cycle and all beat the fourth,
    every game 101–60: level on every tiebreak, so nobody of them goes through
    until the director ticks one; the others of the tie stay out."""
    built = pools_event
    rnd = built.open_round
    _play_round(rnd, random.Random(1), built.director, built.co_director)
    scoring.round_close(round=rnd, by=built.director)
    phase = Phase.objects.get(tournament=built.tournament, order=1)
    members = list(
        PoolPlace.objects.filter(phase=phase, pool=1)
        .order_by("seed")
        .values_list("entry_id", flat=True)
    )
    beats = {
        (members[0], members[1]),
        (members[1], members[2]),
        (members[2], members[0]),
        (members[0], members[3]),
        (members[1], members[3]),
        (members[2], members[3]),
    }
    pool_games = Game.objects.filter(
        table__round__phase=phase, table__seats__entry_id__in=members
    ).distinct()
    assert pool_games.count() == 6
    for game in pool_games:
        a, b = (
            Seat.objects.filter(table=game.table)
            .order_by("position")
            .values_list("entry_id", flat=True)
        )
        a_wins = (a, b) in beats
        Game.objects.filter(pk=game.pk).update(
            score_a=101 if a_wins else 60,
            score_b=60 if a_wins else 101,
            winner=0 if a_wins else 1,
            deals_won_a=5 if a_wins else 3,
            deals_won_b=3 if a_wins else 5,
            revokes_a=0,
            revokes_b=0,
        )
    preview = advance_preview(phase=phase)
    assert [t.key for t in preview.ties] == ["A"]
    assert {e for e, _name in preview.ties[0].candidates} == set(members[:3])
    with pytest.raises(StateConflict, match="tie"):
        draw_services.phase_advance(phase=phase, by=built.director)
    with pytest.raises(InvalidInput):  # the fourth is not in the tie
        staged.phase_tie_choose(
            phase=phase, key="A", chosen=[members[3]], by=built.director
        )
    phase = staged.phase_tie_choose(
        phase=phase, key="A", chosen=[members[2]], by=built.director
    )
    after = advance_preview(phase=phase)
    assert not after.ties
    assert members[2] in after.qualifier_ids
    assert not ({members[0], members[1]} & after.qualifier_ids)
    assert "chosen by the director" in after.reasons[members[2]]
    assert draw_services.phase_advance(phase=phase, by=built.director).count == 4


def test_a_level_knockout_game_is_decided_by_the_director():
    """A knockout game that ends level stops the next round until the director
    says who goes through; the decision shows in the bracket and the round's
    history, and cannot be taken back once the match it feeds is played."""
    built = tournament_simulate(
        format="pairs",
        teams=12,
        draw="pools",
        pool_size=4,
        knockout=4,
        seed=7,
        leave_open=True,
    )
    ko_phase = Phase.objects.get(tournament=built.tournament, order=2)
    semi_round = Round.objects.filter(phase=ko_phase).order_by("number").first()
    # The final, drawn and left open by the simulation, undrawn again; one
    # semi-final's game then corrected to a level score.
    built.open_round.delete()
    semi = KnockoutMatch.objects.filter(table__round=semi_round).first()
    Game.objects.filter(table=semi.table).update(score_a=80, score_b=80, winner=None)
    state = phase_knockout(phase=ko_phase)
    assert state.undecided == (("main", 0, semi.match_index),)
    with pytest.raises(ValidationError, match="level"):
        draw_services.round_draw(phase=ko_phase, by=built.director)
    with pytest.raises(InvalidInput):  # no reason given
        staged.knockout_match_decide(
            match=semi,
            winner="b",
            decision=KnockoutMatch.Decision.DIRECTOR,
            reason="",
            by=built.director,
        )
    staged.knockout_match_decide(
        match=semi,
        winner="b",
        decision=KnockoutMatch.Decision.DIRECTOR,
        reason="level after the game: lots drawn",
        by=built.director,
    )
    state = phase_knockout(phase=ko_phase)
    assert not state.undecided
    match = state.knockout.match("main", 0, semi.match_index)
    assert match.winner == "b"
    assert RoundLog.objects.filter(
        round=semi_round, action=RoundLog.Action.REPAIRED, reason__contains="lots"
    ).exists()
    final = draw_services.round_draw(phase=ko_phase, by=built.director)
    in_final = set(
        Seat.objects.filter(
            round=final, table__knockout_match__bracket="main"
        ).values_list("entry_id", flat=True)
    )
    in_third = set(
        Seat.objects.filter(
            round=final, table__knockout_match__bracket="third_place"
        ).values_list("entry_id", flat=True)
    )
    assert match.b in in_final and match.a in in_third
    draw_services.round_publish(round=final, by=built.director)
    _play_round(final, random.Random(2), built.director, built.co_director)
    with pytest.raises(StateConflict, match="played"):
        staged.knockout_match_decide(
            match=semi, winner="", decision="", reason="", by=built.director
        )


def test_the_director_decides_a_match_from_the_bracket_page(client):
    """The bracket page lists every match with its table; a decision posted there
    is kept with its reason, and bad input is said, never a 500."""
    built = tournament_simulate(
        format="pairs",
        teams=12,
        draw="pools",
        pool_size=4,
        knockout=4,
        seed=7,
        leave_open=True,
    )
    client.force_login(built.director)
    ko_phase = Phase.objects.get(tournament=built.tournament, order=2)
    url = f"/director/t/{built.slug}/phases/{ko_phase.pk}/bracket/"
    page = client.get(url)
    assert page.status_code == 200
    final = KnockoutMatch.objects.get(table__round=built.open_round, bracket="main")
    text = page.content.decode()
    assert "Final" in text and "Third place" in text
    decide = f"/director/t/{built.slug}/phases/{ko_phase.pk}/matches/{final.pk}/decide/"
    bad = client.post(decide, {"winner": "z", "decision": "walkover"}, follow=True)
    assert bad.status_code == 200
    final.refresh_from_db()
    assert final.decided_winner == ""
    done = client.post(
        decide,
        {"winner": "a", "decision": "walkover", "reason": "did not turn up"},
        follow=True,
    )
    assert "did not turn up" in done.content.decode()
    final.refresh_from_db()
    assert (final.decided_winner, final.decision) == ("a", "walkover")
    state = phase_knockout(phase=ko_phase)
    assert state.knockout.champion is not None
    assert state.knockout.brackets[0].rounds[-1].matches[0].walkover
    # A pools phase has no bracket page.
    pools_phase = Phase.objects.get(tournament=built.tournament, order=1)
    other = f"/director/t/{built.slug}/phases/{pools_phase.pk}/bracket/"
    assert client.get(other).status_code == 404


def test_a_consolation_bracket_and_best_of_three_are_played_to_their_end(
    pools_event,
):
    """A knockout of 8 (the first two of each pool, the two best thirds) with a
    consolation bracket of the first round's losers and matches of three games:
    every bracket ends with a winner, each match won by two games."""
    built = pools_event
    _play_round(built.open_round, random.Random(4), built.director, built.co_director)
    scoring.round_close(round=built.open_round, by=built.director)
    Phase.objects.filter(tournament=built.tournament, order=1).update(
        per_pool=2, best_next=2
    )
    ko_phase = Phase.objects.get(tournament=built.tournament, order=2)
    Phase.objects.filter(pk=ko_phase.pk).update(
        consolation=True, best_of=3, third_place=False
    )
    pools_phase = Phase.objects.get(tournament=built.tournament, order=1)
    assert draw_services.phase_advance(phase=pools_phase, by=built.director).count == 8
    ko_phase.refresh_from_db()
    assert ko_phase.rounds == 3  # the consolation's two rounds end with the final
    for number in range(ko_phase.rounds):
        rnd = draw_services.round_draw(phase=ko_phase, by=built.director)
        assert {t.games.count() for t in rnd.tables.all()} == {3}
        draw_services.round_publish(round=rnd, by=built.director)
        _play_round(rnd, random.Random(number), built.director, built.co_director)
        scoring.round_close(round=rnd, by=built.director)
    state = phase_knockout(phase=ko_phase)
    consolation = state.knockout.bracket("consolation")
    assert len(consolation.rounds[0].matches) == 2
    losers = {m.loser_id for m in state.knockout.brackets[0].rounds[0].matches}
    assert {e for m in consolation.rounds[0].matches for e in (m.a, m.b)} == losers
    assert consolation.rounds[-1].matches[0].winner is not None
    assert state.knockout.champion is not None
    with pytest.raises(ValidationError, match="All 3 rounds"):
        draw_services.round_draw(phase=ko_phase, by=built.director)


def test_individual_elimination_by_tables_of_four_the_first_two_go_on():
    """32 players at 8 tables; the first two of each table go on to 4 tables,
    then 2, then the final table: each phase's field is exactly the first two
    of every table of the one before, seeded by their ranking."""
    from draws.simulation import _directors, _people_find_or_create, _register
    from standings.selectors import standings_for
    from tournaments import services as tournament_services

    user, _second = _directors()
    top_two = Phase.Advancement.TABLE_TOP_TWO
    phases = [
        {
            "name": f"Elimination {n}",
            "rounds": 1,
            "draw_method": Phase.DrawMethod.INDIVIDUAL if n == 1 else "seeded",
            "advancement": top_two,
        }
        for n in (1, 2, 3)
    ] + [{"name": "Final table", "rounds": 1, "draw_method": "seeded"}]
    tournament = tournament_services.tournament_create(
        by=user,
        name="Kortrijk",
        slug="kortrijk",
        date="2026-12-05",
        venue="Kortrijk",
        format="individual",
        phases=phases,
        language="nl",
    )
    _register(tournament, _people_find_or_create(count=32), count=32, pairs=False)
    rng = random.Random(32)
    fields = []
    for phase in tournament.phases.order_by("order"):
        rnd = draw_services.round_draw(phase=phase, by=user, seed=phase.order)
        draw_services.round_publish(round=rnd, by=user)
        _play_round(rnd, rng, user, user)
        scoring.round_close(round=rnd, by=user)
        fields.append(rnd.tables.count())
        if phase.advancement != top_two:
            continue
        ranked = [r.entry_id for r in standings_for(tournament=tournament, phase=phase)]
        expected = set()
        for table in rnd.tables.all():
            seated = set(table.seats.values_list("entry_id", flat=True))
            expected |= set(sorted(seated, key=ranked.index)[:2])
        result = draw_services.phase_advance(phase=phase, by=user)
        assert set(result.qualifier_ids) == expected
        assert [r.entry_id for r in result.qualifiers] == sorted(
            expected, key=ranked.index
        )
    assert fields == [8, 4, 2, 1]


def test_the_first_two_of_each_table_is_refused_for_pairs(director):
    from tournaments import services as tournament_services

    with pytest.raises(ValidationError, match="tables of four"):
        tournament_services.tournament_create(
            by=director,
            name="Pairs",
            slug="pairs",
            date="2026-12-05",
            venue="Roeselare",
            format="pairs",
            phases=[
                {
                    "name": "Rounds",
                    "rounds": 1,
                    "draw_method": "swiss",
                    "advancement": Phase.Advancement.TABLE_TOP_TWO,
                },
                {"name": "Final", "rounds": 1, "draw_method": "seeded"},
            ],
            language="nl",
        )
