"""The public calendar (/events/) and its iCal feeds (/events.ics): issue 26.

Listed events only, upcoming by date with their date, time, place, format, fee,
prizes, places left and club; every filter, refused values as a message (never a
500); past events linking to their results; the feeds parsed back line by line
(folding at 75 octets, CRLF, escaping), all and per club; a phone at 390 px.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from cashdesk.models import FeeRate, FeeSettings
from prizes.models import Prize, PrizeSettings
from public.calendar import STATE_KEY, calendar_state_forget
from public.ical import LINE_OCTETS, escape_text, fold_line
from registrations.models import Registration
from tests.factories import ClubFactory, EntryFactory, PhaseFactory, TournamentFactory
from tests.tournaments.test_director_views import phase_post, tournament_post
from tournaments import services
from tournaments.forms import ANNOUNCEMENT_FIELDS
from tournaments.models import Entry, Phase, Tournament
from transfer import services as transfer

EVENTS = reverse("public:events")
ICS = reverse("public:events_ics")


@pytest.fixture(autouse=True)
def _calendar_state_forgotten():
    """Each test reads the calendar's state of its own database, not the last one's."""
    calendar_state_forget()
    yield
    calendar_state_forget()


def _day(offset: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=offset)


@pytest.fixture
def calendar(db):
    """Two clubs' events: upcoming, past, unlisted; one with everything announced."""
    kortrijk = ClubFactory(name="KMC Kortrijk")
    brugge = ClubFactory(name="De Zotte Brugge")
    full = TournamentFactory(
        name="Wereldkampioenschap Manille, Deerlijk",
        slug="wk",
        date=_day(10),
        start_time=datetime.time(10, 0),
        venue="Sporthal De Gavers",
        postcode="8540",
        region="Deerlijk",
        capacity=3,
        registration_deadline=timezone.make_aware(
            datetime.datetime.combine(_day(8), datetime.time(20, 0))
        ),
        club=kortrijk,
        format=Tournament.Format.INDIVIDUAL,
    )
    PhaseFactory(tournament=full, order=1, draw_method=Phase.DrawMethod.INDIVIDUAL)
    settings = FeeSettings.objects.create(tournament=full, per=FeeSettings.Per.PLAYER)
    FeeRate.objects.create(
        settings=settings, code="leden", label="Leden", amount_cents=800, order=1
    )
    FeeRate.objects.create(
        settings=settings, code="anderen", label="Anderen", amount_cents=1000, order=2
    )
    PrizeSettings.objects.create(tournament=full, cash_fixed_cents=120000)
    for n, description in enumerate(["Een diamant", "Hesp", "Chocolade", "Worst"]):
        Prize.objects.create(
            tournament=full, order=n, description=description, place_from=n + 1
        )
    EntryFactory(tournament=full)
    EntryFactory(tournament=full)
    EntryFactory(tournament=full, status=Entry.Status.WITHDRAWN)
    soon = TournamentFactory(
        name="Duo-open Roeselare",
        slug="duo",
        date=_day(0),
        venue="Café 't Hoekske",
        region="Roeselare",
        club=brugge,
        format=Tournament.Format.PAIRS,
        capacity=1,
    )
    EntryFactory(tournament=soon)
    past = TournamentFactory(
        name="Kaarting van vorig jaar", slug="past", date=_day(-30), club=kortrijk
    )
    hidden = TournamentFactory(
        name="Geheime kaarting", slug="hidden", date=_day(5), is_public=False
    )
    return {
        "kortrijk": kortrijk,
        "brugge": brugge,
        "full": full,
        "soon": soon,
        "past": past,
        "hidden": hidden,
    }


def _page(client, **params) -> str:
    response = client.get(EVENTS, params)
    assert response.status_code == 200
    return response.content.decode()


def _names(html: str, calendar) -> set[str]:
    return {
        key
        for key in ("full", "soon", "past", "hidden")
        if calendar[key].get_absolute_url() in html
    }


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


# ------------------------------------------------------------------ the feed


def _ics(client, **params) -> tuple[bytes, list[dict]]:
    response = client.get(ICS, params)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    raw = response.content
    return raw, parse_ics(raw)


