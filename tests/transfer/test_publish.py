"""The hall's laptop pulls an event from the web site and publishes it back, by a
token the web site issued to one of the event's directors (issue 26).

In one process here (the web site is the test database, the requests go through
Django's test client); ``test_hall_and_web`` runs the two as real processes.
"""

import datetime
import gzip
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from actionlog.models import ActionEntry
from draws.simulation import tournament_play
from scoring.models import ScoreSheet
from tests.transfer.events import public_answers, simulate
from tournaments.models import Round, Tournament
from transfer.models import EventToken
from transfer.services import event_to_json, export_event
from transfer.services.publishing import event_pulled_import
from transfer.services.tokens import (
    TOKEN_DAYS,
    TokenRefused,
    event_token_check,
    event_token_issue,
    event_token_revoke,
)
from transfer.views import WRONG_TOKENS

pytestmark = pytest.mark.django_db

PUBLISH = "/api/events/{slug}/publish/"


@pytest.fixture
def played():
    """An event the hall played (two rounds, all confirmed) and its file."""
    slug = simulate(players=8, rounds=2, seed=61, language="en", slug="web-event")
    tournament = Tournament.objects.get(slug=slug)
    return tournament, event_to_json(export_event(tournament))


@pytest.fixture
def web_copy(played):
    """The web's copy before the day: the same event with its entrants, no round;
    its director and a token of his."""
    tournament, text = played
    answers = public_answers(tournament.slug)
    Round.objects.filter(tournament=tournament).delete()
    director = tournament.directors.order_by("pk").first()
    token = event_token_issue(tournament=tournament, user=director)
    return tournament, text, answers, director, token


def _publish(client, slug, body, token, **headers):
    return client.post(
        PUBLISH.format(slug=slug),
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}", **headers},
    )


def test_a_token_is_kept_only_as_its_digest_and_opens_only_its_event(web_copy):
    tournament, _text, _answers, director, raw = web_copy
    assert raw.startswith("mev_") and len(raw) > 40
    stored = EventToken.objects.get()
    assert raw not in (stored.digest, stored.prefix) and raw.startswith(stored.prefix)
    assert event_token_check(raw=raw, slug=tournament.slug).user == director
    for wrong, slug in (
        (raw + "x", tournament.slug),
        (raw, "another-event"),
        ("", tournament.slug),
        (None, None),
        ("mev_" + "A" * 200, None),
    ):
        with pytest.raises(TokenRefused):
            event_token_check(raw=wrong, slug=slug)
    ActionEntry.objects.get(action="event.token_issued", tournament_id=tournament.pk)


def test_a_revoked_an_expired_or_an_orphaned_token_opens_nothing(web_copy):
    tournament, _text, _answers, director, raw = web_copy
    token = EventToken.objects.get()
    EventToken.objects.filter(pk=token.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=TOKEN_DAYS + 1),
        expires_at=timezone.now() - datetime.timedelta(seconds=1),
    )
    with pytest.raises(TokenRefused):
        event_token_check(raw=raw)
    EventToken.objects.filter(pk=token.pk).update(
        expires_at=timezone.now() + datetime.timedelta(days=1)
    )
    event_token_check(raw=raw)
    tournament.directors.remove(director)  # no longer directs it
    with pytest.raises(TokenRefused):
        event_token_check(raw=raw)
    tournament.directors.add(director)
    event_token_revoke(token=token, by=director)
    with pytest.raises(TokenRefused):
        event_token_check(raw=raw)


def test_only_a_director_is_issued_a_token(played):
    tournament, _text = played
    stranger = get_user_model().objects.create_user("stranger", password="pw-1234-x")
    with pytest.raises(Exception, match="does not direct"):
        event_token_issue(tournament=tournament, user=stranger)
    assert not EventToken.objects.exists()


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


def test_wrong_tokens_from_one_address_are_paused(client, web_copy):
    tournament, text, *_rest = web_copy
    for _ in range(WRONG_TOKENS.limit):
        assert _publish(client, tournament.slug, text, "mev_guess").status_code == 401
    paused = _publish(client, tournament.slug, text, "mev_guess")
    assert paused.status_code == 429
    assert 0 < int(paused["Retry-After"]) <= WRONG_TOKENS.window


