"""The public calendar (/events/): issue 26.

Listed events only, upcoming by date with their date, time, place, format, fee,
prizes, places left and club; every filter, refused values as a message (never a
500); past events linking to their results; a phone at 390 px. The iCal feeds are
checked in ``test_calendar_feed.py``, the announcement's settings in
``test_calendar_announcement.py``.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from prizes.models import Prize
from public.calendar import STATE_KEY, calendar_state_forget
from registrations.models import Registration
from tests.factories import ClubFactory, EntryFactory, TournamentFactory
from tests.public.calendar_helpers import (
    EVENTS,
    ICS,
    _day,
    _ics,
    _names,
    _page,
)
from tournaments import services
from tournaments.models import Entry, Tournament

# ------------------------------------------------------------------ the page


def test_the_upcoming_listed_events_are_shown_by_date_with_their_facts(
    client, calendar
):
    html = _page(client)
    assert _names(html, calendar) == {"full", "soon"}
    assert html.index("Duo-open Roeselare") < html.index("Wereldkampioenschap")
    assert "Sporthal De Gavers, 8540 Deerlijk" in html
    assert "10:00" in html or "10 a.m." in html
    assert "Individual (rotating partners)" in html
    assert "Individual: random tables of four" in html  # the first phase's draw
    assert "Fixed pairs" in html
    assert "Leden €8.00 · Anderen €10.00 (per player)" in html
    assert "free" in html  # the duo has no fee
    assert "€1,200.00 in prize money" in html
    assert "Een diamant; Hesp; Chocolade; and 1 more prize" in html
    assert "KMC Kortrijk" in html and "De Zotte Brugge" in html
    # Capacity 3, two entrants not withdrawn; the duo's one place is taken.
    assert "1 of 3" in html
    assert "Full" in html


def test_singles_looking_for_a_partner_take_half_a_place_each(client, db):
    """As the registration form counts: two singles are one pair's place."""
    t = TournamentFactory(
        name="Duo met loting", date=_day(3), format="pairs", capacity=4
    )
    for n in range(3):
        Registration.objects.create(
            tournament=t,
            kind=Registration.Kind.SINGLE,
            status=Registration.Status.CONFIRMED,
            first_name=f"Els{n}",
            last_name="Desmet",
            email=f"els{n}@example.org",
            consent_at=timezone.now(),
        )
    assert "2 of 4" in _page(client)  # 4 less 1.5, rounded down


def test_a_deadline_passed_says_registration_is_closed(client, calendar):
    assert "closed" not in _page(client)
    Tournament.objects.filter(pk=calendar["full"].pk).update(
        registration_deadline=timezone.now() - datetime.timedelta(minutes=1)
    )
    cache.clear()
    assert '<strong class="flag">closed</strong>' in _page(client)
    _raw, events = _ics(client)
    wk = next(e for e in events if e["SUMMARY"][1].startswith("Wereld"))
    assert "Registration closed" in wk["DESCRIPTION"][1].split("\n")


def test_unlisted_events_are_never_shown_even_to_their_director(
    client, calendar, director
):
    calendar["hidden"].directors.add(director)
    assert "Geheime" not in _page(client)
    client.force_login(director)
    assert "Geheime" not in _page(client)
    assert "Geheime" not in client.get(ICS).content.decode()
    assert "Geheime" not in _page(client, past="1")


def test_past_events_link_to_their_results(client, calendar):
    html = _page(client, past="1")
    assert _names(html, calendar) == {"past"}
    url = calendar["past"].get_absolute_url()
    assert f'<a class="button secondary" href="{url}"' in html
    assert "Results" in html


def test_each_filter_narrows_the_list(client, calendar):
    club = calendar["brugge"].pk
    assert _names(_page(client, club=club), calendar) == {"soon"}
    assert _names(_page(client, format="individual"), calendar) == {"full"}
    assert _names(_page(client, format="pairs"), calendar) == {"soon"}
    # A place is folded: any case, no accents, a postcode or a venue's word.
    assert _names(_page(client, place="DEERLIJK"), calendar) == {"full"}
    assert _names(_page(client, place="8540"), calendar) == {"full"}
    assert _names(_page(client, place="hoekske roeselare"), calendar) == {"soon"}
    assert _names(_page(client, place="gavers"), calendar) == {"full"}
    assert _names(_page(client, place="Gent"), calendar) == set()
    start, end = _day(1).isoformat(), _day(20).isoformat()
    assert _names(_page(client, **{"from": start}), calendar) == {"full"}
    assert _names(_page(client, to=_day(1).isoformat()), calendar) == {"soon"}
    both = _page(client, **{"from": start, "to": end, "club": calendar["kortrijk"].pk})
    assert _names(both, calendar) == {"full"}
    past = _page(client, past="1", club=calendar["brugge"].pk)
    assert _names(past, calendar) == set()
    assert "No past event matches." in past


