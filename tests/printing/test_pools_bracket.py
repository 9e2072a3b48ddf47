"""Print the pools and the bracket of a pools-then-knockout event, read back."""

import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from draws.selectors import advance_preview
from draws.simulation import tournament_simulate
from manille.knockout import knockout_build, knockout_record
from manille.knockout.bracket import MAIN
from printing.bracket import MAX_LINES, bracket_pdf_from, parts_for
from printing.registry import round_buttons
from standings.brackets import PhaseKnockout, tournament_knockouts, tournament_pools
from tournaments.models import Phase, Round


@pytest.fixture(scope="module")
def event(django_db_setup, django_db_blocker):
    """The issue's event, built once: 60 pairs in pools of four, a knockout of 16.

    Built inside a transaction rolled back after the module, in Dutch (the
    simulation's language), so the documents must come out in Dutch.
    """
    from django.db import transaction

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield tournament_simulate(
                format="pairs", teams=60, draw="pools", pool_size=4, knockout=16, seed=1
            ).tournament
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _get_pdf(client, name: str, slug: str) -> bytes:
    response = client.get(reverse(f"pdf:{name}", args=[slug]))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    assert data.startswith(b"%PDF")
    return data


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _flat(text: str) -> str:
    """The text with every run of spaces and line ends as one space."""
    return re.sub(r"\s+", " ", text)


def _name_sizes(data: bytes, names) -> list[float]:
    """Return the font size of every piece of text that is one of ``names``."""
    sizes: list[float] = []
    wanted = set(names)

    def visit(text, cm, tm, font, size):
        if text.strip() in wanted:
            sizes.append(size * tm[0] * cm[0] if tm[0] and cm[0] else size)

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return sizes


# ------------------------------------------------------------------------ pools


def test_the_pools_print_every_pool_and_mark_who_goes_through_with_the_reason(
    client, event, db
):
    data = _get_pdf(client, "pools", event.slug)
    pages = _pages(data)
    text = _flat(" ".join(pages))
    assert 2 <= len(pages) <= 6, len(pages)
    (phase,) = tournament_pools(tournament=event)
    assert len(phase.standings) == 15
    with translation.override("nl"):
        for standing in phase.standings:
            assert phase.name(standing) in text  # "Poule A"…
            for row in standing.rows:
                assert row.name in text
        preview = advance_preview(phase=phase.phase)
    assert len(preview.qualifiers) == 16
    for q in preview.qualifiers:
        assert _flat(preview.reasons[q.entry_id]) in text, q
    # The best runner-up says why, with its figures.
    runner_up = preview.qualifiers[-1]
    assert runner_up.place == 2
    assert f"+{runner_up.values[-1][1]}" in text
    assert "blad 1 van" in text  # the event's language: Dutch


def test_the_pools_are_provisional_and_mark_nobody_before_their_last_round(client, db):
    """12 pairs in pools of four, the pools' last round still open: the list
    says how far it is and names nobody as going through."""
    built = tournament_simulate(
        format="pairs",
        teams=12,
        draw="pools",
        pool_size=4,
        seed=5,
        leave_open=True,
        language="en",
    )
    data = _get_pdf(client, "pools", built.tournament.slug)
    text = _flat(" ".join(_pages(data)))
    assert "provisional: 2 of 3 rounds closed" in text
    assert "Goes through" not in text and "winner of pool" not in text
    (phase,) = tournament_pools(tournament=built.tournament)
    for standing in phase.standings:
        for row in standing.rows:
            assert row.name in text


def test_no_pools_and_no_knockout_are_refused_with_the_reason(client, tournament):
    for name, reason in (("pools", "no pools yet"), ("bracket", "no knockout yet")):
        response = client.get(reverse(f"pdf:{name}", args=[tournament.slug]))
        assert response.status_code == 400
        assert reason in response.content.decode()


# ---------------------------------------------------------------------- bracket


def test_the_bracket_prints_on_one_landscape_page_with_the_champion(client, event, db):
    data = _get_pdf(client, "bracket", event.slug)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape
    text = _flat(reader.pages[0].extract_text())
    (ko,) = tournament_knockouts(tournament=event)
    entrants = {
        e
        for m in ko.knockout.bracket(MAIN).rounds[0].matches
        for e in (m.a, m.b)
        if e is not None
    }
    assert len(entrants) == 16
    for entry in entrants:
        assert ko.names[entry] in text
    champion = ko.names[ko.knockout.champion]
    assert "Hoofdtabel" in text and "FINALE" in text  # Dutch, round names in capitals
    # The champion's name stands twice: the final's winner and the champion's box.
    assert text.count(champion) >= 2
    # Drawn with lines: the page holds vector paths, not a table of text only.
    content = reader.pages[0].get_contents().get_data()
    assert content.count(b" l\n") + content.count(b" l ") > 30


def test_a_64_bracket_splits_into_halves_and_a_page_of_the_last_rounds(db, event):
    """64 names at one size on two halves, the semi-finals and final after, and
    the consolation of the first round's losers on its own page."""
    assert parts_for(64) == 2 and parts_for(MAX_LINES) == 1 and parts_for(128) == 4
    phase = Phase.objects.get(tournament=event, draw_method="knockout")
    ko = knockout_build(list(range(1, 65)), consolation=True)
    ko = knockout_record(ko, round=0, match=0, winner="a")
    names = {i: f"Vandenbroucke – Ghesquière {i}" for i in range(1, 65)}
    data = bracket_pdf_from(
        tournament=event,
        phases=[PhaseKnockout(phase=phase, knockout=ko, names=names)],
        lang="en",
    )
    pages = [_flat(t) for t in _pages(data)]
    assert len(pages) == 4
    assert "Main bracket · top half" in pages[0]
    assert "Main bracket · bottom half" in pages[1]
    assert "the last rounds" in pages[2] and "FINAL" in pages[2]
    assert "Consolation bracket" in pages[3]
    halves = pages[0] + " " + pages[1]
    for number, name in names.items():
        assert re.search(rf"{re.escape(name)}(?!\d)", halves), number
    # Seed 1 heads the top half, seed 2 the bottom one.
    assert re.search(r"Ghesquière 1(?!\d)", pages[0])
    assert re.search(r"Ghesquière 2(?!\d)", pages[1])
    assert not re.search(r"Ghesquière 2(?!\d)", pages[0])
    # Legible: every name at one size, 6.5 pt or more.
    sizes = _name_sizes(data, names.values())
    assert len(sizes) >= 64
    assert min(sizes) >= 6.5, min(sizes)


# ------------------------------------------------------------ the print buttons


def test_the_directors_round_pages_link_the_pools_and_the_bracket(client, event, db):
    pools_round = Round.objects.filter(
        tournament=event, phase__draw_method="pools"
    ).first()
    knockout_round = Round.objects.filter(
        tournament=event, phase__draw_method="knockout"
    ).first()
    pools_url = reverse("pdf:pools", args=[event.slug])
    bracket_url = reverse("pdf:bracket", args=[event.slug])
    urls = [b.url for b in round_buttons(tournament=event, round=pools_round)]
    assert pools_url in urls and bracket_url not in urls
    urls = [b.url for b in round_buttons(tournament=event, round=knockout_round)]
    assert bracket_url in urls and pools_url not in urls
    director = event.directors.first()
    client.force_login(director)
    for rnd, url in ((pools_round, pools_url), (knockout_round, bracket_url)):
        page = client.get(reverse("draws:round", args=[event.slug, rnd.number]))
        assert page.status_code == 200
        assert f'href="{url}"' in page.content.decode()
