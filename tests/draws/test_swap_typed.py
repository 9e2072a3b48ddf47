"""A swap typed on the round page: two seats ("12.3") or two names (issue 21)."""

import pytest
from django.urls import reverse

from draws import services as draw_services
from tests import factories
from tournaments.models import Bye, RoundLog, Seat

pytestmark = pytest.mark.django_db


def typed_url(rnd):
    return reverse(
        "director:round_swap_typed",
        kwargs={"slug": rnd.tournament.slug, "number": rnd.number},
    )


def round_url(rnd):
    return reverse(
        "director:round", kwargs={"slug": rnd.tournament.slug, "number": rnd.number}
    )


def seat(rnd, table, position) -> Seat:
    return Seat.objects.get(round=rnd, table__number=table, position=position)


def who(rnd, table, position) -> int:
    return seat(rnd, table, position).entry_id


@pytest.fixture
def draft(event, director):
    """Round 1 of 9 players as a draft: tables 1 and 2, one bye."""
    return draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)


def name_of(entry) -> str:
    return f"{entry.player.first_name} {entry.player.last_name}"


@pytest.mark.parametrize(
    "first, second",
    [
        ("1.2", "2.3"),
        ("1 2", "2-3"),
        ("table 1 seat 2", "T2 S3"),
        ("tafel 1, plaats 2", "2/3"),
    ],
)
def test_two_seats_typed_as_table_and_seat_are_swapped(
    director_client, draft, first, second
):
    a, b = who(draft, 1, 2), who(draft, 2, 3)
    response = director_client.post(
        typed_url(draft), {"first": first, "second": second}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("?swap=1")
    assert (who(draft, 1, 2), who(draft, 2, 3)) == (b, a)
    page = director_client.get(response["Location"]).text
    assert "Swapped: " in page and "(table 1, seat 2) ⇄" in page
    assert 'id="swap-first"' in page and "autofocus" in page  # ready for the next


def test_two_names_typed_in_any_form_are_swapped(director_client, draft):
    a, b = seat(draft, 1, 1).entry, seat(draft, 2, 4).entry
    first = f"{a.player.last_name.upper()}, {a.player.first_name}"
    director_client.post(typed_url(draft), {"first": first, "second": name_of(b)})
    assert (who(draft, 1, 1), who(draft, 2, 4)) == (b.pk, a.pk)


def test_a_picked_suggestion_names_its_seat(director_client, draft):
    a, b = who(draft, 1, 3), who(draft, 2, 1)
    page = director_client.get(round_url(draft)).text
    suggestion = page.split('<option value="1.3 ')[1].split('"')[0]
    director_client.post(
        typed_url(draft), {"first": f"1.3 {suggestion}", "second": "2.1 whoever"}
    )
    assert (who(draft, 1, 3), who(draft, 2, 1)) == (b, a)


def test_a_seat_and_the_bye_typed_by_name_are_swapped(director_client, draft):
    waiting = Bye.objects.get(round=draft).entry
    seated = who(draft, 2, 2)
    director_client.post(
        typed_url(draft), {"first": "2.2", "second": name_of(waiting).lower()}
    )
    assert who(draft, 2, 2) == waiting.pk
    assert Bye.objects.get(round=draft).entry_id == seated


@pytest.mark.parametrize(
    "first, second, message",
    [
        ("9.1", "1.1", "Round 1 has no table 9 (tables 1–2)."),
        ("1.7", "2.1", "Table 1 has nobody in seat 7."),
        ("2", "1.1", "Which seat at table 2? Type it with the seat, e.g. 2.1."),
        ("21", "1.1", "Which seat at table 21? Type it with the seat, e.g. 21.1."),
        ("Vermeulen", "1.1", "Nobody in round 1 matches “Vermeulen”."),
        ("1.1", "1.3", "Both seats are at table 1: swapping them changes nothing."),
        ("1.1", "1.1", "Choose two different seats of this round."),
        ("", "1.1", "This field is required."),
    ],
)
def test_a_typed_swap_that_cannot_be_done_says_why_and_moves_nobody(
    director_client, draft, first, second, message
):
    before = list(Seat.objects.filter(round=draft).values_list("id", "entry_id"))
    response = director_client.post(
        typed_url(draft), {"first": first, "second": second}, follow=True
    )
    assert response.status_code in (200, 400)
    assert message in response.text
    after = Seat.objects.filter(round=draft).values_list("id", "entry_id")
    assert sorted(e for _, e in before) == sorted(e for _, e in after)
    assert not RoundLog.objects.filter(round=draft, action="swapped").exists()


def test_a_name_several_entrants_share_asks_for_the_seat(
    director_client, event, director
):
    for _ in range(3):
        factories.EntryFactory(
            tournament=event,
            player=factories.PlayerFactory(first_name="Ann", last_name="Claeys"),
        )
    rnd = draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    response = director_client.post(
        typed_url(rnd), {"first": "ann claeys", "second": "1.1"}
    )
    assert response.status_code == 400
    assert "“ann claeys” matches 3 entrants: " in response.text
    assert "— type the seat (e.g. " in response.text


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"first": "x" * 5000, "second": "1.1"},
        {"first": "1." + "9" * 30, "second": "9" * 40 + ".1"},
        {"first": "\x00", "second": "1.1"},
        {"first": "٣.١", "second": "1.1"},  # other scripts' digits
        {"first": "%(a)s", "second": "{{ x }}"},
        {"first": "bye", "second": "vrij"},
    ],
)
def test_a_typed_swap_never_errors_whatever_is_typed(director_client, draft, data):
    response = director_client.post(typed_url(draft), data)
    assert response.status_code in (302, 400)


