"""A series speaks its language until the reader chooses one, as a tournament does."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.series.builders import build_series

pytestmark = pytest.mark.django_db


@pytest.fixture
def flemish():
    return build_series(
        players=12, events=2, per_event=8, clubs=2, seed=5, slug="zomer", language="nl"
    )


def test_the_standings_page_is_in_the_series_language_for_a_new_reader(client, flemish):
    response = client.get(reverse("series:standings", args=[flemish.slug]))
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "nl"


def test_a_reader_who_chose_french_reads_french(client, flemish):
    response = client.get(reverse("series:standings", args=[flemish.slug]) + "?lang=fr")
    assert response.headers["Content-Language"] == "fr"
    again = client.get(reverse("series:standings", args=[flemish.slug]))
    assert again.headers["Content-Language"] == "fr"  # remembered in the cookie


def test_the_printed_standings_follow_the_series_language(client, flemish):
    response = client.get(reverse("pdf:series_standings", args=[flemish.slug]))
    assert response.status_code == 200
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(response.getvalue())).pages
    )
    english = client.get(
        reverse("pdf:series_standings", args=[flemish.slug]) + "?lang=en"
    )
    text_en = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(english.getvalue())).pages
    )
    assert text != text_en  # the same standings, in two languages
    assert "Series standings" in text_en and "Series standings" not in text
