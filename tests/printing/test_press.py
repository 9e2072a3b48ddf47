"""The results for the press: the top N as text, an A4 page and a phone's image."""

import io
import os

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from PIL import Image

from printing import press
from prizes.models import Prize
from prizes.services import (
    PrizeRow,
    prize_settings_save,
    prize_table_save,
    prizes_award,
)
from standings.selectors import standings_for
from tests.builders import build_event
from tests.printing.pdf_helpers import pages_text


@pytest.fixture
def played(db, director):
    """A played kaarting of 16 players over two rounds; the winner has accents."""
    tournament = build_event(players=16, rounds=2, final=0, clubs=4, slug="kaarting")
    tournament.directors.add(director)
    winner = standings_for(tournament=tournament)[0]
    player = tournament.entries.get(pk=winner.entry_id).player
    player.first_name, player.last_name = "Élise", "Lefèvre-Noë"
    player.save()
    return tournament


def test_the_results_are_the_final_top_n_in_order(played):
    rows = standings_for(tournament=played)
    results = press.press_results(tournament=played, top=5)
    assert results.title == "Final standings"
    assert [line.name for line in results.lines] == [
        r.name for r in rows if r.rank <= 5
    ]
    assert results.lines[0].name == "Élise Lefèvre-Noë"
    assert all(line.rank <= 5 for line in results.lines)
    assert len(results.lines) >= 5


def test_the_text_has_one_line_a_place_and_the_address(played):
    rows = standings_for(tournament=played)
    text = press.press_text_for(
        tournament=played, top=3, lang=None, url="https://hall.example/t/kaarting/"
    )
    lines = text.splitlines()
    assert lines[0] == played.name
    assert lines[1] == "Oct. 4, 2026 · Harelbeke"
    assert "Final standings (top 3)" in lines
    first = rows[0]
    assert (
        f"1. Élise Lefèvre-Noë ({first.club}) — {first.games_won} won, "
        f"{first.points} points"
    ) in lines
    placed = [line for line in lines if line[:1].isdigit()]
    assert len(placed) == len([r for r in rows if r.rank <= 3])
    assert lines[-1] == "All results: https://hall.example/t/kaarting/"


def test_the_text_follows_the_events_language(played):
    played.language = "fr"
    played.save(update_fields=["language"])
    text = press.press_text_for(tournament=played, top=3, lang=None)
    assert "4 octobre 2026" in text


def test_the_pdf_prints_the_top_n_only(played):
    rows = standings_for(tournament=played)
    text = "\n".join(pages_text(press.press_pdf(tournament=played, top=3)))
    assert "Final standings" in text
    assert "Élise Lefèvre-Noë" in text
    shown = [r for r in rows if r.rank <= 3]
    left_out = [r for r in rows if r.rank > 3]
    for row in shown:
        assert row.name in text
    assert not any(row.name in text for row in left_out)


@pytest.mark.parametrize("top", [1, 10, 30])
def test_the_png_is_1080_pixels_wide_and_grows_with_the_list(played, top):
    data = press.press_png(tournament=played, top=top)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.width == press.PNG_WIDTH == 1080
    shown = len(press.press_results(tournament=played, top=top).lines)
    assert image.height >= 300 + shown * 112
    # Drawn: the header band is dark, the page below it white.
    assert image.getpixel((5, 5)) == (29, 35, 42)
    assert image.getpixel((5, image.height - 5)) == (255, 255, 255)


def test_a_tournament_without_results_prints_so(db, tournament):
    text = press.press_text_for(tournament=tournament, lang=None)
    assert "No confirmed results yet." in text
    assert "No confirmed results yet." in "\n".join(
        pages_text(press.press_pdf(tournament=tournament))
    )
    assert Image.open(io.BytesIO(press.press_png(tournament=tournament))).width == 1080


# ------------------------------------------------------------------ the prizes


@pytest.fixture
def awarded(played, director):
    """The kaarting's prizes awarded: €30 split 50 30 20, a ham, wine, a booby."""
    prize_settings_save(
        tournament=played, by=director, cash_fixed_cents=3000, percentages="50 30 20"
    )
    prize_table_save(
        tournament=played,
        by=director,
        prizes=[
            PrizeRow("Ham", rule=Prize.Rule.PLACE, place_from=1),
            PrizeRow("Bottle of wine", rule=Prize.Rule.RANGE, place_from=2, place_to=4),
            PrizeRow("Wooden spoon", rule=Prize.Rule.BOOBY),
            PrizeRow("Chocolate", rule=Prize.Rule.HIGH_GAME),
        ],
    )
    prizes_award(tournament=played, by=director)
    return played


def test_the_winners_prizes_are_beside_their_names(awarded):
    results = press.press_results(tournament=awarded, top=5)
    first = results.lines[0]
    assert first.name == "Élise Lefèvre-Noë"
    assert first.prize == "Ham + €15.00"
    assert results.lines[1].prize.startswith("Bottle of wine + €")
    assert [line.prize for line in results.lines if line.rank == 5] == [""]
    [(special, _winner), booby] = results.specials
    assert special.startswith("Chocolate (a game of ")
    last = standings_for(tournament=awarded)[-1]
    assert booby == ("Wooden spoon", last.name)  # the last, below the top 5
    text = press.press_text_for(tournament=awarded, top=5, lang=None)
    assert "1. Élise Lefèvre-Noë (" in text and " — Ham + €15.00\n" in text
    assert "Special prizes\nChocolate (a game of " in text
    pdf = "\n".join(pages_text(press.press_pdf(tournament=awarded, top=5)))
    assert "Ham + €15.00" in pdf and "Special prizes" in pdf and "Chocolate" in pdf


