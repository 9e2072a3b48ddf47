"""The public calendar's iCal feeds (/events.ics): issue 26.

The feeds parsed back line by line (folding at 75 octets, CRLF, escaping), all and
per club.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from public.ical import LINE_OCTETS, escape_text, fold_line
from tests.factories import TournamentFactory
from tests.public.calendar_helpers import ICS, _day, _ics, _page

# ------------------------------------------------------------------ the feed


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