def parse_ics(raw: bytes) -> list[dict]:
    """Parse a feed strictly: CRLF lines of at most 75 octets, unfolded, unescaped.

    Returns the VEVENTs, each a dict of property name to (parameters, value).
    """
    assert raw.endswith(b"\r\n")
    lines = raw[:-2].split(b"\r\n")
    for line in lines:
        assert b"\n" not in line and b"\r" not in line
        assert len(line) <= LINE_OCTETS, line
        line.decode()  # a fold never cuts a character
    unfolded: list[str] = []
    for line in lines:
        if line.startswith(b" "):
            unfolded[-1] += line[1:].decode()
        else:
            unfolded.append(line.decode())
    assert unfolded[0] == "BEGIN:VCALENDAR" and unfolded[-1] == "END:VCALENDAR"
    assert "VERSION:2.0" in unfolded and any(u.startswith("PRODID:") for u in unfolded)
    events, current = [], None
    for line in unfolded:
        name_part, value = line.split(":", 1)
        name, *params = name_part.split(";")
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            for required in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
                assert required in current, required
            events.append(current)
            current = None
        elif current is not None:
            assert name not in current, name  # each property once
            current[name] = (params, _unescape(value))
    return events


def _unescape(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        char = value[i]
        if char == "\\":
            following = value[i + 1]
            assert following in "\\;,nN", value
            out.append("\n" if following in "nN" else following)
            i += 2
            continue
        assert char not in ";,", value  # a TEXT's commas and semicolons: escaped
        out.append(char)
        i += 1
    return "".join(out)


def _raw_values(raw: bytes, name: str) -> list[str]:
    unfolded = raw.decode().replace("\r\n ", "")
    return [
        line.split(":", 1)[1]
        for line in unfolded.split("\r\n")
        if line.split(":", 1)[0].split(";")[0] == name
    ]


def test_the_feed_holds_the_upcoming_listed_events_parsed_back(client, calendar):
    raw, events = _ics(client)
    by_summary = {e["SUMMARY"][1]: e for e in events}
    assert set(by_summary) == {
        "Wereldkampioenschap Manille, Deerlijk",
        "Duo-open Roeselare",
    }
    wk = by_summary["Wereldkampioenschap Manille, Deerlijk"]
    # 10:00 in Brussels, written in UTC.
    start = timezone.make_aware(datetime.datetime.combine(_day(10), datetime.time(10)))
    expected = start.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    assert wk["DTSTART"] == ([], expected)
    assert wk["UID"][1] == f"tournament-{calendar['full'].pk}@testserver"
    assert wk["LOCATION"][1] == "Sporthal De Gavers, 8540 Deerlijk"
    assert wk["URL"][1] == "http://testserver/t/wk/"
    description = wk["DESCRIPTION"][1].split("\n")
    assert "Fee: Leden €8.00 · Anderen €10.00 (per player)" in description
    assert "Places left: 1 of 3" in description
    assert "Organised by KMC Kortrijk" in description
    assert any(line.startswith("Registration until ") for line in description)
    duo = by_summary["Duo-open Roeselare"]
    assert duo["DTSTART"] == (["VALUE=DATE"], _day(0).strftime("%Y%m%d"))
    assert "Full" in duo["DESCRIPTION"][1].split("\n")
    assert duo["LOCATION"][1] == "Café 't Hoekske, Roeselare"
    # Commas in a text are escaped in the file itself.
    assert r"Wereldkampioenschap Manille\, Deerlijk" in _raw_values(raw, "SUMMARY")


def test_the_per_club_feed_holds_only_its_clubs_events(client, calendar):
    _raw, events = _ics(client, club=calendar["kortrijk"].pk)
    assert [e["SUMMARY"][1] for e in events] == [
        "Wereldkampioenschap Manille, Deerlijk"
    ]
    html = _page(client, club=calendar["kortrijk"].pk)
    assert f'href="{ICS}?club={calendar["kortrijk"].pk}"' in html


def test_a_long_accented_name_with_commas_and_semicolons_is_folded_and_escaped(
    client, db
):
    name = "Kampioenschap van de Zotte Manillespelers; Éénmaal, andermaal — " * 3
    TournamentFactory(name=name[:150], date=_day(3), venue="Zaal \\ Ons Huis")
    raw, events = _ics(client)
    assert [e["SUMMARY"][1] for e in events] == [name[:150]]
    assert events[0]["LOCATION"][1] == "Zaal \\ Ons Huis"
    summary = raw.decode().replace("\r\n ", "")
    assert "Manillespelers\\; Éénmaal\\, andermaal" in summary
    assert "Zaal \\\\ Ons Huis" in summary


def test_escaping_and_folding_by_the_rules():
    assert escape_text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"
    assert escape_text("x\r\ny") == "x\\ny"
    line = "SUMMARY:" + "é" * 100  # two octets each: no fold may cut one
    folded = fold_line(line).encode().split(b"\r\n")
    assert all(len(p) <= LINE_OCTETS for p in folded)
    assert all(p.startswith(b" ") for p in folded[1:])
    assert b"".join([folded[0], *(p[1:] for p in folded[1:])]).decode() == line
    assert fold_line("A" * 75) == "A" * 75


# ------------------------------------------------------------------ the settings


def test_the_announcement_is_edited_on_the_tournaments_settings(
    director_client, tournament
):
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    page = director_client.get(url).content.decode()
    assert "Announcement" in page
    for name in ("start_time", "postcode", "region", "capacity"):
        assert f'name="{name}"' in page
    assert 'name="registration_deadline"' in page


def _settings_post(tournament, **announcement) -> dict:
    phase = tournament.phases.get()
    row = {
        "id": str(phase.pk),
        "name": phase.name,
        "rounds": "3",
        "draw_method": "individual",
        "games_per_table": "3",
        "advancement": "none",
    }
    data = tournament_post(slug=tournament.slug, **announcement) | phase_post([row])
    data["phases-INITIAL_FORMS"] = "1"
    return data


def test_the_announcement_is_saved_from_the_settings_and_shown(
    client, director_client, tournament, django_capture_on_commit_callbacks
):
    PhaseFactory(tournament=tournament)
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    data = _settings_post(
        tournament,
        date=_day(4).isoformat(),
        start_time="13:30",
        postcode="8500",
        region="Kortrijk",
        capacity="120",
        registration_deadline=f"{_day(2).isoformat()}T18:00",
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.start_time == datetime.time(13, 30)
    assert (tournament.postcode, tournament.region) == ("8500", "Kortrijk")
    assert tournament.capacity == 120
    deadline = timezone.localtime(tournament.registration_deadline)
    assert (deadline.date(), deadline.time()) == (_day(2), datetime.time(18))
    client.logout()
    html = _page(client, place="8500")
    assert tournament.get_absolute_url() in html and "120 of 120" in html


@pytest.mark.parametrize(
    "field, value",
    [
        ("capacity", "0"),
        ("capacity", "-5"),
        ("start_time", "25:00"),
        ("postcode", "85\x01 00"),
        ("registration_deadline", "morgen"),
    ],
)
def test_a_wrong_announcement_is_refused_on_the_form(
    director_client, tournament, field, value
):
    PhaseFactory(tournament=tournament)
    url = reverse("tournaments:tournament_edit", args=[tournament.slug])
    response = director_client.post(url, _settings_post(tournament, **{field: value}))
    assert response.status_code == 200
    assert "field-error" in response.content.decode()
    tournament.refresh_from_db()
    assert getattr(tournament, field) in (None, "")


def test_the_announcement_travels_in_the_event_file(calendar, director):
    """The event file exports every concrete field: the announcement too."""
    full = calendar["full"]
    data = json.loads(transfer.event_to_json(transfer.export_event(full)))
    moved = transfer.import_event(data, slug="wk-again", by=director)
    for name in ANNOUNCEMENT_FIELDS:
        assert getattr(moved, name) == getattr(full, name), name
    assert moved.capacity == 3 and moved.start_time == datetime.time(10)


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


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1366])
def test_the_announcement_fields_fit_the_settings_page(live_server, browser, width):
    user = get_user_model().objects.create_user(username="wl", password="wl-123-abc")
    t = TournamentFactory(capacity=60, postcode="8500", region="Kortrijk")
    t.directors.add(user)
    PhaseFactory(tournament=t)
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "wl")
    page.fill("#id_password", "wl-123-abc")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(live_server.url + reverse("tournaments:tournament_edit", args=[t.slug]))
    fieldset = page.locator("fieldset", has_text="Announcement")
    for name in ("start_time", "postcode", "region", "capacity"):
        box = page.locator(f"#id_{name}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, name
    box = page.locator("#id_registration_deadline").bounding_box()
    assert box and box["x"] + box["width"] <= width
    scroll, client_width = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"
    )
    assert scroll <= client_width
    shots = Path("/tmp/calendar-shots")
    shots.mkdir(exist_ok=True)
    fieldset.screenshot(path=str(shots / f"announcement-{width}.png"))
    page.close()