def test_the_booby_prize_is_not_told_twice_when_the_last_is_in_the_top(awarded):
    results = press.press_results(tournament=awarded, top=16)
    assert results.lines[-1].prize == "Wooden spoon"
    assert [p for p, _name in results.specials if p == "Wooden spoon"] == []


def test_the_image_makes_room_for_the_prizes(played, director):
    plain = Image.open(io.BytesIO(press.press_png(tournament=played, top=5)))
    prize_table_save(
        tournament=played,
        by=director,
        prizes=[PrizeRow("Ham", rule=Prize.Rule.RANGE, place_from=1, place_to=5)],
    )
    prizes_award(tournament=played, by=director)
    prized = Image.open(io.BytesIO(press.press_png(tournament=played, top=5)))
    assert prized.width == plain.width == 1080
    shown = len(press.press_results(tournament=played, top=5).lines)
    assert prized.height - plain.height == shown * (press._ROW_PRIZE - press._ROW)


# ------------------------------------------------------------------- the pages


def test_the_director_gets_the_text_page_with_a_copy_button(played, director_client):
    played.is_public = True
    played.save(update_fields=["is_public"])
    page = director_client.get(reverse("pdf:press_text", args=[played.slug]) + "?top=3")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="press-copy"' in html and 'data-copy="press-text"' in html
    assert "js/copy_text.js" in html
    text = page.context["text"]
    assert "Final standings (top 3)" in text
    assert f"/t/{played.slug}/" in text  # a listed event: its address
    assert f">{text}</textarea>" in html.replace("&quot;", '"').replace("&#x27;", "'")
    assert reverse("pdf:press_png", args=[played.slug]) + "?top=3" in html


def test_an_unlisted_events_text_gives_no_address(played, director_client):
    played.is_public = False
    played.save(update_fields=["is_public"])
    page = director_client.get(reverse("pdf:press_text", args=[played.slug]))
    assert "All results" not in page.context["text"]


def test_the_director_home_links_the_press_page(played, director_client):
    page = director_client.get(reverse("tournaments:tournament", args=[played.slug]))
    assert reverse("pdf:press_text", args=[played.slug]) in page.content.decode()


@pytest.mark.parametrize(
    ("name", "kind"),
    [("pdf:press", "application/pdf"), ("pdf:press_png", "image/png")],
)
def test_the_documents_are_served_to_the_director(played, director_client, name, kind):
    response = director_client.get(reverse(name, args=[played.slug]) + "?top=5")
    assert response.status_code == 200
    assert response["Content-Type"] == kind
    body = b"".join(response.streaming_content)
    if kind == "image/png":
        assert Image.open(io.BytesIO(body)).width == 1080
    else:
        assert "Élise Lefèvre-Noë" in "\n".join(pages_text(body))


@pytest.mark.parametrize("top", ["0", "51", "ten", "9" * 40])
def test_a_bad_top_is_refused_not_a_crash(played, director_client, top):
    for name in ("pdf:press_text", "pdf:press", "pdf:press_png"):
        url = reverse(name, args=[played.slug])
        assert director_client.get(url, {"top": top}).status_code == 400


@pytest.mark.parametrize("name", ["pdf:press_text", "pdf:press", "pdf:press_png"])
def test_strangers_are_refused(played, client, name):
    played.is_public = True
    played.save(update_fields=["is_public"])
    url = reverse(name, args=[played.slug])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(get_user_model().objects.create_user("other", password="x"))
    assert client.get(url).status_code == 403


# ------------------------------------------------------------- in a real browser

SHOTS = os.environ.get("BROWSER_SHOTS")  # a folder to keep screenshots in, if set


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_the_press_page_copies_the_text_and_fits_the_screen(
    live_server, browser, played, width, height
):
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": width, "height": height},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "secret-td-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(f"{live_server.url}/director/t/{played.slug}/")
    page.click("text=Results for the press")
    page.wait_for_url(f"**/print/{played.slug}/press/")
    text = page.input_value("#press-text")
    assert "1. Élise Lefèvre-Noë" in text
    page.select_option("#id_top", "3")
    with page.expect_navigation():
        page.click("#press-top button")
    text = page.input_value("#press-text")
    assert "(top 3)" in text
    page.click("#press-copy")
    expect(page.locator("#press-copy")).to_have_text("Copied")  # once copied
    assert page.evaluate("navigator.clipboard.readText()") == text
    image = "document.querySelector('.press-image')"
    assert page.evaluate(f"{image}.decode().then(() => {image}.naturalWidth)") == 1080
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/press-{width}.png", full_page=True)
        page.goto(f"{live_server.url}/director/t/{played.slug}/payments/")
        page.screenshot(path=f"{SHOTS}/payments-{width}.png", full_page=True)
