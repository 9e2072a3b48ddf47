"""Issue 26 from end to end, two sites as real processes (``python -m config.serve``):
"web" on PostgreSQL takes 50 registrations through its public form over HTTP
(three singles looking for a partner, two pairs beyond the capacity on the
waiting list, one pair cancelling by its signed link and the first waiting
promoted); the director pairs the singles by the stated rule (``pair_singles``)
before the hall, on SQLite, pulls the event, checks everyone in and plays the day
offline, then publishes it. Every public JSON answer of the event is then the
same on both sites, and the web's registrations are all still there, each with
its entrant in the published event, its link opening its page.
"""

import json
import os
import urllib.parse

import pytest

from tests.config.servers import free_port, manage, serving
from tests.transfer.events import sqlite_env
from tests.transfer.sites import Visitor, answers_over_http, web_site

SLUG = "open-pairs"
PASSWORD = "pw-web-director-1"
CAPACITY = 47  # pairs: 45 pairs and 3 singles (1.5 places) fill 46.5 of them
SINGLES = (4, 16, 29)  # the registrations (0-based) alone, looking for a partner
CANCELS = 9  # a confirmed pair, by its link
REGISTRATIONS = 50
FIRST = ("An", "Jan", "Els", "Piet", "Lies", "Koen", "Mia", "Tom", "Ine", "Wim")
LAST = (
    "Peeters", "Claes", "Desmet", "Maes", "Wouters", "Vermeulen", "Goossens",
    "Jacobs", "Mertens", "Willems", "Dubois", "Lambert", "Martens", "Declercq",
    "Hermans", "Michiels", "Leroy", "Verstraete", "Dumont", "Bogaert", "Stevens",
    "Vandamme", "Coppens", "Lemmens", "Pauwels",
)  # fmt: skip
PARTNER_LAST = tuple(f"{name}-Van Hove" for name in LAST)
CLUBS = ("De Kaart", "Troef Heule", "Sint-Jan Manillen")

WEB_EVENT = f"""
import datetime
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournaments import services
from tournaments.models import Phase, Tournament
director = get_user_model().objects.create_user(
    "director", password={PASSWORD!r}, is_staff=True
)
t = services.tournament_create(
    by=director, name="Open pairs day", slug={SLUG!r},
    date=timezone.localdate() + datetime.timedelta(days=3), venue="Harelbeke",
    format=Tournament.Format.PAIRS, language="en",
    phases=[dict(name="Rounds", rounds=3, draw_method=Phase.DrawMethod.SWISS,
                 games_per_table=1)],
)
Tournament.objects.filter(pk=t.pk).update(
    is_public=True, registers_online=True, capacity={CAPACITY}
)
"""
PLAY_THE_DAY = f"""
from draws.simulation import tournament_play
from tournaments.checkin import entries_all_present
from tournaments.models import Tournament
t = Tournament.objects.get(slug={SLUG!r})
entries_all_present(tournament=t)
tournament_play(tournament=t, seed=9)
"""
# The web's registrations as the test compares them before and after a publish.
REGISTRATIONS_NOW = f"""
import json
from registrations.models import Registration
rows = []
for r in Registration.objects.filter(tournament__slug={SLUG!r}).select_related(
    "entry__team", "entry__tournament"
).order_by("pk"):
    entry = r.entry
    rows.append(dict(
        pk=r.pk, kind=r.kind, status=r.status, position=r.position, email=r.email,
        entrant=str(entry.team) if entry else None,
        entry_event=entry.tournament.slug if entry else None,
        entry_status=entry.status if entry else None,
    ))
print(json.dumps(rows))
"""
LOG_NOW = f"""
import collections, json
from actionlog.models import ActionEntry
from tournaments.models import Tournament
t = Tournament.objects.get(slug={SLUG!r})
actions = ActionEntry.objects.filter(tournament_id=t.pk).values_list(
    "action", flat=True
)
print(json.dumps(collections.Counter(actions)))
"""
SHAPE = f"""
import json
from tournaments.models import Tournament
t = Tournament.objects.get(slug={SLUG!r})
print(json.dumps(dict(
    phases=list(t.phases.order_by("order").values_list("pk", flat=True)),
    rounds=t.rounds.count(),
)))
"""


def _person(i: int) -> dict:
    first, last = FIRST[i % len(FIRST)], LAST[i % len(LAST)]
    fields = {
        "kind": "single" if i in SINGLES else "pair",
        "first_name": first,
        "last_name": last,
        "email": f"{first}.{last}.{i}@example.org".lower(),
        "club": CLUBS[i % len(CLUBS)],
        "phone": "",
        "consent": "on",
        "website": "",  # the honeypot, left empty as a person does
    }
    if i not in SINGLES:
        fields["partner_first_name"] = FIRST[(i + 5) % len(FIRST)]
        fields["partner_last_name"] = PARTNER_LAST[i % len(LAST)]
    return fields


def _register(site: str, i: int) -> tuple[Visitor, str]:
    """Register person ``i`` on the web's form; return their browser and the
    address of their own page (where the form sends them)."""
    visitor = Visitor(site, address=f"198.51.100.{i + 1}")
    form = f"/t/{SLUG}/register/"
    status, _headers, _text = visitor.get(form)
    assert status == 200
    status, headers, text = visitor.post(form, _person(i))
    assert status == 302, text[:2000]
    page = urllib.parse.urlsplit(headers["Location"]).path
    assert page.startswith(f"/t/{SLUG}/register/")
    return visitor, page


def _shell(env: dict, code: str):
    return json.loads(manage(env, "shell", "-c", code).strip().splitlines()[-1])


