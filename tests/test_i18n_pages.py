"""Dutch and French: no English word left on the screens, pages and PDFs.

The page checks walk a Flemish director's round and a French reader's standings and
look for English words left on them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.i18n_helpers import LANGUAGES


class _Text(HTMLParser):
    """Collect what a reader sees: text, and titles, placeholders and labels."""

    SKIP = {"script", "style"}
    ATTRS = {"title", "placeholder", "aria-label", "alt"}

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self._skip += 1
        for name, value in attrs:
            if value and (
                name in self.ATTRS
                or (
                    name == "value"
                    and tag == "input"
                    and dict(attrs).get("type") == "submit"
                )
            ):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


# English words that must not be left on a Dutch or French page (words the
# languages share — club, score, live, match … — are not listed).
ENGLISH = set(
    """
    the and your you not yet with for by after round rounds standings draw draws
    player players team teams game games deal deals trump knock knocks revoke bye
    byes won lost sheet sheets save print confirm confirmed entered director
    results result log find name seat seats side rank back close publish published
    history download search scorer swap tiebreak page printed signature total
    points table tables place phase
    """.split()
)
# French has these words too.
FRENCH_TOO = set("points table tables place phase total page".split())


def english_words(text: str, lang: str) -> set[str]:
    text = re.sub(r"\S+://\S+", " ", text)  # addresses (QR targets) are not words
    text = re.sub(r"\w+_\w+", " ", text)  # nor codes such as games_won
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    allowed = FRENCH_TOO if lang == "fr" else set()
    return (words & ENGLISH) - allowed


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages)


# ---------------------------------------------- Dutch screens, no English left


def test_a_flemish_director_runs_the_round_in_dutch(director_client, flemish_event):
    director_client.cookies["django_language"] = "nl"
    rnd = flemish_event
    pages = {
        "round": director_client.get(
            reverse("director:round", args=["kampioenschap", rnd.number])
        ),
        "desk": director_client.get(reverse("scoring:round", args=[rnd.pk])),
        "tournament": director_client.get(
            reverse("director:tournament", args=["kampioenschap"])
        ),
    }
    table = rnd.tables.get(number=2)
    sheet_url = reverse("scoring:sheet", args=[table.pk])
    pages["sheet"] = director_client.get(sheet_url)
    game = table.games.get(number=1)
    mistake = director_client.post(
        reverse("scoring:deal_save", args=[table.pk]),
        {
            "game": game.pk,
            "declarer": "0",
            "version": "0",
            "trump": "h",
            "points_a": "61",
        },
    )
    assert mistake.status_code in (200, 422)
    assert "tussen 0 en 60" in mistake.text
    pages["sheet with a mistake"] = mistake
    for name, response in pages.items():
        assert response.status_code in (200, 422), name
        text = visible_text(response.text)
        assert not english_words(text, "nl"), (
            f"{name}: {english_words(text, 'nl')}\n{text}"
        )
    assert "Tafel" in visible_text(pages["round"].text)
    assert "Schrijver" in visible_text(pages["round"].text)


def test_the_public_pages_of_a_dutch_tournament_are_dutch(client, flemish_event):
    slug = "kampioenschap"
    urls = [
        reverse("public:tournament", args=[slug]),
        reverse("public:draw", args=[slug, 1]),
        reverse("public:draw_by_name", args=[slug, 1]),
        reverse("live:standings", args=[slug]),
        reverse("live:results", args=[slug, 1]),
        reverse("live:projector", args=[slug]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        text = visible_text(response.text)
        assert not english_words(text, "nl"), (
            f"{url}: {english_words(text, 'nl')}\n{text}"
        )
    assert "Rangschikking" in visible_text(client.get(urls[3]).text)


def test_a_french_player_follows_the_live_standings_in_french(client, flemish_event):
    client.cookies["django_language"] = "fr"
    slug = "kampioenschap"
    entry = flemish_event.seats.order_by("table__number", "position").first().entry_id
    urls = [
        reverse("live:standings", args=[slug]),
        reverse("live:standings", args=[slug]) + "?kind=clubs",
        reverse("live:results", args=[slug, 1]),
        reverse("live:entrant", args=[slug, entry]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Language"] == "fr"
        text = visible_text(response.text)
        assert not english_words(text, "fr"), (
            f"{url}: {english_words(text, 'fr')}\n{text}"
        )


def test_the_printed_sheets_of_a_dutch_tournament_are_dutch(
    director_client, flemish_event
):
    slug = "kampioenschap"
    documents = {
        "sheets": reverse("pdf:sheets", args=[slug, 1]),
        "draw": reverse("pdf:draw", args=[slug, 1]),
        "standings": reverse("pdf:round_standings", args=[slug, 1]),
        "results": reverse("pdf:results", args=[slug, 1]),
    }
    texts = {}
    for name, url in documents.items():
        response = director_client.get(url)
        assert response.status_code == 200, name
        assert response["Content-Language"] == "nl"
        texts[name] = text = pdf_text(b"".join(response.streaming_content))
        assert not english_words(text, "nl"), (
            f"{name}: {english_words(text, 'nl')}\n{text}"
        )
        assert "oktober" in text
    assert "Tafel" in texts["sheets"] and "Handtekening" in texts["sheets"]
    assert "Rangschikking" in texts["standings"]


def test_the_printed_standings_follow_the_readers_choice(client, flemish_event):
    client.cookies["django_language"] = "fr"
    response = client.get(reverse("pdf:round_standings", args=["kampioenschap", 1]))
    text = pdf_text(b"".join(response.streaming_content))
    assert "Classement" in text and "octobre" in text


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_date_field_keeps_its_iso_value_in_every_language(
    director_client, flemish_event, lang
):
    """A browser's date input shows nothing for "04-10-2026": it needs ISO."""
    director_client.cookies["django_language"] = lang
    url = reverse("director:tournament_edit", args=["kampioenschap"])
    response = director_client.get(url)
    assert 'type="date"' in response.text
    assert 'value="2026-10-04"' in response.text


