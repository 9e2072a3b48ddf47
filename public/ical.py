"""Write an iCalendar feed (RFC 5545) of events: a VCALENDAR of VEVENTs, by hand.

Small enough not to need a library: text values escaped (backslash, comma,
semicolon, line breaks), lines folded at 75 octets without cutting a UTF-8
character, CRLF line ends. A start with a time is written in UTC (converted from
the site's time zone), so no VTIMEZONE has to travel with the feed; a start
without one is a whole day (``VALUE=DATE``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

LINE_OCTETS = 75  # RFC 5545 3.1: a line is at most 75 octets, the CRLF left out
CRLF = "\r\n"
PRODID = "-//Manille scores//Calendar//EN"


@dataclass(frozen=True)
class IcsEvent:
    uid: str  # stable for the event, e.g. "tournament-12@example.org"
    day: datetime.date
    summary: str
    start_time: datetime.time | None = None  # local, in ``zone``
    location: str = ""
    url: str = ""
    description: str = ""
    sequence: int = 0  # grows when the event changes (the tournament's version)


def escape_text(value: str) -> str:
    """Escape a TEXT value (RFC 5545 3.3.11): ``\\``, ``;``, ``,`` and line breaks."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    return value.replace("\n", "\\n")


def fold_line(line: str) -> str:
    """Fold ``line`` into lines of at most 75 octets, each next one led by a space."""
    parts = []
    current = b""
    limit = LINE_OCTETS
    for char in line:
        encoded = char.encode()
        if len(current) + len(encoded) > limit:
            parts.append(current.decode())
            current = b""
            limit = LINE_OCTETS - 1  # the leading space counts
        current += encoded
    parts.append(current.decode())
    return (CRLF + " ").join(parts)


def _utc(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")


def _start(event: IcsEvent, zone: ZoneInfo) -> str:
    if event.start_time is None:
        return f"DTSTART;VALUE=DATE:{event.day:%Y%m%d}"
    local = datetime.datetime.combine(event.day, event.start_time, tzinfo=zone)
    return f"DTSTART:{_utc(local)}"


def calendar_bytes(
    events: list[IcsEvent],
    *,
    name: str,
    zone: str,
    stamp: datetime.datetime,
) -> bytes:
    """Return the feed of ``events`` as UTF-8 bytes.

    ``name`` is the calendar's name (X-WR-CALNAME, which most clients show);
    ``stamp`` (aware) the DTSTAMP of every event: when the feed was written.
    """
    tz = ZoneInfo(zone)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{event.uid}",
            f"DTSTAMP:{_utc(stamp)}",
            _start(event, tz),
            f"SEQUENCE:{event.sequence}",
            f"SUMMARY:{escape_text(event.summary)}",
        ]
        if event.location:
            lines.append(f"LOCATION:{escape_text(event.location)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape_text(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold_line(line) + CRLF for line in lines).encode()
