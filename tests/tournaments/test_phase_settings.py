"""The settings of pools and knockouts: what ``phases_save`` fills in, refuses and
resets. The phase form that shows them by draw, and the round clock's settings, are
checked in ``test_phase_settings_form.py``."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from actionlog.models import ActionEntry
from tests import factories
from tests.tournaments.phase_helpers import knockout, pools
from tournaments import services
from tournaments.models import PHASE_FIELDS, Entry, Phase, PoolPlace, Tournament

pytestmark = pytest.mark.django_db


def event(director, *, format=Tournament.Format.PAIRS, phases=None) -> Tournament:
    return services.tournament_create(
        by=director,
        name="Open",
        date=datetime.date(2026, 11, 14),
        format=format,
        target=None,
        deals=16,
        phases=phases,
    )


def refusal(director, rows, *, format=Tournament.Format.PAIRS) -> dict:
    """The refusal of creating a tournament with ``rows``: its messages by field."""
    with pytest.raises(ValidationError) as caught:
        event(director, format=format, phases=rows)
    assert not Tournament.objects.exists()  # all or nothing
    return caught.value.message_dict


# ------------------------------------------------------------------------- pools


def test_pools_then_a_knockout_are_saved_as_set(director):
    t = event(director, phases=[pools(), knockout()])
    first, second = t.phases.order_by("order")
    assert (first.pool_size, first.pool_seeding, first.per_pool, first.best_next) == (
        4,
        "snake",
        1,
        1,
    )
    assert (first.rounds, first.advancement) == (3, "pools")
    assert (second.rounds, second.best_of, second.third_place) == (4, 1, True)
    assert second.consolation is False and second.advancement == "none"


@pytest.mark.parametrize("size,rounds", [(2, 1), (3, 3), (4, 3), (5, 5), (6, 5)])
def test_a_pools_rounds_left_empty_are_the_round_robins(director, size, rounds):
    t = event(director, phases=[pools(pool_size=size, rounds=None, advancement="none")])
    assert t.phases.get().rounds == rounds


def test_pools_of_two_may_play_the_three_rounds_of_an_odd_fields_pool_of_three(
    director,
):
    t = event(director, phases=[pools(pool_size=2, rounds=3, advancement="none")])
    assert t.phases.get().rounds == 3


def test_a_pools_rounds_that_do_not_fit_its_size_are_refused_with_the_right_number(
    director,
):
    errors = refusal(director, [pools(rounds=5), knockout()])
    assert errors == {
        "rounds": [
            "Pools: a pool of 4 plays 3 rounds: set the rounds to 3 (or leave them "
            "empty)."
        ]
    }


@pytest.mark.parametrize("size", [None, 1, 13])
def test_a_pools_phase_needs_a_size_from_2_to_12(director, size):
    errors = refusal(director, [pools(pool_size=size, advancement="none")])
    assert errors == {"pool_size": ["Pools: say how many a pool holds (2 to 12)."]}


def test_an_individual_events_pools_are_tables_of_four_playing_one_round(director):
    fmt = Tournament.Format.INDIVIDUAL
    errors = refusal(director, [pools(pool_size=5, advancement="none")], format=fmt)
    assert "set the pool size to 4" in errors["pool_size"][0]
    t = event(
        director,
        format=fmt,
        phases=[
            pools(rounds=None, per_pool=1, best_next=0),
            {"name": "Final", "rounds": 1, "draw_method": "seeded"},
        ],
    )
    first = t.phases.order_by("order").first()
    assert (first.rounds, first.games_per_table) == (1, 3)


@pytest.mark.parametrize("per_pool", [None, 0])
def test_advancing_by_pools_says_how_many_go_on_from_each(director, per_pool):
    errors = refusal(director, [pools(per_pool=per_pool), knockout()])
    assert errors == {
        "per_pool": ["Pools: say how many go on from each pool (1 or more)."]
    }


def test_a_whole_pool_does_not_go_on(director):
    errors = refusal(director, [pools(per_pool=4), knockout()])
    assert "at most 3" in errors["per_pool"][0]


def test_advancing_by_pools_needs_a_phase_after(director):
    errors = refusal(director, [pools()])
    assert errors["advancement"][0].startswith("Pools: the pools' qualifiers need")


def test_only_a_pools_phase_advances_by_pools(director):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    errors = refusal(director, [swiss | {"advancement": "pools", "per_pool": 1}, swiss])
    assert errors["advancement"][0].startswith("Swiss: only a pools phase")


def test_a_pools_phase_advances_by_its_pools_or_not_at_all(director):
    errors = refusal(
        director, [pools(advancement="top_n", advance_count=16), knockout()]
    )
    assert "the first of each pool" in errors["advancement"][0]


# ---------------------------------------------------------------------- knockout


def test_a_knockout_is_never_the_first_phase(director):
    errors = refusal(director, [knockout()])
    assert errors["draw_method"][0].startswith("Knockout: a knockout is seeded from")


def test_a_knockout_is_for_pairs(director):
    swiss = {"name": "Rounds", "rounds": 3, "draw_method": "individual"}
    errors = refusal(
        director,
        [swiss | {"advancement": "top_n", "advance_count": 16}, knockout()],
        format=Tournament.Format.INDIVIDUAL,
    )
    assert "does not fit" in errors["draw_method"][0]


def test_a_knockout_needs_qualifiers_from_the_phase_before(director):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    errors = refusal(director, [swiss, knockout()])
    assert "say who goes on from it" in errors["draw_method"][0]


def test_nobody_advances_from_a_knockout(director):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    rows = [
        swiss | {"advancement": "top_n", "advance_count": 8},
        knockout(rounds=None, advancement="top_n", advance_count=2),
        swiss | {"name": "After"},
    ]
    errors = refusal(director, rows)
    # The draw's unused count is dropped; the advancement itself is refused.
    assert errors["advancement"][0].startswith("Knockout: a knockout ends")


@pytest.mark.parametrize("qualifiers,rounds", [(2, 1), (5, 3), (8, 3), (16, 4)])
def test_a_knockouts_rounds_follow_the_qualifiers_of_a_top_n(
    director, qualifiers, rounds
):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    t = event(
        director,
        phases=[
            swiss | {"advancement": "top_n", "advance_count": qualifiers},
            knockout(rounds=None),
        ],
    )
    assert t.phases.get(order=2).rounds == rounds


def test_a_knockouts_wrong_rounds_are_refused_where_the_qualifiers_are_known(
    director,
):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    errors = refusal(
        director,
        [swiss | {"advancement": "top_n", "advance_count": 16}, knockout(rounds=3)],
    )
    assert errors["rounds"] == [
        "Knockout: 16 qualifiers make a knockout of 4 rounds: set the rounds to 4 "
        "(or leave them empty)."
    ]


def test_after_pools_the_directors_number_stands_until_the_field_is_known(director):
    errors = refusal(director, [pools(), knockout(rounds=None)])
    assert "say how many rounds the knockout plays" in errors["rounds"][0]
    t = event(director, phases=[pools(), knockout(rounds=5)])
    assert t.phases.get(order=2).rounds == 5  # 60 pairs or 70: not known yet


def test_after_drawn_pools_the_knockouts_rounds_are_known(director):
    """15 pools drawn: their winners and the best runner-up, the last 16."""
    t = event(director, phases=[pools(), knockout(rounds=5)])
    first = t.phases.get(order=1)
    teams = [factories.TeamFactory() for _ in range(60)]
    entries = [
        Entry.objects.create(tournament=t, team=team, status="present")
        for team in teams
    ]
    PoolPlace.objects.bulk_create(
        PoolPlace(phase=first, entry=e, pool=i % 15 + 1, seed=i + 1)
        for i, e in enumerate(entries)
    )
    rows = [
        {"id": p.pk} | {name: getattr(p, name) for name in PHASE_FIELDS}
        for p in t.phases.order_by("order")
    ]
    with pytest.raises(ValidationError) as caught:
        services.phases_save(tournament=t, rows=rows, by=director)
    assert "16 qualifiers make a knockout of 4 rounds" in str(caught.value)
    rows[1]["rounds"] = None
    services.phases_save(tournament=t, rows=rows, by=director)
    assert t.phases.get(order=2).rounds == 4


def test_more_best_of_the_next_place_than_pools_is_refused(director):
    rows = [
        {
            "name": "Swiss",
            "rounds": 3,
            "draw_method": "swiss",
            "advancement": "top_n",
            "advance_count": 8,
        },
        pools(best_next=3),  # 8 pairs in 2 pools: 2 runners-up at most
        knockout(rounds=None),
    ]
    errors = refusal(director, rows)
    assert errors["best_next"][0].startswith("Pools: 2 pools have 2 entrants")


def test_a_best_of_three_plays_three_games_a_table(director):
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    t = event(
        director,
        phases=[
            swiss | {"advancement": "top_n", "advance_count": 8},
            knockout(rounds=None, best_of=3, games_per_table=1, consolation=True),
        ],
    )
    ko = t.phases.get(order=2)
    assert (ko.best_of, ko.games_per_table, ko.consolation, ko.rounds) == (
        3,
        3,
        True,
        3,
    )


def test_a_seeded_knockout_keeps_the_rounds_its_seeding_set(director):
    """17 qualified where 16 were planned (a tie let in): 5 rounds stand."""
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    t = event(
        director,
        phases=[swiss | {"advancement": "top_n", "advance_count": 16}, knockout()],
    )
    ko = t.phases.get(order=2)
    for seed in range(1, 18):
        Entry.objects.create(
            tournament=t, team=factories.TeamFactory(), phase=ko, seed=seed
        )
    Phase.objects.filter(pk=ko.pk).update(rounds=5)  # as seeding the phase sets it
    rows = [
        {"id": p.pk} | {name: getattr(p, name) for name in PHASE_FIELDS}
        for p in t.phases.order_by("order")
    ]
    rows[0]["name"] = "Swiss rounds"
    services.phases_save(tournament=t, rows=rows, by=director)
    assert t.phases.get(order=2).rounds == 5


# ------------------------------------------------------------------------ resets


def test_the_settings_a_draw_does_not_use_are_reset_when_saved(director):
    swiss = {
        "name": "Swiss",
        "rounds": 3,
        "draw_method": "swiss",
        "advancement": "top_n",
        "advance_count": 8,
        # What a hidden part of the form may still hold.
        "pool_size": 4,
        "pool_seeding": "random",
        "per_pool": 2,
        "best_next": 3,
        "best_of": 3,
        "third_place": True,
        "consolation": True,
    }
    t = event(director, phases=[swiss, knockout(rounds=3, advance_count=4)])
    first, second = t.phases.order_by("order")
    assert (first.pool_size, first.pool_seeding, first.per_pool) == (
        None,
        "snake",
        None,
    )
    assert (first.best_next, first.best_of, first.third_place) == (0, 1, False)
    assert first.consolation is False and first.advance_count == 8
    assert second.advance_count is None and second.pool_size is None


def test_a_pools_phase_advancing_nobody_keeps_no_count_of_qualifiers(director):
    t = event(director, phases=[pools(advancement="none", per_pool=2, best_next=1)])
    phase = t.phases.get()
    assert (phase.per_pool, phase.best_next, phase.pool_size) == (None, 0, 4)


def test_a_drawn_pools_phase_keeps_its_size(director):
    t = event(director, phases=[pools(), knockout()])
    first = t.phases.get(order=1)
    factories.RoundFactory(tournament=t, phase=first, number=1)
    rows = [
        {"id": p.pk} | {name: getattr(p, name) for name in PHASE_FIELDS}
        for p in t.phases.order_by("order")
    ]
    rows[0] |= {"pool_size": 3, "rounds": 3}
    with pytest.raises(ValidationError) as caught:
        services.phases_save(tournament=t, rows=rows, by=director)
    assert "“pool size” cannot change" in str(caught.value)
    rows[0] |= {"pool_size": 4, "draw_method": "round_robin", "advancement": "none"}
    with pytest.raises(ValidationError) as caught:
        services.phases_save(tournament=t, rows=rows, by=director)
    assert "its draw cannot change" in str(caught.value)
    rows[0] |= {"draw_method": "pools", "advancement": "pools"}
    rows[0] |= {"best_next": 0}  # who goes on may still change
    services.phases_save(tournament=t, rows=rows, by=director)
    assert t.phases.get(order=1).best_next == 0


def test_a_change_of_the_pools_settings_is_in_the_history(director, director_client):
    t = event(director, phases=[pools(), knockout()])
    rows = [
        {"id": p.pk} | {name: getattr(p, name) for name in PHASE_FIELDS}
        for p in t.phases.order_by("order")
    ]
    rows[0]["pool_seeding"] = "random"
    rows[1]["third_place"] = False
    services.phases_save(tournament=t, rows=rows, by=director)
    changes = ActionEntry.objects.filter(action="phase.changed").order_by("pk")
    first, second = changes
    assert first.before["pool_seeding"] == "snake"
    assert first.after["pool_seeding"] == "random"
    assert (second.before["third_place"], second.after["third_place"]) == (True, False)
    html = director_client.get(
        reverse("tournaments:tournament_history", args=[t.slug])
    ).content.decode()
    assert "pools filled" in html and "By lot" in html  # the field's words
    assert "a match for third place" in html
