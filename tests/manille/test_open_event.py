"""Play Roeselare's open on plain rows: 60 pairs in pools of four, then a last 16."""

import random

from manille.knockout import (
    knockout_build,
    knockout_phases,
    pool_advancement,
    pool_rounds,
    pool_standings,
    split_pools,
)
from manille.knockout.advancement import BEST_NEXT, DIRECTOR
from manille.knockout.bracket import MAIN
from manille.standings import EntrantInfo
from tests.manille.knockout_helpers import (
    at_random,
    entrants,
    name,
    play_through,
    pool_games,
)


def test_sixty_pairs_in_pools_of_four_make_a_last_16_with_the_best_runner_up():
    rng = random.Random(1)
    split = split_pools(entrants(60, clubs=12, rng=rng), size=4)
    assert [len(p.members) for p in split.pools] == [4] * 15
    assert {len(pool_rounds(p)) for p in split.pools} == {3}, "10:00, 11:00, 13:00"
    games, byes = [], []
    for pool in split.pools:
        g, b = pool_games(pool, rng)
        games += g
        byes += b
    infos = [EntrantInfo(id=e, name=name(e)) for e in range(1, 61)]
    standings = pool_standings(split.pools, infos, games, byes=byes)
    adv = pool_advancement(standings, per_pool=1, best_next=1)
    chosen: dict[str, tuple[int, ...]] = {}
    while not adv.complete:  # the director settles any exact tie
        chosen |= {t.key: t.candidates[: t.places] for t in adv.ties}
        adv = pool_advancement(standings, per_pool=1, best_next=1, chosen=chosen)
    assert len(adv.qualifiers) == 16
    winners = {p.letter: p.rows[0].entry_id for p in standings}
    assert {q.entry_id for q in adv.qualifiers[:15]} <= set(winners.values()) | {
        i for ids in chosen.values() for i in ids
    }
    last = adv.qualifiers[15]
    assert last.route in (BEST_NEXT, DIRECTOR)
    assert last.place == 2

    pool_of = {q.entry_id: q.pool for q in adv.qualifiers}
    ko = knockout_build(
        [q.entry_id for q in adv.qualifiers], consolation=True, apart=pool_of
    )
    first = ko.bracket(MAIN).rounds[0]
    assert first.name == "Last 16"
    assert not any(m.bye for m in first.matches)
    assert all(pool_of[m.a] != pool_of[m.b] for m in first.matches)
    done = play_through(ko, at_random(rng))
    assert done.champion in {q.entry_id for q in adv.qualifiers}
    phases = knockout_phases(done, names={e: name(e) for e in range(1, 61)})
    assert [p["name"] for p in phases] == [
        "Main bracket",
        "Match for third place",
        "Consolation bracket",
    ]
    final = phases[0]["rounds"][-1]
    assert final["name"] == "Final"
    assert final["matches"][0]["winner"] in ("a", "b")
    assert len(phases[2]["rounds"][0]["matches"]) == 4, "the eight first-round losers"