def test_the_hall_pulls_the_event_and_plays_it(client, web_copy):
    tournament, _text, _answers, director, raw = web_copy
    response = client.get(
        "/api/events/pull/", headers={"Authorization": f"Bearer {raw}"}
    )
    assert response.status_code == 200
    data = response.json()
    assert data["tournament"]["slug"] == tournament.slug and not data["rounds"]
    assert len(data["entries"]) == 8
    assert all("personal_code" not in row for row in data["entries"])
    assert client.get("/api/events/pull/").status_code == 401
    # Pulled again before the day here (this database plays the hall too).
    hall_user = get_user_model().objects.create_user("hall", password="pw-hall-1")
    local, replaced = event_pulled_import(
        data=data, by=hall_user, source="https://web.example"
    )
    assert replaced and local.entries.count() == 8
    # The hall's log says where from; the web's lines of the event (its pull,
    # its token) are the new copy's.
    pulled = ActionEntry.objects.filter(action="event.pulled", tournament_id=local.pk)
    assert pulled.filter(note="Pulled from https://web.example").get().user == hall_user
    assert pulled.count() == 2
    assert ActionEntry.objects.filter(
        action="event.token_issued", tournament_id=local.pk
    ).exists()
    tournament_play(tournament=local, seed=3)
    assert local.rounds.count() == 2
    with pytest.raises(Exception, match="rounds drawn at this hall"):
        event_pulled_import(data=data, by=hall_user)


def test_the_commands_issue_a_token_and_refuse_what_they_cannot(web_copy, capsys):
    tournament, _text, _answers, director, _raw = web_copy
    call_command("event_token", tournament.slug, "--user", director.username)
    printed = capsys.readouterr().out.strip()
    assert event_token_check(raw=printed, slug=tournament.slug)
    with pytest.raises(CommandError, match="No tournament"):
        call_command("event_token", "nothing-here", "--user", director.username)
    with pytest.raises(CommandError, match="does not direct"):
        get_user_model().objects.create_user("other", password="pw-other-1")
        call_command("event_token", tournament.slug, "--user", "other")
    with pytest.raises(CommandError, match="not a web site"):
        call_command("pull_event", "ftp://x", "--token", printed)
    with pytest.raises(CommandError, match="does not answer"):
        call_command("pull_event", "http://127.0.0.1:9", "--token", printed)
    with pytest.raises(CommandError, match="--file"):
        call_command("pull_event")


def test_the_directors_page_issues_a_token_once_and_revokes_it(
    web_copy, director_client
):
    tournament, *_rest = web_copy
    url = reverse("transfer:hall_tokens", args=[tournament.slug])
    assert Client().get(url).status_code == 302  # to the login
    assert director_client.get(url).status_code == 403  # not his event
    tournament.directors.add(get_user_model().objects.get(username="td"))
    page = director_client.post(url, {"issue": "1"})
    assert page.status_code == 200
    html = page.content.decode()
    raw = html.split('id="issued-token">')[1].split("<")[0]
    assert event_token_check(raw=raw, slug=tournament.slug)
    assert f"publish_event {tournament.slug}" in html
    token = EventToken.objects.get(prefix=raw[:10])
    listed = director_client.get(url).content.decode()
    assert raw not in listed and f"{token.prefix}…" in listed
    done = director_client.post(url, {"revoke": str(token.pk)})
    assert done.status_code == 302
    with pytest.raises(TokenRefused):
        event_token_check(raw=raw)
    assert director_client.post(url, {"revoke": "999999"}).status_code == 302


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
    from cashdesk.models import FeeRate, FeeSettings, Payment
    from cashdesk.services import payment_take
    from registrations.models import Registration
    from registrations.services import registration_register
    from registrations.tokens import registration_token

    tournament, text, answers, director, raw = web_copy
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
    page = client.get(
        reverse(
            "registrations:manage",
            kwargs={"slug": published.slug, "token": registration_token(late)},
        )
    )
    old_link = client.get(
        reverse(
            "registrations:manage",
            kwargs={
                "slug": published.slug,
                "token": _old_token(late.pk, tournament.pk),
            },
        )
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


def _old_token(registration: int, tournament: int) -> str:
    """The link's token as mailed before the publish (the event's old id)."""
    from django.core import signing

    from registrations.tokens import SALT

    return signing.dumps({"r": registration, "t": tournament}, salt=SALT)


def test_a_pull_again_keeps_the_fees_and_payments_taken_at_the_hall(web_copy):
    """The hall pulls again before the day (new registrations on the web): the
    fees it set and the payments its desk took stay, each with its entrant."""
    from cashdesk.models import FeeRate, FeeSettings, Payment
    from cashdesk.services import payment_take

    tournament, _text, _answers, director, _raw = web_copy
    data = export_event(tournament)
    hall_user = get_user_model().objects.create_user("hall", password="pw-hall-1")
    local, _again = event_pulled_import(data=data, by=hall_user, source="web")
    fees = FeeSettings.objects.create(tournament=local)
    FeeRate.objects.create(settings=fees, code="all", label="All", amount_cents=700)
    entry = local.entries.order_by("pk").first()
    payment_take(entry=entry, by=hall_user, check_in=True)

    again, replaced = event_pulled_import(data=data, by=hall_user, source="web")
    assert replaced and again.pk != local.pk
    payment = Payment.objects.get()
    assert payment.entry.tournament == again
    assert payment.entry.player_id == entry.player_id
    assert payment.amount_cents == 700
    assert FeeSettings.objects.get().tournament == again
