"""The tokens by which the hall pulls and publishes an event (issue 26): kept as a
digest, opening only their event while its director holds them; issued by a
command or on the directors' page, revoked there; wrong ones paused."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from actionlog.models import ActionEntry
from tests.transfer.publish_helpers import _publish
from transfer.models import EventToken
from transfer.services.tokens import (
    TOKEN_DAYS,
    TokenRefused,
    event_token_check,
    event_token_issue,
    event_token_revoke,
)
from transfer.views import WRONG_TOKENS

pytestmark = pytest.mark.django_db


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


def test_wrong_tokens_from_one_address_are_paused(client, web_copy):
    tournament, text, *_rest = web_copy
    for _ in range(WRONG_TOKENS.limit):
        assert _publish(client, tournament.slug, text, "mev_guess").status_code == 401
    paused = _publish(client, tournament.slug, text, "mev_guess")
    assert paused.status_code == 429
    assert 0 < int(paused["Retry-After"]) <= WRONG_TOKENS.window


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