def test_print_round_speaks_to_the_director_in_the_tournaments_language(
    flemish_event, tmp_path
):
    import io

    from django.core.management import CommandError, call_command

    out = io.StringIO()
    path = tmp_path / "loting.pdf"
    call_command(
        "print_round",
        "kampioenschap",
        "1",
        "--what",
        "draw",
        "--out",
        str(path),
        stdout=out,
    )
    assert "geschreven" in out.getvalue()
    with pytest.raises(CommandError, match="heeft geen ronde 9"):
        call_command("print_round", "kampioenschap", "9", "--out", str(path))


# ------------------------------------------------------------------ in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_french_player_on_a_phone_switches_and_follows_live_results_in_french(
    live_server, browser, flemish_event, confirm_table
):
    """The Dutch tournament's page opens in Dutch; after FR, every page and every
    live update is French, with no English word."""
    base = live_server.url
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = phone.new_page()
    page.goto(f"{base}/t/kampioenschap/")
    assert page.locator("html").get_attribute("lang") == "nl"
    assert "4 oktober 2026" in page.inner_text("main")
    page.click(".lang-switch a[lang=fr]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "4 octobre 2026" in page.inner_text("main")
    page.goto(f"{base}/t/kampioenschap/results/1/")
    assert page.locator("html").get_attribute("lang") == "fr"
    table = flemish_event.tables.get(number=2)
    confirm_table(table, [(101, 12), (101, 20), (70, 101)])
    # Table 2's 101–12 arrives by itself (the page polls every 2.5 s).
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('#live-region td'))"
        ".some(td => td.innerText.trim() === '12')",
        timeout=15000,
    )
    text = page.inner_text("body")
    page.screenshot(path="/tmp/i18n-phone-results-fr.png", full_page=True)
    phone.close()
    assert not english_words(text, "fr"), english_words(text, "fr")
    assert "Manille" in text


# The import page lists the accepted column names in all three languages on purpose;
# the settings explain the tiebreak codes typed in a field (games_won, points, …).
CRAWL_ALLOWED = {"/import/": {"team", "name"}, "/edit/": {"points"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_a_director_reaches_has_no_english_word(
    director_client, flemish_event, lang
):
    """Follow every link from the director's and the public tournament pages."""
    director_client.cookies["django_language"] = lang
    todo = [
        reverse("director:home"),
        reverse("director:tournament", args=["kampioenschap"]),
        reverse("public:tournament", args=["kampioenschap"]),
    ]
    seen, problems = set(), []
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        response = director_client.get(url)
        if response.status_code != 200 or "html" not in response["Content-Type"]:
            continue
        html = response.content.decode()
        allowed = next((w for k, w in CRAWL_ALLOWED.items() if k in url), set())
        if left := english_words(visible_text(html), lang) - allowed:
            problems.append(f"{url}: {sorted(left)}")
        for href in re.findall(r'href="(/[^"#]*)"', html):
            href = href.replace("&amp;", "&")
            skip = ("/static/", "/admin/", "/print/", "/accounts/", "/jsi18n/")
            # The switcher's links leave the language under test: not followed.
            if not href.startswith(skip) and not re.search(r"_export|\blang=", href):
                todo.append(href)
    assert len(seen) > 20
    assert not problems, "\n".join(problems)
