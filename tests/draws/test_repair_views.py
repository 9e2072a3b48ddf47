"""Test the director's round pages: per-table swaps that keep the place, repairs,
the confirmation before publishing flagged tables, and next actions that the server
accepts (no dead ends, no button it would refuse)."""

import re

import pytest
from django.urls import reverse

from draws import services as draw_services
from draws.selectors import next_action, round_draw_blocker
from scoring.services import round_close
from tests import factories
from tournaments.models import Bye, Entry, Phase, Round, RoundLog, Seat

pytestmark = pytest.mark.django_db


def round_url(rnd, **kw):
    return reverse(
        "director:round", kwargs={"slug": rnd.tournament.slug, "number": rnd.number}
    )


def action_url(name, rnd):
    return reverse(name, kwargs={"slug": rnd.tournament.slug, "number": rnd.number})


def seat(rnd, table, position) -> Seat:
    return Seat.objects.get(round=rnd, table__number=table, position=position)


@pytest.fixture
def draft(event, director):
    return draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)


# ------------------------------------------------------------------ swaps


def test_every_table_has_its_own_swap_button(director_client, draft):
    page = director_client.get(round_url(draft)).text
    buttons = re.findall(r'<button type="submit" name="at" value="(\d+)"', page)
    assert buttons == ["1", "2"]


