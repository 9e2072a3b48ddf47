"""The one "event's language unless the reader chose one" (core/languages.py)."""

import pytest
from django.urls import reverse
from django.utils import translation

from core.languages import event_language, event_language_activate, supported_language
from printing.base import document_language
from tests import factories


def test_the_readers_choice_wins_then_the_events_then_the_default():
    assert event_language(chosen="fr", event="nl", default="en") == "fr"
    assert event_language(chosen=None, event="nl", default="en") == "nl"
    assert event_language(chosen="", event="", default="en") == "en"
    assert event_language(chosen=None, event=None) is None


def test_a_site_language_is_found_for_a_regional_code_and_none_for_a_foreign_one():
    assert supported_language("fr-BE") == "fr"
    assert supported_language("de") is None
    assert supported_language("") is None


@pytest.fixture
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("chosen", "event", "spoken"),
    [
        (False, "nl", "nl"),  # the reader chose nothing: the event's language
        (True, "nl", "en"),  # the reader chose: theirs stays
        (False, "de", "en"),  # a language the site does not speak: left alone
        (False, "", "en"),
    ],
)
def test_the_events_language_is_spoken_unless_the_reader_chose(
    rf, english, chosen, event, spoken
):
    request = rf.get("/")
    request.language_chosen = chosen
    event_language_activate(request, event)
    assert translation.get_language() == spoken
    if spoken != "en":
        assert request.LANGUAGE_CODE == spoken


def test_a_request_the_language_middleware_has_not_seen_is_left_alone(rf, english):
    event_language_activate(rf.get("/"), "fr")
    assert translation.get_language() == "en"


@pytest.mark.django_db
def test_a_printed_document_and_a_page_speak_the_events_language_through_it(client):
    tournament = factories.TournamentFactory(language="fr")
    assert document_language(tournament, None) == "fr"
    assert document_language(tournament, "nl") == "nl"
    tournament.language = ""
    assert document_language(tournament, None) == "en"
    url = reverse("public:tournament", args=[tournament.slug])
    assert client.get(url).headers["Content-Language"] == "fr"
    assert client.get(url + "?lang=nl").headers["Content-Language"] == "nl"
