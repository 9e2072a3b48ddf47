"""A link to a route that is always mounted is reversed, never guessed.

Issue 22 §7: the ``NoReverseMatch`` guards with hard-coded fallback addresses are
gone, so a renamed or unmounted route is a loud error in the tests instead of a
printed QR code or a page link pointing at an address nobody serves.
"""

import pytest
from django.urls import NoReverseMatch

from printing.qr import sheet_entry_url, table_enter_url, table_page_url
from series.tables import _player_url_pattern

# This module is the URLconf of the tests below: nothing is mounted.
urlpatterns: list = []

BASE = "http://hall.example/"


@pytest.fixture
def nothing_mounted(settings):
    settings.ROOT_URLCONF = __name__


def test_the_printed_addresses_follow_the_routes():
    assert sheet_entry_url(table_id=7, base_url=BASE) == (
        "http://hall.example/director/sheets/table/7/"
    )
    assert (
        table_page_url(code="AB12", base_url=BASE) == "http://hall.example/table/AB12/"
    )
    assert table_enter_url(base_url=BASE) == "http://hall.example/table/"
    assert _player_url_pattern() == "/players/{}/"


@pytest.mark.parametrize(
    "link",
    [
        lambda: sheet_entry_url(table_id=7, base_url=BASE),
        lambda: table_page_url(code="AB12", base_url=BASE),
        lambda: table_enter_url(base_url=BASE),
        _player_url_pattern,
    ],
    ids=["sheet", "table-page", "table-enter", "player"],
)
def test_an_unmounted_route_is_an_error_not_a_made_up_address(nothing_mounted, link):
    with pytest.raises(NoReverseMatch):
        link()
