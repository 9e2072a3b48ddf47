"""The hall's laptop publishes an event back to the web site, by a token the web
site issued to one of the event's directors (issue 26).

In one process here (the web site is the test database, the requests go through
Django's test client); ``test_hall_and_web`` runs the two as real processes. The
tokens are checked in ``test_publish_tokens.py``, the pull in
``test_publish_pull.py``; the fixtures ``played`` and ``web_copy`` are the
package's (conftest.py).
"""

import datetime
import gzip
import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from actionlog.models import ActionEntry
from scoring.models import ScoreSheet
from tests.transfer.events import public_answers, simulate
from tests.transfer.publish_helpers import _publish
from tournaments.models import Tournament
from transfer.services import export_event
from transfer.services.tokens import event_token_issue

pytestmark = pytest.mark.django_db


def test_publishing_replaces_the_web_copy_and_again_changes_nothing(client, web_copy):
    tournament, text, answers, director, raw = web_copy
    assert public_answers(tournament.slug) != answers  # the web has no results yet
    response = _publish(client, tournament.slug, text, raw)
    assert response.status_code == 200, response.content
    assert response.json()["rounds"] == 2
    assert public_answers(tournament.slug) == answers
    published = Tournament.objects.get(slug=tournament.slug)
    assert director in published.directors.all()
    # Gzipped, and a second time: the same answers.
    again = _publish(
        client,
        tournament.slug,
        gzip.compress(text.encode()),
        raw,
        **{"Content-Encoding": "gzip"},
    )
    assert again.status_code == 200, again.content
    assert public_answers(tournament.slug) == answers
    assert ActionEntry.objects.filter(action="event.published").count() == 2


def test_the_published_copy_is_read_only_here_and_its_file_does_not_say_so(
    client, web_copy
):
    """The web shows what the hall published: its draws, results and phases are
    refused here with a sentence (change them at the hall and publish again); the
    copy's own file, pulled again, is not read-only at a hall; publishing again
    still replaces it."""
    from draws import services as draw_services
    from scoring import services as scoring
    from scoring.services import ResultConflict
    from tournaments.services import phases_save

    tournament, text, answers, director, raw = web_copy
    assert Tournament.objects.get(slug=tournament.slug).hall_copy_at is None
    assert _publish(client, tournament.slug, text, raw).status_code == 200
    published = Tournament.objects.get(slug=tournament.slug)
    assert published.hall_copy_at is not None
    phase = published.phases.order_by("order").first()
    with pytest.raises(ValidationError, match="run at the hall"):
        draw_services.round_draw(phase=phase, by=director)
    rnd = published.rounds.order_by("number").last()
    with pytest.raises(ResultConflict, match="run at the hall"):
        scoring.round_reopen(round=rnd, by=director, reason="a correction")
    sheet = ScoreSheet.objects.filter(table__round=rnd).first()
    with pytest.raises(ResultConflict, match="run at the hall"):
        scoring.sheet_save(sheet=sheet, data={}, by=director, version=sheet.version)
    rows = [{"id": p.pk, "name": p.name + "!"} for p in published.phases.all()]
    with pytest.raises(ValidationError, match="run at the hall"):
        phases_save(tournament=published, rows=rows, by=director)
    client.force_login(director)  # the phase list says why nothing can be drawn
    page = client.get(reverse("draws:phase_list", args=[published.slug]))
    assert "run at the hall" in page.content.decode()
    client.logout()
    assert "hall_copy_at" not in export_event(published)["tournament"]
    assert _publish(client, tournament.slug, text, raw).status_code == 200
    assert public_answers(tournament.slug) == answers


