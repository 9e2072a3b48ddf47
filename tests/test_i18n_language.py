"""Dutch and French: the language a page is in (the middleware).

A Dutch tournament's pages are Dutch until the reader chooses another language
(the switcher, ``?lang=``), which is remembered; pages outside a tournament follow
the browser.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.models import Tournament

# -------------------------------------------------------------- the middleware


def test_a_dutch_tournament_is_dutch_for_a_reader_who_chose_nothing(
    client, flemish_event
):
    url = reverse("public:tournament", args=["kampioenschap"])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert response.status_code == 200
    assert response["Content-Language"] == "nl"
    assert 'lang="nl"' in response.text
    assert "Rangschikking" in response.text
    assert "4 oktober 2026" in response.text
    assert {"Cookie", "Accept-Language"} <= {
        v.strip() for v in response["Vary"].split(",")
    }


def test_the_reader_who_chooses_french_reads_french_and_it_is_remembered(
    client, flemish_event
):
    url = reverse("public:tournament", args=["kampioenschap"])
    response = client.post(reverse("set_language"), {"language": "fr", "next": url})
    assert response.status_code == 302
    assert response.cookies["django_language"]["max-age"] >= 30 * 24 * 3600
    page = client.get(url)
    assert page["Content-Language"] == "fr"
    assert "4 octobre 2026" in page.text
    standings = client.get(reverse("live:standings", args=["kampioenschap"]))
    assert standings["Content-Language"] == "fr"
    assert "Classement" in standings.text


def test_the_reader_who_chooses_english_reads_english(client, flemish_event):
    url = reverse("public:tournament", args=["kampioenschap"])
    client.post(reverse("set_language"), {"language": "en", "next": url})
    page = client.get(url)
    assert page["Content-Language"] == "en"
    assert "Standings" in page.text and "Rangschikking" not in page.text


def test_lang_in_the_address_outweighs_the_cookie_and_the_switcher_drops_it(
    client, flemish_event
):
    url = reverse("public:tournament", args=["kampioenschap"])
    client.cookies["django_language"] = "nl"
    page = client.get(url + "?lang=fr&x=1")
    assert page["Content-Language"] == "fr"
    # The switcher's links keep the rest of the address, without the old lang=.
    assert f'href="{url}?x=1&amp;lang=nl"' in page.text
    assert "lang=fr&amp;" not in page.text
    # The address's choice is remembered; an unknown code changes nothing.
    assert client.cookies["django_language"].value == "fr"
    assert client.get(url + "?lang=xx")["Content-Language"] == "fr"


def test_pages_outside_a_tournament_follow_the_browser(client, flemish_event):
    home = client.get(reverse("public:home"), HTTP_ACCEPT_LANGUAGE="fr-BE,fr;q=0.9")
    assert home["Content-Language"] == "fr"
    home = client.get(reverse("public:home"))
    assert home["Content-Language"] == "en"


def test_a_changed_tournament_language_shows_at_once(client, flemish_event):
    url = reverse("public:tournament", args=["kampioenschap"])
    assert client.get(url)["Content-Language"] == "nl"
    tournament = Tournament.objects.get(slug="kampioenschap")
    tournament.language = "fr"
    tournament.save()
    assert client.get(url)["Content-Language"] == "fr"


def test_the_language_costs_no_query_once_cached(
    client, flemish_event, django_assert_max_num_queries
):
    url = reverse("live:version", args=["kampioenschap"])
    client.get(reverse("live:standings", args=["kampioenschap"]))
    with django_assert_max_num_queries(1):  # the version at most, no language
        assert client.get(url).status_code == 200


def test_an_unknown_tournament_is_still_a_404_in_the_readers_language(client, db):
    response = client.get(reverse("public:tournament", args=["nothing-here"]))
    assert response.status_code == 404
    assert "Page not found" in response.text
    client.cookies["django_language"] = "nl"
    response = client.get(reverse("public:tournament", args=["nothing-here"]))
    assert response.status_code == 404
    assert "Pagina niet gevonden" in response.text


@pytest.mark.parametrize(
    ("lang", "words"), [("nl", "Er ging iets mis"), ("en", "Something went wrong")]
)
def test_the_server_error_page_speaks_the_readers_language(lang, words):
    from django.template.loader import render_to_string

    with translation.override(lang):
        assert words in render_to_string("500.html")