def test_a_typed_swap_in_a_published_round_asks_for_its_reason_like_the_ticks(
    director_client, published
):
    a, b = who(published, 1, 1), who(published, 2, 2)
    asked = director_client.post(
        typed_url(published), {"first": "1.1", "second": "2.2"}
    )
    assert asked.status_code == 200
    assert "Swap in a published round" in asked.text and 'name="reason"' in asked.text
    assert "This field is required" not in asked.text  # asked, not scolded
    assert 'name="typed" value="1"' in asked.text
    assert who(published, 1, 1) == a  # nothing moved yet
    seats = [seat(published, 1, 1).pk, seat(published, 2, 2).pk]
    done = director_client.post(
        reverse(
            "director:round_swap",
            kwargs={"slug": published.tournament.slug, "number": published.number},
        ),
        {"seat": seats, "typed": "1", "reason": "same family"},
    )
    assert done["Location"].endswith("?swap=1")  # back to the typing
    assert (who(published, 1, 1), who(published, 2, 2)) == (b, a)
    assert RoundLog.objects.filter(
        round=published, action="repaired", reason__contains="same family"
    ).exists()
    director_client.post(  # the reason typed beside the seats: no question
        typed_url(published), {"first": "1.1", "second": "2.2", "reason": "back"}
    )
    assert (who(published, 1, 1), who(published, 2, 2)) == (a, b)


def test_a_typed_swap_refuses_a_table_with_results(
    director_client, published, type_a_deal
):
    type_a_deal(published.tables.get(number=1))
    response = director_client.post(
        typed_url(published),
        {"first": "1.1", "second": "2.2", "reason": "moved"},
        follow=True,
    )
    assert "Table 1 has results entered" in response.text
    assert not RoundLog.objects.filter(round=published, action="repaired").exists()


def test_the_round_page_of_many_tables_offers_the_typed_swap_in_few_queries(
    director_client, event, director, django_assert_max_num_queries
):
    for _ in range(91):
        factories.EntryFactory(tournament=event)
    rnd = draw_services.round_draw(phase=event.phases.get(), by=director, seed=5)
    with django_assert_max_num_queries(16):
        page = director_client.get(round_url(rnd)).text
    assert 'id="swap-typed"' in page
    assert page.count("<option value=") == 100  # every seat and the bye suggested


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_swaps_typed_one_after_another_on_the_keyboard(live_server, browser, draft):
    """Type a seat, Tab, a name, Enter; the next swap's box has the focus again."""
    from django.conf import settings
    from django.test import Client

    from tournaments.models import Tournament

    director = Tournament.objects.get(pk=draft.tournament_id).directors.first()
    client = Client()
    client.force_login(director)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    page.goto(live_server.url + round_url(draft))
    a, b = seat(draft, 1, 2).entry, seat(draft, 2, 3).entry
    assert page.locator("#swap-seats option").count() == 9  # 8 seats, 1 bye
    page.fill("#swap-first", "1.2")
    page.press("#swap-first", "Tab")
    page.keyboard.type(name_of(b))
    page.keyboard.press("Enter")
    page.wait_for_url("**?swap=1")
    assert "Swapped: " in page.inner_text(".messages")
    assert page.evaluate("document.activeElement.id") == "swap-first"
    assert (who(draft, 1, 2), who(draft, 2, 3)) == (b.pk, a.pk)
    page.keyboard.type("1.2")
    page.press("#swap-first", "Tab")
    page.keyboard.type("7.1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#swap-typed .errorlist")
    assert "Round 1 has no table 7 (tables 1–2)." in page.inner_text("#swap-typed")
    assert page.evaluate("document.activeElement.id") == "swap-second"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