@pytest.fixture
def web():
    with web_site(
        f"manille_web_reg_{os.getpid()}",
        WEB_EVENT,
        # The test is the web's reverse proxy: each registrant comes from an
        # address of their own, as on the Internet (one address is throttled
        # after 20 registrations an hour).
        TRUSTED_PROXIES="127.0.0.1",
    ) as served:
        yield served


@pytest.mark.postgres
def test_fifty_registrations_on_the_web_survive_the_halls_day_and_publish(
    web, sqlite_file, tmp_path
):
    web_env, site = web

    # Fifty registrations through the form, one visitor each.
    pages = {}
    for i in range(REGISTRATIONS):
        pages[i] = _register(site, i)
    rows = _shell(web_env, REGISTRATIONS_NOW)
    assert len(rows) == REGISTRATIONS
    waiting = [(r["email"], r["position"]) for r in rows if r["status"] == "waiting"]
    assert waiting == [
        (_person(48)["email"], 1),
        (_person(49)["email"], 2),
    ]
    assert sum(r["kind"] == "single" and r["status"] == "confirmed" for r in rows) == 3

    # One pair cancels by its link: the first waiting moves up, the second is first.
    visitor, page = pages[CANCELS]
    status, _headers, text = visitor.get(page)
    assert status == 200 and "cancel" in text
    status, _headers, _text = visitor.post(page, {"action": "cancel"})
    assert status == 302
    rows = {r["email"]: r for r in _shell(web_env, REGISTRATIONS_NOW)}
    assert rows[_person(CANCELS)["email"]]["status"] == "cancelled"
    assert rows[_person(CANCELS)["email"]]["entry_status"] == "withdrawn"
    assert rows[_person(48)["email"]]["status"] == "confirmed"
    assert rows[_person(49)["email"]]["position"] == 1

    # At the deadline the stated rule pairs the singles: the first two, the
    # third left for the director (confirmed, no entrant).
    paired = manage(web_env, "pair_singles", SLUG)
    assert "1 pairs made." in paired
    assert f"left without a partner: {FIRST[29 % 10]} {LAST[29 % 25]}" in paired
    before = _shell(web_env, REGISTRATIONS_NOW)
    entrants = {r["entrant"] for r in before if r["entrant"]}
    # 45 pairs (one now withdrawn), the one promoted, the two singles paired.
    assert len(entrants) == 47

    # The hall pulls, checks everyone in and plays the day offline; publishes.
    hall = {**sqlite_env(sqlite_file), "SECRET_KEY": "the-hall-of-the-test"}
    manage(
        hall,
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; "
        "get_user_model().objects.create_user('hall', password='pw-hall-1', "
        "is_staff=True)",
    )
    token = manage(web_env, "event_token", SLUG, "--user", "director").strip()
    pulled = manage(hall, "pull_event", site, "--token", token).strip()
    assert pulled.splitlines()[-1] == SLUG
    manage(hall, "shell", "-c", PLAY_THE_DAY)
    out = manage(hall, "publish_event", SLUG, site, "--token", token)
    assert f"Published “{SLUG}” (rounds: 3, entrants: 47)." in out

    # Every public JSON answer of the event: the web's equal the hall's.
    on_the_web = answers_over_http(site, SLUG, **_shell(web_env, SHAPE))
    hall_port = free_port()
    with serving(hall, port=hall_port, probe="/healthz/"):
        at_the_hall = answers_over_http(
            f"http://127.0.0.1:{hall_port}", SLUG, **_shell(hall, SHAPE)
        )
    assert on_the_web == at_the_hall
    assert at_the_hall["round 3"][0] == 200 and at_the_hall["round 4"][0] == 404
    assert len(at_the_hall["standings teams after None phase None"][1]["rows"]) == 46

    # The registrations are all on the web still, each with its entrant of the
    # published event (checked in there: present), the cancelled one's withdrawn.
    after = _shell(web_env, REGISTRATIONS_NOW)

    def without_entry_status(rows):
        return [{k: v for k, v in r.items() if k != "entry_status"} for r in rows]

    assert without_entry_status(after) == without_entry_status(before)
    statuses = {r["email"]: r["entry_status"] for r in after}
    assert statuses.pop(_person(CANCELS)["email"]) == "withdrawn"
    assert statuses.pop(_person(29)["email"]) is None  # the single left over
    assert statuses.pop(_person(49)["email"]) is None  # still waiting
    assert set(statuses.values()) == {"present"}

    # Their links open their pages; the director's lists name them all.
    for i, (visitor, page) in pages.items():
        status, _headers, text = visitor.get(page)
        assert status == 200, (i, text[:2000])
        assert _person(i)["last_name"] in text
    director = Visitor(site, address="203.0.113.7")
    director.get("/accounts/login/")
    status, _headers, _text = director.post(
        "/accounts/login/", {"username": "director", "password": PASSWORD}
    )
    assert status == 302
    status, _headers, text = director.get(f"/director/t/{SLUG}/registrations/")
    assert status == 200
    for i in range(REGISTRATIONS):
        person = _person(i)
        assert f"{person['first_name']} {person['last_name']}" in text, i

    # The web's history of the event: the registrations, the waiting list, the
    # cancellation and the promotion, the pairing, the pull and the publish.
    log = _shell(web_env, LOG_NOW)
    assert log["registration.confirmed"] == 48
    assert log["registration.waiting"] == 2
    assert log["registration.cancelled"] == 1
    assert log["registration.promoted"] == 1
    assert log["registration.paired"] == 2
    assert log["event.pulled"] == 1
    assert log["event.published"] == 1
    # The hall's: where it pulled from, where it published to.
    at_hall = _shell(hall, LOG_NOW)
    assert at_hall["event.pulled"] == 1 and at_hall["event.published"] == 1