def test_a_swap_returns_to_the_table_it_was_pressed_at(director_client, draft):
    a, b = seat(draft, 1, 2), seat(draft, 2, 3)
    response = director_client.post(
        action_url("director:round_swap", draft), {"seat": [a.pk, b.pk], "at": "2"}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("?at=2#table-2")
    assert seat(draft, 1, 2).entry_id == b.entry_id
    page = director_client.get(response["Location"]).text
    block = page[page.index('id="table-2"') : page.index('id="table-2"') + 1500]
    assert (
        "just-changed"
        in page[page.index('id="table-2"') - 80 : page.index('id="table-2"')]
    )
    assert "Swapped." in block  # the message is where the director is looking


def test_a_refused_swap_says_why_at_the_table(director_client, draft):
    a = seat(draft, 1, 2)
    response = director_client.post(
        action_url("director:round_swap", draft),
        {"seat": [a.pk], "at": "1"},
        follow=True,
    )
    page = response.text
    block = page[page.index('id="table-1"') :]
    assert "Tick exactly two seats" in block[:2000]


def test_a_published_swap_asks_for_its_reason_first(director_client, published):
    a, b = seat(published, 1, 1), seat(published, 2, 2)
    url = action_url("director:round_swap", published)
    asked = director_client.post(url, {"seat": [a.pk, b.pk], "at": "1"})
    assert asked.status_code == 200
    assert 'name="reason"' in asked.text and 'name="at" value="1"' in asked.text
    assert seat(published, 1, 1).entry_id == a.entry_id  # nothing moved yet
    done = director_client.post(
        url, {"seat": [a.pk, b.pk], "at": "1", "reason": "same family"}
    )
    assert done["Location"].endswith("#table-1")
    assert seat(published, 1, 1).entry_id == b.entry_id
    assert RoundLog.objects.filter(
        round=published, action="repaired", reason__contains="same family"
    ).exists()


def test_a_table_with_results_offers_no_swap(director_client, published, type_a_deal):
    type_a_deal(published.tables.get(number=1))
    page = director_client.get(round_url(published)).text
    assert re.findall(r'name="at" value="(\d+)"', page) == ["2"]
    table_1 = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert 'name="seat"' not in table_1
    assert "Results entered: the seats are fixed" in table_1


# ---------------------------------------------------------------- repairs


def test_the_seat_page_seats_the_reserve(director_client, published):
    absent = seat(published, 2, 4)
    reserve = Bye.objects.get(round=published).entry
    url = reverse(
        "director:seat_repair",
        kwargs={"slug": published.tournament.slug, "number": 1, "seat_id": absent.pk},
    )
    page = director_client.get(url)
    assert page.status_code == 200 and str(reserve) in page.text
    missing = director_client.post(
        url, {"action": "replace", "replace-entry": reserve.pk}
    )
    assert missing.status_code == 422  # the reason is required
    done = director_client.post(
        url,
        {"action": "replace", "replace-entry": reserve.pk, "replace-reason": "ill"},
    )
    assert done["Location"].endswith("?at=2#table-2")
    assert seat(published, 2, 4).entry == reserve


def test_the_seat_page_forfeits_the_table(director_client, published):
    absent = seat(published, 1, 1)
    url = reverse(
        "director:seat_repair",
        kwargs={"slug": published.tournament.slug, "number": 1, "seat_id": absent.pk},
    )
    done = director_client.post(
        url, {"action": "forfeit", "forfeit-reason": "did not come"}
    )
    assert done.status_code == 302
    assert published.tables.get(number=1).sheet.status == "confirmed"


def test_unpublish_from_the_round_page(director_client, published):
    page = director_client.get(round_url(published)).text
    assert action_url("director:round_unpublish", published) in page
    director_client.post(
        action_url("director:round_unpublish", published), {"reason": "wrong seed"}
    )
    published.refresh_from_db()
    assert published.status == Round.Status.DRAFT


# ------------------------------------------------------------------ publish


def test_publishing_flagged_tables_asks_for_confirmation(
    director_client, director, event
):
    # Three of one club at two tables: two of them must meet (a club of everyone,
    # or the organising club, would not be flagged: tests/draws/test_club_flags.py).
    club = factories.ClubFactory()
    Entry.objects.filter(tournament=event).update(status="registered")
    for n in range(8):
        factories.EntryFactory(
            tournament=event,
            player=factories.PlayerFactory(**({"club": club} if n < 3 else {})),
            status="present",
        )
    rnd = draw_services.round_draw(phase=event.phases.get(), by=director, seed=1)
    url = action_url("director:round_publish", rnd)
    asked = director_client.post(url)
    assert asked.status_code == 200
    assert 'name="confirmed" value="1"' in asked.text
    assert "1 table has a rematch or players of one club" in asked.text
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT
    director_client.post(url, {"confirmed": "1"})
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


def test_a_clean_draft_is_published_at_once(director_client, draft):
    director_client.post(action_url("director:round_publish", draft))
    draft.refresh_from_db()
    assert draft.status == Round.Status.PUBLISHED


# --------------------------------------------------------- next actions


def close(rnd, confirm_table, director):
    for table in rnd.tables.all():
        confirm_table(table, [(101, 0)] * 3)
    round_close(round=rnd, by=director)


def test_the_overview_always_offers_the_next_step(
    director_client, director, event, published, confirm_table
):
    overview = reverse("director:tournament", kwargs={"slug": event.slug})
    page = director_client.get(overview).text
    assert reverse("scoring:round", kwargs={"round_id": published.pk}) in page
    assert "Round 1 is published: enter its results" in page
    close(published, confirm_table, director)
    page = director_client.get(overview).text
    assert "is published" not in page
    draw_url = reverse(
        "director:round_draw",
        kwargs={"slug": event.slug, "phase_id": published.phase_id},
    )
    assert f'action="{draw_url}"' in page and "Draw round 2" in page
    form = page[page.index(f'action="{draw_url}"') :]
    assert form.index("csrfmiddlewaretoken") < form.index("</form>")
    director_client.post(draw_url)  # the button the overview offered works
    assert Round.objects.filter(tournament=event, number=2, status="draft").exists()
    page = director_client.get(overview).text
    assert "Check and publish round 2" in page


def test_no_draw_or_advance_button_the_server_refuses(
    director_client, director, confirm_table
):
    tournament = factories.TournamentFactory(slug="two-phases")
    tournament.directors.add(director)
    qualifying = factories.PhaseFactory(
        tournament=tournament,
        order=1,
        rounds=2,
        advancement=Phase.Advancement.TOP_N,
        advance_count=4,
    )
    final = factories.PhaseFactory(
        tournament=tournament, order=2, rounds=1, draw_method="seeded"
    )
    for _ in range(8):
        factories.EntryFactory(tournament=tournament, status="present")
    r1 = draw_services.round_draw(phase=qualifying, by=director, seed=1)
    draw_services.round_publish(round=r1, by=director)
    url = reverse("director:phase_list", kwargs={"slug": tournament.slug})
    draw_q = reverse(
        "director:round_draw",
        kwargs={"slug": tournament.slug, "phase_id": qualifying.pk},
    )
    draw_f = reverse(
        "director:round_draw", kwargs={"slug": tournament.slug, "phase_id": final.pk}
    )
    advance = reverse(
        "director:phase_advance",
        kwargs={"slug": tournament.slug, "phase_id": qualifying.pk},
    )
    page = director_client.get(url).text
    # Round 1 open: round 2 may be drawn; nobody may qualify; the final is empty.
    assert f'action="{draw_q}"' in page
    assert f'action="{advance}"' not in page and "Close every round" in page
    assert f'action="{draw_f}"' not in page and "Nobody has qualified" in page
    r2 = draw_services.round_draw(phase=qualifying, by=director, seed=2)
    page = director_client.get(url).text
    assert f'action="{draw_q}"' not in page  # round 2 is a draft: no round 3
    assert "Round 2 is still a draft" in page
    refused = director_client.post(draw_f, follow=True)
    assert round_draw_blocker(phase=final) in refused.text  # the same words
    draw_services.round_publish(round=r2, by=director)
    close(r1, confirm_table, director)
    close(r2, confirm_table, director)
    page = director_client.get(url).text
    assert f'action="{advance}"' in page
    assert next_action(tournament=tournament).url == advance
    director_client.post(advance)
    assert next_action(tournament=tournament).url == draw_f


def test_a_closed_rounds_page_offers_the_next_step(
    director_client, director, event, published, confirm_table
):
    close(published, confirm_table, director)
    page = director_client.get(round_url(published)).text
    draw_url = reverse(
        "director:round_draw",
        kwargs={"slug": event.slug, "phase_id": published.phase_id},
    )
    assert f'action="{draw_url}"' in page and "Draw round 2" in page
    assert 'name="seat"' not in page  # a closed round's seats are fixed


def test_the_seat_page_of_a_table_with_results_offers_only_the_forfeit(
    director_client, published, type_a_deal
):
    type_a_deal(published.tables.get(number=1))
    url = reverse(
        "director:seat_repair",
        kwargs={
            "slug": published.tournament.slug,
            "number": 1,
            "seat_id": seat(published, 1, 3).pk,
        },
    )
    page = director_client.get(url).text
    assert "Results are entered at this table" in page
    assert 'value="replace"' not in page and 'value="bye"' not in page
    assert 'value="forfeit"' in page


def test_a_finished_tournament_points_to_its_final_standings(
    director_client, director, confirm_table
):
    tournament = factories.TournamentFactory(slug="one-round")
    tournament.directors.add(director)
    phase = factories.PhaseFactory(tournament=tournament, rounds=1)
    for _ in range(4):
        factories.EntryFactory(tournament=tournament, status="present")
    rnd = draw_services.round_draw(phase=phase, by=director, seed=1)
    draw_services.round_publish(round=rnd, by=director)
    close(rnd, confirm_table, director)
    page = director_client.get(
        reverse("director:tournament", kwargs={"slug": tournament.slug})
    ).text
    assert "the tournament is over" in page
    assert reverse("live:standings", args=[tournament.slug]) in page