@pytest.mark.parametrize(
    "params, message",
    [
        ({"club": "abc"}, "Choose a club from the list."),
        ({"club": "999999999999999999999"}, "Choose a club from the list."),
        ({"format": "solo"}, "Choose a format from the list."),
        ({"from": "31-12-2026"}, "Type the date as yyyy-mm-dd."),
        ({"to": "2026-02-30"}, "Type the date as yyyy-mm-dd."),
        ({"from": "2026-12-31", "to": "2026-01-01"}, "comes after the last one"),
        ({"place": "x" * 101}, "at most 100 characters"),
        ({"place": "a\x00b"}, ""),
    ],
)
def test_a_refused_filter_is_a_message_on_the_page_never_a_500(
    client, calendar, params, message
):
    response = client.get(EVENTS, params)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="message error"' in html
    assert message in html
    assert "Wereldkampioenschap" not in html  # nothing listed under a refused filter
    feed = client.get(ICS, params)
    assert feed.status_code == 400
    assert message in feed.content.decode()


def test_a_page_number_out_of_range_or_not_a_number_is_a_page(client, calendar):
    for page in ("0", "99", "abc", "-1", "9" * 30):
        assert _names(_page(client, page=page), calendar) == {"full", "soon"}


def test_the_list_is_paginated(client, db):
    for n in range(23):
        TournamentFactory(name=f"Kaarting {n:02d}", date=_day(1 + n))
    first = _page(client)
    assert "Kaarting 00" in first and "Kaarting 19" in first
    assert "Kaarting 20" not in first
    assert "page 1 of 2" in first
    second = _page(client, page="2")
    assert "Kaarting 22" in second and "Kaarting 00" not in second


def test_the_page_reads_a_few_queries_however_many_events(
    client, calendar, django_assert_max_num_queries
):
    for _ in range(15):
        t = TournamentFactory(date=_day(2), club=calendar["brugge"], capacity=10)
        EntryFactory(tournament=t)
        Prize.objects.create(tournament=t, description="Hesp", place_from=1)
    cache.clear()
    with django_assert_max_num_queries(10):
        _page(client)


def test_the_page_is_stored_and_a_change_shows_at_once(
    client, calendar, django_capture_on_commit_callbacks
):
    assert "1 of 3" in _page(client)
    with django_assert_no_queries():
        assert "1 of 3" in _page(client)
    entry = EntryFactory(tournament=calendar["full"], status=Entry.Status.WITHDRAWN)
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_set_present(entry=entry, present=True)  # bumps the version
    with django_assert_no_queries():  # the state is kept 2 s in the cache
        assert "1 of 3" in _page(client)
    cache.delete(STATE_KEY)  # as it is 2 s later, in any process
    calendar_state_forget()
    html = _page(client)
    assert "1 of 3" not in html
    assert '<strong class="flag">Full</strong>' in html.split("Duo-open")[1]


def django_assert_no_queries():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    class _None(CaptureQueriesContext):
        def __exit__(self, *exc):
            super().__exit__(*exc)
            assert not self.captured_queries, self.captured_queries

    return _None(connection)


def test_the_calendar_is_linked_from_every_page(client, calendar):
    html = client.get(reverse("public:home")).content.decode()
    assert f'href="{EVENTS}"' in html


# ------------------------------------------------------------------ a phone


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1366])
def test_the_calendar_fits_a_phone_and_a_laptop(live_server, browser, width):
    kortrijk = ClubFactory(
        name="Koninklijke Maatschappij De Zotte Manillespelers Harelbeke"
    )
    for n in range(3):
        t = TournamentFactory(
            name=f"Grote Kaarting van Sint-Eloois-Vijve nummer {n} — Worstkaarting",
            date=_day(n),
            start_time=datetime.time(13, 30),
            venue="Parochiezaal Sint-Eligius-en-Sint-Amandus",
            postcode="8793",
            region="Sint-Eloois-Vijve (Waregem)",
            capacity=60 if n else 1,
            club=kortrijk,
        )
        EntryFactory(tournament=t)
        Prize.objects.create(tournament=t, description="Een varken", place_from=1)
    page = browser.new_page(viewport={"width": width, "height": 900})
    response = page.goto(live_server.url + EVENTS)
    assert response.status == 200
    scroll, client_width = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"
    )
    assert scroll <= client_width
    assert page.locator(".calendar-event").count() == 3
    page.select_option("#id_club", str(kortrijk.pk))
    page.fill("#id_place", "WAREGEM")
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")
    assert page.locator(".calendar-event").count() == 3
    shots = Path("/tmp/calendar-shots")
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"events-{width}.png"), full_page=True)
    page.close()
