"""The paper score sheet asks for the fields in the screen's order (issue 13, 16)."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printing.sheet_grid import sheet_columns
from printing.sheets import score_sheets_pdf
from tests import factories
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# The screen's column headers (templates/scoring/_sheet.html) and the paper's keys.
SCREEN_TO_PAPER = {
    "#": "deal",
    "Dealer": "dealer",
    "Trump": "trump",
    "Passed": "passed",
    "Blind": "blind",
    "Knocks": "knocks",
    "Points A": "points_a",
    "Points B": "points_b",
    "Revoke": "revoke",
    "Score A": "score_a",
    "Score B": "score_b",
    "Total A": "total_a",
    "Total B": "total_b",
}
# The paper's single labels as printed (the pairs print "A B" under a group label).
PAPER_LABELS = ["deal", "dealer", "trump", "passed", "blind", "knocks", "revoke"]


@pytest.fixture
def every_column(sheet_table):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        blind_doubles=True, max_knocks=None
    )
    return sheet_table


def _screen_order(client, table) -> list[str]:
    page = client.get(reverse("scoring:sheet", kwargs={"table_id": table.pk})).text
    head = page.split('<table class="deals">', 1)[1].split("</thead>", 1)[0]
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in head.split("<th")[1:]]
    cells = [c.split(">", 1)[-1].strip() for c in cells]
    return [SCREEN_TO_PAPER[c] for c in cells if c in SCREEN_TO_PAPER]


def _printed_labels(data: bytes) -> list[str]:
    """Read the first grid's header labels back from the PDF, left to right."""
    found = []

    def visit(text, cm, tm, font, size):
        word = text.strip()
        if word in PAPER_LABELS:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((round(y), x, word))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    seen, labels = set(), []
    for _y, _x, word in sorted(found, key=lambda f: (-f[0], f[1])):
        if word not in seen:  # the first (top-left) game's grid
            seen.add(word)
            labels.append(word)
    return labels


def test_the_paper_columns_follow_the_screens_order(director_client, every_column):
    screen = _screen_order(director_client, every_column)
    paper = [c.key for c in sheet_columns(every_column.round.tournament)]
    assert [k for k in screen if k in paper] == paper
    assert screen == [k for k in paper if k in screen]


def test_the_printed_pdf_header_reads_in_the_screens_order(every_column):
    factories.individual_table(round=every_column.round, number=2)
    data = score_sheets_pdf(round=every_column.round, base_url="http://x", lang="en")
    assert _printed_labels(data) == PAPER_LABELS
