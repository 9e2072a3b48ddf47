"""What the calendar's tests share: the listed events and reading the page and feed.

``build_calendar`` makes two clubs' events (upcoming, past, unlisted; one with
everything announced); ``_page`` and ``_ics`` fetch the page and the feed, the feed
parsed back strictly by ``parse_ics``.
"""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from cashdesk.models import FeeRate, FeeSettings
from prizes.models import Prize, PrizeSettings
from public.ical import LINE_OCTETS
from tests.factories import ClubFactory, EntryFactory, PhaseFactory, TournamentFactory
from tournaments.models import Entry, Phase, Tournament

EVENTS = reverse("public:events")
ICS = reverse("public:events_ics")


def _day(offset: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=offset)


def build_calendar():
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