@pytest.mark.parametrize(
    ("how", "status", "word"),
    [
        ("no token", 401, "token"),
        ("another event's file", 422, "not"),
        ("not JSON", 422, ""),
        ("cut short", 422, ""),
        ("bad gzip", 422, ""),
        ("a deal the engine refuses", 422, ""),
    ],
)
def test_a_refused_publish_leaves_the_web_copy_as_it_was(
    client, web_copy, how, status, word
):
    tournament, text, _answers, _director, raw = web_copy
    before = public_answers(tournament.slug)
    entries = list(tournament.entries.values_list("pk", flat=True))
    headers = {}
    body, token = text, raw
    if how == "no token":
        token = "mev_nothing"
    elif how == "another event's file":
        data = json.loads(text)
        data["tournament"]["slug"] = "someone-else"
        body = json.dumps(data)
    elif how == "not JSON":
        body = "<html>"
    elif how == "cut short":
        body = text[: len(text) // 2]
    elif how == "bad gzip":
        body, headers = b"\x1f\x8bnot gzip", {"Content-Encoding": "gzip"}
    else:
        data = json.loads(text)
        data["deals"][0]["points_a"] = 500
        body = json.dumps(data)
    response = _publish(client, tournament.slug, body, token, **headers)
    assert response.status_code == status, response.content
    assert word in response.json()["error"]
    assert public_answers(tournament.slug) == before
    assert (
        list(
            Tournament.objects.get(slug=tournament.slug).entries.values_list(
                "pk", flat=True
            )
        )
        == entries
    )


@pytest.mark.django_db(transaction=True)
def test_the_halls_button_publishes_to_the_site_typed(live_server, director, client):
    """The hall's page sends the event to the web site (here the same database,
    served by a live server): the copy there is replaced; a wrong address or a
    wrong token is said, nothing sent."""
    slug = simulate(players=8, rounds=1, seed=62, language="en", slug="button-event")
    tournament = Tournament.objects.get(slug=slug)
    tournament.directors.add(director)
    raw = event_token_issue(tournament=tournament, user=director)
    client.force_login(director)
    url = reverse("transfer:hall_tokens", args=[slug])
    answers = public_answers(slug)

    sent = client.post(
        url, {"publish": "1", "site": live_server.url, "token": raw}, follow=True
    )
    assert "Published to" in sent.content.decode()
    assert "(rounds: 1, entrants: 8)" in sent.content.decode()
    assert public_answers(slug) == answers
    # Logged on both sides (here one database): received, and sent by whom.
    published = ActionEntry.objects.filter(action="event.published")
    assert published.count() == 2
    sent_line = published.get(note=f"Published to {live_server.url}")
    assert sent_line.user == director and sent_line.after["entrants"] == 8
    # The address is remembered for the next time.
    assert live_server.url in client.get(url).content.decode()

    wrong = client.post(
        url, {"publish": "1", "site": live_server.url, "token": raw + "x"}, follow=True
    )
    assert "does not open this event" in wrong.content.decode()
    away = client.post(
        url, {"publish": "1", "site": "http://127.0.0.1:9", "token": raw}, follow=True
    )
    assert "does not answer" in away.content.decode()
    empty = client.post(url, {"publish": "1", "site": "", "token": ""}, follow=True)
    assert "Type the web site" in empty.content.decode()
    assert ActionEntry.objects.filter(action="event.published").count() == 2


def test_a_publish_keeps_the_web_copys_registrations_and_payments(
    client, web_copy, django_user_model
):
    """The registrations, the fees and the payments the web took before the day
    do not travel in the hall's file: a publish moves them to the published event,
    each to the entrant of the same player. A registration whose entrant the file
    does not hold (registered after the pull) keeps its status and link, its
    entrant added withdrawn; the public answers are the hall's all the same
    (issue 26; it was refused with 409 before)."""
    from cashdesk.models import FeeSettings, Payment
    from registrations.models import Registration
    from registrations.tokens import registration_token

    tournament, text, answers, director, raw = web_copy
    entries, online, late, paid, registered_log = _taken_on_the_web(
        tournament, director
    )

    response = _publish(client, tournament.slug, text, raw)
    assert response.status_code == 200, response.content
    published = Tournament.objects.get(slug=tournament.slug)
    assert published.pk != tournament.pk
    assert public_answers(published.slug) == answers  # nothing of the web shows
    assert Registration.objects.filter(tournament=published).count() == 3
    for registration, entry in zip(online, entries, strict=False):
        registration.refresh_from_db()
        assert registration.status == "confirmed"
        assert registration.entry.tournament == published
        assert registration.entry.player_id == entry.player_id
    late.refresh_from_db()
    assert late.status == "confirmed"
    assert late.entry.tournament == published
    assert late.entry.status == "withdrawn"
    assert late.entry.player.last_name == "Only"
    paid.refresh_from_db()
    assert paid.entry == online[0].entry and paid.status == "live"
    assert FeeSettings.objects.get(tournament=published).rates.count() == 1
    # The web's history is the published event's; the publish says what it kept.
    registered_log.refresh_from_db()
    assert registered_log.tournament_id == published.pk
    log = ActionEntry.objects.get(action="event.published")  # the web's
    assert log.after["registrations_kept"] == 3
    assert log.after["payments_kept"] == 1
    assert log.after["withdrawn_registrations"] == str(late.pk)

    # The History says what the publish kept (it named the rounds' count as
    # the tournament's reverse relation, which the page took for a field: 500).
    client.force_login(director)
    history = client.get(
        reverse("tournaments:tournament_history", args=[published.slug])
    )
    assert history.status_code == 200
    assert "registrations kept" in history.content.decode()
    client.logout()
    # The link mailed before the publish opens the registration still; the
    # director's lists show all three.
    page = client.get(_manage_url(published.slug, registration_token(late)))
    old_link = client.get(
        _manage_url(published.slug, _old_token(late.pk, tournament.pk))
    )
    assert page.status_code == 200 and old_link.status_code == 200
    assert "Web Only" in old_link.content.decode()
    client.force_login(director)
    lists = client.get(reverse("registrations:list", kwargs={"slug": published.slug}))
    assert lists.status_code == 200
    for name in ("Web Only", online[0].last_name, online[1].last_name):
        assert name in lists.content.decode()

    # Again: the same answers, the same registrations, one withdrawn entrant.
    client.logout()
    again = _publish(client, tournament.slug, text, raw)
    assert again.status_code == 200, again.content
    assert public_answers(tournament.slug) == answers
    again_published = Tournament.objects.get(slug=tournament.slug)
    assert Registration.objects.filter(tournament=again_published).count() == 3
    withdrawn = again_published.entries.get(status="withdrawn")
    assert withdrawn.player.last_name == "Only"
    late.refresh_from_db()
    assert late.entry == withdrawn
    assert Payment.objects.get().entry.tournament == again_published


def _taken_on_the_web(tournament, director):
    """What the web took before the day: the event opened for registration, two of
    the hall's entrants registered online, a third registered after the pull (his
    entrant not in the hall's file), a fee and a payment. Returns the entrants,
    the two online registrations, the late one, the payment and the late one's
    log line."""
    from cashdesk.models import FeeRate, FeeSettings
    from cashdesk.services import payment_take
    from registrations.models import Registration
    from registrations.services import registration_register

    Tournament.objects.filter(pk=tournament.pk).update(
        registers_online=True,
        is_public=True,
        date=timezone.localdate() + datetime.timedelta(days=3),
    )
    tournament.refresh_from_db()
    entries = list(tournament.entries.select_related("player").order_by("pk"))
    # Two of the hall's entrants registered online (the web's check-in lists).
    online = [
        Registration.objects.create(
            tournament=tournament,
            kind="alone",
            status="confirmed",
            first_name=e.player.first_name,
            last_name=e.player.last_name,
            email=f"player{n}@example.org",
            consent_at=timezone.now(),
            entry=e,
        )
        for n, e in enumerate(entries[:2])
    ]
    late = registration_register(
        tournament=tournament,
        kind="alone",
        consent=True,
        first_name="Web",
        last_name="Only",
        email="web.only@example.org",
        club="De Kaart",
        base_url="http://testserver",
    )
    fees = FeeSettings.objects.create(tournament=tournament)
    FeeRate.objects.create(settings=fees, code="all", label="All", amount_cents=500)
    paid = payment_take(entry=entries[0], by=director, method="transfer")
    registered_log = ActionEntry.objects.get(
        action="registration.confirmed", target_id=late.pk
    )
    return entries, online, late, paid, registered_log


def _manage_url(slug: str, token: str) -> str:
    return reverse("registrations:manage", kwargs={"slug": slug, "token": token})


def _old_token(registration: int, tournament: int) -> str:
    """The link's token as mailed before the publish (the event's old id)."""
    from django.core import signing

    from registrations.tokens import SALT

    return signing.dumps({"r": registration, "t": tournament}, salt=SALT)
