"""The settings of pools and knockouts on the pages: the phase form that shows them
by draw, refusals said on the page and on their row, the overview; and the round
clock's settings. What ``phases_save`` fills in, refuses and resets is checked in
``test_phase_settings.py``."""

import re

import pytest
from django.urls import reverse

from actionlog.models import ActionEntry
from tests import factories
from tests.tournaments.phase_helpers import POOLS, knockout, pools
from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments import services
from tournaments.forms import PhaseFormSet, TournamentForm
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------------- forms


def form_rows(rows):
    return phase_post(
        [{k: "" if v is None else str(v) for k, v in r.items()} for r in rows]
    )


def test_the_form_drops_what_a_hidden_field_holds_instead_of_refusing_it():
    data = form_rows(
        [
            {
                "name": "Swiss",
                "rounds": 3,
                "draw_method": "swiss",
                "games_per_table": 1,
                "advancement": "none",
                "pool_size": "99",  # out of range, but not this draw's
                "best_of": "7",
                "per_pool": "x",
            }
        ]
    )
    formset = PhaseFormSet(data, instance=Tournament(), prefix="phases")
    assert formset.is_valid(), formset.errors
    cleaned = formset.forms[0].cleaned_data
    assert (cleaned["pool_size"], cleaned["best_of"], cleaned["per_pool"]) == (
        None,
        1,
        None,
    )


def test_the_form_refuses_a_bad_value_of_the_draws_own_settings():
    data = form_rows([pools(pool_size="99", games_per_table=1)])
    formset = PhaseFormSet(data, instance=Tournament(), prefix="phases")
    assert not formset.is_valid()
    assert "pool_size" in formset.forms[0].errors


def test_the_form_shows_a_phases_settings_by_its_draw(director_client, tournament):
    factories.PhaseFactory(
        tournament=tournament, name="Pools", draw_method=POOLS, pool_size=4
    )
    html = director_client.get(
        reverse("director:tournament_edit", args=[tournament.slug])
    ).content.decode()
    row = html[html.index('class="phase-more" data-phase="phases-0"') :]
    row = row[: row.index("</tr>")]
    groups = row.split('class="phase-group"')[1:]
    assert "phases-0-pool_size" in groups[0] and " hidden" not in groups[0][:120]
    assert "phases-0-per_pool" in groups[1] and " hidden>" in groups[1][:140]
    assert "phases-0-best_of" in groups[2] and " hidden>" in groups[2][:120]
    # The empty line shows none of them.
    empty = html[html.index('class="phase-more" data-phase="phases-1"') :]
    assert empty[: empty.index(">")].endswith("hidden")


def test_the_round_clock_is_set_in_the_settings_and_in_the_history(
    director_client, tournament, director
):
    post = tournament_post(
        slug=tournament.slug, round_minutes="25", time_rule="deals"
    ) | phase_post(
        [
            {
                "name": "Rounds",
                "rounds": "3",
                "draw_method": "individual",
                "games_per_table": "3",
                "advancement": "none",
            }
        ]
    )
    response = director_client.post(
        reverse("director:tournament_edit", args=[tournament.slug]), post
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament.refresh_from_db()
    assert (tournament.round_minutes, tournament.time_rule) == (25, "deals")
    change = ActionEntry.objects.filter(action="tournament.changed").latest("pk")
    assert change.after["round_minutes"] == 25
    assert change.after["time_rule"] == "deals"
    assert "round_minutes" in services.LOGGED_FIELDS


def test_an_empty_minutes_per_round_is_no_clock():
    form = TournamentForm(tournament_post(round_minutes="", time_rule="leader"))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["round_minutes"] is None
    assert "round_minutes" in [f.name for f in form.run_fields()]


def test_a_refused_phase_is_said_on_the_page_and_nothing_is_saved(
    director_client, director
):
    director.is_staff = True
    director.save()
    post = tournament_post(slug="open", format="pairs", target="", deals="16")
    post |= form_rows(
        [
            pools(rounds=5, games_per_table=1),
            knockout(advancement="none", games_per_table=""),
        ]
    )
    response = director_client.post(reverse("tournaments:tournament_create"), post)
    assert response.status_code == 200
    html = response.content.decode()
    message = "Pools: a pool of 4 plays 3 rounds: set the rounds to 3"
    top = html[: html.index('class="phase-table"')]
    assert message in top
    # And next to the rounds of its row.
    form = html[html.index('class="settings-form"') :]
    cell = re.search(r'<td data-label="Rounds">(.*?)</td>', form, re.S).group(1)
    assert 'name="phases-0-rounds"' in cell and message in cell
    assert not Tournament.objects.exists()


def test_a_refusal_of_the_phase_before_is_shown_on_its_row(director_client, director):
    """Too many best runners-up for its pools: said on the pools' row."""
    director.is_staff = True
    director.save()
    post = tournament_post(slug="open", format="pairs", target="", deals="16")
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    post |= form_rows(
        [
            swiss | {"games_per_table": 1, "advancement": "top_n", "advance_count": 8},
            pools(best_next=3, games_per_table=1),
            knockout(rounds="", advancement="none", games_per_table=""),
        ]
    )
    response = director_client.post(reverse("tournaments:tournament_create"), post)
    assert response.status_code == 200
    html = response.content.decode()
    form = html[html.index('class="settings-form"') :]
    row = form[form.index('class="phase-more" data-phase="phases-1"') :]
    row = row[: row.index("</tr>")]
    assert "Pools: 2 pools have 2 entrants in the next place" in row
    assert not Tournament.objects.exists()


def test_the_overview_says_how_pools_and_the_knockout_are_played(
    director_client, director, tournament
):
    tournament.format = "pairs"
    tournament.save()
    swiss = {"name": "Swiss", "rounds": 3, "draw_method": "swiss"}
    services.phases_save(
        tournament=tournament,
        rows=[
            swiss | {"advancement": "top_n", "advance_count": 20},
            pools(best_next=2, per_pool=1),
            knockout(rounds=None, consolation=True),
        ],
        by=director,
    )
    html = director_client.get(
        reverse("tournaments:tournament", args=[tournament.slug])
    ).content.decode()
    assert "Pools of 4: a snake from the ranking" in html
    assert "the first of each pool goes on, and the best 2 of the next place" in html
    assert (
        "One game; a match for third place; a consolation bracket for the first "
        "round's losers" in html
    )
    assert t_rounds(tournament) == [3, 3, 3]  # 5 pools: 5 + 2 = 7 qualifiers


def t_rounds(tournament):
    return list(tournament.phases.order_by("order").values_list("rounds", flat=True))
